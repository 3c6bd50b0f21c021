import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKind, type TestDatabase } from '../../../test/harness.ts';
import { LocalMediaStorage } from '../../modules/media/media.storage.ts';
import { median } from './graph.ts';
import { personaByKey, personas } from './personas.ts';
import { seedIfEmpty } from './world.ts';

const USERS = 300;

describe(`demo world seed (${dbKind})`, () => {
  let tdb: TestDatabase;
  let mediaDir: string;
  let storage: LocalMediaStorage;
  let adjacency: Map<number, Set<number>>;
  let friendships: { userLow: number; userHigh: number }[];

  beforeAll(async () => {
    tdb = await createTestDatabase();
    mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'heartline-seed-'));
    storage = new LocalMediaStorage(mediaDir);
    expect(await seedIfEmpty(tdb.db, storage, { users: USERS, images: 12, seed: 7 })).toBe(true);

    friendships = await tdb.db.selectFrom('friendships').select(['userLow', 'userHigh']).execute();
    adjacency = new Map();
    const link = (a: number, b: number) => {
      const set = adjacency.get(a) ?? new Set<number>();
      set.add(b);
      adjacency.set(a, set);
    };
    for (const f of friendships) {
      link(f.userLow, f.userHigh);
      link(f.userHigh, f.userLow);
    }
  });

  afterAll(async () => {
    await tdb.drop();
    await fs.rm(mediaDir, { recursive: true, force: true });
  });

  async function seqOf(key: string): Promise<number> {
    const row = await tdb.db
      .selectFrom('users')
      .select('seq')
      .where('email', '=', personaByKey(key).email)
      .executeTakeFirstOrThrow();
    return row.seq;
  }

  /** Breadth-first distance in the stored friendships. */
  function distance(from: number, to: number): number {
    let frontier = [from];
    const seen = new Set(frontier);
    for (let d = 0; frontier.length > 0; d++) {
      if (frontier.includes(to)) return d;
      const next: number[] = [];
      for (const u of frontier) {
        for (const v of adjacency.get(u) ?? []) {
          if (!seen.has(v)) {
            seen.add(v);
            next.push(v);
          }
        }
      }
      frontier = next;
    }
    return Infinity;
  }

  it('creates every persona with a dev identity and an IdP account', async () => {
    const total = await tdb.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(USERS + personas.length);

    for (const p of personas) {
      const row = await tdb.db
        .selectFrom('users')
        .innerJoin('oauthIdentities as o', 'o.userId', 'users.id')
        .innerJoin('devIdpAccounts as a', 'a.subject', 'o.subject')
        .leftJoin('userOnboardingStatus as s', 's.userId', 'users.id')
        .select([
          'users.name',
          'users.photoUrl',
          'users.isDemo',
          'o.provider',
          's.onboardingCompleted',
        ])
        .where('o.provider', '=', 'dev')
        .where('o.subject', '=', p.subject)
        .executeTakeFirstOrThrow();
      expect(row.name).toBe(p.name);
      expect(row.isDemo).toBe(true);
      expect(row.onboardingCompleted).toBe(p.onboardingCompleted);
      expect(row.photoUrl === null).toBe(!p.hasPhoto);
    }
  });

  it('stores persona photos as media objects', async () => {
    const alice = await tdb.db
      .selectFrom('users')
      .select('photoUrl')
      .where('email', '=', personaByKey('alice').email)
      .executeTakeFirstOrThrow();
    const key = alice.photoUrl!.replace('/media/', '');
    const media = await tdb.db
      .selectFrom('mediaObjects')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(media.contentType).toBe('image/webp');
    const bytes = await storage.get(key);
    expect(bytes?.subarray(8, 12).toString('ascii')).toBe('WEBP');
    expect(bytes?.length).toBe(media.bytes);
  });

  it('gives every user with a photo a processed photo with avatars, through the upload pipeline', async () => {
    const rows = await tdb.db
      .selectFrom('users as u')
      .leftJoin('photos as p', 'p.id', 'u.photoId')
      .select([
        'u.id',
        'u.photoUrl',
        'u.avatarUrl',
        'u.photoId',
        'p.userId',
        'p.mainKey',
        'p.avatarKeys',
        'p.width',
        'p.height',
        'p.replacedAt',
      ])
      .execute();
    const withPhoto = rows.filter((r) => r.photoUrl !== null);
    expect(withPhoto.length).toBeGreaterThan(rows.length / 2);
    for (const r of rows) {
      if (r.photoUrl === null) {
        expect([r.photoId, r.avatarUrl]).toEqual([null, null]);
        continue;
      }
      expect(r.userId).toBe(r.id);
      expect(r.replacedAt).toBeNull();
      expect(r.photoUrl).toBe(`/media/${r.mainKey}`);
      expect(r.avatarUrl).toBe(`/media/${r.avatarKeys!['128']}`);
      expect(Object.keys(r.avatarKeys!).sort()).toEqual(['128', '256', '64']);
      expect([r.width, r.height]).toEqual([1080, 1350]);
    }
    const photoRows = await tdb.db.selectFrom('photos').select('userId').execute();
    expect(photoRows).toHaveLength(withPhoto.length);
    // Pooled pictures are processed once and shared by key.
    const mainKeys = new Set(withPhoto.map((r) => r.mainKey));
    expect(mainKeys.size).toBeLessThanOrEqual(12 + personas.length);

    const alice = await tdb.db
      .selectFrom('users as u')
      .innerJoin('photos as p', 'p.id', 'u.photoId')
      .select(['p.mainKey', 'p.avatarKeys'])
      .where('u.email', '=', personaByKey('alice').email)
      .executeTakeFirstOrThrow();
    const main = await sharp((await storage.get(alice.mainKey))!).metadata();
    expect([main.format, main.width, main.height, main.exif]).toEqual([
      'webp',
      1080,
      1350,
      undefined,
    ]);
    for (const [size, key] of Object.entries(alice.avatarKeys)) {
      const m = await sharp((await storage.get(key))!).metadata();
      expect([m.format, m.width, m.height]).toEqual(['webp', Number(size), Number(size)]);
    }
  });

  it('opens two report cases for the moderator persona, with their reports and snapshots', async () => {
    const cases = await tdb.db
      .selectFrom('moderationCases')
      .select(['id', 'userId', 'status', 'reporters', 'reasons'])
      .orderBy('reporters', 'desc')
      .execute();
    expect(cases.map((c) => [c.status, c.reporters, c.reasons])).toEqual([
      ['open', 3, ['harassment']],
      ['open', 1, ['fake_profile']],
    ]);
    const reports = await tdb.db
      .selectFrom('reports')
      .innerJoin('users', 'users.id', 'reports.reportedId')
      .select(['reports.caseId', 'reports.snapshot', 'users.name'])
      .execute();
    expect(reports).toHaveLength(4);
    for (const r of reports) {
      expect(cases.map((c) => c.id)).toContain(r.caseId);
      const snapshot = (typeof r.snapshot === 'string' ? JSON.parse(r.snapshot) : r.snapshot) as {
        name: string;
      };
      expect(snapshot.name).toBe(r.name);
    }
  });

  it('gives alice the scripted network shape', async () => {
    const alice = await seqOf('alice');
    expect(distance(alice, await seqOf('bob'))).toBe(1);
    expect(distance(alice, await seqOf('frank'))).toBe(2);
    expect(distance(alice, await seqOf('grace'))).toBe(2);
    expect(distance(alice, await seqOf('heidi'))).toBe(3);
    expect(distance(alice, await seqOf('ivan'))).toBe(3);
    expect(adjacency.get(await seqOf('nina'))).toBeUndefined();
    expect(adjacency.get(alice)!.size).toBeGreaterThan(personaByKey('alice').friends.length);
  });

  it('stores each friendship once, low before high', () => {
    const keys = new Set<string>();
    for (const f of friendships) {
      expect(BigInt(f.userLow) < BigInt(f.userHigh)).toBe(true);
      keys.add(`${f.userLow}|${f.userHigh}`);
    }
    expect(keys.size).toBe(friendships.length);
  });

  it('has a skewed degree distribution', () => {
    const degrees = [...adjacency.values()].map((s) => s.size);
    const max = Math.max(...degrees);
    expect(max).toBeGreaterThanOrEqual(5 * median(degrees));
  });

  it('stores trust scores that match a recomputation from the friendships', async () => {
    const users = await tdb.db
      .selectFrom('users')
      .select(['seq', 'friendCount', 'secondDegreeCount', 'trustScore'])
      .execute();
    for (const u of users) {
      const friends = adjacency.get(u.seq) ?? new Set<number>();
      const second = new Set<number>();
      for (const f of friends) {
        for (const g of adjacency.get(f) ?? []) {
          if (g !== u.seq && !friends.has(g)) second.add(g);
        }
      }
      expect({ seq: u.seq, f: u.friendCount, s: u.secondDegreeCount, t: u.trustScore }).toEqual({
        seq: u.seq,
        f: friends.size,
        s: second.size,
        t: 10 * friends.size + second.size,
      });
    }
  });

  it('does not seed a database that already has users', async () => {
    expect(await seedIfEmpty(tdb.db, storage, { users: USERS })).toBe(false);
  });
});
