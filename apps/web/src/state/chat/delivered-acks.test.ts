import type { ChatList, ChatSummary, MessageView } from '@heartline/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatKeys } from '../queries/chat-keys.ts';
import type { MessagesData } from './chat-cache.ts';
import { BOB, CHAT, ME, testChat, testMessage as message } from './chat-test-data.ts';
import { DeliveredAcks, heldPositions } from './delivered-acks.ts';

/** A chat whose last message is `last`, read by me up to `readSeq`. */
const summary = (id: string, last: MessageView | null, readSeq: number): ChatSummary =>
  testChat({ id, lastMessage: last, lastSeq: last?.seq ?? 0, readSeq });

const chatId = (n: number) => `0190d6a0-0000-7000-8000-0000000000${String(n).padStart(2, '0')}`;

describe('which positions a chat query shows this device holds', () => {
  it('a list: each chat whose last message is theirs and unread, at its last seq', () => {
    const list: ChatList = {
      chats: [
        summary(chatId(1), message(4, BOB), 2),
        // Read already: the server's delivered position is at least the read one.
        summary(chatId(2), message(3, BOB), 3),
        // Mine last: nothing of theirs newer than what I answered.
        summary(chatId(3), message(5, ME), 1),
        summary(chatId(4), null, 0),
        // The match greeting (no sender) is delivered like any message.
        summary(chatId(5), message(1, null), 0),
      ],
      unreadTotal: 0,
    };
    expect(heldPositions(chatKeys.list(ME), list, ME)).toEqual([
      [chatId(1), 4],
      [chatId(5), 1],
    ]);
  });

  it('a chat summary, and loaded pages at their newest message from the other person', () => {
    expect(heldPositions(chatKeys.chat(ME, CHAT), summary(CHAT, message(7, BOB), 0), ME)).toEqual([
      [CHAT, 7],
    ]);
    const pages: MessagesData = {
      pages: [
        { messages: [message(3, BOB), message(4, ME)], hasMore: true },
        { messages: [message(1, BOB), message(2, BOB)], hasMore: false },
      ],
      pageParams: [null, 3],
    };
    expect(heldPositions(chatKeys.messages(ME, CHAT), pages, ME)).toEqual([[CHAT, 3]]);
    const onlyMine: MessagesData = {
      pages: [{ messages: [message(1, ME)], hasMore: false }],
      pageParams: [null],
    };
    expect(heldPositions(chatKeys.messages(ME, CHAT), onlyMine, ME)).toEqual([]);
  });

  it("nothing from another user's cache, other data or no data", () => {
    const list: ChatList = { chats: [summary(CHAT, message(4, BOB), 0)], unreadTotal: 1 };
    expect(heldPositions(chatKeys.list(BOB), list, ME)).toEqual([]);
    expect(heldPositions(['network', 'summary'], list, ME)).toEqual([]);
    expect(heldPositions(chatKeys.list(ME), undefined, ME)).toEqual([]);
  });
});

describe('delivered acknowledgements', () => {
  let sent: [string, number][];
  let online: boolean;
  let acks: DeliveredAcks;

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    online = true;
    acks = new DeliveredAcks((id, seq) => {
      if (!online) return false;
      sent.push([id, seq]);
      return true;
    });
  });
  afterEach(() => {
    acks.reset();
    vi.useRealTimers();
  });

  it('sends the highest position of a burst once, shortly after, and never an older one', () => {
    acks.received(CHAT, 1);
    acks.received(CHAT, 3);
    acks.received(CHAT, 2);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(300);
    expect(sent).toEqual([[CHAT, 3]]);
    acks.received(CHAT, 3);
    acks.received(CHAT, 2);
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual([[CHAT, 3]]);
  });

  it('offline, keeps what it received and sends it on the reconnect', () => {
    online = false;
    acks.received(CHAT, 2);
    vi.advanceTimersByTime(300);
    acks.received(CHAT, 4);
    vi.advanceTimersByTime(300);
    expect(sent).toEqual([]);
    online = true;
    acks.connected();
    expect(sent).toEqual([[CHAT, 4]]);
  });

  it('many chats at once go a few at a time, not all in one burst', () => {
    for (let n = 1; n <= 12; n++) acks.received(chatId(n), n);
    vi.advanceTimersByTime(300);
    expect(sent).toHaveLength(5);
    // A reconnect meanwhile does not cut the pause short.
    acks.connected();
    expect(sent).toHaveLength(5);
    vi.advanceTimersByTime(3_000);
    expect(sent).toHaveLength(10);
    vi.advanceTimersByTime(3_000);
    expect(sent.map(([id]) => id)).toEqual(Array.from({ length: 12 }, (_, i) => chatId(i + 1)));
  });

  it('forgets everything on reset (another person signs in)', () => {
    acks.received(CHAT, 5);
    acks.reset();
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual([]);
    acks.received(CHAT, 5);
    vi.advanceTimersByTime(300);
    expect(sent).toEqual([[CHAT, 5]]);
  });
});
