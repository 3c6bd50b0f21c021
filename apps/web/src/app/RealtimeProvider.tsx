import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { applyBadgesUpdate } from '../state/queries/badges.ts';
import { invalidateOwnProfile } from '../state/queries/profile-keys.ts';
import { forgetSession, sessionKeys, useMe } from '../state/queries/session.ts';
import { applyNetworkEvent } from '../state/realtime/network-events.ts';
import { realtimeClient } from '../state/realtime/socket-client.ts';
import { useToast } from './ToastProvider.tsx';

/**
 * Connects the realtime client while someone is signed in and routes its events into the
 * query cache. Also drops the previous user's cached data when the signed-in user changes.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const me = useMe();
  const userId = me?.id ?? null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const previousUser = useRef<string | null>(null);

  useEffect(() => {
    if (previousUser.current && userId && previousUser.current !== userId) {
      queryClient.removeQueries({
        predicate: (q) =>
          q.queryKey[0] !== sessionKeys.session[0] && q.queryKey[0] !== sessionKeys.config[0],
      });
    }
    if (userId) previousUser.current = userId;
  }, [userId, queryClient]);

  useEffect(() => {
    if (!userId) return;
    realtimeClient.start();
    const off = realtimeClient.onEvent((event) => {
      const notice = applyNetworkEvent(queryClient, event);
      if (notice) toast.show(notice.type, notice.message);
      switch (event.name) {
        case 'session.revoked':
          forgetSession(queryClient);
          if (event.payload.reason === 'expired')
            toast.info('Your session has ended. Please sign in again.');
          void navigate('/auth', { replace: true });
          break;
        case 'badges.updated':
          applyBadgesUpdate(queryClient, event.payload);
          break;
        case 'profile.updated':
          if (event.payload.userId === userId) void invalidateOwnProfile(queryClient);
          break;
        // The profile's trust score and stat tiles follow the network.
        case 'trust.updated':
        case 'friendship.created':
        case 'friendship.removed':
          void invalidateOwnProfile(queryClient);
          break;
        case 'system.notice':
          toast.info(event.payload.text);
          break;
      }
    });
    return () => {
      off();
      realtimeClient.stop();
    };
  }, [userId, queryClient, navigate, toast]);

  return children;
}
