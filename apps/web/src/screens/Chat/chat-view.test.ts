import type { ChatSummary } from '@heartline/domain';
import { describe, expect, it } from 'vitest';
import { BOB, CHAT, ME, testChat, testMessage } from '../../state/chat/chat-test-data.ts';
import type { OutboxEntry } from '../../state/chat/outbox.ts';
import {
  buildTimeline,
  canUnmatch,
  chatRows,
  chatTimeLabel,
  filterChats,
  reportEvidence,
  tickFor,
} from './chat-view.ts';

/** Local times, so the day boundaries hold in any time zone the tests run in. */
const at = (day: number, hour: number, minute = 0) =>
  new Date(2026, 2, day, hour, minute).toISOString();

const message = (seq: number, senderId: string | null, createdAt: string, clientId?: string) =>
  testMessage(seq, senderId, { createdAt, clientId: clientId ?? null });

function entry(clientId: string, content: string, createdAt: string): OutboxEntry {
  return { clientId, userId: ME, chatId: CHAT, content, createdAt, order: 1 };
}

const chat = (patch: Partial<ChatSummary>) => testChat({ timestamp: at(10, 9), ...patch });

describe('chat view', () => {
  it('labels times: today HH:MM, Yesterday, a weekday this week, else a date', () => {
    const now = new Date(2026, 2, 12, 18, 0); // Thursday 12 March 2026
    expect(chatTimeLabel(at(12, 9, 5), now)).toBe('09:05');
    expect(chatTimeLabel(at(11, 23, 59), now)).toBe('Yesterday');
    expect(chatTimeLabel(at(9, 12), now)).toBe('Mon');
    expect(chatTimeLabel(at(2, 12), now)).toBe('Mar 2');
    expect(chatTimeLabel(new Date(2025, 11, 30).toISOString(), now)).toBe('Dec 30, 2025');
  });

  it('shows one tick once stored, two once delivered, highlighted once read', () => {
    const state = { otherDeliveredSeq: 5, otherReadSeq: 3 };
    expect(tickFor(6, state)).toBe('sent');
    expect(tickFor(5, state)).toBe('delivered');
    expect(tickFor(3, state)).toBe('read');
  });

  it('lists stored messages in seq order, then the sending ones, each day starting with its line', () => {
    const input = {
      messages: [message(2, ME, at(11, 10), 'c2'), message(1, BOB, at(10, 22))],
      pending: [entry('c9', 'on its way', at(11, 10, 5))],
      chat: { otherDeliveredSeq: 2, otherReadSeq: 0 },
      userId: ME,
      now: new Date(2026, 2, 11, 12),
    };
    const items = buildTimeline({ ...input, complete: true });
    expect(items.map((i) => [i.day, `${i.content}:${i.tick ?? 'theirs'}`])).toEqual([
      ['Yesterday', 'm1:theirs'],
      ['Today', 'm2:delivered'],
      [null, 'on its way:sending'],
    ]);
    // With older pages still to come, the oldest loaded message does not claim its day yet.
    expect(buildTimeline({ ...input, complete: false }).map((i) => i.day)).toEqual([
      null,
      'Today',
      null,
    ]);
  });

  it('leaves out a sending copy once its message is stored, under the same key', () => {
    const items = buildTimeline({
      messages: [message(1, ME, at(11, 10), 'c1')],
      pending: [entry('c1', 'm1', at(11, 10))],
      chat: { otherDeliveredSeq: 0, otherReadSeq: 0 },
      userId: ME,
      now: new Date(2026, 2, 11, 12),
      complete: true,
    });
    expect(items.map((m) => [m.key, m.tick])).toEqual([['c1', 'sent']]);
  });

  it('puts a chat with a message still sending on top, previewing that message', () => {
    const older = chat({ id: 'a', timestamp: at(10, 9) });
    const newer = chat({ id: 'b', timestamp: at(10, 11), unreadCount: 120 });
    const rows = chatRows(
      [newer, older],
      [{ ...entry('c1', 'x'.repeat(60), at(10, 12)), chatId: 'a' }],
    );
    expect(rows.map((r) => [r.chat.id, r.sending])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect(rows[0]?.preview).toBe(`${'x'.repeat(50)}…`);
    expect(rows[1]?.unread).toBe('99+');
  });

  it('finds conversations by name or last message, in any case', () => {
    const rows = chatRows(
      [
        chat({ id: 'a', name: 'Bob Bakker', lastMessage: message(1, BOB, at(10, 9)) }),
        chat({
          id: 'b',
          name: 'Carol',
          lastMessage: { ...message(2, BOB, at(10, 9)), content: 'See you at the Park' },
        }),
      ],
      [],
    );
    expect(filterChats(rows, 'BOB').map((r) => r.chat.id)).toEqual(['a']);
    expect(filterChats(rows, 'park').map((r) => r.chat.id)).toEqual(['b']);
    expect(filterChats(rows, '  ')).toHaveLength(2);
    expect(filterChats(rows, 'zebra')).toEqual([]);
  });

  it('finds a conversation by what its row shows: line breaks read as spaces, the shown name', () => {
    const rows = chatRows(
      [
        chat({
          id: 'a',
          name: 'Wil',
          lastMessage: { ...message(1, BOB, at(10, 9)), content: 'Pineapple\npizza?\n\ttonight' },
        }),
        chat({ id: 'b', name: ' ', lastMessage: message(2, BOB, at(10, 9)) }),
      ],
      [],
    );
    expect(rows[0]?.preview).toBe('Pineapple pizza? tonight');
    expect(filterChats(rows, 'pineapple pizza').map((r) => r.chat.id)).toEqual(['a']);
    expect(filterChats(rows, 'PIZZA? TONIGHT').map((r) => r.chat.id)).toEqual(['a']);
    // Typed with stray spaces, as the row cannot show them.
    expect(filterChats(rows, '  pineapple   pizza ').map((r) => r.chat.id)).toEqual(['a']);
    // A nameless person's row reads 'Unknown User'.
    expect(filterChats(rows, 'unknown user').map((r) => r.chat.id)).toEqual(['b']);
  });

  it("attaches the other person's last 20 messages to a report from the chat", () => {
    const many = Array.from({ length: 30 }, (_, i) => message(i + 1, i % 3 ? BOB : ME, at(10, 9)));
    const ids = reportEvidence(many, BOB);
    expect(ids).toHaveLength(20);
    const bobs = many.filter((m) => m.senderId === BOB);
    expect(ids).toEqual(bobs.slice(-20).map((m) => m.id));
  });

  it('offers Unmatch in a match chat with someone who is not a friend, while the match is on', () => {
    const match = { kind: 'match', isMatch: true, isFriend: false } as const;
    expect(canUnmatch(chat({ ...match, canMessage: true }))).toBe(true);
    // Ended (unmatched, passed): the chat stays, closed, and there is nothing to unmatch.
    expect(canUnmatch(chat({ ...match, canMessage: false }))).toBe(false);
    // Closed only by their "verified accounts only" setting: still a match.
    expect(canUnmatch(chat({ ...match, canMessage: false, closedReason: 'needs_verified' }))).toBe(
      true,
    );
    // Friends who matched keep their one open chat: no unmatch from it.
    expect(canUnmatch(chat({ ...match, isFriend: true, canMessage: true }))).toBe(false);
    // A friend's chat.
    expect(canUnmatch(chat({ kind: 'friend', isFriend: true, canMessage: true }))).toBe(false);
  });
});
