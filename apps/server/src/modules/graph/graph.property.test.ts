import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trustScore } from '@heartline/domain';
import { dbKind, useTestServer, withDatabaseUrl } from '../../../test/harness.ts';
import { createSessionsService } from '../auth/sessions.service.ts';
import { befriend, createPeople, type Person } from '../../../test/network-fixtures.ts';
import { compareKeys, GraphTraversal, type Degree, type RankKey } from './graph.traversal.ts';
import { ENGINE } from './graph.engine.ts';

/**
 * Random friendship adds, removes, blocks, unblocks, privacy flips, account deletions and
 * suspensions beginning and ending on random small graphs, through the real write paths; after every sequence each user's degrees,
 * mutual counts, connectors, ranked pages (both 3rd-degree strategies) and stored trust figures
 * must equal a brute-force computation — the pages listing only people reached through
 * connectors who show in paths, the counts and trust covering everyone.
 */

const world = useTestServer(withDatabaseUrl);

type Op =
  | { kind: 'add' | 'remove' | 'block' | 'unblock'; a: number; b: number }
  | { kind: 'hide' | 'show' | 'delete' | 'restrict' | 'lift'; a: number };

const NAMES = ['Ann', 'ann', 'Bo', 'Cy', 'Di', 'Ed'];

const opArb = (n: number): fc.Arbitrary<Op> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('add' as const),
        a: fc.nat(n - 1),
        b: fc.nat(n - 1),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('remove' as const),
        a: fc.nat(n - 1),
        b: fc.nat(n - 1),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('block' as const),
        a: fc.nat(n - 1),
        b: fc.nat(n - 1),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('unblock' as const),
        a: fc.nat(n - 1),
        b: fc.nat(n - 1),
      }),
    },
    {
      // Often enough that people reached only through connectors who hide come up.
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constantFrom('hide' as const, 'show' as const),
        a: fc.nat(n - 1),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), a: fc.nat(n - 1) }) },
    {
      // A suspension begins or ends (a ban is the same to the graph).
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constantFrom('restrict' as const, 'lift' as const),
        a: fc.nat(n - 1),
      }),
    },
  );

/** The model: the same rules, computed the obvious way. */
class Model {
  edges = new Set<string>();
  blocks = new Set<string>();
  hidden = new Set<number>();
  deleted = new Set<number>();
  /** Suspended: their friendships stay stored but count for nobody. */
  restricted = new Set<number>();
  constructor(readonly people: Person[]) {}
  key = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);
  friends(i: number): Set<number> {
    const out = new Set<number>();
    for (const e of this.edges) {
      const [x, y] = e.split('-').map(Number) as [number, number];
      if (this.restricted.has(x) || this.restricted.has(y)) continue;
      if (x === i) out.add(y);
      if (y === i) out.add(x);
    }
    return out;
  }
  blockedWith(i: number, j: number) {
    return this.blocks.has(`${i}>${j}`) || this.blocks.has(`${j}>${i}`);
  }
  alive = () => this.people.map((_, i) => i).filter((i) => !this.deleted.has(i));
  second(i: number): Set<number> {
    const n1 = this.friends(i);
    const out = new Set<number>();
    for (const f of n1)
      for (const y of this.friends(f)) {
        if (y !== i && !n1.has(y) && !this.blockedWith(i, y)) out.add(y);
      }
    return out;
  }
  third(i: number): Set<number> {
    const n1 = this.friends(i);
    const n2 = this.second(i);
    const out = new Set<number>();
    for (const y of n2)
      for (const z of this.friends(y)) {
        if (z !== i && !n1.has(z) && !n2.has(z) && !this.blockedWith(i, z)) out.add(z);
      }
    return out;
  }
  trust(i: number) {
    return trustScore(this.friends(i).size, this.second(i).size);
  }
  /** Path privacy: 2nd degree y is listed when a friend in common shows in paths. */
  listedSecond(i: number, y: number): boolean {
    const n1 = this.friends(i);
    return [...this.friends(y)].some((f) => n1.has(f) && !this.hidden.has(f));
  }
  /** 3rd degree z is listed when a path i - a - b - z has a and b both showing in paths. */
  listedThird(i: number, z: number): boolean {
    const n2 = this.second(i);
    return [...this.friends(z)].some(
      (b) => n2.has(b) && !this.hidden.has(b) && this.listedSecond(i, b),
    );
  }
}

async function apply(model: Model, op: Op, sessions: Map<number, string>): Promise<void> {
  const p = model.people;
  const inject = async (
    method: 'POST' | 'DELETE' | 'PUT',
    i: number,
    url: string,
    body?: unknown,
  ) =>
    world.server.app.inject({
      method,
      url,
      headers: { cookie: `hl_session=${sessions.get(i)!}`, origin: world.server.baseUrl },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  if (model.deleted.has(op.a) || ('b' in op && model.deleted.has(op.b))) return;
  // What a restricted person's own requests and others' requests about them answer is the
  // interaction rule's test (access.rule.test.ts); here only the graph's figures matter.
  const restricted = (i: number) => model.restricted.has(i);
  if (op.kind !== 'restrict' && op.kind !== 'lift' && op.kind !== 'delete') {
    if (restricted(op.a) || ('b' in op && restricted(op.b))) return;
  }
  switch (op.kind) {
    case 'restrict':
      if (restricted(op.a)) return;
      await world.server.moderation.act({
        staffId: null,
        userId: p[op.a]!.id,
        action: { kind: 'suspend', days: 7 },
        reason: 'spam',
        message: '',
      });
      model.restricted.add(op.a);
      return;
    case 'lift':
      if (!restricted(op.a)) return;
      await world.server.moderation.liftRestriction({
        staffId: null,
        userId: p[op.a]!.id,
        reason: 'other',
        message: '',
      });
      model.restricted.delete(op.a);
      return;
    case 'add':
      if (op.a === op.b || model.blockedWith(op.a, op.b)) return;
      await befriend(world.server.graph, [[p[op.a]!, p[op.b]!]]);
      model.edges.add(model.key(op.a, op.b));
      return;
    case 'remove': {
      const res = await inject('POST', op.a, `/api/connections/${p[op.b]!.id}/disconnect`);
      const had = model.edges.delete(model.key(op.a, op.b));
      expect(res.statusCode).toBe(op.a === op.b ? 400 : had ? 200 : 404);
      return;
    }
    case 'block': {
      const res = await inject('POST', op.a, `/api/blocks/${p[op.b]!.id}`);
      // Someone who blocked you does not exist for you: blocking them back answers 404.
      const hidden = model.blocks.has(`${op.b}>${op.a}`);
      expect(res.statusCode).toBe(op.a === op.b ? 400 : hidden ? 404 : 200);
      if (op.a !== op.b && !hidden) {
        model.blocks.add(`${op.a}>${op.b}`);
        model.edges.delete(model.key(op.a, op.b));
      }
      return;
    }
    case 'unblock': {
      const res = await inject('DELETE', op.a, `/api/blocks/${p[op.b]!.id}`);
      const hidden = model.blocks.has(`${op.b}>${op.a}`);
      expect(res.statusCode).toBe(op.a === op.b ? 400 : hidden ? 404 : 200);
      if (!hidden) model.blocks.delete(`${op.a}>${op.b}`);
      return;
    }
    case 'hide':
    case 'show': {
      const res = await inject('PUT', op.a, '/api/me/privacy', { showInPaths: op.kind === 'show' });
      expect(res.statusCode).toBe(200);
      if (op.kind === 'hide') model.hidden.add(op.a);
      else model.hidden.delete(op.a);
      return;
    }
    case 'delete':
      await world.server.graph.deleteAccount(p[op.a]!.seq);
      model.deleted.add(op.a);
      model.restricted.delete(op.a);
      for (const e of [...model.edges]) {
        const [x, y] = e.split('-').map(Number);
        if (x === op.a || y === op.a) model.edges.delete(e);
      }
      for (const b of [...model.blocks])
        if (b.split('>').map(Number).includes(op.a)) model.blocks.delete(b);
      return;
  }
}

async function check(model: Model): Promise<void> {
  const graph = world.server.graph;
  const { index } = graph[ENGINE];
  const seqOf = (i: number) => model.people[i]!.seq;
  const alive = model.alive();
  const bySeq = new Map(alive.map((i) => [seqOf(i), i]));
  const stored = await world.db
    .selectFrom('users')
    .select(['seq', 'trustScore', 'friendCount', 'secondDegreeCount'])
    .where(
      'seq',
      'in',
      alive.map((i) => seqOf(i)),
    )
    .execute();
  const storedBySeq = new Map(stored.map((r) => [Number(r.seq), r]));
  const full = new GraphTraversal(index, {
    fullThirdBudget: Infinity,
    fullSecondBudget: Infinity,
  });
  const scan = new GraphTraversal(index, { fullThirdBudget: 0, fullSecondBudget: 0 });

  for (const i of alive) {
    const v = seqOf(i);
    const n1 = model.friends(i);
    const n2 = model.second(i);
    const n3 = model.third(i);
    expect(index.degree(v)).toBe(n1.size);
    expect(index.secondOf(v)).toBe(n2.size);
    expect(index.trust(v)).toBe(model.trust(i));
    expect(storedBySeq.get(v)).toMatchObject({
      trustScore: model.trust(i),
      friendCount: n1.size,
      secondDegreeCount: n2.size,
    });
    // The developer page's plain-SQL count agrees too (it shares no code with the index).
    const verified = await world.server.trust.verify(v);
    expect(verified.independent.secondDegreeCount).toBe(n2.size);
    expect(verified.matches).toBe(true);

    full.collectSecond(v);
    for (const j of alive) {
      // A user the index never saw in a change (no friends ever) is simply not in it.
      if (j === i && !index.knows(v)) continue;
      const level = full.level(seqOf(j));
      const expected = j === i ? 0 : n1.has(j) ? 1 : n2.has(j) ? 2 : -1;
      if (expected >= 0 || level !== 3) expect(level === 3 ? -1 : level).toBe(expected);
    }
    for (const y of n2) {
      const mutual = [...n1].filter((f) => model.friends(y).has(f));
      expect(full.mutualCount(seqOf(y))).toBe(mutual.length);
      const via = bySeq.get(full.connectorOf(seqOf(y)))!;
      expect(mutual).toContain(via);
      if (mutual.some((f) => !model.hidden.has(f))) expect(model.hidden.has(via)).toBe(false);
    }

    // The capped 3rd-degree count, walked and counted outwards (the large-network way).
    for (const traversal of [full, scan]) {
      expect(traversal.thirdCount(v, 1000)).toBe(n3.size);
      expect(traversal.thirdCount(v, 1)).toBe(Math.min(1, n3.size));
    }

    // locate agrees with the model from both ends, and on who is listed.
    const listed = (j: number, degree: Degree) =>
      degree === 1 || (degree === 2 ? model.listedSecond(i, j) : model.listedThird(i, j));
    for (const j of alive) {
      const found = full.locate(v, seqOf(j));
      const expected = j === i ? 0 : n1.has(j) ? 1 : n2.has(j) ? 2 : n3.has(j) ? 3 : null;
      expect(found?.degree ?? null).toBe(expected);
      if (found && expected) expect(found.listed).toBe(listed(j, expected));
      // A listed person's path names only connectors who show.
      if (found?.listed) {
        for (const hop of found.path.slice(1, -1)) {
          expect(model.hidden.has(bySeq.get(hop)!)).toBe(false);
        }
      }
    }

    // Ranked pages: the same order from the model, through cursors of 2, for both strategies.
    const rankKey = (j: number, degree: Degree): RankKey => ({
      fav: false,
      trust: model.trust(j),
      degree,
      name: model.people[j]!.name.toLowerCase(),
      seq: seqOf(j),
    });
    const byDegree = { 1: n1, 2: n2, 3: n3 };
    // Every tab's degree set; the 2nd degree alone is where the trust-order scan applies.
    const tabs: Degree[][] = [[1, 2, 3], [2], [1, 2]];
    for (const [traversal, degrees] of [full, scan].flatMap((t) =>
      tabs.map((d) => [t, d] as const),
    )) {
      const expected = degrees
        .flatMap((d) => [...byDegree[d]].filter((j) => listed(j, d)).map((j) => rankKey(j, d)))
        .sort(compareKeys);
      const got: number[] = [];
      let after: RankKey | null = null;
      for (let page = 0; page < 20; page++) {
        const rows = traversal.rank({
          viewer: v,
          degrees,
          favorites: new Set(),
          onlyFavorites: false,
          after,
          limit: 2,
          search: '',
        });
        got.push(...rows.slice(0, 2).map((r) => r.seq));
        for (const r of rows.slice(0, 2)) {
          if (r.degree === 2) {
            // The row's connector: a friend in common who shows in paths.
            const y = bySeq.get(r.seq)!;
            const mutual = [...n1].filter((f) => model.friends(y).has(f));
            expect(r.mutual).toBe(mutual.length);
            expect(mutual).toContain(bySeq.get(r.via));
            expect(model.hidden.has(bySeq.get(r.via)!)).toBe(false);
          }
          if (r.degree === 3) {
            const b = bySeq.get(r.via2)!;
            const a = bySeq.get(r.via)!;
            expect(n2.has(b) && model.friends(b).has(bySeq.get(r.seq)!)).toBe(true);
            expect(n1.has(a) && model.friends(a).has(b)).toBe(true);
            expect(model.hidden.has(a) || model.hidden.has(b)).toBe(false);
          }
        }
        if (rows.length <= 2) break;
        after = rows[1]!;
      }
      expect(got).toEqual(expected.map((k) => k.seq));
    }
  }
}

describe(`graph index and stored trust against brute force (${dbKind})`, () => {
  it('holds for random sequences of changes', async () => {
    const sessionsService = createSessionsService(world.db, {
      idleMs: 3_600_000,
      absoluteMs: 3_600_000,
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 9 }).chain((n) =>
          fc.record({
            n: fc.constant(n),
            names: fc.array(fc.constantFrom(...NAMES), { minLength: n, maxLength: n }),
            ops: fc.array(opArb(n), { minLength: 1, maxLength: 28 }),
          }),
        ),
        async ({ names, ops }) => {
          run++;
          const people = await createPeople(
            world.db,
            names.map((name, k) => (k % 2 ? name : `${name} ${run}`)),
          );
          const sessions = new Map<number, string>();
          for (const [i, person] of people.entries()) {
            sessions.set(i, (await sessionsService.create(person.id, 'vitest')).token);
          }
          const model = new Model(people);
          for (const op of ops) await apply(model, op, sessions);
          await check(model);
          // Built again from the database (a restart), the index holds the same figures.
          await world.server.graph.reload();
          const { index } = world.server.graph[ENGINE];
          for (const i of model.alive()) {
            const seq = people[i]!.seq;
            expect([index.degree(seq), index.secondOf(seq)]).toEqual([
              model.friends(i).size,
              model.second(i).size,
            ]);
          }
        },
      ),
      {
        numRuns: dbKind === 'postgres' ? 40 : 100,
        seed: Number(process.env.GRAPH_PROPERTY_SEED ?? 20240214),
      },
    );
  }, 240_000);
});
