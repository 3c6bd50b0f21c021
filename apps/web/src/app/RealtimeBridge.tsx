import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { applyBadgesUpdate } from '../state/queries/badges.ts';
import { invalidateOwnProfile } from '../state/queries/profile-keys.ts';
import { forgetSession } from '../state/queries/session.ts';
import { applyNetworkEvent } from '../state/realtime/network-events.ts';
import { realtimeClient } from '../state/realtime/socket-client.ts';
import { useToast } from './ToastProvider.tsx';

/**
 * Connects the realtime client for the signed-in user and routes its events into the query
 * cache. Loaded only once someone is signed in, so the sign-in route does not carry it.
 */
export function RealtimeBridge({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();

  useEffect(() => {
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

  return null;
}
