import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';

/** What a merged report keeps of everything said in it. */
const REPORT_DETAILS_MAX = 4000;

/** SQL of the row actions on another person: favorites, reports, the own paths setting. */
export function createRelationsRepository(db: Db) {
  return {
    async isFavorite(viewer: number, target: number): Promise<boolean> {
      const row = await db
        .selectFrom('favorites')
        .select('userSeq')
        .where('userSeq', '=', viewer)
        .where('favoriteSeq', '=', target)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Adds the favorite only while the two are friends (checked in the same statement). */
    async addFavorite(viewer: number, target: number): Promise<boolean> {
      const [lo, hi] = viewer < target ? [viewer, target] : [target, viewer];
      const result = await sql<{ ok: number }>`
        insert into favorites (user_seq, favorite_seq)
        select ${viewer}::bigint, ${target}::bigint
        where exists (select 1 from friendships where user_low = ${lo}::bigint and user_high = ${hi}::bigint)
        on conflict do nothing
        returning 1 as ok`.execute(db);
      return result.rows.length > 0 || (await this.isFavorite(viewer, target));
    },

    async removeFavorite(viewer: number, target: number): Promise<void> {
      await db
        .deleteFrom('favorites')
        .where('userSeq', '=', viewer)
        .where('favoriteSeq', '=', target)
        .execute();
    },

    async insertReport(
      row: {
        id: string;
        reporterId: string;
        reportedId: string;
        reason: string;
        context: string;
        details: string;
      },
      trx: Trx | Db = db,
    ): Promise<string> {
      // One row per reporter and reported person: a repeat adds its reason and details to it.
      const stored = await trx
        .insertInto('reports')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['reporterId', 'reportedId']).doUpdateSet({
            // A real reason replaces the automatic one a block filed; the newest words are kept.
            reason: sql<string>`case when reports.reason = 'blocked' then excluded.reason
              else reports.reason end`,
            context: sql<string>`case when reports.reason = 'blocked' then excluded.context
              else reports.context end`,
            details: sql<string>`right(reports.details || E'\n' || excluded.reason
              || case when excluded.details = '' then '' else ': ' || excluded.details end, ${REPORT_DETAILS_MAX})`,
            reportCount: sql<number>`reports.report_count + 1`,
            updatedAt: sql<Date>`now()`,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return stored.id;
    },

    async showInPaths(userId: string): Promise<boolean | undefined> {
      const row = await db
        .selectFrom('users')
        .select('showInPaths')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.showInPaths;
    },
  };
}

export type RelationsRepository = ReturnType<typeof createRelationsRepository>;
