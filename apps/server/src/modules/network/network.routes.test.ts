import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type {
  BlockList,
  ConnectionPath,
  ConnectionsPage,
  ConnectionView,
  DiscoverPage,
  ErrorBody,
  FavoriteState,
  MyInvitation,
  NetworkPage,
  NetworkSummary,
  TrustReport,
  TrustVerification,
} from '@heartline/domain';
import { dbKind, useTestServer, withDatabaseUrl } from '../../../test/harness.ts';
import { TestBrowser } from '../../../test/http-client.ts';
import {
  befriend,
  browserFor,
  createPeople,
  getJson,
  sendJson,
  setDiscoverable,
  type Person,
} from '../../../test/network-fixtures.ts';

/**
 * The Network screen's API. One server and one database for the file; every test builds the
 * people and friendships it needs, so the tests are independent and run in any order.
 *
 * Most tests use `world()`, a small named world (names get a suffix unique to the test):
 *
 *   alice - bob - erin - grace - ivan          (erin is 2nd degree through bob and carol,
 *   alice - carol - erin                        grace 3rd, ivan 4th)
 *   alice - dave - frank - heidi                (frank 2nd through dave only, heidi 3rd)
 *   mallory, oscar: strangers
 */
const t = useTestServer(withDatabaseUrl);

const WORLD = [
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'grace',
  'heidi',
  'ivan',
  'mallory',
  'oscar',
] as const;
type WorldName = (typeof WORLD)[number];
type World = { p: Record<WorldName, Person>; as: Record<WorldName, TestBrowser> };

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
let batches = 0;

/**
 * New people keyed by `keys`, named `<Key> Net<n>` with an `n` no other call uses: ordering
 * and search by name never meet another test's people.
 */
async function people<K extends string>(keys: readonly K[]): Promise<Record<K, Person>> {
  const n = ++batches;
  const rows = await createPeople(
    t.db,
    keys.map((k) => `${cap(k)} Net${n}`),
  );
  return Object.fromEntries(keys.map((k, i) => [k, rows[i]!])) as Record<K, Person>;
}

/** A signed-in browser for each person. */
async function signIn<K extends string>(who: Record<K, Person>): Promise<Record<K, TestBrowser>> {
  const entries = await Promise.all(
    Object.entries<Person>(who).map(async ([k, person]) => [k, await browserFor(t.server, person)]),
  );
  return Object.fromEntries(entries) as Record<K, TestBrowser>;
}

/** Friendships along a line: chain(a, b, c) befriends a-b and b-c. */
async function chain(...line: Person[]): Promise<void> {
  await befriend(
    t.server.graph,
    line.slice(1).map((next, i): [Person, Person] => [line[i]!, next]),
  );
}

/**
 * The named world above, signed in. The index is then reloaded from the database, so every
 * test on it also covers the start-up load.
 */
async function world(): Promise<World> {
  const p = await people(WORLD);
  await chain(p.alice, p.bob, p.erin, p.grace, p.ivan);
  await chain(p.alice, p.carol, p.erin);
  await chain(p.alice, p.dave, p.frank, p.heidi);
  await t.server.graph.reload();
  return { p, as: await signIn(p) };
}

/** `count` new friends of `viewer` who know nobody else (4 lift alice's trust past 70). */
async function newFriends(viewer: Person, count: number): Promise<Person[]> {
  const extra = Object.values<Person>(
    await people(Array.from({ length: count }, (_, i) => `x${i + 1}`)),
  );
  await befriend(
    t.server.graph,
    extra.map((x): [Person, Person] => [viewer, x]),
  );
  return extra;
}

/** `by` blocks `whom` through the API. */
async function block(by: TestBrowser, whom: Person): Promise<void> {
  expect((await sendJson(by, 'POST', `/api/blocks/${whom.id}`)).status).toBe(200);
}

const tab = async (viewer: TestBrowser, name: string, extra = '') =>
  getJson<ConnectionsPage & ErrorBody>(viewer, `/api/network/connections?tab=${name}${extra}`);
const names = (items: ConnectionView[]) => items.map((i) => i.name);
/** The whole answer to a GET: status and body text, to compare two answers byte for byte. */
const answer = async (viewer: TestBrowser, path: string) => {
  const res = await viewer.request(path);
  return { status: res.status, body: await res.text() };
};

describe(`network API (${dbKind})`, () => {
  it('refuses every endpoint without a session', async () => {
    const { target } = await people(['target']);
    const b = new TestBrowser(t.server.baseUrl);
    const id = target.id;
    const calls: [string, string][] = [
      ['GET', '/api/network'],
      ['GET', '/api/network/summary'],
      ['GET', '/api/network/connections?tab=all'],
      ['GET', `/api/network/path/${id}`],
      ['GET', `/api/connections/user/${id}/count`],
      ['POST', `/api/favorites/${id}`],
      ['DELETE', `/api/favorites/${id}`],
      ['POST', `/api/favorites/${id}/toggle`],
      ['POST', `/api/connections/${id}/disconnect`],
      ['GET', '/api/blocks'],
      ['POST', `/api/blocks/${id}`],
      ['DELETE', `/api/blocks/${id}`],
      ['POST', '/api/reports'],
      ['GET', '/api/me/privacy'],
      ['PUT', '/api/me/privacy'],
      ['GET', '/api/trust/me'],
      ['POST', '/api/trust/recalculate'],
      ['GET', '/api/trust/verify'],
      ['GET', '/api/invitations/me'],
      ['GET', '/api/connection-requests'],
      ['POST', '/api/connection-requests'],
      ['POST', `/api/connection-requests/${id}/accept`],
      ['POST', `/api/connection-requests/${id}/reject`],
      ['POST', `/api/connection-requests/${id}/cancel`],
    ];
    for (const [method, path] of calls) {
      const res = await b.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('summarises counts, trust and unlocks', async () => {
    const { p, as } = await world();
    const { status, body } = await getJson<NetworkSummary>(as.alice, '/api/network/summary');
    expect(status).toBe(200);
    // alice: 3 friends, 2nd degree {erin, frank}: 32 points, 3rd tab locked.
    expect(body).toMatchObject({
      counts: { first: 3, second: 2, third: 0, favorites: 0, all: 5 },
      trustScore: 32,
      calculation: {
        firstDegreeCount: 3,
        secondDegreeCount: 2,
        firstDegreePoints: 30,
        secondDegreePoints: 2,
      },
      unlockedTabs: { firstDegree: true, secondDegree: true, thirdDegree: false },
      pendingRequests: 0,
    });
    const stored = await t.db
      .selectFrom('users')
      .select(['trustScore'])
      .where('id', '=', p.alice.id)
      .executeTakeFirstOrThrow();
    expect(stored.trustScore).toBe(32);
    const page = await getJson<NetworkPage>(as.alice, '/api/network?tab=second&limit=50');
    expect(page.body.summary.trustScore).toBe(32);
    expect(names(page.body.connections.items)).toEqual([p.erin.name, p.frank.name]);
  });

  it('ranks the 1st degree by trust and shows mutual friends', async () => {
    const { p, as } = await world();
    const { body } = await tab(as.alice, 'first');
    // bob, carol and dave all have 2 friends and 3 people in their 2nd degree (23): ties go by name.
    expect(names(body.items)).toEqual([p.bob.name, p.carol.name, p.dave.name]);
    expect(body.items[0]).toMatchObject({
      degree: 1,
      status: 'ACCEPTED',
      connectionType: 'FRIEND',
      id: p.bob.id,
      mutualConnections: 0,
    });
    expect(body.items[0]!.createdAt).toEqual(expect.any(String));
    expect(body.items.map((i) => i.trustScore)).toEqual([23, 23, 23]);
  });

  it('lists the 2nd degree with mutual counts and a connector', async () => {
    const { p, as } = await world();
    const { body } = await tab(as.alice, 'second');
    const erin = body.items.find((i) => i.userId === p.erin.id)!;
    expect(erin).toMatchObject({
      id: `2nd-degree-${p.erin.id}`,
      degree: 2,
      status: 'POTENTIAL',
      connectionType: 'FRIEND_OF_FRIEND',
      mutualConnections: 2,
    });
    expect([p.bob.id, p.carol.id]).toContain(erin.connectedThrough);
    expect([p.bob.name, p.carol.name]).toContain(erin.connectedThroughName);
    expect(erin.path).toBeUndefined();
  });

  it('closes locked tabs with what unlocks them', async () => {
    const { p, as } = await world();
    const third = await tab(as.alice, 'third');
    expect(third.status).toBe(403);
    expect(third.body.error.message).toBe(
      'The 3rd-degree tab unlocks at a trust score of 70 (yours is 32).',
    );
    const second = await tab(as.frank, 'second');
    expect(second.status).toBe(403);
    expect(second.body.error.message).toBe(
      'The 2nd-degree tab unlocks when you have 3 friends (you have 2).',
    );
    // frank's All tab holds only his friends.
    expect(names((await tab(as.frank, 'all')).body.items).sort()).toEqual([
      p.dave.name,
      p.heidi.name,
    ]);
  });

  it('pages with opaque cursors that never overlap', async () => {
    const { as } = await world();
    const all = (await tab(as.alice, 'all', '&limit=50')).body.items.map((i) => i.userId);
    expect(all).toHaveLength(5);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const page: { body: ConnectionsPage } = await tab(
        as.alice,
        'all',
        `&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.body.items.map((x) => x.userId));
      cursor = page.body.nextCursor;
      if (!cursor) break;
      expect(Buffer.from(cursor, 'base64url').toString()).not.toMatch(/"seq"/);
    }
    expect(seen).toEqual(all);
  });

  it('refuses bad list input with a clear 400 and never a 5xx', async () => {
    const { viewer } = await signIn(await people(['viewer']));
    for (const q of [
      'tab=everyone',
      'tab=all&limit=0',
      'tab=all&limit=51',
      'tab=all&limit=abc',
      'tab=all&cursor=!!!',
      `tab=all&cursor=${Buffer.from('[1,2]').toString('base64url')}`,
      `tab=all&q=${'x'.repeat(101)}`,
      '',
    ]) {
      const res = await getJson<ErrorBody>(viewer, `/api/network/connections?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error.message.length).toBeGreaterThan(3);
    }
  });

  it('searches by name inside the tab', async () => {
    const { p, as } = await world();
    const { body } = await tab(as.alice, 'all', '&q=ERIN');
    expect(names(body.items)).toEqual([p.erin.name]);
  });

  it('shows paths within the visible degrees only', async () => {
    const { p, as } = await world();
    const erin = await getJson<ConnectionPath>(as.alice, `/api/network/path/${p.erin.id}`);
    expect(erin.status).toBe(200);
    expect(erin.body.degree).toBe(2);
    expect(erin.body.mutualFriends.count).toBe(2);
    expect(erin.body.mutualFriends.shown.map((n) => n.name).sort()).toEqual([
      p.bob.name,
      p.carol.name,
    ]);
    // grace is 3rd degree but alice's 3rd tab is locked; ivan is 4th; mallory a stranger.
    for (const who of [p.grace, p.ivan, p.mallory]) {
      expect((await getJson(as.alice, `/api/network/path/${who.id}`)).status, who.name).toBe(404);
    }
    expect((await getJson(as.alice, '/api/network/path/not-a-uuid')).status).toBe(400);
    expect((await getJson(as.alice, `/api/network/path/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('answers connection counts for yourself and your visible network only', async () => {
    const { p, as } = await world();
    const count = (viewer: TestBrowser, of: Person) =>
      getJson<{ count: number }>(viewer, `/api/connections/user/${of.id}/count`);
    expect((await count(as.alice, p.alice)).body).toEqual({ count: 3 });
    expect((await count(as.alice, p.bob)).body).toEqual({ count: 2 });
    expect((await count(as.alice, p.erin)).body).toEqual({ count: 3 });
    expect((await count(as.alice, p.grace)).status).toBe(404);
    expect((await count(as.mallory, p.alice)).status).toBe(404);
  });

  it('favorites friends only, with the spec toggle', async () => {
    const { p, as } = await world();
    const notFriend = await sendJson<ErrorBody>(as.alice, 'POST', `/api/favorites/${p.erin.id}`);
    expect(notFriend.status).toBe(404);
    expect(notFriend.body.error.message).toBe('Connection not found');
    const add = await sendJson<FavoriteState>(as.alice, 'POST', `/api/favorites/${p.carol.id}`);
    expect(add.body).toEqual({ userId: p.carol.id, isFavorited: true });
    const first = await tab(as.alice, 'first');
    expect(first.body.items[0]).toMatchObject({ name: p.carol.name, isFavorited: true });
    expect(names((await tab(as.alice, 'favorites')).body.items)).toEqual([p.carol.name]);
    expect(
      (await getJson<NetworkSummary>(as.alice, '/api/network/summary')).body.counts.favorites,
    ).toBe(1);
    const toggled = await sendJson<FavoriteState>(
      as.alice,
      'POST',
      `/api/favorites/${p.carol.id}/toggle`,
    );
    expect(toggled.body.isFavorited).toBe(false);
    const again = await sendJson<FavoriteState>(
      as.alice,
      'POST',
      `/api/favorites/${p.carol.id}/toggle`,
    );
    expect(again.body.isFavorited).toBe(true);
    // Nobody else sees or changes alice's favorites.
    expect(
      (await getJson<NetworkSummary>(as.carol, '/api/network/summary')).body.counts.favorites,
    ).toBe(0);
    const removed = await sendJson<FavoriteState>(
      as.alice,
      'DELETE',
      `/api/favorites/${p.carol.id}`,
    );
    expect(removed.body.isFavorited).toBe(false);
    expect(
      (await getJson<NetworkSummary>(as.alice, '/api/network/summary')).body.counts.favorites,
    ).toBe(0);
  });

  it('names no connector who hides from paths, and lists nobody only they connect', async () => {
    const { p, as } = await world();
    const before = (await getJson<NetworkSummary>(as.alice, '/api/network/summary')).body;
    expect((await sendJson(as.dave, 'PUT', '/api/me/privacy', { showInPaths: false })).status).toBe(
      200,
    );
    expect((await getJson(as.dave, '/api/me/privacy')).body).toEqual({ showInPaths: false });
    // frank is reached through dave only: not listed, and no path (as for a stranger).
    expect(names((await tab(as.alice, 'second')).body.items)).toEqual([p.erin.name]);
    expect(await answer(as.alice, `/api/network/path/${p.frank.id}`)).toEqual(
      await answer(as.alice, `/api/network/path/${p.mallory.id}`),
    );
    // Counts and trust are numbers, not identities: they still cover frank.
    expect((await getJson<NetworkSummary>(as.alice, '/api/network/summary')).body).toEqual(before);
    // bob hides too: erin's connector must be carol, the only one named.
    expect((await sendJson(as.bob, 'PUT', '/api/me/privacy', { showInPaths: false })).status).toBe(
      200,
    );
    const erin = (await tab(as.alice, 'second')).body.items.find((i) => i.userId === p.erin.id)!;
    expect(erin).toMatchObject({ connectedThrough: p.carol.id, mutualConnections: 2 });
    const path = (await getJson<ConnectionPath>(as.alice, `/api/network/path/${p.erin.id}`)).body;
    expect(path.path.map((n) => n.name)).toEqual(['You', p.carol.name, p.erin.name]);
    expect(path.mutualFriends).toMatchObject({ count: 2, shown: [{ name: p.carol.name }] });
    expect(JSON.stringify(path)).not.toContain(p.bob.id);
    expect(
      (await sendJson<ErrorBody>(as.bob, 'PUT', '/api/me/privacy', { showInPaths: 'no' })).status,
    ).toBe(400);
  });

  it('shows a renamed person under the new name straight away', async () => {
    const { p, as } = await world();
    const before = (await tab(as.alice, 'second')).body.items.map((i) => i.name);
    expect(before).toContain(p.frank.name);
    const renamed = p.frank.name.replace('Frank', 'Franklin');
    const patch = await sendJson(as.frank, 'PATCH', '/api/me/profile', { name: renamed });
    expect(patch.status).toBe(200);
    let names2: string[] = [];
    for (let i = 0; i < 100 && !names2.includes(renamed); i++) {
      await new Promise((r) => setTimeout(r, 20));
      names2 = (await tab(as.alice, 'second')).body.items.map((x) => x.name);
    }
    expect(names2).toContain(renamed);
    expect(names2).not.toContain(p.frank.name);
  });

  it("shows a new photo on other people's pages straight away", async () => {
    const { p, as } = await world();
    const frankOf = async () =>
      (await tab(as.alice, 'second')).body.items.find((i) => i.userId === p.frank.id);
    // Alice's page has Frank's public fields cached now.
    expect((await frankOf())?.avatar).toBeNull();
    const image = await sharp({
      create: { width: 400, height: 500, channels: 3, background: { r: 200, g: 90, b: 60 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png');
    const upload = await as.frank.request('/api/photos', { method: 'POST', body: form });
    expect(upload.status).toBe(200);
    const { url } = (await upload.json()) as { url: string };
    let avatar: string | null | undefined = null;
    for (let i = 0; i < 100 && !avatar; i++) {
      await new Promise((r) => setTimeout(r, 20));
      avatar = (await frankOf())?.avatar;
    }
    expect(avatar).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/);
    expect(avatar).not.toBe(url);
  });

  it('reports trust with its calculation, recalculates at most 10 times per 15 minutes, verifies by SQL', async () => {
    const { as } = await world();
    const me = await getJson<TrustReport>(as.bob, '/api/trust/me');
    expect(me.body).toMatchObject({
      trustScore: 23,
      calculation: { firstDegreeCount: 2, secondDegreeCount: 3 },
    });
    for (let i = 0; i < 10; i++) {
      expect((await sendJson<TrustReport>(as.bob, 'POST', '/api/trust/recalculate')).status).toBe(
        200,
      );
    }
    const limited = await sendJson<ErrorBody>(as.bob, 'POST', '/api/trust/recalculate');
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe(
      'Rate limit exceeded. Please wait 15 minutes before requesting trust score again.',
    );
    // Another user's budget is untouched.
    expect((await sendJson(as.carol, 'POST', '/api/trust/recalculate')).status).toBe(200);
    const verified = await getJson<TrustVerification>(as.bob, '/api/trust/verify');
    expect(verified.body.matches).toBe(true);
    expect(verified.body.independent.trustScore).toBe(23);
  });

  it('gives each person one unguessable invite link', async () => {
    const { as } = await world();
    const first = await sendJson<MyInvitation>(as.alice, 'POST', '/api/invitations/me');
    expect(first.body.code).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(first.body.url).toBe(`${t.server.baseUrl}/invite/${first.body.code}`);
    expect(first.body).toMatchObject({ friends: 3, trust: 32 });
    expect(first.body.message).toContain(first.body.url);
    expect((await getJson<MyInvitation>(as.alice, '/api/invitations/me')).body.code).toBe(
      first.body.code,
    );
    expect(
      (await sendJson<MyInvitation>(as.bob, 'POST', '/api/invitations/me')).body.code,
    ).not.toBe(first.body.code);
  });

  it('files reports with validation', async () => {
    const p = await people(['alice', 'mallory']);
    const as = await signIn(p);
    const bad = await sendJson<ErrorBody>(as.alice, 'POST', '/api/reports', {
      userId: p.mallory.id,
      context: 'network',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Choose a reason for the report');
    const self = await sendJson<ErrorBody>(as.alice, 'POST', '/api/reports', {
      userId: p.alice.id,
      reason: 'spam',
      context: 'network',
    });
    expect(self.status).toBe(400);
    const missing = await sendJson(as.alice, 'POST', '/api/reports', {
      userId: crypto.randomUUID(),
      reason: 'spam',
      context: 'network',
    });
    expect(missing.status).toBe(404);
    const ok = await sendJson<{ id: string }>(as.alice, 'POST', '/api/reports', {
      userId: p.mallory.id,
      reason: 'spam',
      context: 'network',
      details: ' fake ',
    });
    expect(ok.status).toBe(201);
    const row = await t.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', ok.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      reporterId: p.alice.id,
      reportedId: p.mallory.id,
      reason: 'spam',
      details: 'fake',
    });
  });

  it('disconnects silently, only an existing friendship', async () => {
    const { p, as } = await world();
    expect(
      (await sendJson<ErrorBody>(as.mallory, 'POST', `/api/connections/${p.alice.id}/disconnect`))
        .status,
    ).toBe(404);
    const res = await sendJson(as.heidi, 'POST', `/api/connections/${p.frank.id}/disconnect`);
    expect(res.status).toBe(200);
    expect(names((await tab(as.frank, 'first')).body.items)).toEqual([p.dave.name]);
    const stored = await t.db
      .selectFrom('users')
      .select(['friendCount', 'trustScore'])
      .where('id', '=', p.heidi.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ friendCount: 0, trustScore: 0 });
  });
});

describe(`blocks hide both people everywhere (${dbKind})`, () => {
  it('removes erin from alice and alice from erin, in lists, paths, counts and requests', async () => {
    const { p, as } = await world();
    // Unlock alice's 3rd degree first: 4 more friends (trust >= 70).
    await newFriends(p.alice, 4);
    const before = await getJson<NetworkSummary>(as.alice, '/api/network/summary');
    expect(before.body.unlockedTabs.thirdDegree).toBe(true);
    expect(names((await tab(as.alice, 'third')).body.items).sort()).toEqual([
      p.grace.name,
      p.heidi.name,
    ]);
    const grace = (await tab(as.alice, 'third')).body.items.find((i) => i.userId === p.grace.id)!;
    expect(grace.path!.map((n) => n.name)).toEqual([
      'You',
      grace.connectedThroughName,
      p.erin.name,
      p.grace.name,
    ]);

    await block(as.erin, p.alice);

    const after = await getJson<NetworkSummary>(as.alice, '/api/network/summary');
    expect(after.body.counts.second).toBe(before.body.counts.second - 1);
    // grace was reachable only through erin: she is gone from alice's world too.
    expect(names((await tab(as.alice, 'third')).body.items)).toEqual([p.heidi.name]);
    expect(names((await tab(as.alice, 'all', '&limit=50')).body.items)).not.toContain(p.erin.name);
    for (const who of [p.erin, p.grace]) {
      expect((await getJson(as.alice, `/api/network/path/${who.id}`)).status, who.name).toBe(404);
      expect(
        (await getJson(as.alice, `/api/connections/user/${who.id}/count`)).status,
        who.name,
      ).toBe(404);
    }
    const request = await sendJson<ErrorBody>(as.alice, 'POST', '/api/connection-requests', {
      toUserId: p.erin.id,
    });
    expect(request.status).toBe(404);
    expect(request.body.error.message).toBe('User validation failed');
    // The answers match those for someone who does not exist.
    const ghost = await sendJson<ErrorBody>(as.alice, 'POST', '/api/connection-requests', {
      toUserId: crypto.randomUUID(),
    });
    expect(ghost).toEqual(request);
    expect(
      (
        await sendJson<ErrorBody>(as.alice, 'POST', '/api/reports', {
          userId: p.erin.id,
          reason: 'spam',
          context: 'network',
        })
      ).status,
    ).toBe(404);
    // And the other way round.
    expect(names((await tab(as.erin, 'all', '&limit=50')).body.items)).not.toContain(p.alice.name);
    expect((await getJson(as.erin, `/api/network/path/${p.alice.id}`)).status).toBe(404);
    // bob's and carol's mutual-friend answers about erin never name alice as a connector.
    const bobPath = await getJson<ConnectionPath>(as.bob, `/api/network/path/${p.alice.id}`);
    expect(bobPath.body.degree).toBe(1);
    // Stored trust follows: alice lost erin and grace from her 2nd... erin lost alice.
    const verify = await getJson<TrustVerification>(as.alice, '/api/trust/verify');
    expect(verify.body.matches).toBe(true);
    expect(verify.body.stored.secondDegreeCount).toBe(after.body.calculation.secondDegreeCount);

    const blocks = await getJson<BlockList>(as.erin, '/api/blocks');
    expect(blocks.body.items.map((b) => b.userId)).toEqual([p.alice.id]);
    expect((await getJson<BlockList>(as.alice, '/api/blocks')).body.items).toEqual([]);
    // Alice cannot lift erin's block.
    await sendJson(as.alice, 'DELETE', `/api/blocks/${p.erin.id}`);
    expect(names((await tab(as.alice, 'second')).body.items)).not.toContain(p.erin.name);
    expect((await sendJson(as.erin, 'DELETE', `/api/blocks/${p.alice.id}`)).status).toBe(200);
    expect(names((await tab(as.alice, 'second')).body.items)).toContain(p.erin.name);
    expect(
      (await getJson<NetworkSummary>(as.alice, '/api/network/summary')).body.counts.second,
    ).toBe(before.body.counts.second);
  });

  it('ends the friendship and the favorites when a friend is blocked', async () => {
    const { p, as } = await world();
    expect((await sendJson(as.alice, 'POST', `/api/favorites/${p.dave.id}`)).status).toBe(200);
    await block(as.alice, p.dave);
    expect(names((await tab(as.dave, 'first')).body.items)).not.toContain(p.alice.name);
    expect(
      (await getJson<NetworkSummary>(as.alice, '/api/network/summary')).body.counts.favorites,
    ).toBe(0);
    expect((await sendJson(as.alice, 'POST', `/api/blocks/${p.alice.id}`)).status).toBe(400);
    await sendJson(as.alice, 'DELETE', `/api/blocks/${p.dave.id}`);
    // Unblocking does not bring the friendship back.
    expect(names((await tab(as.alice, 'first')).body.items)).not.toContain(p.dave.name);
  });
});

describe(`path privacy cannot be read by elimination (${dbKind})`, () => {
  it('lists nobody reached only through connectors who hide from paths, and still counts them', async () => {
    // carol - bob - d - g, bob - e; carol's six other friends know nobody else (7 friends and
    // trust >= 70: every tab open). bob hides from paths, so d, e (2nd) and g (3rd) are reached
    // only through someone who hides.
    const p = await people(['carol', 'bob', 'd', 'e', 'f', 'g', 'h', 'k', 'mallory']);
    await chain(p.carol, p.bob, p.d, p.g);
    await chain(p.bob, p.e);
    await newFriends(p.carol, 6);
    const as = await signIn(p);
    await setDiscoverable(t.server, [p.carol, p.d, p.e, p.f, p.g, p.h, p.k], {
      settings: { discoveryVisibility: '1st_2nd_3rd' },
    });
    for (const who of [as.bob, as.h]) {
      expect((await sendJson(who, 'PUT', '/api/me/privacy', { showInPaths: false })).status).toBe(
        200,
      );
    }
    const summary = async () =>
      (await getJson<NetworkSummary>(as.carol, '/api/network/summary')).body;
    const listed = async () => {
      const all = (await tab(as.carol, 'all', '&limit=50')).body.items;
      const byTab = [];
      for (const name of ['second', 'third']) {
        byTab.push(...(await tab(as.carol, name, '&limit=50')).body.items);
      }
      const discover = (await getJson<DiscoverPage>(as.carol, '/api/discover?limit=50')).body;
      return { all, byTab, discover: discover.items, total: discover.total };
    };
    const ids = (items: { userId?: string; id: string }[]) => items.map((i) => i.userId ?? i.id);
    const stranger = {
      path: await answer(as.carol, `/api/network/path/${p.mallory.id}`),
      count: await answer(as.carol, `/api/connections/user/${p.mallory.id}/count`),
    };
    expect(stranger.path.status).toBe(404);
    /** Not listed anywhere, not found by name, and answered exactly as a stranger. */
    const expectUnlisted = async (who: Person) => {
      const seen = await listed();
      for (const items of [seen.all, seen.byTab, seen.discover]) {
        expect(ids(items), who.name).not.toContain(who.id);
      }
      for (const name of ['all', 'second', 'third']) {
        const found = (await tab(as.carol, name, `&q=${encodeURIComponent(who.name)}`)).body;
        expect(found.items, `${name} ${who.name}`).toEqual([]);
      }
      expect(await answer(as.carol, `/api/network/path/${who.id}`), who.name).toEqual(
        stranger.path,
      );
      expect(await answer(as.carol, `/api/connections/user/${who.id}/count`), who.name).toEqual(
        stranger.count,
      );
    };

    for (const who of [p.d, p.e, p.g]) await expectUnlisted(who);
    expect((await listed()).byTab).toEqual([]);
    // Numbers are not identities: counts and trust still cover d, e (2nd) and g (3rd).
    expect(await summary()).toMatchObject({
      counts: { first: 7, second: 2, third: 1 },
      trustScore: 72,
      calculation: { firstDegreeCount: 7, secondDegreeCount: 2 },
    });

    // carol befriends f, a friend of d: d is listed through f (named), e still is not. g is
    // listed along carol - f - d - g. h (2nd, through f) hides, which hides only k behind them.
    await chain(p.carol, p.f, p.d);
    await chain(p.f, p.h, p.k);
    const second = (await tab(as.carol, 'second', '&limit=50')).body.items;
    expect(ids(second).sort()).toEqual([p.d.id, p.h.id].sort());
    expect(second.find((i) => i.userId === p.d.id)).toMatchObject({
      connectedThrough: p.f.id,
      connectedThroughName: p.f.name,
      mutualConnections: 2,
    });
    const third = (await tab(as.carol, 'third', '&limit=50')).body.items;
    expect(third.map((i) => i.path!.map((n) => n.name))).toEqual([
      ['You', p.f.name, p.d.name, p.g.name],
    ]);
    const d = (await getJson<ConnectionPath>(as.carol, `/api/network/path/${p.d.id}`)).body;
    expect(d.path.map((n) => n.name)).toEqual(['You', p.f.name, p.d.name]);
    expect(d.mutualFriends).toMatchObject({ count: 2, shown: [{ name: p.f.name }] });
    const g = (await getJson<ConnectionPath>(as.carol, `/api/network/path/${p.g.id}`)).body;
    expect(g.path.map((n) => n.name)).toEqual(['You', p.f.name, p.d.name, p.g.name]);
    const seen = await listed();
    expect(ids(seen.discover)).toEqual(expect.arrayContaining([p.d.id, p.g.id, p.h.id]));
    expect(seen.total).toBe(seen.discover.length);
    for (const who of [p.e, p.k]) await expectUnlisted(who);
    expect(await summary()).toMatchObject({
      counts: { first: 8, second: 3, third: 2 },
      trustScore: 83,
    });

    // Once bob shows in paths again, everyone he connects is listed through him.
    await sendJson(as.bob, 'PUT', '/api/me/privacy', { showInPaths: true });
    const e = (await tab(as.carol, 'second', '&limit=50')).body.items.find(
      (i) => i.userId === p.e.id,
    );
    expect(e).toMatchObject({ connectedThrough: p.bob.id });
    expect((await getJson(as.carol, `/api/network/path/${p.e.id}`)).status).toBe(200);
  });
});
