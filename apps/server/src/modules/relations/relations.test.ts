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
