import { lazy, Suspense } from 'react';
import { Redirect } from '../../app/navigation.tsx';
import { WarningIcon } from '../../components/Icons.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { RetryButton } from '../../components/RetryButton.tsx';
import { useMe } from '../../state/queries/session.ts';
import { useStaffStatusQuery } from '../../state/queries/staff-status.ts';

// The console's code comes only once the server has said this person is staff.
const StaffConsole = lazy(() =>
  import('./StaffConsole.tsx').then((m) => ({ default: m.StaffConsole })),
);

const loading = <PageLoading label="Loading the staff console..." />;

/**
 * `/staff` and `/staff/:section` (DESIGN.md §6). To a member the server answers 404, and the
 * path goes to `/` like any unknown one: a member cannot tell it from a path that does not
 * exist, and never downloads the console.
 */
export function StaffScreen() {
  const status = useStaffStatusQuery();
  const me = useMe();
  if (status.data === null) return <Redirect to="/" replace />;
  if (status.data) {
    return (
      <Suspense fallback={loading}>
        <StaffConsole status={status.data} name={me?.name ?? null} />
      </Suspense>
    );
  }
  if (status.isError) {
    return (
      <div className="error-screen" role="alert">
        <span className="error-screen__icon" aria-hidden="true">
          <WarningIcon size={32} />
        </span>
        <h1 className="error-screen__title">The staff console could not load</h1>
        <p className="muted">Check your connection and try again.</p>
        <RetryButton onRetry={() => status.refetch()} busy={status.isFetching} primary />
      </div>
    );
  }
  return loading;
}
