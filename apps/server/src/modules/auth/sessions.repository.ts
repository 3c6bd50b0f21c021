import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';

export function createSessionsRepository(db: Db) {
  return {
    async insert(row: {
      tokenHash: string;
      userId: string;
      idleExpiresAt: Date;
      expiresAt: Date;
      userAgent: string;
    }) {
      await db.insertInto('sessions').values(row).execute();
      await db
        .updateTable('users')
        .set({ lastActiveAt: new Date() })
        .where('id', '=', row.userId)
        .execute();
    },

    /** A live session with its account's state (a suspended or banned account is restricted). */
    findLive(tokenHash: string, now: Date) {
      return db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.userId')
        .select([
          's.tokenHash',
          's.userId',
          's.lastSeenAt',
          's.expiresAt',
          's.idleExpiresAt',
          'u.accountStatus',
        ])
        .where('s.tokenHash', '=', tokenHash)
        .where('s.expiresAt', '>', now)
        .where('s.idleExpiresAt', '>', now)
        .executeTakeFirst();
    },

    /** The token hashes of a person's live sessions. */
    async liveOf(userId: string, trx: Trx | Db = db): Promise<string[]> {
      const rows = await trx
        .selectFrom('sessions')
        .select('tokenHash')
        .where('userId', '=', userId)
        .where('expiresAt', '>', new Date())
        .execute();
      return rows.map((r) => r.tokenHash);
    },

    /** One statement with one array parameter, however many sessions were seen. */
    async touchMany(tokenHashes: string[], now: Date, idleExpiresAt: Date) {
      await db
        .updateTable('sessions')
        .set({ lastSeenAt: now, idleExpiresAt })
        .where(sql<boolean>`token_hash = any(${tokenHashes}::text[])`)
        .execute();
      // The people behind them were active now (the inactive-account sweep reads it).
      await sql`
        update users set last_active_at = ${now}
         where id in (select user_id from sessions where token_hash = any(${tokenHashes}::text[]))`.execute(
        db,
      );
    },

    async delete(trx: Trx | Db, tokenHash: string) {
      await trx.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
    },

    async deleteExpired(now: Date) {
      await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expiresAt', '<=', now), eb('idleExpiresAt', '<=', now)]))
        .execute();
    },
  };
}
