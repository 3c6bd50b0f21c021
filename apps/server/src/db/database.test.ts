import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, dbKind } from '../../test/harness.ts';
import { openDatabase } from './database.ts';
import { up as removeBidiOverrides } from './migrations/0016-bidi-overrides-removed.ts';

describe('embedded PGlite', () => {
  it('keeps its data across restarts and migrates only once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-db-'));
    const id = uuidv7();
    const first = await openDatabase({ dataDir: dir });
    await first
      .insertInto('users')
      .values({ id, email: 'keep@example.test', name: 'Keep Me', photoUrl: null })
      .execute();
    await first.destroy();

    const second = await openDatabase({ dataDir: dir });
    const row = await second
      .selectFrom('users')
      .select(['name', 'seq'])
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.name).toBe('Keep Me');
    expect(typeof row?.seq).toBe('number');
    await second.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe(`database (${dbKind})`, () => {
  it('reads int8 as a number, and refuses one beyond 2^53 rather than round it', async () => {
    const tdb = await createTestDatabase();
    try {
      const { rows } = await sql<{ n: number; c: number }>`
        select 9007199254740991::int8 as n, count(*) as c from users`.execute(tdb.db);
      expect(rows[0]).toEqual({ n: Number.MAX_SAFE_INTEGER, c: 0 });
      await expect(sql`select 9007199254740993::int8 as n`.execute(tdb.db)).rejects.toThrow(
        'beyond 2^53',
      );
    } finally {
      await tdb.drop();
    }
  });

  it('returns dates as YYYY-MM-DD and serialises concurrent transactions', async () => {
    const tdb = await createTestDatabase();
    try {
      const id = uuidv7();
      await tdb.db
        .insertInto('users')
        .values({ id, email: null, name: 'Dated', dob: '1990-04-05', photoUrl: null })
        .execute();
      const row = await tdb.db
        .selectFrom('users')
        .select('dob')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.dob).toBe('1990-04-05');

      // Ten read-modify-write transactions at once: none may lose another's update.
      await Promise.all(
        Array.from({ length: 10 }, () =>
          tdb.db.transaction().execute(async (trx) => {
            const cur = await trx
              .selectFrom('users')
              .select('trustScore')
              .where('id', '=', id)
              .forUpdate()
              .executeTakeFirstOrThrow();
            await trx
              .updateTable('users')
              .set({ trustScore: cur.trustScore + 1 })
              .where('id', '=', id)
              .execute();
          }),
        ),
      );
      const after = await tdb.db
        .selectFrom('users')
        .select('trustScore')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(after.trustScore).toBe(10);

      await expect(
        tdb.db.transaction().execute(async (trx) => {
          await trx.updateTable('users').set({ name: 'Changed' }).where('id', '=', id).execute();
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const kept = await tdb.db
        .selectFrom('users')
        .select('name')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(kept.name).toBe('Dated');
    } finally {
      await tdb.drop();
    }
  });
});

describe(`migration 0016 (${dbKind})`, () => {
  it('takes the bidirectional overrides out of text stored before the rule, and nothing else', async () => {
    const tdb = await createTestDatabase();
    try {
      const id = uuidv7();
      await tdb.db
        .insertInto('users')
        .values({
          id,
          email: null,
          name: 'Stored Before',
          bio: 'Read me: \u202eevil\u202c, and \u2068Ann\u2069 stays',
          location: '\u202dTel Aviv',
          photoUrl: null,
        })
        .execute();
      await removeBidiOverrides(tdb.db as never);
      const row = await tdb.db
        .selectFrom('users')
        .select(['bio', 'location'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        bio: 'Read me: evil, and \u2068Ann\u2069 stays',
        location: 'Tel Aviv',
      });
    } finally {
      await tdb.drop();
    }
  });
});
