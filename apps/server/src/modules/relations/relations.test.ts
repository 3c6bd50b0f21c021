import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FavoriteState, NetworkSummary } from '@heartline/domain';
import {
  createTestDatabase,
  dbKind,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.ts';
import {
  befriend,
  browserFor,
  createPeople,
  getJson,
  sendJson,
} from '../../../test/network-fixtures.ts';

let tdb: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb.db);
});
afterAll(async () => {
  await server?.stop();
  await tdb?.drop();
});

const favoriteRows = (a: number, b: number) =>
  tdb.db
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
    const [ida, jon] = await createPeople(tdb.db, ['Ida Disconnect', 'Jon Disconnect']);
    await befriend(server.graph, [[ida!, jon!]]);
    const asIda = await browserFor(server, ida!);
    const asJon = await browserFor(server, jon!);
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
