import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatSummary, MessagePage, MessageView, SendAck } from '@heartline/domain';
import {
  createTestDatabase,
  dbKind,
  redisUrl,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.ts';
import {
  befriend,
  browserFor,
  createPeople,
  getJson,
  sendJson,
  type Person,
} from '../../../test/network-fixtures.ts';
import { ask, listen, type Listener } from '../../../test/realtime-client.ts';

/**
 * Chat across two instances (issue 13; DESIGN.md §1): two servers on one database and one Redis
 * (its Socket.IO adapter, presence stamps and rate limits), as behind a load balancer. Whatever
 * instance a person is connected to, messages, receipts, typing and presence reach the other,
 * and the numbering and the client-id rule hold when both instances store at once. Both servers
 * run in this process (two in-process servers can share PGlite too), so this runs whenever
 * TEST_REDIS_URL is set.
 */

let tdb: TestDatabase;
let one: TestServer;
let two: TestServer;
const open: Listener[] = [];

beforeAll(async () => {
  if (!redisUrl) return;
  tdb = await createTestDatabase();
  const env = { REDIS_URL: redisUrl, REDIS_PREFIX: `hltest:${randomBytes(4).toString('hex')}` };
  one = await startTestServer(tdb.db, env);
  two = await startTestServer(tdb.db, env);
});
afterEach(() => {
  for (const l of open.splice(0)) l.socket.disconnect();
});
afterAll(async () => {
  await one?.stop();
  await two?.stop();
  await tdb?.drop();
});

/** A device of `person` connected to `server`. */
async function device(server: TestServer, person: Person) {
  const browser = await browserFor(server, person);
  const live = listen(server.baseUrl, browser.cookieHeader());
  open.push(live);
  await live.ready();
  const send = (chatId: string, content: string, clientId = uuidv7()) =>
    ask(live.socket, 'message.send', { chatId, clientId, content });
  return { browser, live, send };
}

async function friends(names: string[]): Promise<Person[]> {
  const people = await createPeople(tdb.db, names);
  await befriend(
    one.graph,
    people.slice(1).map((p) => [people[0]!, p]),
  );
  return people;
}

const applied = (live: Listener, chatId: string): MessageView[] =>
  live.applied.flatMap((e) =>
    e.type === 'message.created' && e.payload.message.chatId === chatId ? [e.payload.message] : [],
  );

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!redisUrl)(`chat across two instances through Redis (${dbKind})`, () => {
  it('a message sent through instance 1 reaches the recipient on instance 2, and the receipts come back', async () => {
    const [a, b] = await friends(['Ada One', 'Bo Two']);
    const onOne = await device(one, a!);
    const onTwo = await device(two, b!);
    const opened = await sendJson<ChatSummary>(onOne.browser, 'POST', '/api/chats', {
      userId: b!.id,
    });
    expect(opened.status).toBe(201);
    const chatId = opened.body.id;

    const sent = await onOne.send(chatId, 'across the instances');
    expect(sent).toMatchObject({ ok: true, message: { seq: 1 } });
    const got = await onTwo.live.next('message.created', (p) => p.message.chatId === chatId);
    expect(got.message).toEqual((sent as Extract<SendAck, { ok: true }>).message);

    // Delivered on 2 (socket), read on 2 (HTTP): both receipts reach the sender on 1.
    expect(await ask(onTwo.live.socket, 'chat.delivered', { chatId, seq: 1 })).toMatchObject({
      ok: true,
    });
    const delivered = await onOne.live.next('chat.receipt', (r) => r.deliveredSeq === 1);
    expect(delivered).toMatchObject({ chatId, userId: b!.id, readSeq: 0 });
    const read = await sendJson<{ readSeq: number }>(
      onTwo.browser,
      'POST',
      `/api/chats/${chatId}/read`,
      { seq: 1 },
    );
    expect(read.body.readSeq).toBe(1);
    const readReceipt = await onOne.live.next('chat.receipt', (r) => r.readSeq === 1);
    expect(readReceipt.readAt).not.toBeNull();
    // And a reply from 2 reaches 1.
    const reply = await onTwo.send(chatId, 'and back');
    expect(reply).toMatchObject({ ok: true, message: { seq: 2 } });
    await onOne.live.next('message.created', (p) => p.message.seq === 2);
  });

  it('typing crosses instances, both ways', async () => {
    const [a, b] = await friends(['Cy One', 'Di Two']);
    const onOne = await device(one, a!);
    const onTwo = await device(two, b!);
    const chatId = (
      await sendJson<ChatSummary>(onOne.browser, 'POST', '/api/chats', { userId: b!.id })
    ).body.id;

    const toTwo = new Promise((resolve) => onTwo.live.socket.once('typing', resolve));
    expect(await ask(onOne.live.socket, 'chat.typing', { chatId, isTyping: true })).toMatchObject({
      ok: true,
    });
    expect(await toTwo).toEqual({ chatId, userId: a!.id, userName: 'Cy One', isTyping: true });
    const toOne = new Promise((resolve) => onOne.live.socket.once('typing', resolve));
    expect(await ask(onTwo.live.socket, 'chat.typing', { chatId, isTyping: false })).toMatchObject({
      ok: true,
    });
    expect(await toOne).toEqual({ chatId, userId: b!.id, userName: 'Di Two', isTyping: false });
  });

  it('presence crosses instances: watched on 2, the watched person comes and goes on 1', async () => {
    const [watcher, watched] = await friends(['Eve Watcher', 'Fox Watched']);
    const onTwo = await device(two, watcher!);
    const watch = await ask(onTwo.live.socket, 'presence.watch', { userIds: [watched!.id] });
    expect(watch).toEqual({
      ok: true,
      presence: [{ userId: watched!.id, connected: false, lastActiveAt: null }],
    });
    const heard: { connected: boolean }[] = [];
    onTwo.live.socket.on('presence', (p) => {
      if (p.userId === watched!.id) heard.push(p);
    });

    const watchedOnOne = await device(one, watched!);
    await expect.poll(() => heard.map((p) => p.connected)).toEqual([true]);
    // What instance 2 reads (from Redis) agrees.
    const again = await ask(onTwo.live.socket, 'presence.watch', { userIds: [watched!.id] });
    expect(again).toMatchObject({ ok: true, presence: [{ connected: true }] });

    watchedOnOne.live.socket.disconnect();
    await expect.poll(() => heard.map((p) => p.connected)).toEqual([true, false]);
  });

  it('concurrent senders on both instances, each retrying through the other: one order, no gaps, each client id once', async () => {
    const [a, b] = await friends(['Gil Both', 'Hal Both']);
    const a1 = await device(one, a!);
    const a2 = await device(two, a!);
    const b2 = await device(two, b!);
    const b1 = await device(one, b!);
    const chatId = (
      await sendJson<ChatSummary>(a1.browser, 'POST', '/api/chats', { userId: b!.id })
    ).body.id;

    const N = 20;
    const outgoing = (who: string) =>
      Array.from({ length: N }, (_, i) => ({ clientId: uuidv7(), content: `${who}${i}` }));
    const fromA = outgoing('a');
    const fromB = outgoing('b');
    // A sends through instance 1 and retries every message at once through instance 2; B the
    // other way round. The sockets' sends interleave on both instances.
    const burst = (
      dev: Awaited<ReturnType<typeof device>>,
      messages: { clientId: string; content: string }[],
    ) => Promise.all(messages.map((m) => dev.send(chatId, m.content, m.clientId)));
    const [viaA1, viaA2, viaB2, viaB1] = await Promise.all([
      burst(a1, fromA),
      burst(a2, fromA),
      burst(b2, fromB),
      burst(b1, fromB),
    ]);
    const ids = (acks: SendAck[]) => acks.map((x) => (x.ok ? x.message.id : x.error));
    // Both attempts of each message answer the one stored message.
    expect(ids(viaA1)).toEqual(ids(viaA2));
    expect(ids(viaB2)).toEqual(ids(viaB1));
    expect([...viaA1, ...viaB2].every((x) => x.ok)).toBe(true);

    const page = await getJson<MessagePage>(b2.browser, `/api/chats/${chatId}/messages`);
    const stored = page.body.messages;
    expect(stored.map((m) => m.seq)).toEqual(Array.from({ length: 2 * N }, (_, i) => i + 1));
    expect(new Set(stored.map((m) => m.clientId)).size).toBe(2 * N);
    // Each person's messages keep the order they were sent in.
    const contents = (prefix: string) =>
      stored.filter((m) => m.content.startsWith(prefix)).map((m) => m.content);
    expect(contents('a')).toEqual(fromA.map((m) => m.content));
    expect(contents('b')).toEqual(fromB.map((m) => m.content));
    expect(stored.map((m) => m.id).sort()).toEqual([...ids(viaA1), ...ids(viaB2)].sort());

    // Every device, on either instance, applies each message once, in the chat's order.
    for (const dev of [a1, a2, b1, b2]) {
      await expect.poll(() => applied(dev.live, chatId).length).toBe(2 * N);
    }
    await sleep(300);
    for (const dev of [a1, a2, b1, b2]) {
      expect(applied(dev.live, chatId).map((m) => m.id)).toEqual(stored.map((m) => m.id));
    }
  });
});
