import type { ChatList, ChatSummary, MessageView, StreamEvent } from '@heartline/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { MessagesData } from '../chat/chat-cache.ts';
import type { ChatRouterHooks } from '../chat/chat-events.ts';
import { BOB, CHAT as CHAT_BOB, ME, testChat } from '../chat/chat-test-data.ts';
import { chatKeys } from '../queries/chat-keys.ts';
import { routeEvent } from './event-router.ts';

const CAROL = '0190d6a0-0000-7000-8000-00000000000c';
const CHAT_CAROL = '0190d6a0-0000-7000-8000-0000000000c2';

let ids = 0;
function message(chatId: string, seq: number, senderId: string, clientId?: string): MessageView {
  ids += 1;
  return {
    id: `0190d6a0-0000-7000-8000-${String(1000 + ids).padStart(12, '0')}`,
    chatId,
    seq,
    clientId: clientId ?? `0190d6a0-0000-7000-9000-${String(ids).padStart(12, '0')}`,
    senderId,
    content: `message ${seq}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, seq)).toISOString(),
    readAt: null,
  };
}

function summary(id: string, other: string, patch: Partial<ChatSummary> = {}): ChatSummary {
  return testChat({
    id,
    otherUserId: other,
    name: other === BOB ? 'Bob Bakker' : 'Carol Claes',
    ...patch,
  });
}

/** Bob's chat with 2 messages loaded (1 from Bob, 2 mine) and Carol's, older, in the list. */
function seeded() {
  const qc = new QueryClient();
  const loaded = [message(CHAT_BOB, 1, BOB), message(CHAT_BOB, 2, ME)];
  qc.setQueryData<MessagesData>(chatKeys.messages(ME, CHAT_BOB), {
    pages: [{ messages: loaded, hasMore: false }],
    pageParams: [null],
  });
  const bob = summary(CHAT_BOB, BOB, {
    lastMessage: loaded[1] ?? null,
    lastSeq: 2,
    readSeq: 1,
    timestamp: loaded[1]?.createdAt ?? '',
  });
  const carol = summary(CHAT_CAROL, CAROL, { timestamp: '2025-12-31T10:00:00.000Z', lastSeq: 4 });
  qc.setQueryData<ChatList>(chatKeys.list(ME), { chats: [bob, carol], unreadTotal: 0 });
  qc.setQueryData<ChatSummary>(chatKeys.chat(ME, CHAT_BOB), bob);
  return qc;
}

type Calls = { arrived: [string, boolean][]; unread: number[] };

function route(
  qc: QueryClient,
  event: Omit<StreamEvent, 'stream' | 'seq'>,
  active: string | null = null,
): Calls {
  const calls: Calls = { arrived: [], unread: [] };
  const hooks: ChatRouterHooks = {
    activeChatId: () => active,
    messageArrived: (m, counted) => calls.arrived.push([m.id, counted]),
    unreadChanged: (delta) => calls.unread.push(delta),
  };
  routeEvent(qc, { stream: `user:${ME}`, seq: 1, ...event } as StreamEvent, {
    userId: ME,
    notify: () => undefined,
    sessionEnded: () => undefined,
    chat: hooks,
  });
  return calls;
}

const pageSeqs = (qc: QueryClient, chatId = CHAT_BOB) =>
  qc
    .getQueryData<MessagesData>(chatKeys.messages(ME, chatId))
    ?.pages.flatMap((p) => p.messages.map((m) => m.seq));
const list = (qc: QueryClient) => qc.getQueryData<ChatList>(chatKeys.list(ME));
const row = (qc: QueryClient, chatId: string) => list(qc)?.chats.find((c) => c.id === chatId);

describe('realtime event router: chat', () => {
  it('appends a new message by seq and counts it unread when the chat is not on screen', () => {
    const qc = seeded();
    const incoming = message(CHAT_CAROL, 5, CAROL);
    const calls = route(qc, { type: 'message.created', payload: { message: incoming } });
    expect(row(qc, CHAT_CAROL)).toMatchObject({ unreadCount: 1, lastSeq: 5 });
    expect(row(qc, CHAT_CAROL)?.lastMessage?.content).toBe('message 5');
    expect(list(qc)?.unreadTotal).toBe(1);
    // The newest activity moves to the top.
    expect(list(qc)?.chats.map((c) => c.id)).toEqual([CHAT_CAROL, CHAT_BOB]);
    expect(calls.arrived).toEqual([[incoming.id, true]]);
  });

  it('does not count a message of the chat on screen, but still stores it', () => {
    const qc = seeded();
    const incoming = message(CHAT_BOB, 3, BOB);
    const calls = route(qc, { type: 'message.created', payload: { message: incoming } }, CHAT_BOB);
    expect(pageSeqs(qc)).toEqual([1, 2, 3]);
    expect(row(qc, CHAT_BOB)?.unreadCount).toBe(0);
    expect(calls.arrived).toEqual([[incoming.id, false]]);
  });

  it('drops a replayed message: pages keep one copy and the count does not move again', () => {
    const qc = seeded();
    const incoming = message(CHAT_BOB, 3, BOB);
    route(qc, { type: 'message.created', payload: { message: incoming } });
    const again = route(qc, { type: 'message.created', payload: { message: incoming } });
    expect(pageSeqs(qc)).toEqual([1, 2, 3]);
    expect(row(qc, CHAT_BOB)?.unreadCount).toBe(1);
    expect(list(qc)?.unreadTotal).toBe(1);
    expect(again.arrived).toEqual([[incoming.id, false]]);
  });

  it('puts my own message in its place and hands it to the outbox to settle by client id', () => {
    const qc = seeded();
    const mine = message(CHAT_BOB, 3, ME, '0190d6a0-0000-7000-8000-0000000000e1');
    const calls = route(qc, { type: 'message.created', payload: { message: mine } });
    const pages = qc.getQueryData<MessagesData>(chatKeys.messages(ME, CHAT_BOB));
    expect(pages?.pages[0]?.messages.at(-1)?.clientId).toBe('0190d6a0-0000-7000-8000-0000000000e1');
    expect(row(qc, CHAT_BOB)).toMatchObject({ unreadCount: 0, lastSeq: 3 });
    expect(calls.arrived).toEqual([[mine.id, false]]);
  });

  it('asks for the list again when a message comes for a chat it does not hold', () => {
    const qc = seeded();
    const other = '0190d6a0-0000-7000-8000-0000000000c9';
    route(qc, { type: 'message.created', payload: { message: message(other, 1, BOB) } });
    expect(qc.getQueryState(chatKeys.list(ME))?.isInvalidated).toBe(true);
  });

  it("shows the other person's receipts as ticks, and sets read times on my messages", () => {
    const qc = seeded();
    route(qc, {
      type: 'chat.receipt',
      payload: {
        chatId: CHAT_BOB,
        userId: BOB,
        deliveredSeq: 2,
        readSeq: 2,
        readAt: '2026-01-01T12:30:00.000Z',
      },
    });
    expect(qc.getQueryData<ChatSummary>(chatKeys.chat(ME, CHAT_BOB))).toMatchObject({
      otherDeliveredSeq: 2,
      otherReadSeq: 2,
    });
    const mine = qc
      .getQueryData<MessagesData>(chatKeys.messages(ME, CHAT_BOB))
      ?.pages[0]?.messages.find((m) => m.senderId === ME);
    expect(mine?.readAt).toBe('2026-01-01T12:30:00.000Z');
    // A late receipt never moves the ticks back.
    route(qc, {
      type: 'chat.receipt',
      payload: { chatId: CHAT_BOB, userId: BOB, deliveredSeq: 1, readSeq: 1, readAt: null },
    });
    expect(row(qc, CHAT_BOB)).toMatchObject({ otherDeliveredSeq: 2, otherReadSeq: 2 });
  });

  it('clears my unread count when I read the chat on another device', () => {
    const qc = seeded();
    route(qc, { type: 'message.created', payload: { message: message(CHAT_CAROL, 5, CAROL) } });
    route(qc, { type: 'message.created', payload: { message: message(CHAT_CAROL, 6, CAROL) } });
    expect(row(qc, CHAT_CAROL)?.unreadCount).toBe(2);
    const calls = route(qc, {
      type: 'chat.receipt',
      payload: { chatId: CHAT_CAROL, userId: ME, deliveredSeq: 6, readSeq: 6, readAt: null },
    });
    expect(row(qc, CHAT_CAROL)).toMatchObject({ unreadCount: 0, readSeq: 6 });
    expect(list(qc)?.unreadTotal).toBe(0);
    expect(calls.unread).toEqual([-2]);
  });

  it('refreshes chats when who may message whom changes', () => {
    const qc = seeded();
    route(qc, { type: 'chat.updated', payload: { chatId: CHAT_BOB } });
    expect(qc.getQueryState(chatKeys.chat(ME, CHAT_BOB))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(chatKeys.list(ME))?.isInvalidated).toBe(true);
    // What was said stays.
    expect(qc.getQueryState(chatKeys.messages(ME, CHAT_BOB))?.isInvalidated).toBe(false);

    const qc2 = seeded();
    route(qc2, { type: 'friendship.removed', payload: { userId: BOB } });
    expect(qc2.getQueryState(chatKeys.list(ME))?.isInvalidated).toBe(true);
  });

  it('takes the pushed unread total as the newest', () => {
    const qc = seeded();
    route(qc, { type: 'badges.updated', payload: { unreadMessages: 7 } });
    expect(list(qc)?.unreadTotal).toBe(7);
  });
});
