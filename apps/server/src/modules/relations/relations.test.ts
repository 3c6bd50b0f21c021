import { describe, expect, it } from 'vitest';
import type { FavoriteState, NetworkSummary } from '@heartline/domain';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import {
  befriend,
  browserFor,
  createPeople,
  getJson,
  sendJson,
} from '../../../test/network-fixtures.ts';
import { listen } from '../../../test/realtime-client.ts';

const world = useTestServer();

const favoriteRows = (a: number, b: number) =>
  world.db
    .selectFrom('favorites')
    .select('userSeq')
    .where((eb) =>
      eb.or([
        eb.and([eb('userSeq', '=', a), eb('favoriteSeq', '=', b)]),
        eb.and([eb('userSeq', '=', b), eb('favoriteSeq', '=', a)]),
      ]),
    )
    .execute();

describe(`relations (${dbKind})`, () => {
  it('disconnecting removes the favorites between the two people, both ways', async () => {
    const [ida, jon] = await createPeople(world.db, ['Ida Disconnect', 'Jon Disconnect']);
    await befriend(world.server.graph, [[ida!, jon!]]);
    const asIda = await browserFor(world.server, ida!);
    const asJon = await browserFor(world.server, jon!);
    expect((await sendJson<FavoriteState>(asIda, 'POST', `/api/favorites/${jon!.id}`)).status).toBe(
      200,
    );
    expect((await sendJson<FavoriteState>(asJon, 'POST', `/api/favorites/${ida!.id}`)).status).toBe(
      200,
    );
    expect(await favoriteRows(ida!.seq, jon!.seq)).toHaveLength(2);

    const res = await sendJson(asIda, 'POST', `/api/connections/${jon!.id}/disconnect`);
    expect(res.status).toBe(200);
    expect(await favoriteRows(ida!.seq, jon!.seq)).toEqual([]);
    const summary = await getJson<NetworkSummary>(asJon, '/api/network/summary');
    expect(summary.body.counts.favorites).toBe(0);
  });
});

describe(`blocks (${dbKind})`, () => {
  it('withdraws open requests both ways, and each side hears it', async () => {
    const [kai, lou] = await createPeople(world.db, ['Kai Block', 'Lou Block']);
    const asKai = await browserFor(world.server, kai!);
    const asLou = await browserFor(world.server, lou!);
    const kaiLive = listen(world.server.baseUrl, asKai.cookieHeader());
    const louLive = listen(world.server.baseUrl, asLou.cookieHeader());
    try {
      await Promise.all([kaiLive.ready(), louLive.ready()]);
      const sent = await sendJson<{ request: { id: string } }>(
        asLou,
        'POST',
        '/api/connection-requests',
        { toUserId: kai!.id },
      );
      expect(sent.status).toBe(201);
      expect((await sendJson(asKai, 'POST', `/api/blocks/${lou!.id}`)).status).toBe(200);
      const id = sent.body.request.id;
      expect((await louLive.next('request.rejected', (p) => p.requestId === id)).requestId).toBe(
        id,
      );
      expect((await kaiLive.next('request.cancelled', (p) => p.requestId === id)).requestId).toBe(
        id,
      );
      expect(
        (await kaiLive.next('badges.updated', (p) => p.pendingRequests === 0)).pendingRequests,
      ).toBe(0);
    } finally {
      kaiLive.socket.disconnect();
      louLive.socket.disconnect();
    }
  });

  it('lets each of two people who blocked each other unblock', async () => {
    const [max, nia] = await createPeople(world.db, ['Max Mutual', 'Nia Mutual']);
    const asMax = await browserFor(world.server, max!);
    const asNia = await browserFor(world.server, nia!);
    // Two blocks that crossed (each checked before the other committed): stored directly.
    await world.db
      .insertInto('blocks')
      .values([
        { blockerSeq: max!.seq, blockedSeq: nia!.seq },
        { blockerSeq: nia!.seq, blockedSeq: max!.seq },
      ])
      .execute();
    expect((await sendJson(asMax, 'DELETE', `/api/blocks/${nia!.id}`)).status).toBe(200);
    // Nia's own block still stands, so Max still cannot see her.
    expect((await sendJson(asMax, 'POST', `/api/favorites/${nia!.id}`)).status).toBe(404);
    expect((await sendJson(asNia, 'DELETE', `/api/blocks/${max!.id}`)).status).toBe(200);
  });
});

describe(`reports and blocks against flooding (${dbKind})`, () => {
  const reportsOf = (reporterId: string, reportedId: string) =>
    world.db
      .selectFrom('reports')
      .select(['reason', 'details', 'reportCount'])
      .where('reporterId', '=', reporterId)
      .where('reportedId', '=', reportedId)
      .execute();

  it('toggling a block cannot file reports past the limit, and files one row', async () => {
    const [max, nia] = await createPeople(world.db, ['Max Flood', 'Nia Flood']);
    const asMax = await browserFor(world.server, max!);
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const method = i % 2 === 0 ? 'POST' : 'DELETE';
      const res = await sendJson(asMax, method, `/api/blocks/${nia!.id}`);
      statuses.push(res.status);
      if (res.status === 429) break;
    }
    // Reports, blocks and unblocks share the budget of 20 an hour; past it a block still goes
    // through (without its report) and the unblock after it is refused.
    expect(statuses.filter((s) => s === 200)).toHaveLength(21);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBe(22);
    const report = await sendJson(asMax, 'POST', '/api/reports', {
      userId: nia!.id,
      reason: 'spam',
      context: 'network',
    });
    expect(report.status).toBe(429);
    const rows = await reportsOf(max!.id, nia!.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reportCount).toBe(10);
    // Max still blocked Nia: the block past the budget took effect.
    const blocks = await getJson<{ items: { userId: string }[] }>(asMax, '/api/blocks');
    expect(blocks.body.items.map((b) => b.userId)).toEqual([nia!.id]);
  });

  it("lets a real reason replace a block's automatic one", async () => {
    const [rae, sol] = await createPeople(world.db, ['Rae Reason', 'Sol Reason']);
    const asRae = await browserFor(world.server, rae!);
    expect((await sendJson(asRae, 'POST', `/api/blocks/${sol!.id}`)).status).toBe(200);
    expect(
      (
        await sendJson(asRae, 'POST', '/api/reports', {
          userId: sol!.id,
          reason: 'harassment',
          context: 'chat',
          details: 'threats',
        })
      ).status,
    ).toBe(201);
    const [row] = await reportsOf(rae!.id, sol!.id);
    expect(row).toMatchObject({ reason: 'harassment', reportCount: 2 });
    expect(row!.details).toContain('harassment: threats');
  });

  it('keeps one report per pair in a case: repeats add their reason and details, not rows', async () => {
    const [ola, pia, quinn] = await createPeople(world.db, ['Ola Report', 'Pia Report', 'Quinn R']);
    const asOla = await browserFor(world.server, ola!);
    const answers = [];
    for (let i = 0; i < 20; i++) {
      answers.push(
        await sendJson<{ id: string }>(asOla, 'POST', '/api/reports', {
          userId: pia!.id,
          reason: i === 0 ? 'spam' : 'harassment',
          context: 'network',
          details: i === 19 ? 'the last straw' : undefined,
        }),
      );
    }
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const [row, ...more] = await reportsOf(ola!.id, pia!.id);
    expect(more).toEqual([]);
    // The gravest reason said is the row's (the queue's order reads it).
    expect(row).toMatchObject({ reason: 'harassment', reportCount: 20 });
    expect(row!.details).toContain('harassment: the last straw');
    // Someone else's report of the same person is their own row.
    const asQuinn = await browserFor(world.server, quinn!);
    const other = await sendJson<{ id: string }>(asQuinn, 'POST', '/api/reports', {
      userId: pia!.id,
      reason: 'spam',
      context: 'network',
    });
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(answers[0]!.body.id);
  });
});
