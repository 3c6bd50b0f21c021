import { z } from './zod.ts';
import { chatMessages, type TypingSignal } from './chat.ts';
import { discoverMessages } from './discover.ts';
import { inviteMessages } from './invite-messages.ts';
import { requestMessages } from './requests.ts';
import type { StreamEvent } from './realtime-events.ts';
import type { Settings } from './settings.ts';

/** Notifications (spec/3 §4, §9; issue 16): the constants, texts and the rules shared by the
 * browser (state/notifications) and the server's Web Push (modules/push). */

/** spec/3 §9: a message notification's body is cut at 100 characters, with an ellipsis. */
export const NOTIFICATION_BODY_MAX = 100;
/** spec/3 §9: a message notification closes after 5 s. */
export const NOTIFICATION_MESSAGE_CLOSE_MS = 5_000;
/** spec/3 §9: a typing notification closes after 2 s. */
export const NOTIFICATION_TYPING_CLOSE_MS = 2_000;

export const notificationMessages = {
  newMessage: 'New message',
  promptTitle: 'Turn on notifications?',
  promptText: (productName: string) =>
    `Hear about new messages, matches and connection requests when ${productName} is not on your screen. You choose which kinds in Settings.`,
  promptAllow: 'Turn on',
  promptLater: 'Not now',
  settingsLabel: 'Browser notifications',
  stateOn: 'On for this browser.',
  stateOff: 'Off for this browser.',
  stateBlocked:
    'Blocked in this browser. To allow them, change the site’s notification permission in your browser settings.',
  stateUnsupported: 'This browser does not support notifications.',
  reportReviewed: 'Your report was reviewed',
  reportActionTaken: 'Thank you. Our moderators took action.',
  reportNoAction: 'Thank you. Our moderators found no breach of the Terms this time.',
  /** A subscription whose endpoint is not on a browser push service (`PUSH_SERVICE_HOSTS`). */
  pushEndpointRefused: 'endpoint must be an address of a browser push service',
} as const;

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
      // What the lock screen may show (the person's choice): the message, the sender, or neither.
      const { preview } = ctx.notifications;
      return {
        title:
          preview === 'none'
            ? notificationMessages.newMessage
            : (chat?.name ?? notificationMessages.newMessage),
        body:
          preview === 'full'
            ? cutBody(message.content)
            : preview === 'sender'
              ? notificationMessages.newMessage
              : '',
        tag: `chat:${message.chatId}`,
        url: `/chat/${message.chatId}`,
        closeAfterMs: NOTIFICATION_MESSAGE_CLOSE_MS,
      };
    }
    case 'request.created': {
      const { request } = event.payload;
      if (!ctx.notifications.connectionRequests || request.direction !== 'incoming') return null;
      return {
        title: requestMessages.friendRequest,
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
            : requestMessages.requestAccepted(approverName),
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
    case 'report.reviewed': {
      if (!ctx.notifications.reportUpdates) return null;
      return {
        title: notificationMessages.reportReviewed,
        body: event.payload.actionTaken
          ? notificationMessages.reportActionTaken
          : notificationMessages.reportNoAction,
        tag: `report:${event.payload.reportId}`,
        url: '/settings?reports',
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
  // Someone typing names them: not when the person shows nothing on the lock screen.
  if (ctx.notifications.preview === 'none') return null;
  if (ctx.chat(signal.chatId)?.muted) return null;
  return {
    title: signal.userName,
    body: chatMessages.typing,
    tag: `typing:${signal.chatId}`,
    url: `/chat/${signal.chatId}`,
    closeAfterMs: NOTIFICATION_TYPING_CLOSE_MS,
  };
}

const base64url = (what: string, min: number, max: number) =>
  z
    .string({ message: `${what} is required` })
    .check(
      z.minLength(min, `${what} is not a valid key`),
      z.maxLength(max, `${what} is not a valid key`),
      z.regex(/^[A-Za-z0-9_-]+=*$/, `${what} is not a valid key`),
    );

/**
 * The browsers' push services: the only places a Web Push subscription may point to (issue 45:
 * any https address was taken, and the server then called internal ones for a user). The list
 * is short and public; each browser hands its pages endpoints on its own service:
 *
 * - Google FCM: Chrome, Chromium-based browsers on Android, Opera, Samsung Internet;
 *   `android.googleapis.com` is the older GCM address some installs still hand out;
 * - Mozilla autopush: Firefox;
 * - Apple: Safari on macOS 13+ and iOS/iPadOS 16.4+ (installed web apps);
 * - Windows Push Notification Services: Edge on Windows (`wns2-<region>.notify.windows.com`).
 *
 * A browser with another push service cannot subscribe until it is added here (docs/API-push.md).
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
];
/** Services that hand out endpoints on many hosts under one domain. */
export const PUSH_SERVICE_DOMAINS: readonly string[] = ['.notify.windows.com'];

/**
 * Whether `endpoint` is an address on one of the push services: https, one of their host names
 * (never a literal IP address), the default port, no user name or password.
 */
export function isPushServiceEndpoint(endpoint: string): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return (
    PUSH_SERVICE_HOSTS.includes(host) ||
    PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(domain))
  );
}

/**
 * `PUT /api/push/subscription`: a browser's PushSubscription as `toJSON()` gives it. The push
 * service's address must be on one of the browsers' push services (`isPushServiceEndpoint`).
 */
const pushEndpointSchema = z.lazy(() =>
  z
    .string({ message: 'endpoint is required' })
    .check(
      z.maxLength(2048, 'endpoint is too long'),
      z.refine(isPushServiceEndpoint, { message: notificationMessages.pushEndpointRefused }),
    ),
);

export const pushSubscriptionSchema = z.lazy(() =>
  z.object({
    endpoint: pushEndpointSchema,
    expirationTime: z.optional(z.nullable(z.number())),
    keys: z.object({
      p256dh: base64url('keys.p256dh', 80, 100),
      auth: base64url('keys.auth', 16, 32),
    }),
  }),
);
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.lazy(() => z.object({ endpoint: pushEndpointSchema }));

/** `GET /api/push/key`: the server's VAPID public key (base64url). */
export const pushKeySchema = z.lazy(() => z.object({ publicKey: z.string() }));
