import { z } from './zod.ts';
import { safeText } from './text.ts';

/**
 * The chat contract (issue 13; spec/3 §2–§9, docs/API-chat.md). One conversation per pair of
 * people: a friend chat, or a match chat once they have matched. Messages carry a client id
 * (a retry stores one message) and a per-chat sequence number (everyone sees one order, and a
 * client that missed some asks for exactly those).
 */

/** spec/3 §9: the chat screen's first page, and every older page after it. */
export const CHAT_PAGE = 100;
/** A catch-up (`after`) page; a longer gap is read in several. */
export const CHAT_PAGE_MAX = 200;
/** spec/3 §9: the list's preview of the last message. */
export const CHAT_PREVIEW_LENGTH = 50;
/** spec/3 §2: unread badges cap at 99+. */
export const CHAT_UNREAD_CAP = 99;
/** spec/3 §9: unread counts only messages of the last 30 days. */
export const CHAT_UNREAD_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** A message's text, after trimming. */
export const MESSAGE_MAX_LENGTH = 4000;
/** spec/3 §9: typing sent at most every 3 s, shown 4 s after the last one, checked every 2 s. */
export const TYPING_SEND_INTERVAL_MS = 3_000;
export const TYPING_TIMEOUT_MS = 4_000;
export const TYPING_CHECK_MS = 2_000;
/** spec/3 §9: offline after 5 minutes without activity. */
export const ONLINE_TIMEOUT_MS = 5 * 60 * 1000;
/** Active within this long (and connected): 'Online'; after it, 'Away • n m ago'. */
export const ONLINE_FRESH_MS = 60 * 1000;
/** People one socket may watch the presence of at once (the chat list's rows on screen). */
export const PRESENCE_WATCH_MAX = 50;
/** Messages one account may send per minute (an offline outbox of more waits and retries). */
export const MESSAGE_RATE_LIMIT = { points: 120, windowMs: 60 * 1000 } as const;
/** Messages one report may attach as evidence. */
export const REPORT_EVIDENCE_MAX = 20;

export const CHAT_KINDS = ['friend', 'match'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

/** User-facing texts (spec/3 §2, §8), defined once. */
export const chatMessages = {
  title: 'Messages',
  conversationsCount: (n: number) => `${n} ${n === 1 ? 'conversation' : 'conversations'}`,
  searchPlaceholder: 'Search conversations...',
  emptyTitle: 'No conversations yet',
  emptyText: 'Start chatting with friends and connections to see your messages here',
  noMatchesTitle: 'No matching conversations',
  noMatchesText: 'Try adjusting your search terms',
  loadFailed: 'Failed to load conversations',
  /** spec/2 §8: a chat could not be opened from a row or a card. */
  failedToOpen: 'Failed to open chat',
  errorLoading: 'Error loading chats',
  tryAgain: 'Try Again',
  noMessagesTitle: 'No messages yet',
  noMessagesText: 'Start a conversation!',
  loadingMessages: 'Loading messages...',
  pleaseLogIn: 'Please log in to access chat.',
  inputPlaceholder: 'Type a message...',
  unknownUser: 'Unknown User',
  /** Where the other person of a chat deleted their account. */
  accountDeleted: 'This account was deleted',
  someone: 'Someone',
  online: 'Online',
  away: (minutes: number) => `Away • ${minutes} m ago`,
  offline: (minutes: number) => `Offline • ${minutes} m ago`,
  hoursAgo: (hours: number) => `${hours} h ago`,
  typing: 'typing...',
  // Beyond the spec: the refusals a sender can meet.
  chatNotFound: 'Chat not found',
  cannotMessage: 'You can only message your friends and matches',
  messageEmpty: 'Message cannot be empty',
  messageTooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
  clientIdReused: 'That message id was already used for another message',
  tooManyMessages: 'You are sending messages too fast. Please wait a moment.',
  sendFailed: 'Message could not be sent',
  muted: 'Notifications muted for this chat',
  unmuted: 'Notifications on for this chat',
  mute: 'Mute notifications',
  unmute: 'Unmute notifications',
  /** The mark by a muted chat's name, in the list and the header. */
  mutedMark: 'Muted',
} as const;

const uuid = z.lazy(() => z.uuid('Invalid id'));

/** The unread badge text: '' for none, '99+' above 99 (spec/3 §2). */
export function unreadBadgeText(count: number): string {
  if (count <= 0) return '';
  return count > CHAT_UNREAD_CAP ? `${CHAT_UNREAD_CAP}+` : String(count);
}

/** The list's preview: the first 50 characters, with an ellipsis when cut (spec/3 §9). */
export function messagePreview(content: string): string {
  const chars = Array.from(content.replace(/\s+/g, ' ').trim());
  return chars.length > CHAT_PREVIEW_LENGTH
    ? `${chars.slice(0, CHAT_PREVIEW_LENGTH).join('')}…`
    : chars.join('');
}

// ---------------------------------------------------------------------------------------------
// Messages and conversations
// ---------------------------------------------------------------------------------------------

export const messageViewSchema = z.lazy(() =>
  z.object({
    id: z.uuid(),
    chatId: z.uuid(),
    /** 1, 2, 3 ... per chat, without gaps: the order everyone sees. */
    seq: z.int().check(z.positive()),
    /** The id the sender's device gave it (null for the system's match greeting). */
    clientId: z.nullable(z.uuid()),
    /** Null for the automatic match greeting (spec/3 §3 sender 'system'). */
    senderId: z.nullable(z.uuid()),
    content: z.string(),
    createdAt: z.string(),
    /** When the recipient read it (spec/3 §4 read, read_at). */
    readAt: z.nullable(z.string()),
  }),
);
export type MessageView = z.infer<typeof messageViewSchema>;

/** spec/3 §3 "Conversation summary", plus what the chat screen needs for ticks and actions. */
export const chatSummarySchema = z.lazy(() =>
  z.object({
    id: z.uuid(),
    kind: z.enum(CHAT_KINDS),
    name: z.string(),
    avatar: z.nullable(z.string()),
    otherUserId: z.uuid(),
    isMatch: z.boolean(),
    isFriend: z.boolean(),
    /** Whether either may send now: friends or an active match, and no block either way. */
    canMessage: z.boolean(),
    /**
     * Why the viewer may not message: 'needs_verified' when the other person accepts messages
     * only from verified accounts (their setting); null otherwise (or when they may).
     */
    closedReason: z.nullable(z.enum(['needs_verified'])),
    lastMessage: z.nullable(messageViewSchema),
    /** ISO time of the last message, else of the chat's creation. */
    timestamp: z.string(),
    /** Unread messages from the other person of the last 30 days (up to 100 counted). */
    unreadCount: z.int().check(z.minimum(0)),
    /** The chat's last seq (0 before the first message). */
    lastSeq: z.int().check(z.minimum(0)),
    /** My own read position. */
    readSeq: z.int().check(z.minimum(0)),
    /** The other person's positions: my messages up to these show two ticks / read ticks. */
    otherDeliveredSeq: z.int().check(z.minimum(0)),
    otherReadSeq: z.int().check(z.minimum(0)),
    /** Notifications for this chat are muted (by me). */
    muted: z.boolean(),
  }),
);
export type ChatSummary = z.infer<typeof chatSummarySchema>;

export const chatListSchema = z.lazy(() =>
  z.object({
    chats: z.array(chatSummarySchema),
    /** spec/3 §4: unread messages of the last 30 days across all chats. */
    unreadTotal: z.int().check(z.minimum(0)),
  }),
);
export type ChatList = z.infer<typeof chatListSchema>;

export const messagePageSchema = z.lazy(() =>
  z.object({
    /** Oldest first. */
    messages: z.array(messageViewSchema),
    /** For `before` pages: whether older messages exist. For `after` pages: whether newer do. */
    hasMore: z.boolean(),
  }),
);
export type MessagePage = z.infer<typeof messagePageSchema>;

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

export const chatIdParamsSchema = z.lazy(() => z.strictObject({ chatId: uuid }));

/** POST /api/chats: the chat with a friend or match, created if it does not exist yet. */
export const openChatSchema = z.lazy(() => z.strictObject({ userId: uuid }));

const seqParam = z.lazy(() =>
  z.coerce
    .number({ message: 'Invalid position' })
    .check(
      z.int('Invalid position'),
      z.minimum(0, 'Invalid position'),
      z.maximum(Number.MAX_SAFE_INTEGER, 'Invalid position'),
    ),
);

/** GET /api/chats/{id}/messages: the newest page, `before` an older one, `after` a catch-up. */
export const messagePageQuerySchema = z.lazy(() =>
  z
    .strictObject({
      before: z.optional(seqParam),
      after: z.optional(seqParam),
      limit: z.optional(
        z.coerce
          .number({ message: 'Invalid limit' })
          .check(
            z.int('Invalid limit'),
            z.minimum(1, 'Invalid limit'),
            z.maximum(CHAT_PAGE_MAX, 'Invalid limit'),
          ),
      ),
    })
    .check(
      z.refine((q) => q.before === undefined || q.after === undefined, {
        message: 'Use either before or after',
      }),
    ),
);

/** POST /api/chats/{id}/read: everything up to `seq` from the other person is read. */
export const markReadSchema = z.lazy(() => z.strictObject({ seq: seqParam }));
export const readStateSchema = z.lazy(() => z.object({ readSeq: z.int().check(z.minimum(0)) }));

/** PUT /api/chats/{id}/mute. */
export const muteChatSchema = z.lazy(() =>
  z.strictObject({
    muted: z.boolean({ message: 'muted must be true or false' }),
  }),
);
export const muteStateSchema = z.lazy(() => z.object({ muted: z.boolean() }));

export const messageContentSchema = z.lazy(() =>
  z
    .string({ message: chatMessages.messageEmpty })
    .check(
      z.trim(),
      z.minLength(1, chatMessages.messageEmpty),
      z.maxLength(MESSAGE_MAX_LENGTH, chatMessages.messageTooLong),
      z.superRefine(safeText('Message', 'multiline')),
    ),
);

/** Socket `message.send`. */
export const sendMessageSchema = z.lazy(() =>
  z.strictObject({
    chatId: uuid,
    clientId: uuid,
    content: messageContentSchema,
  }),
);
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** Socket `chat.delivered`: this device has every message of the chat up to `seq`. */
export const deliveredSchema = z.lazy(() => z.strictObject({ chatId: uuid, seq: seqParam }));
/** Socket `chat.typing`. */
export const typingSchema = z.lazy(() => z.strictObject({ chatId: uuid, isTyping: z.boolean() }));
/** Socket `presence.watch`: the people whose presence this socket shows (replaces the last set). */
export const presenceWatchSchema = z.lazy(() =>
  z.strictObject({
    userIds: z.array(uuid).check(z.maxLength(PRESENCE_WATCH_MAX)),
  }),
);

// ---------------------------------------------------------------------------------------------
// Live, unstored signals (outside the event streams: missing one loses nothing)
// ---------------------------------------------------------------------------------------------

/** spec/3 §3 typing event, plus the chat it belongs to. */
export const typingSignalSchema = z.lazy(() =>
  z.object({
    chatId: z.uuid(),
    userId: z.uuid(),
    userName: z.string(),
    isTyping: z.boolean(),
  }),
);
export type TypingSignal = z.infer<typeof typingSignalSchema>;

export const presenceSchema = z.lazy(() =>
  z.object({
    userId: z.uuid(),
    /** Has a socket open now (on any instance, as far as the last minute tells). */
    connected: z.boolean(),
    /** Last message, typing or visible app; null when unknown. */
    lastActiveAt: z.nullable(z.int()),
  }),
);
export type Presence = z.infer<typeof presenceSchema>;

/**
 * The presence label (spec/3 §4): 'Online' when connected and active in the last minute;
 * 'Away • n m ago' when connected and active in the last 5 minutes; otherwise 'Offline • n m
 * ago' within the hour and 'n h ago' after it. Empty when nothing is known.
 */
export function presenceLabel(presence: Presence | undefined, now: number): string {
  if (!presence || presence.lastActiveAt === null) return '';
  const age = Math.max(0, now - presence.lastActiveAt);
  if (presence.connected && age < ONLINE_FRESH_MS) return chatMessages.online;
  const minutes = Math.max(1, Math.floor(age / 60_000));
  if (presence.connected && age < ONLINE_TIMEOUT_MS) return chatMessages.away(minutes);
  if (minutes < 60) return chatMessages.offline(minutes);
  return chatMessages.hoursAgo(Math.floor(minutes / 60));
}

/** The answer to `message.send`. `final` errors will never succeed: drop the message. */
export type SendAck =
  | { ok: true; message: MessageView }
  | { ok: false; error: string; message: string; final: boolean };
