import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, type ReactNode } from 'react';
import { sessionKeys, useMe } from '../state/queries/session.ts';

const RealtimeBridge = lazy(() =>
  import('./RealtimeBridge.tsx').then((m) => ({ default: m.RealtimeBridge })),
);

/**
 * Runs the realtime connection while someone is signed in, and drops the previous user's
 * cached data when the signed-in user changes.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const me = useMe();
  const userId = me?.id ?? null;
  const queryClient = useQueryClient();
  const previousUser = useRef<string | null>(null);
  // The connection's bridge mounts in a background render after the screen's.
  const bridgeUser = useDeferredValue(userId, null);

  useEffect(() => {
    if (previousUser.current && userId && previousUser.current !== userId) {
      queryClient.removeQueries({
        predicate: (q) =>
          q.queryKey[0] !== sessionKeys.session[0] && q.queryKey[0] !== sessionKeys.config[0],
      });
    }
    if (userId) previousUser.current = userId;
  }, [userId, queryClient]);

  return (
    <>
      {children}
      {userId && bridgeUser === userId && (
        <Suspense fallback={null}>
          <RealtimeBridge key={userId} userId={userId} />
        </Suspense>
      )}
    </>
  );
}
