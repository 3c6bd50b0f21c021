// Group commit under real concurrency (PostgreSQL): two batchers as two instances, one-send
// statements, same-id retries through the other instance and outbox appends, all on the same
// chats and streams. Seqs stay gapless, each client id is stored once, streams stay in order.
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import type { ChatSummary } from '@heartline/domain';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import {
  befriend,
  browserFor,
  createPeople,
  sendJson,
  type Person,
} from '../../../test/network-fixtures.ts';
import { createPrepared } from '../../db/prepared.ts';
import { createEventsRepository } from '../events/events.repository.ts';
import { createSendBatcher } from './chat.batch.ts';
import { createChatRepository } from './chat.repository.ts';
import type { NewMessage } from './chat.sends.repository.ts';

const world = useTestServer();

const msg = (senderId: string, chatId: string, clientId = uuidv7()): NewMessage => {
  const m = {
    id: uuidv7(),
    chatId,
    senderId,
    clientId,
    content: `c-${clientId.slice(-6)}`,
    createdAt: new Date().toISOString(),
    readAt: null,
  };
  return { ...m, payload: m };
};

describe.runIf(dbKind === 'postgres')('group commit under concurrency', () => {
  it('two "instances", singles, retries across instances and outbox appends on shared streams', async () => {
    const people = await createPeople(world.db, ['Rv A', 'Rv B', 'Rv C', 'Rv D']);
    const pairs: [Person, Person][] = [];
    for (let i = 0; i < people.length; i++)
      for (let j = i + 1; j < people.length; j++) pairs.push([people[i]!, people[j]!]);
    await befriend(world.server.graph, pairs);
    const chats: { id: string; members: [Person, Person] }[] = [];
    for (const [a, b] of pairs) {
      const br = await browserFor(world.server, a);
      const opened = await sendJson<ChatSummary>(br, 'POST', '/api/chats', { userId: b.id });
      chats.push({ id: opened.body.id, members: [a, b] });
    }
    const failures: string[] = [];
    const mkRepo = () => {
      const repo = createChatRepository(world.db, createPrepared(world.db, undefined).run);
      return {
        send: (m: NewMessage) => repo.send(m),
        sendMany: async (ms: readonly NewMessage[]) => {
          try {
            return await repo.sendMany(ms);
          } catch (err) {
            failures.push(String((err as { code?: string }).code ?? err));
            throw err;
          }
        },
      };
    };
    const inst1 = createSendBatcher(mkRepo());
    const inst2 = createSendBatcher(mkRepo());
    const single = createChatRepository(world.db, createPrepared(world.db, undefined).run);
    const events = createEventsRepository(world.db);

    const clientIds = new Set<string>();
    const work: Promise<unknown>[] = [];
    let rng = 42;
    const rand = (n: number) => {
      rng = (rng * 1103515245 + 12345) & 0x7fffffff;
      return rng % n;
    };
    for (let round = 0; round < 25; round++) {
      for (let k = 0; k < 16; k++) {
        const chat = chats[rand(chats.length)]!;
        const sender = chat.members[rand(2)]!;
        const m = msg(sender.id, chat.id);
        clientIds.add(m.clientId);
        const r = rand(10);
        if (r < 4) work.push(inst1.submit(m));
        else if (r < 8) work.push(inst2.submit(m));
        else work.push(single.send(m));
        // A retry on the other "instance" at once (same client id, new message id).
        if (rand(4) === 0) work.push((r < 4 ? inst2 : inst1).submit({ ...m, id: uuidv7() }));
      }
      // Other writers on the same user streams (like chat.receipt through transact).
      const p = people[rand(people.length)]!;
      work.push(
        world.db.transaction().execute((trx) =>
          events.append(trx, [
            {
              stream: `user:${p.id}`,
              type: 'chat.updated',
              actorId: null,
              payload: { chatId: chats[0]!.id },
            },
          ]),
        ),
      );
      await new Promise((r) => setImmediate(r));
    }
    const settled = await Promise.allSettled(work);
    const rejected = settled.filter((s) => s.status === 'rejected');
    // A batch fails as a whole only when a retry's original was stored meanwhile elsewhere.
    expect(failures.filter((code) => code !== '23505')).toEqual([]);
    expect(rejected.map((r) => String(r.reason))).toEqual([]);

    for (const chat of chats) {
      const rows = await world.db
        .selectFrom('messages')
        .select(['seq', 'clientId'])
        .where('chatId', '=', chat.id)
        .orderBy('seq')
        .execute();
      expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
    }
    const stored = await world.db
      .selectFrom('messages')
      .select('clientId')
      .where('clientId', 'is not', null)
      .execute();
    expect(stored.length).toBe(clientIds.size);
    for (const p of people) {
      const evs = await world.db
        .selectFrom('events')
        .select(['id', 'seq'])
        .where('stream', '=', `user:${p.id}`)
        .orderBy('id')
        .execute();
      const seqs = evs.map((e) => Number(e.seq));
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
  });
});
