import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkSummary } from '@heartline/domain';
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
  type Person,
} from '../../../test/network-fixtures.ts';
import { ENGINE } from './graph.engine.ts';

/**
 * Two server instances on one database: each keeps its own graph index, and a change written
 * through either one reaches the other — over Redis when configured (TEST_REDIS_URL), and in
 * any case through the outbox, which also fills the gap a lost message leaves.
 */
let tdb: TestDatabase;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  const env: Record<string, string> = redisUrl
    ? { REDIS_URL: redisUrl, REDIS_PREFIX: `hltest:${randomBytes(4).toString('hex')}:` }
    : {};
  a = await startTestServer(tdb.db, env);
  b = await startTestServer(tdb.db, env);
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await tdb?.drop();
});

async function until(check: () => boolean, ms = 6000): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - started;
}

/** A change committed with its outbox row but never announced: a lost message. */
async function writeSilently(x: Person, y: Person) {
  await tdb.db.transaction().execute(async (trx) => {
    await a.graph[ENGINE].repo.lock(trx);
    await a.graph[ENGINE].repo.insertFriendship(trx, x.seq, y.seq);
    await a.graph[ENGINE].repo.recordChange(trx, 'add', x.seq, y.seq);
  });
}

describe(`graph changes reach every instance (${dbKind}, ${redisUrl ? 'redis' : 'outbox poll'})`, () => {
  it('applies a change written on one instance on the other', async () => {
    const [x, y, z] = await createPeople(tdb.db, ['Xena Sync', 'Yuri Sync', 'Zoe Sync']);
    const receivedBefore = b.graph[ENGINE].sync.stats.received;
    await befriend(a.graph, [
      [x!, y!],
      [y!, z!],
    ]);
    const waited = await until(() => b.graph[ENGINE].index.hasEdge(y!.seq, z!.seq));
    if (redisUrl) {
      expect(b.graph[ENGINE].sync.stats.received).toBeGreaterThan(receivedBefore);
      expect(waited).toBeLessThan(1500);
    }
    // Both indexes rank with the same trust; only the writer stored it, once.
    expect(b.graph[ENGINE].index.trust(x!.seq)).toBe(11);
    expect(a.graph[ENGINE].index.trust(x!.seq)).toBe(11);
    const viaB = await getJson<NetworkSummary>(await browserFor(b, x!), '/api/network/summary');
    expect(viaB.body).toMatchObject({
      trustScore: 11,
      counts: { first: 1 },
      calculation: { secondDegreeCount: 1 },
    });

    // The other direction: written on b, read on a.
    const friends = await createPeople(tdb.db, ['Sync Friend']);
    await befriend(b.graph, [[x!, friends[0]!]]);
    await until(() => a.graph[ENGINE].index.hasEdge(x!.seq, friends[0]!.seq));
    expect(a.graph[ENGINE].index.trust(x!.seq)).toBe(21);
  });

  it.skipIf(!redisUrl)(
    'drops the summary counts kept on the other instance when a favorite changes',
    async () => {
      const [fay, gus] = await createPeople(tdb.db, ['Fay Count', 'Gus Count']);
      await befriend(a.graph, [[fay!, gus!]]);
      await until(() => b.graph[ENGINE].index.hasEdge(fay!.seq, gus!.seq));
      const onA = await browserFor(a, fay!);
      const onB = await browserFor(b, fay!);
      const favoritesOnB = async () =>
        (await getJson<NetworkSummary>(onB, '/api/network/summary')).body.counts.favorites;
      // B reads (and keeps) Fay's counts; the favorite is added through A.
      expect(await favoritesOnB()).toBe(0);
      const added = await onA.request(`/api/favorites/${gus!.id}`, { method: 'POST' });
      expect(added.status).toBe(200);
      let seen = 0;
      for (let i = 0; i < 50 && seen !== 1; i++) {
        seen = await favoritesOnB();
        if (seen !== 1) await new Promise((r) => setTimeout(r, 20));
      }
      expect(seen).toBe(1);
    },
  );

  it('fills the gap a lost message leaves, in order', async () => {
    const [p, q, r] = await createPeople(tdb.db, ['Pia Sync', 'Quin Sync', 'Rex Sync']);
    await writeSilently(p!, q!);
    // The next change is announced; b sees its number jump and reads the missing one first.
    await befriend(a.graph, [[q!, r!]]);
    await until(() => b.graph[ENGINE].index.hasEdge(q!.seq, r!.seq));
    expect(b.graph[ENGINE].index.hasEdge(p!.seq, q!.seq)).toBe(true);
    expect(b.graph[ENGINE].index.version).toBe(a.graph[ENGINE].index.version);
    if (redisUrl) expect(b.graph[ENGINE].sync.stats.gaps).toBeGreaterThan(0);
    // a never applied its own silent write either; the announce path caught it up too.
    expect(a.graph[ENGINE].index.hasEdge(p!.seq, q!.seq)).toBe(true);
    expect(b.graph[ENGINE].index.secondOf(p!.seq)).toBe(1);
  });

  it('finds a lost message with nothing after it through the outbox poll', async () => {
    const [s, t] = await createPeople(tdb.db, ['Sia Sync', 'Tom Sync']);
    await writeSilently(s!, t!);
    const waitedB = await until(() => b.graph[ENGINE].index.hasEdge(s!.seq, t!.seq), 8000);
    const waitedA = await until(() => a.graph[ENGINE].index.hasEdge(s!.seq, t!.seq), 8000);
    // Found by the poll (no message announced it), and applied as a friendship on both.
    expect(Math.max(waitedA, waitedB)).toBeGreaterThan(0);
    expect(b.graph[ENGINE].index.degree(s!.seq)).toBe(1);
    expect(a.graph[ENGINE].index.trust(t!.seq)).toBe(10);
  });
});
