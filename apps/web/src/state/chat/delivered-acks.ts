import type { ChatList, ChatSummary } from '@heartline/domain';
import type { QueryKey } from '@tanstack/react-query';
import { chatKeys } from '../queries/chat-keys.ts';
import { latestFromOther, type MessagesData } from './chat-cache.ts';

/** Delivered positions wait this long, so a burst of messages costs one acknowledgement. */
const DELIVERED_DELAY_MS = 300;
/**
 * At most this many chats are acknowledged at a time, the rest after a pause: a list that
 * arrives with many unread chats must not spend the socket's budget of client events (30 per
 * 10 s, shared with typing, presence and resumes) in one go.
 */
const DELIVERED_BATCH = 5;
const DELIVERED_PAUSE_MS = 3_000;

/**
 * Coalesced `chat.delivered` acknowledgements: per chat, the highest position received is sent
 * once, shortly after it arrived; offline, it waits for the reconnect.
 */
export class DeliveredAcks {
  /** Per chat: the highest seq received and not yet acknowledged, and the last acknowledged. */
  private readonly waiting = new Map<string, number>();
  private readonly sent = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** `send` emits one acknowledgement and answers false when it cannot (offline). */
  constructor(private readonly send: (chatId: string, seq: number) => boolean) {}

  /** This device has the other person's messages of a chat up to `seq`. */
  received(chatId: string, seq: number): void {
    if (seq <= Math.max(this.sent.get(chatId) ?? 0, this.waiting.get(chatId) ?? 0)) return;
    this.waiting.set(chatId, seq);
    this.schedule(DELIVERED_DELAY_MS);
  }

  /** Back online: what waited goes now, unless a wait is already running. */
  connected(): void {
    if (this.timer === null) this.flush();
  }

  reset(): void {
    this.waiting.clear();
    this.sent.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(ms: number): void {
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flush();
    }, ms);
  }

  private flush(): void {
    let budget = DELIVERED_BATCH;
    for (const [chatId, seq] of this.waiting) {
      if (budget === 0) {
        this.schedule(DELIVERED_PAUSE_MS);
        return;
      }
      // Offline: the rest waits for `connected`.
      if (!this.send(chatId, seq)) return;
      budget -= 1;
      this.sent.set(chatId, seq);
      this.waiting.delete(chatId);
    }
  }
}

/**
 * The positions a chat query's data shows this device holds, as [chatId, seq] to acknowledge
 * as delivered (however it arrived: a list or chat fetch, message pages, a live or replayed
 * event patched in). A summary counts when its last message is someone else's and unread (the
 * server's delivered position never trails the read one, so read ones are delivered already);
 * loaded pages count their newest message from someone else.
 */
export function heldPositions(
  queryKey: QueryKey,
  data: unknown,
  userId: string,
): [chatId: string, seq: number][] {
  const [root, owner, part, chatId] = queryKey;
  if (root !== chatKeys.all[0] || owner !== userId || data === undefined) return [];
  if (part === 'list') return (data as ChatList).chats.flatMap((chat) => unread(chat, userId));
  if (part === 'chat') return unread(data as ChatSummary, userId);
  if (part === 'messages' && typeof chatId === 'string') {
    const messages = (data as MessagesData).pages.flatMap((page) => page.messages);
    const seq = latestFromOther(messages, userId);
    return seq > 0 ? [[chatId, seq]] : [];
  }
  return [];
}

function unread(chat: ChatSummary, userId: string): [string, number][] {
  const last = chat.lastMessage;
  return last && last.senderId !== userId && chat.lastSeq > chat.readSeq
    ? [[chat.id, chat.lastSeq]]
    : [];
}
