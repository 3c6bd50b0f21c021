import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import type { ChatList, ChatSummary, MessagePage } from '@heartline/domain';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import {
  befriend,
  browserFor,
  createPeople,
  getJson,
  sendJson,
  type Person,
} from '../../../test/network-fixtures.ts';
import { ask, liveSockets } from '../../../test/realtime-client.ts';

const world = useTestServer();
const connect = liveSockets(() => world.server.baseUrl);

async function signedIn(person: Person) {
  const browser = await browserFor(world.server, person);
  const live = await connect(browser.cookieHeader());
  const send = (chatId: string, content: string, clientId = uuidv7()) =>
    ask(live.socket, 'message.send', { chatId, clientId, content });
  return { browser, live, send };
}

async function friendsWithChat(names: [string, string]) {
  const [a, b] = await createPeople(world.db, names);
  await befriend(world.server.graph, [[a!, b!]]);
  const asA = await signedIn(a!);
  const asB = await signedIn(b!);
  const opened = await sendJson<ChatSummary>(asA.browser, 'POST', '/api/chats', { userId: b!.id });
  expect(opened.status).toBe(201);
  return { a: a!, b: b!, asA, asB, chat: opened.body };
}

describe(`chat (${dbKind})`, () => {
  it('opens one chat per pair, sends, delivers to both members and lists it', async () => {
    const { a, b, asA, asB, chat } = await friendsWithChat(['Ada Chat', 'Ben Chat']);
    // Opening again, from either side, finds the same chat.
    const again = await sendJson<ChatSummary>(asB.browser, 'POST', '/api/chats', { userId: a.id });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(chat.id);
    // Empty chats are not listed yet.
    expect((await getJson<ChatList>(asB.browser, '/api/chats')).body.chats).toEqual([]);

    const ack = await asA.send(chat.id, '  Hello Ben  ');
    expect(ack).toMatchObject({
      ok: true,
      message: { seq: 1, content: 'Hello Ben', senderId: a.id },
    });
    const got = await asB.live.next('message.created');
    expect(got.message.content).toBe('Hello Ben');
    await asA.live.next('message.created');

    const list = await getJson<ChatList>(asB.browser, '/api/chats');
    expect(list.body.unreadTotal).toBe(1);
    expect(list.body.chats).toHaveLength(1);
    expect(list.body.chats[0]).toMatchObject({
      id: chat.id,
      name: 'Ada Chat',
      otherUserId: a.id,
      isFriend: true,
      isMatch: false,
      canMessage: true,
      unreadCount: 1,
      lastMessage: { content: 'Hello Ben' },
    });
    expect(b.id).toBe(list.body.chats[0]!.otherUserId === a.id ? b.id : '');
  });

  it('stores a retried message once and answers the original', async () => {
    const { asA, chat } = await friendsWithChat(['Cy Retry', 'Di Retry']);
    const clientId = uuidv7();
    const [first, second] = await Promise.all([
      asA.send(chat.id, 'once', clientId),
      asA.send(chat.id, 'once', clientId),
    ]);
    const third = await asA.send(chat.id, 'once', clientId);
    expect(first.ok && second.ok && third.ok).toBe(true);
    const ids = [first, second, third].map((r) => (r.ok ? r.message.id : ''));
    expect(new Set(ids).size).toBe(1);
    const page = await getJson<MessagePage>(asA.browser, `/api/chats/${chat.id}/messages`);
    expect(page.body.messages).toHaveLength(1);
  });

  it('numbers concurrent senders without gaps, and both see one order', async () => {
    const { asA, asB, chat } = await friendsWithChat(['Eve Order', 'Fox Order']);
    const sends = [];
    for (let i = 0; i < 20; i++) {
      sends.push(asA.send(chat.id, `a${i}`), asB.send(chat.id, `b${i}`));
    }
    const acks = await Promise.all(sends);
    expect(acks.every((a) => a.ok)).toBe(true);
    const page = await getJson<MessagePage>(asB.browser, `/api/chats/${chat.id}/messages`);
    expect(page.body.messages.map((m) => m.seq)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    // One socket's sends keep their order.
    const fromA = page.body.messages.filter((m) => m.content.startsWith('a')).map((m) => m.content);
    expect(fromA).toEqual(Array.from({ length: 20 }, (_, i) => `a${i}`));
  });

  it('moves ticks: delivered then read, with read_at, and clears unread', async () => {
    const { a, b, asA, asB, chat } = await friendsWithChat(['Gil Tick', 'Hal Tick']);
    await asA.send(chat.id, 'one');
    const sent = await asA.send(chat.id, 'two');
    expect(sent.ok).toBe(true);
    const delivered = await ask(asB.live.socket, 'chat.delivered', { chatId: chat.id, seq: 2 });
    expect(delivered.ok).toBe(true);
    const receipt = await asA.live.next('chat.receipt', (r) => r.deliveredSeq === 2);
    expect(receipt).toMatchObject({ userId: b.id, readSeq: 0 });

    const read = await sendJson<{ readSeq: number }>(
      asB.browser,
      'POST',
      `/api/chats/${chat.id}/read`,
      {
        seq: 99,
      },
    );
    expect(read.body.readSeq).toBe(2);
    const readReceipt = await asA.live.next('chat.receipt', (r) => r.readSeq === 2);
    expect(readReceipt.readAt).not.toBeNull();
    const page = await getJson<MessagePage>(asA.browser, `/api/chats/${chat.id}/messages`);
    expect(page.body.messages.every((m) => m.readAt !== null)).toBe(true);
    const header = await getJson<ChatSummary>(asA.browser, `/api/chats/${chat.id}`);
    expect(header.body).toMatchObject({ otherDeliveredSeq: 2, otherReadSeq: 2 });
    expect((await getJson<ChatList>(asB.browser, '/api/chats')).body.unreadTotal).toBe(0);
    expect(a.id).not.toBe(b.id);
  });

  it('pages back through history, newest first page; 120 a minute, then retry later', async () => {
    const { asA, chat } = await friendsWithChat(['Ivy Page', 'Jay Page']);
    for (let i = 1; i <= 120; i++) expect((await asA.send(chat.id, `m${i}`)).ok).toBe(true);
    const tooFast = await asA.send(chat.id, 'm121');
    expect(tooFast).toMatchObject({ ok: false, error: 'RATE_LIMITED', final: false });
    const newest = await getJson<MessagePage>(asA.browser, `/api/chats/${chat.id}/messages`);
    expect(newest.body.messages).toHaveLength(100);
    expect(newest.body.messages[0]!.seq).toBe(21);
    expect(newest.body.hasMore).toBe(true);
    const older = await getJson<MessagePage>(
      asA.browser,
      `/api/chats/${chat.id}/messages?before=21`,
    );
    expect(older.body.messages.map((m) => m.seq)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(older.body.hasMore).toBe(false);
    const after = await getJson<MessagePage>(
      asA.browser,
      `/api/chats/${chat.id}/messages?after=115`,
    );
    expect(after.body.messages.map((m) => m.seq)).toEqual([116, 117, 118, 119, 120]);
    const bad = await getJson(asA.browser, `/api/chats/${chat.id}/messages?before=1&after=2`);
    expect(bad.status).toBe(400);
  });

  it('relays typing to the other member only while they may chat', async () => {
    const { a, asA, asB, chat } = await friendsWithChat(['Kim Type', 'Lee Type']);
    const signal = new Promise((resolve) => asB.live.socket.once('typing', resolve));
    const ack = await ask(asA.live.socket, 'chat.typing', { chatId: chat.id, isTyping: true });
    expect(ack.ok).toBe(true);
    expect(await signal).toEqual({
      chatId: chat.id,
      userId: a.id,
      userName: 'Kim Type',
      isTyping: true,
    });
  });

  it('shows presence only to people one may message', async () => {
    const [a, b, stranger] = await createPeople(world.db, ['Mo Seen', 'Ned Seen', 'Oz Seen']);
    await befriend(world.server.graph, [[a!, b!]]);
    const asA = await signedIn(a!);
    const asB = await signedIn(b!);
    const asStranger = await signedIn(stranger!);
    const watch = await ask(asB.live.socket, 'presence.watch', { userIds: [a!.id, stranger!.id] });
    expect(watch.ok).toBe(true);
    if (!watch.ok) return;
    expect(watch.presence.map((p) => p.userId)).toEqual([a!.id]);
    expect(watch.presence[0]!.connected).toBe(true);
    const strangerWatch = await ask(asStranger.live.socket, 'presence.watch', { userIds: [a!.id] });
    expect(strangerWatch).toEqual({ ok: true, presence: [] });
    // A leaves: B, who watches, hears it.
    const left = new Promise((resolve) => asB.live.socket.once('presence', resolve));
    asA.live.socket.disconnect();
    expect(await left).toMatchObject({ userId: a!.id, connected: false });
  });

  it('a block hides the chat from both and stops sending at once, like a missing chat', async () => {
    const { a, asA, asB, chat } = await friendsWithChat(['Pia Block', 'Quin Block']);
    await asA.send(chat.id, 'before');
    await sendJson(asB.browser, 'POST', `/api/blocks/${a.id}`);
    const missing = uuidv7();
    for (const as of [asA, asB]) {
      const hidden = await getJson(as.browser, `/api/chats/${chat.id}`);
      const none = await getJson(as.browser, `/api/chats/${missing}`);
      expect(hidden).toEqual(none);
      expect(hidden.status).toBe(404);
      const hiddenPage = await getJson(as.browser, `/api/chats/${chat.id}/messages`);
      expect(hiddenPage).toEqual(await getJson(as.browser, `/api/chats/${missing}/messages`));
      const sendHidden = await as.send(chat.id, 'after', '00000000-0000-7000-8000-000000000001');
      const sendNone = await as.send(missing, 'after', '00000000-0000-7000-8000-000000000001');
      expect(sendHidden).toEqual(sendNone);
      expect(sendHidden).toMatchObject({ ok: false, error: 'NOT_FOUND', final: true });
      expect((await getJson<ChatList>(as.browser, '/api/chats')).body.chats).toEqual([]);
    }
  });

  it('a member who is no longer a friend reads the history but cannot send', async () => {
    const { b, asA, chat } = await friendsWithChat(['Rae Gone', 'Sam Gone']);
    await asA.send(chat.id, 'hi');
    await sendJson(asA.browser, 'POST', `/api/connections/${b.id}/disconnect`);
    const header = await getJson<ChatSummary>(asA.browser, `/api/chats/${chat.id}`);
    expect(header.body.canMessage).toBe(false);
    const refused = await asA.send(chat.id, 'still there?');
    expect(refused).toMatchObject({ ok: false, error: 'FORBIDDEN', final: true });
  });

  it('refuses a chat with a stranger, oneself, and a chat of others', async () => {
    const [a, b, c] = await createPeople(world.db, ['Tia Out', 'Uma Out', 'Vic Out']);
    await befriend(world.server.graph, [[a!, b!]]);
    const asA = await signedIn(a!);
    const asC = await signedIn(c!);
    const stranger = await sendJson(asA.browser, 'POST', '/api/chats', { userId: c!.id });
    expect(stranger.status).toBe(403);
    const self = await sendJson(asA.browser, 'POST', '/api/chats', { userId: a!.id });
    expect(self.status).toBe(400);
    const opened = await sendJson<ChatSummary>(asA.browser, 'POST', '/api/chats', {
      userId: b!.id,
    });
    const notMine = await getJson(asC.browser, `/api/chats/${opened.body.id}`);
    expect(notMine.status).toBe(404);
    const sendNotMine = await asC.send(opened.body.id, 'let me in');
    expect(sendNotMine).toMatchObject({ ok: false, error: 'NOT_FOUND' });
    const readNotMine = await sendJson(asC.browser, 'POST', `/api/chats/${opened.body.id}/read`, {
      seq: 1,
    });
    expect(readNotMine.status).toBe(404);
  });

  it("leaves a muted chat's unread out of the total, and keeps its own count (issue 45)", async () => {
    const { asA, asB, chat } = await friendsWithChat(['Mia Mute', 'Noa Mute']);
    for (const text of ['one', 'two'])
      expect(await asA.send(chat.id, text)).toMatchObject({ ok: true });
    const listed = async () => (await getJson<ChatList>(asB.browser, '/api/chats')).body;
    expect((await listed()).unreadTotal).toBe(2);
    await sendJson(asB.browser, 'PUT', `/api/chats/${chat.id}/mute`, { muted: true });
    const muted = await listed();
    expect(muted.unreadTotal).toBe(0);
    expect(muted.chats.find((c) => c.id === chat.id)).toMatchObject({
      muted: true,
      unreadCount: 2,
    });
    await sendJson(asB.browser, 'PUT', `/api/chats/${chat.id}/mute`, { muted: false });
    expect((await listed()).unreadTotal).toBe(2);
  });

  it('refuses bad messages with a clear reason and stores nothing', async () => {
    const { asA, chat } = await friendsWithChat(['Wes Bad', 'Xia Bad']);
    const empty = await asA.send(chat.id, '   ');
    expect(empty).toMatchObject({ ok: false, message: 'Message cannot be empty', final: true });
    const nul = await asA.send(chat.id, 'a\u0000b');
    expect(nul).toMatchObject({ ok: false, final: true });
    // '\u202eevil\u202c' shows as 'live' to its reader (issue 45).
    const override = await asA.send(chat.id, '\u202eevil\u202c');
    expect(override).toMatchObject({
      ok: false,
      message: 'Message contains characters that are not allowed',
      final: true,
    });
    const long = await asA.send(chat.id, 'x'.repeat(4001));
    expect(long).toMatchObject({ ok: false, message: 'Message must be at most 4000 characters' });
    const page = await getJson<MessagePage>(asA.browser, `/api/chats/${chat.id}/messages`);
    expect(page.body.messages).toEqual([]);
  });

  it('keeps reported messages as evidence', async () => {
    const { b, asA, asB, chat } = await friendsWithChat(['Yan Proof', 'Zed Proof']);
    const sent = await asB.send(chat.id, 'something nasty');
    const id = sent.ok ? sent.message.id : '';
    const report = await sendJson<{ id: string }>(asA.browser, 'POST', '/api/reports', {
      userId: b.id,
      reason: 'harassment',
      context: 'chat',
      messageIds: [id, uuidv7()],
    });
    expect(report.status).toBe(201);
    const evidence = await world.db
      .selectFrom('reportEvidence')
      .select(['messageId', 'content'])
      .where('reportId', '=', report.body.id)
      .execute();
    expect(evidence).toEqual([{ messageId: id, content: 'something nasty' }]);
  });
});
