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
        eb.and([eb('userSeq', '=', String(a)), eb('favoriteSeq', '=', String(b))]),
        eb.and([eb('userSeq', '=', String(b)), eb('favoriteSeq', '=', String(a))]),
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
        { blockerSeq: String(max!.seq), blockedSeq: String(nia!.seq) },
        { blockerSeq: String(nia!.seq), blockedSeq: String(max!.seq) },
      ])
      .execute();
    expect((await sendJson(asMax, 'DELETE', `/api/blocks/${nia!.id}`)).status).toBe(200);
    // Nia's own block still stands, so Max still cannot see her.
    expect((await sendJson(asMax, 'POST', `/api/favorites/${nia!.id}`)).status).toBe(404);
    expect((await sendJson(asNia, 'DELETE', `/api/blocks/${max!.id}`)).status).toBe(200);
  });
});
