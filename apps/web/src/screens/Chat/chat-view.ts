import {
  chatMessages,
  messagePreview,
  REPORT_EVIDENCE_MAX,
  unreadBadgeText,
  type ChatSummary,
  type MessageView,
} from '@heartline/domain';
import type { OutboxEntry } from '../../state/chat/outbox.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'HH:MM' in the browser's time zone, 24-hour. */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole calendar days between two moments (0 = the same day), in local time. */
function daysBetween(then: Date, now: Date): number {
  return Math.round((startOfDay(now) - startOfDay(then)) / DAY_MS);
}

/**
 * A date format made on its first use: the first Intl format of a page loads the locale data
 * (~6 ms at full speed), and this module loads with every signed-in screen, not only Chat
 * (issue 17).
 */
function dateFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat('en', options));
}

const weekday = dateFormat({ weekday: 'short' });
const dayMonth = dateFormat({ day: 'numeric', month: 'short' });
const dayMonthYear = dateFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const longDay = dateFormat({ weekday: 'long', day: 'numeric', month: 'long' });

function shortDate(date: Date, now: Date): string {
  return date.getFullYear() === now.getFullYear()
    ? dayMonth().format(date)
    : dayMonthYear().format(date);
}

/** The list's time label: today 'HH:MM', 'Yesterday', a weekday within the week, else a date. */
export function chatTimeLabel(iso: string, now: Date): string {
  const date = new Date(iso);
  const days = daysBetween(date, now);
  if (days <= 0) return clockTime(iso);
  if (days === 1) return 'Yesterday';
  if (days < 7) return weekday().format(date);
  return shortDate(date, now);
}

/** The separator above a day's messages: 'Today', 'Yesterday', else the date. */
export function dayLabel(iso: string, now: Date): string {
  const date = new Date(iso);
  const days = daysBetween(date, now);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return longDay().format(date);
  return shortDate(date, now);
}

/** Text as a row shows it, for search: runs of white space (line breaks) as one space. */
function searchable(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLocaleLowerCase();
}

/**
 * spec/3 §5: conversations match by name or last message, case-insensitive, as the row shows
 * them: the name as displayed, the message with its line breaks as spaces (messagePreview), so
 * 'pineapple pizza' finds 'Pineapple\npizza?'. The whole message counts, past the preview's cut.
 */
export function filterChats<T extends { chat: ChatSummary; lastText: string }>(
  rows: readonly T[],
  query: string,
): T[] {
  const q = searchable(query);
  if (!q) return [...rows];
  return rows.filter(
    (row) =>
      searchable(chatName(row.chat.name)).includes(q) || searchable(row.lastText).includes(q),
  );
}

export type ChatRowView = {
  chat: ChatSummary;
  /** The last message's full text (searched), its preview, and when it was written. */
  lastText: string;
  preview: string;
  timestamp: string;
  /** The last message is mine and still in the outbox. */
  sending: boolean;
  unread: string;
};

/**
 * The list's rows: the server's summaries, where a message still sending is the newest one
 * (shown at once, spec/3 §4), ordered by their last activity.
 */
export function chatRows(
  chats: readonly ChatSummary[],
  pending: readonly OutboxEntry[],
): ChatRowView[] {
  const lastPending = new Map<string, OutboxEntry>();
  for (const entry of pending) lastPending.set(entry.chatId, entry);
  const rows = chats.map((chat): ChatRowView => {
    const entry = lastPending.get(chat.id);
    const lastText = entry?.content ?? chat.lastMessage?.content ?? '';
    return {
      chat,
      lastText,
      preview: messagePreview(lastText),
      timestamp: entry?.createdAt ?? chat.timestamp,
      sending: entry !== undefined,
      unread: unreadBadgeText(chat.unreadCount),
    };
  });
  return rows.sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
}

export type Tick = 'sending' | 'sent' | 'delivered' | 'read';

export const tickLabels: Record<Tick, string> = {
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
};

/** One tick once stored, two once delivered, two highlighted once read (spec/3 §2). */
export function tickFor(
  seq: number,
  chat: Pick<ChatSummary, 'otherDeliveredSeq' | 'otherReadSeq'>,
): Tick {
  if (seq <= chat.otherReadSeq) return 'read';
  if (seq <= chat.otherDeliveredSeq) return 'delivered';
  return 'sent';
}

export type TimelineItem = {
  /** The client id when there is one, so a sent message keeps its sending copy's place. */
  key: string;
  content: string;
  time: string;
  mine: boolean;
  /** The automatic match greeting. */
  system: boolean;
  /** Own messages only. */
  tick: Tick | null;
  /** The first message of a day carries the day's line ('Today', 'Yesterday', a date). */
  day: string | null;
};

/**
 * Stored messages in seq order with the sending ones after them; the first message of each
 * day carries the day's line. A sending copy whose message is already stored is left out.
 *
 * The line is part of the message's row, never a row of its own: the list keeps the reader's
 * place when older pages arrive by finding the top row again, and that must be a message. The
 * oldest loaded message gets its line only once nothing older exists (`complete`), so the
 * line does not move when an older page of the same day arrives above it.
 */
export function buildTimeline(input: {
  messages: readonly MessageView[];
  pending: readonly OutboxEntry[];
  chat: Pick<ChatSummary, 'otherDeliveredSeq' | 'otherReadSeq'>;
  userId: string;
  now: Date;
  complete: boolean;
}): TimelineItem[] {
  const { messages, pending, chat, userId, now, complete } = input;
  const stored = [...messages].sort((a, b) => a.seq - b.seq);
  const storedIds = new Set(stored.flatMap((m) => (m.clientId ? [m.clientId] : [])));
  const items: TimelineItem[] = [];
  let lastDay: number | null = null;
  const dayOf = (iso: string): string | null => {
    const day = startOfDay(new Date(iso));
    const first = lastDay === null;
    const changed = day !== lastDay;
    lastDay = day;
    if (first) return complete ? dayLabel(iso, now) : null;
    return changed ? dayLabel(iso, now) : null;
  };
  for (const m of stored) {
    const mine = m.senderId === userId;
    items.push({
      key: m.clientId ?? m.id,
      content: m.content,
      time: clockTime(m.createdAt),
      mine,
      system: m.senderId === null,
      tick: mine ? tickFor(m.seq, chat) : null,
      day: dayOf(m.createdAt),
    });
  }
  for (const entry of pending) {
    if (storedIds.has(entry.clientId)) continue;
    items.push({
      key: entry.clientId,
      content: entry.content,
      time: clockTime(entry.createdAt),
      mine: true,
      system: false,
      tick: 'sending',
      day: dayOf(entry.createdAt),
    });
  }
  return items;
}

/** A report from the chat attaches the other person's last messages (at most 20). */
export function reportEvidence(messages: readonly MessageView[], otherUserId: string): string[] {
  return [...messages]
    .filter((m) => m.senderId === otherUserId)
    .sort((a, b) => a.seq - b.seq)
    .slice(-REPORT_EVIDENCE_MAX)
    .map((m) => m.id);
}

/**
 * Whether the chat's menu offers Unmatch: a match chat with someone who is not a friend (a
 * friend's chat stays open whatever the match does), while the match is on. The summary has no
 * match state of its own: an ended match shows as the chat being closed. A chat closed by the
 * other person's "verified accounts only" setting cannot tell, so it offers Unmatch either way
 * (after an ended match the server answers 'Match not found').
 */
export function canUnmatch(
  chat: Pick<ChatSummary, 'kind' | 'isFriend' | 'canMessage' | 'closedReason'>,
): boolean {
  if (chat.kind !== 'match' || chat.isFriend) return false;
  return chat.canMessage || chat.closedReason === 'needs_verified';
}

/** spec/3 §8: a name that is missing reads 'Unknown User'. */
export function chatName(name: string): string {
  return name.trim() || chatMessages.unknownUser;
}
