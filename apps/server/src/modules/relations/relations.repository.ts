import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** SQL of the row actions on another person: favorites and the own paths setting. */
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
