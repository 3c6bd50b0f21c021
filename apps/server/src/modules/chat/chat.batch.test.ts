import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import type { ChatSummary, MessagePage } from '@heartline/domain';
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
import { createPrepared } from '../../db/prepared.ts';
import { createSendBatcher } from './chat.batch.ts';
import { createChatRepository } from './chat.repository.ts';
import type { NewMessage, SendOutcome } from './chat.sends.repository.ts';

const newMessage = (senderId: string, chatId: string, content: string): NewMessage => {
  const m = {
    id: uuidv7(),
    chatId,
    senderId,
    clientId: uuidv7(),
    content,
    createdAt: new Date().toISOString(),
    readAt: null,
  };
  return { ...m, payload: m };
};

const stored = (seq: number): SendOutcome => ({
  otherId: uuidv7(),
  viewerState: 'ACTIVE',
  targetState: 'ACTIVE',
  blockedByViewer: false,
  blockedByTarget: false,
  friends: true,
  matched: false,
  needsVerified: false,
  requiresMutual: true,
  seq,
  senderEventSeq: seq,
  otherEventSeq: seq,
});

/** A fake repository recording the batches it was given (contents of each). */
function recordingRepo(delayMs = 0) {
  const batches: string[][] = [];
  const pause = () => new Promise((r) => setTimeout(r, delayMs));
  return {
    batches,
    send: async (m: NewMessage) => {
      batches.push([m.content]);
      await pause();
      return stored(1);
    },
    sendMany: async (ms: readonly NewMessage[]) => {
      batches.push(ms.map((m) => m.content));
      await pause();
      return ms.map((_, i) => stored(i + 1));
    },
  };
}

describe('the send batcher (group commit)', () => {
  it('stores the sends that arrive together with one statement, each answered with its own outcome', async () => {
    const repo = recordingRepo();
    const batcher = createSendBatcher(repo);
    const outcomes = await Promise.all(
      ['a', 'b', 'c'].map((c) => batcher.submit(newMessage(uuidv7(), uuidv7(), c))),
    );
    expect(repo.batches).toEqual([['a', 'b', 'c']]);
    expect(outcomes.map((o) => o?.seq)).toEqual([1, 2, 3]);
    // Alone, a send takes the one-send statement.
    await batcher.submit(newMessage(uuidv7(), uuidv7(), 'd'));
    expect(repo.batches[1]).toEqual(['d']);
  });

  it('a batch that fails as a whole is sent one by one: only the bad send fails', async () => {
    const batcher = createSendBatcher({
      send: async (m) => {
        if (m.content === 'bad') throw new Error('unique violation');
        return stored(1);
      },
      sendMany: async () => {
        throw new Error('unique violation');
      },
    });
    const results = await Promise.allSettled(
      ['ok1', 'bad', 'ok2'].map((c) => batcher.submit(newMessage(uuidv7(), uuidv7(), c))),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('never puts a client id in a batch with its original: the retry waits for it', async () => {
    const repo = recordingRepo();
    const batcher = createSendBatcher(repo);
    const original = newMessage(uuidv7(), uuidv7(), 'original');
    await Promise.all([
      batcher.submit(original),
      batcher.submit({ ...original, id: uuidv7(), content: 'retry' }),
      batcher.submit(newMessage(uuidv7(), uuidv7(), 'other')),
    ]);
    expect(repo.batches).toEqual([['original', 'other'], ['retry']]);
  });

  it('gathers the sends that arrive while a batch is committed into the next ones', async () => {
    const repo = recordingRepo(20);
    const batcher = createSendBatcher(repo, { maxBatch: 4, windowMs: 0, maxInFlight: 1 });
    const first = batcher.submit(newMessage(uuidv7(), uuidv7(), 'first'));
    await new Promise((r) => setImmediate(r));
    const rest = Array.from({ length: 6 }, (_, i) =>
      batcher.submit(newMessage(uuidv7(), uuidv7(), `m${i}`)),
    );
    await Promise.all([first, ...rest]);
    expect(repo.batches.map((b) => b.length)).toEqual([1, 4, 2]);
  });
});

const world = useTestServer();
const connect = liveSockets(() => world.server.baseUrl);

async function chatOf(a: Person, b: Person) {
  const browser = await browserFor(world.server, a);
  const opened = await sendJson<ChatSummary>(browser, 'POST', '/api/chats', { userId: b.id });
  return { browser, chatId: opened.body.id };
}

describe(`group-committed sends on the database (${dbKind})`, () => {
  it('one statement: a blocked send is refused alone, the others commit with consecutive seqs and events', async () => {
    const [a, b, c, d] = await createPeople(world.db, [
      'Al Batch',
      'Bo Batch',
      'Cy Batch',
      'Do Batch',
    ]);
    await befriend(world.server.graph, [
      [a!, b!],
      [c!, d!],
    ]);
    const ab = await chatOf(a!, b!);
    const cd = await chatOf(c!, d!);
    await sendJson(cd.browser, 'POST', `/api/blocks/${d!.id}`);
    const repo = createChatRepository(world.db, createPrepared(world.db, undefined).run);
    const earlier = newMessage(a!.id, ab.chatId, 'stored before');
    expect((await repo.send(earlier))?.seq).toBe(1);

    const outcomes = await repo.sendMany([
      newMessage(a!.id, ab.chatId, 'a1'),
      newMessage(c!.id, cd.chatId, 'blocked'),
      newMessage(b!.id, ab.chatId, 'b1'),
      { ...earlier, id: uuidv7() }, // a retry of a stored client id
      newMessage(a!.id, ab.chatId, 'a2'),
      newMessage(b!.id, uuidv7(), 'no such chat'),
    ]);
    expect(outcomes.map((o) => o?.seq ?? null)).toEqual([2, null, 3, null, 4, null]);
    expect(outcomes[1]).toMatchObject({ blockedByViewer: true });
    expect(outcomes[3]).toMatchObject({ friends: true, blockedByViewer: false });
    expect(outcomes[5]).toBeUndefined();
    // Each member's stream numbered on without a gap, in the batch's order.
    const [a1, , b1, , a2] = outcomes;
    const ofA = [a1!.senderEventSeq!, b1!.otherEventSeq!, a2!.senderEventSeq!];
    const ofB = [a1!.otherEventSeq!, b1!.senderEventSeq!, a2!.otherEventSeq!];
    expect(ofA).toEqual([ofA[0]!, ofA[0]! + 1, ofA[0]! + 2]);
    expect(ofB).toEqual([ofB[0]!, ofB[0]! + 1, ofB[0]! + 2]);
    const page = await getJson<MessagePage>(ab.browser, `/api/chats/${ab.chatId}/messages`);
    expect(page.body.messages.map((m) => [m.seq, m.content])).toEqual([
      [1, 'stored before'],
      [2, 'a1'],
      [3, 'b1'],
      [4, 'a2'],
    ]);
    const events = await world.db
      .selectFrom('events')
      .select(['stream', 'seq', 'payload'])
      .where('stream', 'in', [`user:${a!.id}`, `user:${b!.id}`])
      .where('type', '=', 'message.created')
      .orderBy('id')
      .execute();
    const seqsOf = (stream: string) =>
      events.filter((e) => e.stream === stream).map((e) => Number(e.seq));
    expect(seqsOf(`user:${a!.id}`).slice(1)).toEqual(ofA);
    expect(seqsOf(`user:${b!.id}`).slice(1)).toEqual(ofB);
    expect(events.map((e) => (e.payload as { message: { seq: number } }).message.seq)).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4,
    ]);
    expect((await getJson(cd.browser, `/api/chats/${cd.chatId}/messages`)).status).toBe(404);
  });

  it('one statement: each refusal the one-send statement makes is made alone inside a batch', async () => {
    const [a, b, c, d, e, f, g] = await createPeople(world.db, [
      'Ann Refused',
      'Ben Refused',
      'Cat Refused',
      'Dan Refused',
      'Eve Refused',
      'Fin Refused',
      'Gus Refused',
    ]);
    await befriend(world.server.graph, [
      [a!, b!],
      [c!, d!],
      [e!, f!],
      [a!, g!],
    ]);
    const ab = await chatOf(a!, b!);
    const cd = await chatOf(c!, d!);
    const ef = await chatOf(e!, f!);
    const ag = await chatOf(a!, g!);
    // Dan blocked Cat; Eve and Fin are no longer friends; Gus takes messages only from verified
    // accounts (test people have no OpenID identity).
    await sendJson(await browserFor(world.server, d!), 'POST', `/api/blocks/${c!.id}`);
    await sendJson(ef.browser, 'POST', `/api/connections/${f!.id}/disconnect`);
    const asGus = await browserFor(world.server, g!);
    await sendJson(asGus, 'PATCH', '/api/me/settings', { safety: { blockUnverified: true } });
    const repo = createChatRepository(world.db, createPrepared(world.db, undefined).run);

    const outcomes = await repo.sendMany([
      newMessage(a!.id, ab.chatId, 'ok'),
      newMessage(c!.id, ab.chatId, 'not a member'),
      newMessage(c!.id, cd.chatId, 'blocked by the other'),
      newMessage(e!.id, ef.chatId, 'former friend'),
      newMessage(a!.id, ag.chatId, 'needs verified'),
      newMessage(b!.id, ab.chatId, 'ok too'),
    ]);
    expect(outcomes.map((o) => o?.seq ?? null)).toEqual([1, null, null, null, null, 2]);
    expect(outcomes[1]).toBeUndefined();
    expect(outcomes[2]).toMatchObject({ blockedByTarget: true, seq: null });
    expect(outcomes[3]).toMatchObject({ friends: false, matched: false, seq: null });
    expect(outcomes[4]).toMatchObject({ needsVerified: true, seq: null });
    for (const chatId of [cd.chatId, ef.chatId, ag.chatId]) {
      const rows = await world.db
        .selectFrom('messages')
        .select('id')
        .where('chatId', '=', chatId)
        .execute();
      expect(rows).toEqual([]);
    }
  });

  it('many sockets of both members sending at once, retries racing their originals: gapless, each client id once, pushed in order', async () => {
    const [a, b] = await createPeople(world.db, ['Eli Burst', 'Fay Burst']);
    await befriend(world.server.graph, [[a!, b!]]);
    const { browser, chatId } = await chatOf(a!, b!);
    const socketsOf = async (p: Person, n: number) => {
      const own = await browserFor(world.server, p);
      return Promise.all(Array.from({ length: n }, () => connect(own.cookieHeader())));
    };
    const [ofA, ofB] = await Promise.all([socketsOf(a!, 4), socketsOf(b!, 4)]);
    const sends: ReturnType<typeof ask<'message.send'>>[] = [];
    const clientIds: string[] = [];
    for (let round = 0; round < 5; round++) {
      for (const [i, live] of [...ofA, ...ofB].entries()) {
        const clientId = uuidv7();
        clientIds.push(clientId);
        const input = { chatId, clientId, content: `m${round}-${i}` };
        sends.push(ask(live.socket, 'message.send', input));
        // Every other send is retried at once from the sender's next socket (same client id).
        if (i % 2 === 0) {
          const twin = (i < 4 ? ofA : ofB)[(i + 1) % 4]!;
          sends.push(ask(twin.socket, 'message.send', input));
        }
      }
    }
    const acks = await Promise.all(sends);
    expect(acks.every((x) => x.ok)).toBe(true);
    const page = await getJson<MessagePage>(browser, `/api/chats/${chatId}/messages`);
    expect(page.body.messages.map((m) => m.seq)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(new Set(page.body.messages.map((m) => m.clientId))).toEqual(new Set(clientIds));
    // A retry answers the original message.
    const byClientId = new Map(page.body.messages.map((m) => [m.clientId, m.id]));
    for (const ack of acks) {
      if (ack.ok) expect(byClientId.get(ack.message.clientId)).toBe(ack.message.id);
    }
    // Every socket of B applies all 40 in order, once (its cursor drops what came twice).
    for (const live of ofB) {
      const seqs = () =>
        live.applied.flatMap((e) => (e.type === 'message.created' ? [e.payload.message.seq] : []));
      for (let waited = 0; seqs().length < 40 && waited < 5000; waited += 20) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(seqs()).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    }
  });
});
