import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';

export type PhotoRow = {
  id: string;
  userId: string;
  mainKey: string;
  avatarKeys: Record<string, string>;
  width: number;
  height: number;
  /** 0: the main photo. */
  position: number;
  createdAt: Date;
  replacedAt: Date | null;
};

export type NewPhoto = {
  id: string;
  userId: string;
  mainKey: string;
  /** Pixel size -> storage key. */
  avatarKeys: Record<string, string>;
  width: number;
  height: number;
  position: number;
};

/**
 * SQL for photos. A write takes the transaction it belongs to first; a read takes one last,
 * or runs on the pool.
 */
export function createPhotosRepository(db: Db) {
  return {
    /** The main photo (position 0). */
    findMain(userId: string, trx: Trx | Db = db): Promise<PhotoRow | undefined> {
      return trx
        .selectFrom('photos')
        .selectAll()
        .where('userId', '=', userId)
        .where('replacedAt', 'is', null)
        .where('position', '=', 0)
        .executeTakeFirst();
    },

    /** Every current photo of the user, main first. */
    listCurrent(userId: string, trx: Trx | Db = db): Promise<PhotoRow[]> {
      return trx
        .selectFrom('photos')
        .selectAll()
        .where('userId', '=', userId)
        .where('replacedAt', 'is', null)
        .orderBy('position')
        .execute();
    },

    /**
     * Gives the user's current photos the positions of `ids` (0 = main). Two statements: the
     * unique index on (user, position) is checked row by row, so the rows first move out of
     * the way to negative positions. Under the user's row lock.
     */
    async setPositions(trx: Trx, userId: string, ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      const current = () =>
        trx.updateTable('photos').where('userId', '=', userId).where('replacedAt', 'is', null);
      await current()
        .set({ position: sql<number>`-1 - position` })
        .execute();
      await current()
        .set({ position: sql<number>`array_position(${sql.val(ids)}::uuid[], id) - 1` })
        .where('id', 'in', ids)
        .execute();
    },

    /** Locks the user's row: one photo replacement per user at a time. */
    async lockUser(trx: Trx, userId: string): Promise<boolean> {
      const row = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Serialises writers and the cleanup job on the same file keys until the transaction
     * ends, in sorted order so two transactions cannot deadlock on each other.
     */
    async lockKeys(trx: Trx, keys: readonly string[]): Promise<void> {
      for (const key of [...new Set(keys)].sort()) {
        await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
      }
    },

    /** Marks the user's current photo `photoId` replaced; false when it is not one. */
    async markReplaced(trx: Trx, userId: string, photoId: string): Promise<boolean> {
      const rows = await trx
        .updateTable('photos')
        .set({ replacedAt: sql<Date>`now()` })
        .where('userId', '=', userId)
        .where('id', '=', photoId)
        .where('replacedAt', 'is', null)
        .returning('id')
        .execute();
      return rows.length > 0;
    },

    async insert(trx: Trx, photo: NewPhoto): Promise<PhotoRow> {
      return trx
        .insertInto('photos')
        .values({ ...photo, avatarKeys: JSON.stringify(photo.avatarKeys) })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async insertMany(trx: Trx | Db, photos: readonly NewPhoto[]): Promise<void> {
      if (photos.length === 0) return;
      await trx
        .insertInto('photos')
        .values(photos.map((p) => ({ ...p, avatarKeys: JSON.stringify(p.avatarKeys) })))
        .execute();
    },

    /**
     * Points the user at their main photo; null: none (the avatar placeholder). The urls are
     * denormalised for list screens.
     */
    async setUserPhoto(
      trx: Trx,
      userId: string,
      photo: { id: string; photoUrl: string; avatarUrl: string } | null,
    ): Promise<void> {
      await trx
        .updateTable('users')
        .set({
          photoId: photo?.id ?? null,
          photoUrl: photo?.photoUrl ?? null,
          avatarUrl: photo?.avatarUrl ?? null,
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', userId)
        .execute();
    },

    async markPhotoStepDone(trx: Trx, userId: string): Promise<void> {
      await trx
        .insertInto('userOnboardingStatus')
        .values({ userId, photoStepCompleted: true, updatedAt: sql<Date>`now()` })
        .onConflict((oc) =>
          oc.column('userId').doUpdateSet({ photoStepCompleted: true, updatedAt: sql`now()` }),
        )
        .execute();
    },

    async recordMediaObjects(
      trx: Trx,
      objects: readonly { key: string; ownerId: string | null; bytes: number }[],
    ): Promise<void> {
      if (objects.length === 0) return;
      await trx
        .insertInto('mediaObjects')
        .values(objects.map((o) => ({ ...o, contentType: 'image/webp' })))
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },

    /** A replaced photo, locked for the cleanup job; the current photo is never returned. */
    findReplacedForUpdate(trx: Trx, photoId: string): Promise<PhotoRow | undefined> {
      return trx
        .selectFrom('photos')
        .selectAll()
        .where('id', '=', photoId)
        .where('replacedAt', 'is not', null)
        .forUpdate()
        .executeTakeFirst();
    },

    async delete(trx: Trx, photoId: string): Promise<void> {
      await trx.deleteFrom('photos').where('id', '=', photoId).execute();
    },

    /**
     * Which of a photo's files some photos row still uses. Files are content-addressed, so an
     * identical upload (or a shared demo picture) shares them. Each probe is one index lookup:
     * the btree on main_key, or the GIN index on avatar_keys with the size as part of the probe.
     */
    async referencedKeys(
      files: { mainKey: string; avatarKeys: Record<string, string> },
      trx: Trx | Db = db,
    ): Promise<Set<string>> {
      const used = new Set<string>();
      // A report's snapshot keeps the main file as evidence (evidence_media).
      const main = await trx
        .selectFrom('photos')
        .select('id')
        .where('mainKey', '=', files.mainKey)
        .unionAll((eb) =>
          eb
            .selectFrom('evidenceMedia')
            .select('reportId as id')
            .where('mediaKey', '=', files.mainKey),
        )
        .limit(1)
        .executeTakeFirst();
      if (main) used.add(files.mainKey);
      for (const [size, key] of Object.entries(files.avatarKeys)) {
        const probe = JSON.stringify({ [size]: key });
        const avatar = await trx
          .selectFrom('photos')
          .select('id')
          .where(sql<boolean>`avatar_keys @> ${probe}::jsonb`)
          .limit(1)
          .executeTakeFirst();
        if (avatar) used.add(key);
      }
      return used;
    },

    async deleteMediaObjects(trx: Trx, keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      await trx.deleteFrom('mediaObjects').where('key', 'in', keys).execute();
    },
  };
}

export type PhotosRepository = ReturnType<typeof createPhotosRepository>;
