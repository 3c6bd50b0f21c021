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

    findLive(tokenHash: string, now: Date) {
      return db
        .selectFrom('sessions')
        .select(['tokenHash', 'userId', 'lastSeenAt', 'expiresAt', 'idleExpiresAt'])
        .where('tokenHash', '=', tokenHash)
        .where('expiresAt', '>', now)
        .where('idleExpiresAt', '>', now)
        .executeTakeFirst();
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

    async delete(tokenHash: string, trx: Trx | Db = db) {
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
