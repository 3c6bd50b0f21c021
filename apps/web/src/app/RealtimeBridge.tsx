import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from './navigation.tsx';
import type { SessionResponse } from '@heartline/domain';
import { deleteDatabase, storageKeys } from '../lib/storage-keys.ts';
import { chatRuntime } from '../state/chat/chat-runtime.ts';
import { fetchSession, forgetSession, sessionKeys } from '../state/queries/session.ts';
import { useChatUnreadCount } from '../state/chat/use-unread-badge.ts';
import {
  NAVIGATE_MESSAGE,
  safeAppPath,
  setAppBadge,
} from '../state/notifications/browser-notifications.ts';
import { createNotificationCenter } from '../state/notifications/notification-center.ts';
import { ensurePushSubscription } from '../state/notifications/push-subscription.ts';
import { useBadgesQuery } from '../state/queries/badges.ts';
import { settingsQueryOptions } from '../state/queries/settings.ts';
import { refetchAfterGap, routeEvent } from '../state/realtime/event-router.ts';
import { realtimeClient } from '../state/realtime/socket-client.ts';
import { afterFirstScreen } from '../lib/first-screen.ts';
import { whenIdle } from '../lib/tasks.ts';
import { NotificationPrompt } from './NotificationPrompt.tsx';
import { useToast } from './ToastProvider.tsx';

const SESSION_ENDED_TEXT = 'Your session has ended. Please sign in again.';

/**
 * Connects the realtime client for the signed-in user and hands its events to the router.
 * Loaded only once someone is signed in, so the sign-in route does not carry it.
 */
export function RealtimeBridge({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();

  // The unread count on the app's icon (spec/3 §4), where the browser has a badge.
  const unread = useChatUnreadCount(useBadgesQuery().data?.unreadMessages);
  useEffect(() => setAppBadge(unread), [unread]);

  useEffect(() => {
    chatRuntime.start(userId, queryClient, (message) => toast.error(message));
    // Notifications while the app is not in front follow the person's settings: load them,
    // once the first screen is in (issue 17).
    const cancelSettings = afterFirstScreen(
      () => void queryClient.prefetchQuery(settingsQueryOptions),
    );
    // Web Push for when no tab is open (a new device, or a key the browser dropped). Once idle:
    // reading the permission blocks the main thread (~10 ms in Chromium) and nothing waits.
    const cancelPush = whenIdle(() => void ensurePushSubscription().catch(() => undefined));
    const notifications = createNotificationCenter(
      queryClient,
      userId,
      (url) => void navigate(url),
    );
    const offTyping = realtimeClient.onTyping((signal) => notifications.typing(signal));
    // A click on a notification (sw-notifications.js) opens its screen here.
    const onWorkerMessage = (message: MessageEvent) => {
      const data = message.data as { type?: unknown; url?: unknown } | null;
      const url = data?.type === NAVIGATE_MESSAGE ? safeAppPath(data.url) : null;
      if (url) void navigate(url);
    };
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    // What the session answers once the server ended this socket's: a moderator's decision on
    // the account (suspended or banned, issue 47) is shown by the gate where the person is, with
    // what this device held gone; any other end of the session is a sign-out.
    const sessionAnswered = (answer: SessionResponse) => {
      if (answer.user?.id === userId) return;
      // The decision already shows: a late answer to an earlier ask would put back what the
      // person has since done there (an appeal just sent); the screen keeps its own answer.
      if (
        answer.standing &&
        queryClient.getQueryData<SessionResponse>(sessionKeys.session)?.standing
      )
        return;
      forgetSession(queryClient);
      if (answer.standing) {
        queryClient.setQueryData(sessionKeys.session, answer);
        return;
      }
      toast.info(SESSION_ENDED_TEXT);
      void navigate('/auth', { replace: true });
    };
    realtimeClient.setHandlers({
      userId,
      event: (event) => {
        routeEvent(queryClient, event, {
          userId,
          notify: (type, message, duration) => toast.show(type, message, { duration }),
          chat: chatRuntime.routerHooks,
          sessionEnded: (reason) => {
            if (reason === 'restricted') {
              void fetchSession()
                .then(sessionAnswered)
                .catch(() => forgetSession(queryClient));
              return;
            }
            forgetSession(queryClient);
            // Signed out in another tab: unsent messages leave the device with the person.
            if (reason === 'signed_out') deleteDatabase(storageKeys.chatOutboxDb);
            if (reason === 'expired') toast.info(SESSION_ENDED_TEXT);
            void navigate('/auth', { replace: true });
          },
        });
        notifications.event(event);
      },
      gap: (quietSince) => refetchAfterGap(queryClient, quietSince),
      // Everything cached was the previous user's: start over, the session query first learns
      // who is signed in now and the provider restarts realtime for them.
      userChanged: () => void queryClient.resetQueries(),
      // A socket closed by the server outlived its session (idle or absolute expiry): ask.
      serverClosed: () => {
        // A sign-out already told us (session.revoked comes before the close).
        if (!queryClient.getQueryData<SessionResponse>(sessionKeys.session)?.user) return;
        void fetchSession()
          .then(sessionAnswered)
          .catch(() => undefined);
      },
    });
    realtimeClient.start();
    return () => {
      cancelSettings();
      cancelPush();
      offTyping();
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
      realtimeClient.setHandlers(null);
      realtimeClient.stop();
      chatRuntime.stop();
    };
  }, [userId, queryClient, navigate, toast]);

  return <NotificationPrompt />;
}
