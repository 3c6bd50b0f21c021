import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, dbKind, type TestDatabase } from '../../../test/harness.ts';
import { createPeople } from '../../../test/network-fixtures.ts';
import { createSessionsService } from './sessions.service.ts';

let tdb: TestDatabase;
let userId: string;
beforeAll(async () => {
  tdb = await createTestDatabase();
  userId = (await createPeople(tdb.db, ['Sid Session']))[0]!.id;
});
afterAll(async () => {
  await tdb?.drop();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const HOUR = 3_600_000;
const at = (ms: number) => vi.spyOn(Date, 'now').mockReturnValue(ms);

describe(`sessions (${dbKind})`, () => {
  it('keeps a looked-up session for up to a minute, then asks the database again', async () => {
    const sessions = createSessionsService(tdb.db, { idleMs: HOUR, absoluteMs: HOUR });
    const { token, info } = await sessions.create(userId, 'vitest');
    expect(await sessions.resolve(token)).toEqual(info);
    // Removed behind the service's back (not through revoke): still known for the cache window.
    await tdb.db.deleteFrom('sessions').where('tokenHash', '=', info.tokenHash).execute();
    expect(await sessions.resolve(token)).toEqual(info);
    at(Date.now() + 60_001);
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('ends a revoked session at once here and tells the other instances', async () => {
    const announced: string[] = [];
    const a = createSessionsService(tdb.db, {
      idleMs: HOUR,
      absoluteMs: HOUR,
      announceRevoked: async (hash) => {
        announced.push(hash);
        b.forget(hash);
      },
    });
    const b = createSessionsService(tdb.db, { idleMs: HOUR, absoluteMs: HOUR });
    const { token, info } = await a.create(userId, 'vitest');
    expect(await a.resolve(token)).toEqual(info);
    expect(await b.resolve(token)).toEqual(info);
    await a.revoke(info.tokenHash);
    expect(announced).toEqual([info.tokenHash]);
    expect(await a.resolve(token)).toBeNull();
    expect(await b.resolve(token)).toBeNull();
  });

  it('slides the idle expiry in the background, without the request waiting for it', async () => {
    const sessions = createSessionsService(tdb.db, { idleMs: HOUR, absoluteMs: 24 * HOUR });
    const { token, info } = await sessions.create(userId, 'vitest');
    const later = Date.now() + 10 * 60_000;
    at(later);
    // The session now ends an idle window after this use.
    expect(await sessions.resolve(token)).toEqual({ ...info, endsAt: later + HOUR });
    const row = () =>
      tdb.db
        .selectFrom('sessions')
        .select(['lastSeenAt', 'idleExpiresAt'])
        .where('tokenHash', '=', info.tokenHash)
        .executeTakeFirstOrThrow();
    // Not written yet: the write is gathered with others and stored within a second.
    expect(new Date((await row()).lastSeenAt).getTime()).toBeLessThan(later - 60_000);
    await sessions.close();
    const stored = await row();
    expect(new Date(stored.lastSeenAt).getTime()).toBe(later);
    expect(new Date(stored.idleExpiresAt).getTime()).toBe(later + HOUR);
  });

  it('stores the sliding expiry of every session seen, and only those, in one flush', async () => {
    const sessions = createSessionsService(tdb.db, { idleMs: HOUR, absoluteMs: 24 * HOUR });
    const created = await Promise.all([1, 2, 3].map(() => sessions.create(userId, 'vitest')));
    const later = Date.now() + 5 * 60_000;
    at(later);
    for (const { token } of created.slice(0, 2)) await sessions.resolve(token);
    await sessions.close();
    const rows = await tdb.db
      .selectFrom('sessions')
      .select(['tokenHash', 'lastSeenAt'])
      .where(
        'tokenHash',
        'in',
        created.map((c) => c.info.tokenHash),
      )
      .execute();
    const seen = new Map(rows.map((r) => [r.tokenHash, new Date(r.lastSeenAt).getTime()]));
    expect(seen.get(created[0]!.info.tokenHash)).toBe(later);
    expect(seen.get(created[1]!.info.tokenHash)).toBe(later);
    expect(seen.get(created[2]!.info.tokenHash)).toBeLessThan(later - 60_000);
  });

  it('refuses a cached session once its idle or absolute lifetime is over', async () => {
    const sessions = createSessionsService(tdb.db, { idleMs: 2_000, absoluteMs: HOUR });
    const { token, info } = await sessions.create(userId, 'vitest');
    const start = Date.now();
    expect(await sessions.resolve(token)).toEqual(info);
    at(start + 2_500);
    expect(await sessions.resolve(token)).toBeNull();

    vi.restoreAllMocks();
    const short = createSessionsService(tdb.db, { idleMs: HOUR, absoluteMs: 1_000 });
    const second = await short.create(userId, 'vitest');
    const created = Date.now();
    expect(await short.resolve(second.token)).toEqual(second.info);
    at(created + 1_500);
    expect(await short.resolve(second.token)).toBeNull();
  });
});
