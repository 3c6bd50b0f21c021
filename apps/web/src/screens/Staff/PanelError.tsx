import { RetryButton } from '../../components/RetryButton.tsx';
import { ApiError } from '../../lib/api.ts';

/**
 * A console list that did not load: the server's text when it refused (an admin-only list, a
 * filter it does not take), else a network or server fault to retry. A passkey confirmation
 * that ran out never shows here: the console goes back to its gate.
 */
export function PanelError({
  error,
  onRetry,
  what,
}: {
  error: unknown;
  onRetry: () => unknown;
  what: string;
}) {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return (
    <div className="card staff-panel__error" role="alert">
      <p>
        {refused
          ? error.message
          : `The ${what} could not load. Check your connection and try again.`}
      </p>
      {!refused && <RetryButton onRetry={onRetry} />}
    </div>
  );
}
