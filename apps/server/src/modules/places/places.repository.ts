import type { Db, Trx } from '../../db/database.ts';
import type { City } from './places.catalog.ts';

/** SQL of a person's city: users.city_id and its coordinates beside the location text. */
export function createPlacesRepository(db: Db) {
  return {
    /** Sets (or, with null, clears) the person's city; the location text follows it. */
    async setCity(trx: Trx, userId: string, city: City | null): Promise<boolean> {
      const rows = await trx
        .updateTable('users')
        .set({
          cityId: city?.id ?? null,
          cityLat: city?.lat ?? null,
          cityLon: city?.lon ?? null,
          location: city?.label ?? '',
          updatedAt: new Date(),
        })
        .where('id', '=', userId)
        .returning('id')
        .execute();
      return rows.length > 0;
    },

    /** A page of people with a location text and no city, after `afterSeq`. */
    unmatched(afterSeq: number, limit: number) {
      return db
        .selectFrom('users')
        .select(['id', 'seq', 'location'])
        .where('cityId', 'is', null)
        .where('location', '<>', '')
        .where('seq', '>', afterSeq)
        .orderBy('seq')
        .limit(limit)
        .execute();
    },

    /** Sets the city of someone whose location text named it; only if still unmatched. */
    async matchCity(userId: string, location: string, city: City): Promise<void> {
      await db
        .updateTable('users')
        .set({ cityId: city.id, cityLat: city.lat, cityLon: city.lon })
        .where('id', '=', userId)
        .where('cityId', 'is', null)
        .where('location', '=', location)
        .execute();
    },
  };
}

export type PlacesRepository = ReturnType<typeof createPlacesRepository>;
