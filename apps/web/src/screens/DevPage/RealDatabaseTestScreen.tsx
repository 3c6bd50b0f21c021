import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Redirect } from '../../app/navigation.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { devKeys, useDevAccessQuery } from '../../state/queries/dev.ts';
import { useTrustVerificationQuery } from '../../state/queries/dev-verify.ts';
import { useConnectionsQuery, useNetworkSummaryQuery } from '../../state/queries/network.ts';
import { useOwnProfileQuery } from '../../state/queries/profile.ts';
import { trustKeys } from '../../state/queries/trust.ts';
import { DevErrorLine } from './DevErrorLine.tsx';
import { DevNetworkCard } from './DevNetworkCard.tsx';
import { DevProfileCard } from './DevProfileCard.tsx';
import { DevToolbar, VerifyPanel } from './DevToolbar.tsx';
import { devStatus, type DevTab } from './dev-view.ts';
import './dev-page.css';

/**
 * The developer page, /real-database-test (spec/3 §2, DESIGN.md §3.10): the signed-in user's
 * own data as the server holds it. Open in development or to staff accounts; to anyone else it
 * is an unknown path, which goes to / like every other.
 */
export function RealDatabaseTestScreen() {
  const access = useDevAccessQuery();
  if (access.data === true) return <DevPage />;
  if (access.data === false) return <Redirect to="/" replace />;
  if (access.isError) {
    return (
      <section className="screen dev-page" aria-labelledby="dev-title">
        <h1 id="dev-title" className="screen__title">
          Developer page
        </h1>
        <DevErrorLine error={access.error} onRetry={() => void access.refetch()} />
      </section>
    );
  }
  return <PageLoading label="Loading the developer page..." />;
}

function DevPage() {
  const queryClient = useQueryClient();
  const profile = useOwnProfileQuery();
  const summary = useNetworkSummaryQuery();
  const [tab, setTab] = useState<DevTab>('all');
  const tabLocked = tab === 'second' && summary.data?.unlockedTabs.secondDegree === false;
  const connections = useConnectionsQuery(tab, '', Boolean(summary.data) && !tabLocked);
  const verify = useTrustVerificationQuery();

  const calls = [profile, summary, connections, verify];
  const failed = calls.find((call) => call.isError);
  const fetching = calls.some((call) => call.isFetching);
  const loadMs = useLoadTime(fetching);
  const status = devStatus({
    failed: Boolean(failed),
    loading: fetching || profile.isPending || summary.isPending,
    loadMs,
  });

  const retry = () => {
    for (const call of calls) if (call.isError) void call.refetch();
  };
  const refresh = () => {
    void queryClient.resetQueries({ queryKey: devKeys.verify });
    void queryClient.invalidateQueries({ queryKey: trustKeys.all });
    void profile.refetch();
    void summary.refetch();
    if (summary.data && !tabLocked) void connections.refetch();
  };

  return (
    <section className="screen dev-page" aria-labelledby="dev-title">
      <header className="dev-page__header">
        <h1 id="dev-title" className="screen__title">
          Developer page
        </h1>
        <p className="muted">Your own data, read live from the database.</p>
      </header>

      <DevToolbar
        status={status}
        verifying={verify.isFetching}
        onVerify={() => void verify.refetch()}
        onRefresh={refresh}
      />
      {failed && <DevErrorLine error={failed.error} onRetry={retry} />}
      {verify.data && <VerifyPanel verification={verify.data} />}

      {profile.data ? (
        <DevProfileCard profile={profile.data} />
      ) : (
        profile.isPending && <div className="skeleton dev-page__skeleton" aria-hidden="true" />
      )}
      <DevNetworkCard
        tab={tab}
        onTab={setTab}
        summary={summary.data}
        connections={connections}
        locked={tabLocked}
        summaryFailed={summary.isError}
      />
    </section>
  );
}

/** How long the page's calls took, from the first one starting to the last one settling. */
function useLoadTime(fetching: boolean): number | null {
  const startedAt = useRef<number | null>(null);
  const [loadMs, setLoadMs] = useState<number | null>(null);
  useEffect(() => {
    if (fetching) {
      startedAt.current ??= performance.now();
      return;
    }
    const started = startedAt.current;
    if (started === null) return;
    startedAt.current = null;
    setLoadMs(performance.now() - started);
  }, [fetching]);
  return loadMs;
}
