import {
  chatSummarySchema,
  DEFAULT_SETTINGS,
  notificationFor,
  typingNotification,
  type ChatList,
  type ChatSummary,
  type NotificationContext,
  type NotificationSpec,
  type Settings,
  type StreamEvent,
  type TypingSignal,
} from '@heartline/domain';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { chatKeys } from '../queries/chat-keys.ts';
import { settingsKeys } from '../queries/settings.ts';
import { playTone, showNotification } from './browser-notifications.ts';

/** What the rules need, read from the cache: the settings and the chats as this person sees them. */
export function notificationContext(queryClient: QueryClient, userId: string): NotificationContext {
  const settings = queryClient.getQueryData<Settings>(settingsKeys.all) ?? DEFAULT_SETTINGS;
  return {
    userId,
    notifications: settings.notifications,
    chat: (chatId) => {
      const summary =
        queryClient.getQueryData<ChatSummary>(chatKeys.chat(userId, chatId)) ??
        queryClient
          .getQueryData<ChatList>(chatKeys.list(userId))
          ?.chats.find((chat) => chat.id === chatId);
      return summary && { name: summary.name, muted: summary.muted };
    },
  };
}

/** Shows what an event or a typing signal deserves while the app is not in front. */
export function createNotificationCenter(
  queryClient: QueryClient,
  userId: string,
  navigate: (url: string) => void,
) {
  /** With the tone unless it is turned off; never for typing (it repeats every few seconds). */
  const show = (spec: NotificationSpec | null, tone: boolean) => {
    if (!spec) return;
    void showNotification(spec, navigate)
      .then((shown) => {
        if (shown && tone && notificationContext(queryClient, userId).notifications.sound) {
          playTone();
        }
      })
      .catch(() => undefined);
  };
  const shown = (event: StreamEvent) =>
    show(notificationFor(event, notificationContext(queryClient, userId)), true);
  return {
    event: (event: StreamEvent) => {
      const message = event.type === 'message.created' ? event.payload.message : null;
      const chats = notificationContext(queryClient, userId).chat;
      if (!message || message.senderId === userId || chats(message.chatId) !== undefined) {
        shown(event);
        return;
      }
      // A chat this page does not know yet (a new friend's first message): its name and mute
      // are asked for first, so the notification names the sender (issue 45, spec/3 §4).
      void queryClient
        .fetchQuery({
          queryKey: chatKeys.chat(userId, message.chatId),
          queryFn: ({ signal }) =>
            apiRequest(`/api/chats/${message.chatId}`, chatSummarySchema, { signal }),
          staleTime: 30_000,
        })
        .catch(() => undefined)
        .then(() => shown(event));
    },
    typing: (signal: TypingSignal) =>
      show(typingNotification(signal, notificationContext(queryClient, userId)), false),
  };
}
