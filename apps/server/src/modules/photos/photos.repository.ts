import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type PhotoRow = {
  id: string;
  userId: string;
  mainKey: string;
  avatarKeys: Record<string, string>;
  width: number;
  height: number;
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
};

/**
 * SQL for photos. Pass a transaction to group calls; every function runs on the handle given.
 */
export function createPhotosRepository(db: Kysely<Database>) {
  return {
    findCurrent(userId: string): Promise<PhotoRow | undefined> {
      return db
        .selectFrom('photos')
        .selectAll()
        .where('userId', '=', userId)
        .where('replacedAt', 'is', null)
        .executeTakeFirst();
    },

    /** Locks the user's row: one photo replacement per user at a time. */
    async lockUser(userId: string): Promise<boolean> {
      const row = await db
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
    async lockKeys(keys: readonly string[]): Promise<void> {
      for (const key of [...new Set(keys)].sort()) {
        await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db);
      }
    },

    /** Marks the current photo replaced; returns the ids that were current. */
    async markCurrentReplaced(userId: string): Promise<string[]> {
      const rows = await db
        .updateTable('photos')
        .set({ replacedAt: sql<Date>`now()` })
        .where('userId', '=', userId)
        .where('replacedAt', 'is', null)
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    async insert(photo: NewPhoto): Promise<PhotoRow> {
      return db
        .insertInto('photos')
        .values({ ...photo, avatarKeys: JSON.stringify(photo.avatarKeys) })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async insertMany(photos: readonly NewPhoto[]): Promise<void> {
      if (photos.length === 0) return;
      await db
        .insertInto('photos')
        .values(photos.map((p) => ({ ...p, avatarKeys: JSON.stringify(p.avatarKeys) })))
        .execute();
    },

    /** Points the user at the photo; the urls are denormalised for list screens. */
    async setUserPhoto(
      userId: string,
      photo: { id: string; photoUrl: string; avatarUrl: string },
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({
          photoId: photo.id,
          photoUrl: photo.photoUrl,
          avatarUrl: photo.avatarUrl,
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', userId)
        .execute();
    },

    async markPhotoStepDone(userId: string): Promise<void> {
      await db
        .insertInto('userOnboardingStatus')
        .values({ userId, photoStepCompleted: true, updatedAt: sql<Date>`now()` })
        .onConflict((oc) =>
          oc.column('userId').doUpdateSet({ photoStepCompleted: true, updatedAt: sql`now()` }),
        )
        .execute();
    },

    async recordMediaObjects(
      objects: readonly { key: string; ownerId: string | null; bytes: number }[],
    ): Promise<void> {
      if (objects.length === 0) return;
      await db
        .insertInto('mediaObjects')
        .values(objects.map((o) => ({ ...o, contentType: 'image/webp' })))
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },

    /** A replaced photo, locked for the cleanup job; the current photo is never returned. */
    findReplacedForUpdate(photoId: string): Promise<PhotoRow | undefined> {
      return db
        .selectFrom('photos')
        .selectAll()
        .where('id', '=', photoId)
        .where('replacedAt', 'is not', null)
        .forUpdate()
        .executeTakeFirst();
    },

    async delete(photoId: string): Promise<void> {
      await db.deleteFrom('photos').where('id', '=', photoId).execute();
    },

    /**
     * Which of a photo's files some photos row still uses. Files are content-addressed, so an
     * identical upload (or a shared demo picture) shares them. Each probe is one index lookup:
     * the btree on main_key, or the GIN index on avatar_keys with the size as part of the probe.
     */
    async referencedKeys(files: {
      mainKey: string;
      avatarKeys: Record<string, string>;
    }): Promise<Set<string>> {
      const used = new Set<string>();
      const main = await db
        .selectFrom('photos')
        .select('id')
        .where('mainKey', '=', files.mainKey)
        .limit(1)
        .executeTakeFirst();
      if (main) used.add(files.mainKey);
      for (const [size, key] of Object.entries(files.avatarKeys)) {
        const probe = JSON.stringify({ [size]: key });
        const avatar = await db
          .selectFrom('photos')
          .select('id')
          .where(sql<boolean>`avatar_keys @> ${probe}::jsonb`)
          .limit(1)
          .executeTakeFirst();
        if (avatar) used.add(key);
      }
      return used;
    },

    async deleteMediaObjects(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.deleteFrom('mediaObjects').where('key', 'in', keys).execute();
    },
  };
}

export type PhotosRepository = ReturnType<typeof createPhotosRepository>;
