import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BlockList,
  ConnectionPath,
  ConnectionsPage,
  ConnectionView,
  ErrorBody,
  FavoriteState,
  MyInvitation,
  NetworkPage,
  NetworkSummary,
  TrustReport,
  TrustVerification,
} from '@heartline/domain';
import {
  createTestDatabase,
  dbKind,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.ts';
import type { TestBrowser } from '../../../test/http-client.ts';
import {
  befriend,
  browserFor,
  createPeople,
  getJson,
  sendJson,
  type Person,
} from '../../../test/network-fixtures.ts';

/**
 * The Network screen's API on a small named world:
 *
 *   alice - bob - erin - grace - ivan          (erin is 2nd degree through bob and carol,
 *   alice - carol - erin                        grace 3rd, ivan 4th)
 *   alice - dave - frank - heidi                (frank 2nd through dave only, heidi 3rd)
 *   mallory, oscar: strangers
 */
let tdb: TestDatabase;
let server: TestServer;
let p: Record<string, Person>;
const as: Record<string, TestBrowser> = {};

const NAMES = [
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
];
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

beforeAll(async () => {
  tdb = await createTestDatabase();
  // On PostgreSQL the server also gets the URL: the index then loads through binary COPY and
  // the hot reads run as prepared statements on their own pool.
  server = await startTestServer(tdb.db, tdb.url ? { DATABASE_URL: tdb.url } : {});
  const people = await createPeople(
    tdb.db,
    NAMES.map((n) => `${cap(n)} Net`),
  );
  p = Object.fromEntries(NAMES.map((n, i) => [n, people[i]!]));
  await befriend(server.graph, [
    [p.alice!, p.bob!],
    [p.alice!, p.carol!],
    [p.alice!, p.dave!],
    [p.bob!, p.erin!],
    [p.carol!, p.erin!],
    [p.erin!, p.grace!],
    [p.grace!, p.ivan!],
    [p.dave!, p.frank!],
    [p.frank!, p.heidi!],
  ]);
  // Reload the index from the database, so every test below also covers the start-up load.
  await server.graph.reload();
  for (const n of NAMES) as[n] = await browserFor(server, p[n]!);
});
afterAll(async () => {
  await server?.stop();
  await tdb?.drop();
});

const tab = async (who: string, name: string, extra = '') =>
  getJson<ConnectionsPage & ErrorBody>(as[who]!, `/api/network/connections?tab=${name}${extra}`);
const names = (items: ConnectionView[]) => items.map((i) => i.name);

describe(`network API (${dbKind})`, () => {
  it('refuses every endpoint without a session', async () => {
    const anon = (await import('../../../test/http-client.ts')).TestBrowser;
    const b = new anon(server.baseUrl);
    const id = p.bob!.id;
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
    const { status, body } = await getJson<NetworkSummary>(as.alice!, '/api/network/summary');
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
    const stored = await tdb.db
      .selectFrom('users')
      .select(['trustScore'])
      .where('id', '=', p.alice!.id)
      .executeTakeFirstOrThrow();
    expect(stored.trustScore).toBe(32);
    const page = await getJson<NetworkPage>(as.alice!, '/api/network?tab=second&limit=50');
    expect(page.body.summary.trustScore).toBe(32);
    expect(names(page.body.connections.items)).toEqual(['Erin Net', 'Frank Net']);
  });

  it('ranks the 1st degree by trust and shows mutual friends', async () => {
    const { body } = await tab('alice', 'first');
    // bob, carol and dave all have 2 friends and 3 people in their 2nd degree (23): ties go by name.
    expect(names(body.items)).toEqual(['Bob Net', 'Carol Net', 'Dave Net']);
    expect(body.items[0]).toMatchObject({
      degree: 1,
      status: 'ACCEPTED',
      connectionType: 'FRIEND',
      id: p.bob!.id,
      mutualConnections: 0,
    });
    expect(body.items[0]!.createdAt).toEqual(expect.any(String));
    expect(body.items.map((i) => i.trustScore)).toEqual([23, 23, 23]);
  });

  it('lists the 2nd degree with mutual counts and a connector', async () => {
    const { body } = await tab('alice', 'second');
    const erin = body.items.find((i) => i.userId === p.erin!.id)!;
    expect(erin).toMatchObject({
      id: `2nd-degree-${p.erin!.id}`,
      degree: 2,
      status: 'POTENTIAL',
      connectionType: 'FRIEND_OF_FRIEND',
      mutualConnections: 2,
    });
    expect([p.bob!.id, p.carol!.id]).toContain(erin.connectedThrough);
    expect(erin.connectedThroughName).toMatch(/^(Bob|Carol) Net$/);
    expect(erin.path).toBeUndefined();
  });

  it('closes locked tabs with what unlocks them', async () => {
    const third = await tab('alice', 'third');
    expect(third.status).toBe(403);
    expect(third.body.error.message).toBe(
      'The 3rd-degree tab unlocks at a trust score of 70 (yours is 32).',
    );
    const second = await tab('frank', 'second');
    expect(second.status).toBe(403);
    expect(second.body.error.message).toBe(
      'The 2nd-degree tab unlocks when you have 3 friends (you have 2).',
    );
    // frank's All tab holds only his friends.
    expect(names((await tab('frank', 'all')).body.items).sort()).toEqual(['Dave Net', 'Heidi Net']);
  });

  it('pages with opaque cursors that never overlap', async () => {
    const all = (await tab('alice', 'all', '&limit=50')).body.items.map((i) => i.userId);
    expect(all).toHaveLength(5);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const page: { body: ConnectionsPage } = await tab(
        'alice',
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
      const res = await getJson<ErrorBody>(as.alice!, `/api/network/connections?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error.message.length).toBeGreaterThan(3);
    }
  });

  it('searches by name inside the tab', async () => {
    const { body } = await tab('alice', 'all', '&q=ERIN');
    expect(names(body.items)).toEqual(['Erin Net']);
  });

  it('shows paths within the visible degrees only', async () => {
    const erin = await getJson<ConnectionPath>(as.alice!, `/api/network/path/${p.erin!.id}`);
    expect(erin.status).toBe(200);
    expect(erin.body.degree).toBe(2);
    expect(erin.body.mutualFriends.count).toBe(2);
    expect(erin.body.mutualFriends.shown.map((n) => n.name).sort()).toEqual([
      'Bob Net',
      'Carol Net',
    ]);
    // grace is 3rd degree but alice's 3rd tab is locked; ivan is 4th; mallory a stranger.
    for (const who of ['grace', 'ivan', 'mallory']) {
      expect((await getJson(as.alice!, `/api/network/path/${p[who]!.id}`)).status).toBe(404);
    }
    expect((await getJson(as.alice!, '/api/network/path/not-a-uuid')).status).toBe(400);
    expect((await getJson(as.alice!, `/api/network/path/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('answers connection counts for yourself and your visible network only', async () => {
    const count = (who: string, of: string) =>
      getJson<{ count: number }>(as[who]!, `/api/connections/user/${p[of]!.id}/count`);
    expect((await count('alice', 'alice')).body).toEqual({ count: 3 });
    expect((await count('alice', 'bob')).body).toEqual({ count: 2 });
    expect((await count('alice', 'erin')).body).toEqual({ count: 3 });
    expect((await count('alice', 'grace')).status).toBe(404);
    expect((await count('mallory', 'alice')).status).toBe(404);
  });

  it('favorites friends only, with the spec toggle', async () => {
    const notFriend = await sendJson<ErrorBody>(as.alice!, 'POST', `/api/favorites/${p.erin!.id}`);
    expect(notFriend.status).toBe(404);
    expect(notFriend.body.error.message).toBe('Connection not found');
    const add = await sendJson<FavoriteState>(as.alice!, 'POST', `/api/favorites/${p.carol!.id}`);
    expect(add.body).toEqual({ userId: p.carol!.id, isFavorited: true });
    const first = await tab('alice', 'first');
    expect(first.body.items[0]).toMatchObject({ name: 'Carol Net', isFavorited: true });
    expect(names((await tab('alice', 'favorites')).body.items)).toEqual(['Carol Net']);
    expect(
      (await getJson<NetworkSummary>(as.alice!, '/api/network/summary')).body.counts.favorites,
    ).toBe(1);
    const toggled = await sendJson<FavoriteState>(
      as.alice!,
      'POST',
      `/api/favorites/${p.carol!.id}/toggle`,
    );
    expect(toggled.body.isFavorited).toBe(false);
    const again = await sendJson<FavoriteState>(
      as.alice!,
      'POST',
      `/api/favorites/${p.carol!.id}/toggle`,
    );
    expect(again.body.isFavorited).toBe(true);
    const removed = await sendJson<FavoriteState>(
      as.alice!,
      'DELETE',
      `/api/favorites/${p.carol!.id}`,
    );
    expect(removed.body.isFavorited).toBe(false);
    expect(
      (await getJson<NetworkSummary>(as.alice!, '/api/network/summary')).body.counts.favorites,
    ).toBe(0);
    // Nobody else sees or changes alice's favorites.
    expect(
      (await getJson<NetworkSummary>(as.carol!, '/api/network/summary')).body.counts.favorites,
    ).toBe(0);
  });

  it('names no connector who hides from paths, while still counting them', async () => {
    expect(
      (await sendJson(as.dave!, 'PUT', '/api/me/privacy', { showInPaths: false })).status,
    ).toBe(200);
    expect((await getJson(as.dave!, '/api/me/privacy')).body).toEqual({ showInPaths: false });
    const frank = (await tab('alice', 'second')).body.items.find((i) => i.userId === p.frank!.id)!;
    expect(frank).toMatchObject({
      connectedThrough: null,
      connectedThroughName: 'Mutual Friend',
      mutualConnections: 1,
    });
    // Nothing in the row or the path names dave.
    expect(JSON.stringify(frank)).not.toContain(p.dave!.id);
    const path = await getJson<ConnectionPath>(as.alice!, `/api/network/path/${p.frank!.id}`);
    expect(path.body.path[1]!.userId).toBeNull();
    expect(path.body.mutualFriends).toEqual({ count: 1, shown: [] });
    expect(JSON.stringify(path.body)).not.toContain(p.dave!.id);
    // bob hides too: erin's connector must be carol.
    await sendJson(as.bob!, 'PUT', '/api/me/privacy', { showInPaths: false });
    const erin = (await tab('alice', 'second')).body.items.find((i) => i.userId === p.erin!.id)!;
    expect(erin.connectedThrough).toBe(p.carol!.id);
    expect(
      (
        await getJson<ConnectionPath>(as.alice!, `/api/network/path/${p.erin!.id}`)
      ).body.mutualFriends.shown.map((n) => n.name),
    ).toEqual(['Carol Net']);
    expect(
      (await sendJson<ErrorBody>(as.bob!, 'PUT', '/api/me/privacy', { showInPaths: 'no' })).status,
    ).toBe(400);
    await sendJson(as.bob!, 'PUT', '/api/me/privacy', { showInPaths: true });
    await sendJson(as.dave!, 'PUT', '/api/me/privacy', { showInPaths: true });
  });

  it('shows a renamed person under the new name straight away', async () => {
    const before = (await tab('alice', 'second')).body.items.map((i) => i.name);
    expect(before).toContain('Frank Net');
    const patch = await sendJson(as.frank!, 'PATCH', '/api/me/profile', { name: 'Franklin Net' });
    expect(patch.status).toBe(200);
    let names2: string[] = [];
    for (let i = 0; i < 100 && !names2.includes('Franklin Net'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      names2 = (await tab('alice', 'second')).body.items.map((x) => x.name);
    }
    expect(names2).toContain('Franklin Net');
    await sendJson(as.frank!, 'PATCH', '/api/me/profile', { name: 'Frank Net' });
  });

  it("shows a new photo on other people's pages straight away", async () => {
    const frankOf = async () =>
      (await tab('alice', 'second')).body.items.find((i) => i.userId === p.frank!.id);
    // Alice's page has Frank's public fields cached now.
    expect((await frankOf())?.avatar).toBeNull();
    const image = await sharp({
      create: { width: 400, height: 500, channels: 3, background: { r: 200, g: 90, b: 60 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png');
    const upload = await as.frank!.request('/api/photos', { method: 'POST', body: form });
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
    const me = await getJson<TrustReport>(as.bob!, '/api/trust/me');
    expect(me.body).toMatchObject({
      trustScore: 23,
      calculation: { firstDegreeCount: 2, secondDegreeCount: 3 },
    });
    for (let i = 0; i < 10; i++) {
      expect((await sendJson<TrustReport>(as.bob!, 'POST', '/api/trust/recalculate')).status).toBe(
        200,
      );
    }
    const limited = await sendJson<ErrorBody>(as.bob!, 'POST', '/api/trust/recalculate');
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe(
      'Rate limit exceeded. Please wait 15 minutes before requesting trust score again.',
    );
    // Another user's budget is untouched.
    expect((await sendJson(as.carol!, 'POST', '/api/trust/recalculate')).status).toBe(200);
    const verified = await getJson<TrustVerification>(as.bob!, '/api/trust/verify');
    expect(verified.body.matches).toBe(true);
    expect(verified.body.independent.trustScore).toBe(23);
  });

  it('gives each person one unguessable invite link', async () => {
    const first = await getJson<MyInvitation>(as.alice!, '/api/invitations/me');
    expect(first.body.code).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(first.body.url).toBe(`${server.baseUrl}/invite/${first.body.code}`);
    expect(first.body).toMatchObject({ friends: 3, trust: 32 });
    expect(first.body.message).toContain(first.body.url);
    expect((await getJson<MyInvitation>(as.alice!, '/api/invitations/me')).body.code).toBe(
      first.body.code,
    );
    expect((await getJson<MyInvitation>(as.bob!, '/api/invitations/me')).body.code).not.toBe(
      first.body.code,
    );
  });

  it('files reports with validation', async () => {
    const bad = await sendJson<ErrorBody>(as.alice!, 'POST', '/api/reports', {
      userId: p.mallory!.id,
      context: 'network',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Choose a reason for the report');
    const self = await sendJson<ErrorBody>(as.alice!, 'POST', '/api/reports', {
      userId: p.alice!.id,
      reason: 'spam',
      context: 'network',
    });
    expect(self.status).toBe(400);
    const missing = await sendJson(as.alice!, 'POST', '/api/reports', {
      userId: crypto.randomUUID(),
      reason: 'spam',
      context: 'network',
    });
    expect(missing.status).toBe(404);
    const ok = await sendJson<{ id: string }>(as.alice!, 'POST', '/api/reports', {
      userId: p.mallory!.id,
      reason: 'spam',
      context: 'network',
      details: ' fake ',
    });
    expect(ok.status).toBe(201);
    const row = await tdb.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', ok.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      reporterId: p.alice!.id,
      reportedId: p.mallory!.id,
      reason: 'spam',
      details: 'fake',
    });
  });

  it('disconnects silently, only an existing friendship', async () => {
    expect(
      (await sendJson<ErrorBody>(as.mallory!, 'POST', `/api/connections/${p.alice!.id}/disconnect`))
        .status,
    ).toBe(404);
    const res = await sendJson(as.heidi!, 'POST', `/api/connections/${p.frank!.id}/disconnect`);
    expect(res.status).toBe(200);
    expect(names((await tab('frank', 'first')).body.items)).toEqual(['Dave Net']);
    const stored = await tdb.db
      .selectFrom('users')
      .select(['friendCount', 'trustScore'])
      .where('id', '=', p.heidi!.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ friendCount: 0, trustScore: 0 });
    await befriend(server.graph, [[p.frank!, p.heidi!]]);
  });
});

describe(`blocks hide both people everywhere (${dbKind})`, () => {
  it('removes erin from alice and alice from erin, in lists, paths, counts and requests', async () => {
    // Unlock alice's 3rd degree first: 4 more friends (trust >= 70).
    const extra = await createPeople(tdb.db, ['X1 Net', 'X2 Net', 'X3 Net', 'X4 Net']);
    await befriend(
      server.graph,
      extra.map((x) => [p.alice!, x] as [Person, Person]),
    );
    const before = await getJson<NetworkSummary>(as.alice!, '/api/network/summary');
    expect(before.body.unlockedTabs.thirdDegree).toBe(true);
    expect(names((await tab('alice', 'third')).body.items).sort()).toEqual([
      'Grace Net',
      'Heidi Net',
    ]);
    const grace = (await tab('alice', 'third')).body.items.find((i) => i.userId === p.grace!.id)!;
    expect(grace.path!.map((n) => n.name)).toEqual([
      'You',
      grace.connectedThroughName,
      'Erin Net',
      'Grace Net',
    ]);

    expect((await sendJson(as.erin!, 'POST', `/api/blocks/${p.alice!.id}`)).status).toBe(200);

    const after = await getJson<NetworkSummary>(as.alice!, '/api/network/summary');
    expect(after.body.counts.second).toBe(before.body.counts.second - 1);
    // grace was reachable only through erin: she is gone from alice's world too.
    expect(names((await tab('alice', 'third')).body.items)).toEqual(['Heidi Net']);
    expect(names((await tab('alice', 'all', '&limit=50')).body.items)).not.toContain('Erin Net');
    for (const who of ['erin', 'grace']) {
      expect((await getJson(as.alice!, `/api/network/path/${p[who]!.id}`)).status).toBe(404);
      expect((await getJson(as.alice!, `/api/connections/user/${p[who]!.id}/count`)).status).toBe(
        404,
      );
    }
    const request = await sendJson<ErrorBody>(as.alice!, 'POST', '/api/connection-requests', {
      toUserId: p.erin!.id,
    });
    expect(request.status).toBe(404);
    expect(request.body.error.message).toBe('User validation failed');
    // The answers match those for someone who does not exist.
    const ghost = await sendJson<ErrorBody>(as.alice!, 'POST', '/api/connection-requests', {
      toUserId: crypto.randomUUID(),
    });
    expect(ghost).toEqual(request);
    expect(
      (
        await sendJson<ErrorBody>(as.alice!, 'POST', '/api/reports', {
          userId: p.erin!.id,
          reason: 'spam',
          context: 'network',
        })
      ).status,
    ).toBe(404);
    // And the other way round.
    expect(names((await tab('erin', 'all', '&limit=50')).body.items)).not.toContain('Alice Net');
    expect((await getJson(as.erin!, `/api/network/path/${p.alice!.id}`)).status).toBe(404);
    // bob's and carol's mutual-friend answers about erin never name alice as a connector.
    const bobPath = await getJson<ConnectionPath>(as.bob!, `/api/network/path/${p.alice!.id}`);
    expect(bobPath.body.degree).toBe(1);
    // Stored trust follows: alice lost erin and grace from her 2nd... erin lost alice.
    const verify = await getJson<TrustVerification>(as.alice!, '/api/trust/verify');
    expect(verify.body.matches).toBe(true);
    expect(verify.body.stored.secondDegreeCount).toBe(after.body.calculation.secondDegreeCount);

    const blocks = await getJson<BlockList>(as.erin!, '/api/blocks');
    expect(blocks.body.items.map((b) => b.userId)).toEqual([p.alice!.id]);
    expect((await getJson<BlockList>(as.alice!, '/api/blocks')).body.items).toEqual([]);
    // Alice cannot lift erin's block.
    await sendJson(as.alice!, 'DELETE', `/api/blocks/${p.erin!.id}`);
    expect(names((await tab('alice', 'second')).body.items)).not.toContain('Erin Net');
    expect((await sendJson(as.erin!, 'DELETE', `/api/blocks/${p.alice!.id}`)).status).toBe(200);
    expect(names((await tab('alice', 'second')).body.items)).toContain('Erin Net');
    expect(
      (await getJson<NetworkSummary>(as.alice!, '/api/network/summary')).body.counts.second,
    ).toBe(before.body.counts.second);
  });

  it('ends the friendship and the favorites when a friend is blocked', async () => {
    await sendJson(as.alice!, 'POST', `/api/favorites/${p.dave!.id}`);
    expect((await sendJson(as.alice!, 'POST', `/api/blocks/${p.dave!.id}`)).status).toBe(200);
    expect(names((await tab('dave', 'first')).body.items)).not.toContain('Alice Net');
    expect(
      (await getJson<NetworkSummary>(as.alice!, '/api/network/summary')).body.counts.favorites,
    ).toBe(0);
    expect((await sendJson(as.alice!, 'POST', `/api/blocks/${p.alice!.id}`)).status).toBe(400);
    await sendJson(as.alice!, 'DELETE', `/api/blocks/${p.dave!.id}`);
    // Unblocking does not bring the friendship back.
    expect(names((await tab('alice', 'first')).body.items)).not.toContain('Dave Net');
  });
});
