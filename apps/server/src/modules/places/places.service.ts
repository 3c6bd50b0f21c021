import { profileMessages, userRoom, placeMessages, type Place } from '@heartline/domain';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { Transact } from '../events/events.outbox.ts';
import type { City, CityCatalog } from './places.catalog.ts';
import type { PlacesRepository } from './places.repository.ts';

export const MATCH_LOCATIONS_JOB = 'places.match-locations';
const MATCH_PAGE = 1000;

const present = (city: City): Place => ({
  id: city.id,
  name: city.name,
  country: city.country,
  label: city.label,
});

/** Cities: the search, a person's choice of city, and matching old free-text locations. */
export function createPlacesService(deps: {
  repo: PlacesRepository;
  catalog: () => CityCatalog;
  transact: Transact;
  /** After the commit: the graph re-reads the person (Discover measures from their city). */
  changed: (userId: string) => Promise<void>;
}) {
  const { repo } = deps;
  return {
    search(query: string): Place[] {
      return deps.catalog().search(query).map(present);
    },

    /** Sets the person's city (null clears it and the location); an unknown id is refused. */
    async setCity(userId: string, cityId: number | null): Promise<Place | null> {
      const city = cityId === null ? null : deps.catalog().find(cityId);
      if (city === undefined) {
        throw new ValidationError(placeMessages.unknownCity, { cityId: placeMessages.unknownCity });
      }
      await deps.transact(async (trx, emit) => {
        if (!(await repo.setCity(trx, userId, city))) {
          throw new NotFoundError(profileMessages.userNotFound);
        }
        emit(userRoom(userId), 'profile.updated', { userId }, userId);
      });
      await deps.changed(userId);
      return city && present(city);
    },

    /**
     * The `places.match-locations` job (migration 0023): everyone whose free-text location
     * names exactly one city gets that city; the rest are asked once by the app.
     */
    async matchLocations(): Promise<number> {
      let after = 0;
      let matched = 0;
      for (;;) {
        const page = await repo.unmatched(after, MATCH_PAGE);
        for (const person of page) {
          const city = deps.catalog().match(person.location);
          if (!city) continue;
          await repo.matchCity(person.id, person.location, city);
          await deps.changed(person.id);
          matched += 1;
        }
        if (page.length < MATCH_PAGE) return matched;
        after = page.at(-1)!.seq;
      }
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
