import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { type ChatSummary, type MessagePage, type MessageView } from '@heartline/domain';
import type { Db } from '../../db/database.ts';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import {
  befriend,
  browserFor,
  createPeople,
  getJson,
  sendJson,
  type Person,
} from '../../../test/network-fixtures.ts';
import { ask, listen, type Listener } from '../../../test/realtime-client.ts';
import { TestOutbox } from '../../../test/chat-outbox.ts';

/**
 * "Nothing lost" without a crash (DESIGN.md §5, docs/API-chat.md): a device that was away gets
 * what it missed through `stream.resume`, once and in order; and a block stops an open socket
 * at once, with nothing (typing, presence) crossing it afterwards.
 */

const world = useTestServer();
const open: Listener[] = [];
afterEach(() => {
  for (const l of open.splice(0)) l.socket.disconnect();
});

async function device(person: Person) {
  const browser = await browserFor(world.server, person);
  const live = listen(world.server.baseUrl, browser.cookieHeader(), { reconnection: true });
  open.push(live);
  await live.ready();
  const send = (chatId: string, content: string, clientId = uuidv7()) =>
    ask(live.socket, 'message.send', { chatId, clientId, content });
  return { browser, live, send };
}

async function friendsWithChat(names: [string, string]) {
  const [a, b] = await createPeople(world.db, names);
  await befriend(world.server.graph, [[a!, b!]]);
  const asA = await device(a!);
  const asB = await device(b!);
  const opened = await sendJson<ChatSummary>(asA.browser, 'POST', '/api/chats', { userId: b!.id });
  expect(opened.status).toBe(201);
  return { a: a!, b: b!, asA, asB, chatId: opened.body.id };
}

/** The messages of one chat a listener applied (from its message.created events), in order. */
const applied = (live: Listener, chatId: string): MessageView[] =>
  live.applied.flatMap((e) =>
    e.type === 'message.created' && e.payload.message.chatId === chatId ? [e.payload.message] : [],
  );
/** The message.created envelopes of one chat that arrived live (duplicates included). */
const arrivedLive = (live: Listener, chatId: string): MessageView[] =>
  live.received.flatMap((e) =>
    e.type === 'message.created' && e.payload.message.chatId === chatId ? [e.payload.message] : [],
  );

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Drops the socket's transport (as a lost network does) and waits for the disconnect. */
async function dropTransport(live: Listener): Promise<string> {
  const gone = new Promise<string>((resolve) => live.socket.once('disconnect', resolve));
  live.socket.io.engine.close();
  return gone;
}

describe(`chat: resuming after a dropped connection (${dbKind})`, () => {
  it('a recipient who was away gets exactly the five messages it missed, once and in order, through stream.resume', async () => {
    const { asA, asB, chatId } = await friendsWithChat(['Ari Away', 'Bex Away']);
    // B's connection drops, and B stays away until the five messages have been delivered.
    asB.live.socket.io.reconnection(false);
    expect(await dropTransport(asB.live)).toBe('forced close');
    const acks = [];
    for (let i = 1; i <= 5; i++) acks.push(await asA.send(chatId, `while away ${i}`));
    expect(acks.map((a) => a.ok && a.message.seq)).toEqual([1, 2, 3, 4, 5]);
    // The dispatcher has sent them (A's own device has the fifth): B's socket was not there.
    await asA.live.next('message.created', (p) => p.message.seq === 5);

    // B is back (the same socket, as the web client's): it resumes from its stream positions.
    asB.live.socket.io.reconnection(true);
    asB.live.socket.connect();
    await asB.live.ready();
    const got = applied(asB.live, chatId);
    expect(got.map((m) => [m.seq, m.content])).toEqual(
      [1, 2, 3, 4, 5].map((i) => [i, `while away ${i}`]),
    );
    expect(got.map((m) => m.id)).toEqual(acks.map((a) => (a.ok ? a.message.id : '')));
    // All five came through the resume, none live.
    expect(arrivedLive(asB.live, chatId)).toEqual([]);

    // The stream goes on live from there; nothing is applied twice.
    const sixth = await asA.send(chatId, 'welcome back');
    expect(sixth).toMatchObject({ ok: true, message: { seq: 6 } });
    await asB.live.next('message.created', (p) => p.message.seq === 6);
    await sleep(200);
    expect(applied(asB.live, chatId).map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(arrivedLive(asB.live, chatId).map((m) => m.seq)).toEqual([6]);
    // No stream was given up as missed: the one entry is the first contact's.
    expect(asB.live.missed.filter((s) => s.startsWith('user:'))).toHaveLength(1);
  });

  it('sender and recipient both drop mid-send: the outbox retries with the same client ids, both resume, each message once and in order', async () => {
    const { asA, asB, chatId } = await friendsWithChat(['Cas Drop', 'Dov Drop']);
    const contents = Array.from({ length: 5 }, (_, i) => `through the drop ${i + 1}`);
    const outbox = new TestOutbox(asA.live.socket, chatId, contents, { window: 5 }).start();
    // Both transports drop right after the sends left (some may be stored, none answered yet);
    // both sockets reconnect by themselves, and the sends go on while they resume.
    const [senderGone, recipientGone] = await Promise.all([
      dropTransport(asA.live),
      dropTransport(asB.live),
    ]);
    expect([senderGone, recipientGone]).toEqual(['forced close', 'forced close']);
    await outbox.done;
    expect(outbox.failures).toEqual([]);
    for (const live of [asB.live, asA.live]) {
      await expect.poll(() => applied(live, chatId).length, { timeout: 5000 }).toBe(5);
    }
    await sleep(300);

    const page = await getJson<MessagePage>(asB.browser, `/api/chats/${chatId}/messages`);
    expect(page.body.messages.map((m) => [m.seq, m.content, m.clientId])).toEqual(
      outbox.items.map((item, i) => [i + 1, item.content, item.clientId]),
    );
    for (const item of outbox.items) {
      expect(new Set(item.answers)).toEqual(new Set([item.ack!.id]));
    }
    for (const live of [asB.live, asA.live]) {
      expect(applied(live, chatId).map((m) => m.id)).toEqual(page.body.messages.map((m) => m.id));
      // No stream given up as missed: the one entry is the first contact's.
      expect(live.missed.filter((s) => s.startsWith('user:'))).toHaveLength(1);
    }
  });
});

/**
 * Runs `action` once, right after the server next reads stream heads (`event_streams`, read
 * by `stream.resume` before it reads the missed events): a commit that lands between the two
 * reads. Test-only fault injection on the server's own database handle.
 */
function betweenHeadsAndEvents(db: Db, action: () => Promise<unknown>): () => void {
  let armed = true;
  const original = db.selectFrom.bind(db);
  type Builder = Record<string | symbol, unknown>;
  const wrap = (builder: Builder): Builder =>
    new Proxy(builder, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        if (prop === 'execute') {
          return async (...args: unknown[]) => {
            const rows = await method.apply(target, args);
            if (armed) {
              armed = false;
              await action();
            }
            return rows;
          };
        }
        return (...args: unknown[]) => {
          const next = method.apply(target, args);
          return next && typeof next === 'object' && 'execute' in next ? wrap(next) : next;
        };
      },
    });
  const patched = ((from: Parameters<Db['selectFrom']>[0]) => {
    const builder = original(from);
    return from === 'eventStreams' && armed ? wrap(builder as unknown as Builder) : builder;
  }) as unknown as Db['selectFrom'];
  Object.defineProperty(db, 'selectFrom', { value: patched, configurable: true, writable: true });
  return () => {
    delete (db as unknown as Builder).selectFrom;
  };
}

describe(`chat: a resume while messages keep coming (${dbKind})`, () => {
  // `resume()` (realtime/realtime.ts) reads the stream heads, then the missed events: an event
  // committed between the two reads (a message arriving while a device resumes, the normal case
  // right after a reconnect) once made the replay "outdated" and cost the socket the message it
  // had missed (first seen in chat.crash.test.ts on PostgreSQL). A replay longer than the head
  // is now whole when it runs on from the position without a hole.
  it('a message committed while the recipient resumes does not cost it the one it missed', async () => {
    const { asA, asB, chatId } = await friendsWithChat(['Ivo Race', 'Jo Race']);
    expect((await asA.send(chatId, 'one')).ok).toBe(true);
    await asB.live.next('message.created', (p) => p.message.seq === 1);
    const missedBefore = asB.live.missed.length;
    // B is away while 'two' is sent; as B resumes, 'three' commits between the two reads.
    asB.live.socket.io.reconnection(false);
    await dropTransport(asB.live);
    expect((await asA.send(chatId, 'two')).ok).toBe(true);
    await asA.live.next('message.created', (p) => p.message.seq === 2);
    const restore = betweenHeadsAndEvents(world.db, () => asA.send(chatId, 'three'));
    try {
      asB.live.socket.io.reconnection(true);
      asB.live.socket.connect();
      await asB.live.ready();
      await asB.live.next('message.created', (p) => p.message.seq === 3);
      await sleep(200);
    } finally {
      restore();
    }
    // One, two, three, each once, and no stream given up.
    expect(applied(asB.live, chatId).map((m) => m.content)).toEqual(['one', 'two', 'three']);
    expect(asB.live.missed.length).toBe(missedBefore);
  });
});

describe(`chat: a block on an open socket (${dbKind})`, () => {
  /** Typing and presence signals about `from` that reach `live`'s socket. */
  function signalsFrom(live: Listener, from: Person) {
    const seen: string[] = [];
    live.socket.on('typing', (p) => {
      if (p.userId === from.id) seen.push(`typing ${p.isTyping}`);
    });
    live.socket.on('presence', (p) => {
      if (p.userId === from.id) seen.push(`presence ${p.connected}`);
    });
    return seen;
  }

  it('after B blocks A, A’s open socket gets NOT_FOUND on send and typing, and B hears nothing more from A', async () => {
    const { a, b, asA, asB, chatId } = await friendsWithChat(['Eli Blocked', 'Fay Blocker']);
    const watch = await ask(asB.live.socket, 'presence.watch', { userIds: [a.id] });
    expect(watch).toMatchObject({ ok: true, presence: [{ userId: a.id, connected: true }] });
    const seenByB = signalsFrom(asB.live, a);
    // Before the block typing crosses.
    expect(await ask(asA.live.socket, 'chat.typing', { chatId, isTyping: true })).toMatchObject({
      ok: true,
    });
    await expect.poll(() => seenByB).toEqual(['typing true']);
    seenByB.length = 0;

    expect((await sendJson(asB.browser, 'POST', `/api/blocks/${a.id}`)).status).toBeLessThan(300);
    // The block ended the friendship: both streams say so (and their sockets stop watching).
    await asB.live.next('friendship.removed', (p) => p.userId === a.id);
    await asA.live.next('friendship.removed', (p) => p.userId === b.id);

    // A's socket, open since before the block: refused like a chat that does not exist.
    const missing = uuidv7();
    const clientId = uuidv7();
    const sent = await asA.send(chatId, 'are you there?', clientId);
    expect(sent).toEqual(await asA.send(missing, 'are you there?', clientId));
    expect(sent).toMatchObject({ ok: false, error: 'NOT_FOUND', final: true });
    const typing = await ask(asA.live.socket, 'chat.typing', { chatId, isTyping: true });
    expect(typing).toEqual(
      await ask(asA.live.socket, 'chat.typing', { chatId: missing, isTyping: true }),
    );
    expect(typing).toEqual({ ok: false, error: 'NOT_FOUND' });
    // A is active, leaves, and comes back on another device: B hears none of it.
    await ask(asA.live.socket, 'presence.ping', { at: Date.now(), visible: true });
    asA.live.socket.disconnect();
    await sleep(100);
    const again = listen(world.server.baseUrl, asA.browser.cookieHeader());
    open.push(again);
    await again.ready();
    await ask(again.socket, 'presence.ping', { at: Date.now(), visible: true });
    await sleep(300);
    expect(seenByB).toEqual([]);
    // Watching A again shows nothing; nothing was stored in the chat after the block.
    expect(await ask(asB.live.socket, 'presence.watch', { userIds: [a.id] })).toEqual({
      ok: true,
      presence: [],
    });
    const stored = await world.db
      .selectFrom('messages')
      .select('id')
      .where('chatId', '=', chatId)
      .execute();
    expect(stored).toEqual([]);
  });

  // A block between two people who may message because they matched (not friends) ends the
  // match (`match.ended` to both), and its handler takes each socket out of the other's
  // presence room, as `friendship.removed` does for former friends.
  it('after B blocks a match A, B’s socket hears no presence of A', async () => {
    const [a, b] = await createPeople(world.db, ['Gia Match', 'Hal Match']);
    // An active match (what two likes make), written directly: they are not friends.
    await sql`insert into matches (id, user_low, user_high, status)
      values (${uuidv7()}, ${Math.min(a!.seq, b!.seq)}, ${Math.max(a!.seq, b!.seq)}, 'active')`.execute(
      world.db,
    );
    const asA = await device(a!);
    const asB = await device(b!);
    const opened = await sendJson<ChatSummary>(asA.browser, 'POST', '/api/chats', {
      userId: b!.id,
    });
    expect(opened.body).toMatchObject({ isMatch: true, isFriend: false, canMessage: true });
    const watch = await ask(asB.live.socket, 'presence.watch', { userIds: [a!.id] });
    expect(watch).toMatchObject({ ok: true, presence: [{ userId: a!.id, connected: true }] });
    const seenByB = signalsFrom(asB.live, a!);

    expect((await sendJson(asB.browser, 'POST', `/api/blocks/${a!.id}`)).status).toBeLessThan(300);
    await sleep(300);
    const chats = await getJson<{ chats: ChatSummary[] }>(asA.browser, '/api/chats');
    expect(chats.body.chats).toEqual([]);
    asA.live.socket.disconnect();
    await sleep(300);
    expect(seenByB).toEqual([]);
  });
});
