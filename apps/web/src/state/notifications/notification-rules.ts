import {
  chatMessages,
  discoverMessages,
  inviteMessages,
  networkMessages,
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_MESSAGE_CLOSE_MS,
  NOTIFICATION_TYPING_CLOSE_MS,
  notificationMessages,
  type Settings,
  type StreamEvent,
  type TypingSignal,
} from '@heartline/domain';

/** What the browser shows for one event (spec/3 §4 notifications). */
export type NotificationSpec = {
  title: string;
  body: string;
  /** One notification per tag: a newer one of the same tag replaces it. */
  tag: string;
  /** Where a click takes the person. */
  url: string;
  icon?: string | undefined;
  /** Closed after this many ms; absent: it stays until acted on (connection requests). */
  closeAfterMs?: number;
};

/** What the rules need to know besides the event. */
export type NotificationContext = {
  userId: string;
  /** The person's notification settings (defaults until loaded). */
  notifications: Settings['notifications'];
  /** The chat as this person sees it: the other person's name, and whether it is muted. */
  chat: (chatId: string) => { name: string; muted: boolean } | undefined;
};

/** spec/3 §9: a message body is cut at 100 characters with an ellipsis. */
export function cutBody(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > NOTIFICATION_BODY_MAX ? `${flat.slice(0, NOTIFICATION_BODY_MAX)}…` : flat;
}

/**
 * The notification an event deserves, or null. Only what concerns the person and what their
 * settings allow: another person's message in a chat that is not muted, a request to them, an
 * approval of theirs, a new match.
 */
export function notificationFor(
  event: StreamEvent,
  ctx: NotificationContext,
): NotificationSpec | null {
  switch (event.type) {
    case 'message.created': {
      const { message } = event.payload;
      if (!ctx.notifications.messages || message.senderId === ctx.userId) return null;
      // The match greeting is the app's own text, not someone writing.
      if (message.senderId === null) return null;
      const chat = ctx.chat(message.chatId);
      if (chat?.muted) return null;
      return {
        title: chat?.name ?? notificationMessages.newMessage,
        body: cutBody(message.content),
        tag: `chat:${message.chatId}`,
        url: `/chat/${message.chatId}`,
        closeAfterMs: NOTIFICATION_MESSAGE_CLOSE_MS,
      };
    }
    case 'request.created': {
      const { request } = event.payload;
      if (!ctx.notifications.connectionRequests || request.direction !== 'incoming') return null;
      return {
        title: networkMessages.friendRequest,
        body: request.user.name,
        tag: `request:${request.id}`,
        url: '/network?tab=requests',
        icon: request.user.avatar ?? undefined,
      };
    }
    case 'request.accepted':
    case 'request.approved': {
      if (!ctx.notifications.connectionRequests) return null;
      const { approverName, approverPhoto, message } = event.payload;
      return {
        title:
          event.type === 'request.approved'
            ? inviteMessages.connectionApproved
            : networkMessages.requestAccepted(approverName),
        body: message,
        tag: `approved:${event.payload.request.id}`,
        url: '/network',
        icon: approverPhoto ?? undefined,
        closeAfterMs: NOTIFICATION_MESSAGE_CLOSE_MS,
      };
    }
    case 'match.created': {
      if (!ctx.notifications.newMatches) return null;
      const { match } = event.payload;
      return {
        title: discoverMessages.newMatch,
        body: discoverMessages.youMatchedWith(match.name),
        tag: `match:${match.id}`,
        url: `/chat/${match.chatId}`,
        icon: match.avatar ?? undefined,
        closeAfterMs: NOTIFICATION_MESSAGE_CLOSE_MS,
      };
    }
    default:
      return null;
  }
}

/** spec/3 §4: someone typing, while the app is not in front (closes after 2 s). */
export function typingNotification(
  signal: TypingSignal,
  ctx: NotificationContext,
): NotificationSpec | null {
  if (!signal.isTyping || !ctx.notifications.messages || signal.userId === ctx.userId) return null;
  if (ctx.chat(signal.chatId)?.muted) return null;
  return {
    title: signal.userName,
    body: chatMessages.typing,
    tag: `typing:${signal.chatId}`,
    url: `/chat/${signal.chatId}`,
    closeAfterMs: NOTIFICATION_TYPING_CLOSE_MS,
  };
}
