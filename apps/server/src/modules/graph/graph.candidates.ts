import { DISCOVER_AGE_WINDOW_YEARS, distanceKm } from '@heartline/domain';
import { NO_PLACE, seeksGender, yearsBetween } from './graph.facts.ts';
import type { GraphIndex } from './graph.index.ts';
import type { Degree } from './graph.traversal.ts';

/**
 * The filters a viewer set for their Discover (issue 48; settings.discover): an age range
 * (null ends: the spec's window around their own age) and a maximum distance in km between
 * the two cities (null: any).
 */
export type DiscoverPrefs = {
  ageMin: number | null;
  ageMax: number | null;
  maxKm: number | null;
};

export const NO_PREFS: DiscoverPrefs = { ageMin: null, ageMax: null, maxKm: null };

/** Km per degree of latitude: a cheap first test before the great-circle distance. */
const KM_PER_DEGREE = 111.2;

/**
 * Discover's filters over the index's facts, as the traversal's `admit` (positions): the
 * candidate's own visibility admits the viewer's degree (and they are discoverable at all:
 * active, onboarded, with a birth date, not hidden from search), each wants to meet the other's
 * gender, what they look for meets (networking, dating, both), the candidate's age is in the
 * viewer's range, their city within the viewer's distance (a candidate without a city, or who
 * does not share it, is outside any distance; a viewer without a city has no distance to set),
 * and the viewer has not liked, passed or skipped them (`gone`, positions). Degrees, blocks and
 * the viewer's unlocks are the traversal's.
 */
export function candidateFilter(
  index: GraphIndex,
  viewer: number,
  day: number,
  gone: ReadonlySet<number>,
  prefs: DiscoverPrefs = NO_PREFS,
): (at: number, degree: Degree) => boolean {
  const { depthAt, genderAt, seeksAt, bornAt, goalAt, latAt, lonAt } = index;
  const myAge = yearsBetween(bornAt[viewer]!, day);
  const myGender = genderAt[viewer]!;
  const mySeeks = seeksAt[viewer]!;
  const myGoal = goalAt[viewer]!;
  const minAge = prefs.ageMin ?? myAge - DISCOVER_AGE_WINDOW_YEARS;
  const maxAge = prefs.ageMax ?? myAge + DISCOVER_AGE_WINDOW_YEARS;
  const myLat = latAt[viewer]!;
  const myLon = lonAt[viewer]!;
  const maxKm = prefs.maxKm !== null && myLat !== NO_PLACE ? prefs.maxKm : null;
  const latSlack = maxKm === null ? 0 : (maxKm / KM_PER_DEGREE + 0.01) * 10_000;
  return (at, degree) => {
    if (depthAt[at]! < degree) return false;
    if (!seeksGender(mySeeks, genderAt[at]!) || !seeksGender(seeksAt[at]!, myGender)) return false;
    if ((goalAt[at]! & myGoal) === 0) return false;
    const age = yearsBetween(bornAt[at]!, day);
    if (age < minAge || age > maxAge) return false;
    if (maxKm !== null) {
      const lat = latAt[at]!;
      if (lat === NO_PLACE || Math.abs(lat - myLat) > latSlack) return false;
      const km = distanceKm(myLat / 10_000, myLon / 10_000, lat / 10_000, lonAt[at]! / 10_000);
      if (km > maxKm) return false;
    }
    return !gone.has(at);
  };
}
