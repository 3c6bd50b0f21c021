import { DISCOVER_AGE_WINDOW_YEARS } from '@heartline/domain';
import { seeksGender, yearsBetween } from './graph.facts.ts';
import type { GraphIndex } from './graph.index.ts';
import type { Degree } from './graph.traversal.ts';

/**
 * Discover's filters over the index's facts, as the traversal's `admit` (positions): the
 * candidate's own visibility admits the viewer's degree (and they are discoverable at all:
 * active, onboarded, with a birth date, not hidden from search), each wants to meet the other's
 * gender, their ages are within the window, and the viewer has not liked, passed or skipped
 * them (`gone`, positions). Degrees, blocks and the viewer's unlocks are the traversal's.
 */
export function candidateFilter(
  index: GraphIndex,
  viewer: number,
  day: number,
  gone: ReadonlySet<number>,
): (at: number, degree: Degree) => boolean {
  const { depthAt, genderAt, seeksAt, bornAt } = index;
  const myAge = yearsBetween(bornAt[viewer]!, day);
  const myGender = genderAt[viewer]!;
  const mySeeks = seeksAt[viewer]!;
  return (at, degree) => {
    if (depthAt[at]! < degree) return false;
    if (!seeksGender(mySeeks, genderAt[at]!) || !seeksGender(seeksAt[at]!, myGender)) return false;
    if (Math.abs(yearsBetween(bornAt[at]!, day) - myAge) > DISCOVER_AGE_WINDOW_YEARS) return false;
    return !gone.has(at);
  };
}
