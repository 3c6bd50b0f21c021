import { GENDERS, type Gender, type InterestedIn } from '@heartline/domain';

/**
 * What Discover filters on for one person, in the index's small encodings: their gender
 * (1 + its place in GENDERS, 0 unknown), the genders they want to meet (bit g set for gender
 * code g), their birth date as yyyymmdd (0 unknown) and the farthest degree from which they may
 * be discovered (0: nobody — not active, not onboarded, no birth date, or hidden from search).
 */
export type DiscoverFacts = {
  gender: number;
  seeks: number;
  born: number;
  depth: number;
  /** What they are looking for, as bits: 1 networking, 2 dating (both: 3). */
  goal: number;
  /** Their city's latitude and longitude × 10,000, or NO_PLACE (none, or location sharing off). */
  lat: number;
  lon: number;
};

/** No city known: the person is outside any distance a viewer sets. */
export const NO_PLACE = -2147483648;

export const UNDISCOVERABLE: DiscoverFacts = {
  gender: 0,
  seeks: 0,
  born: 0,
  depth: 0,
  goal: 0,
  lat: NO_PLACE,
  lon: NO_PLACE,
};

/** What one looks for, as DiscoverFacts.goal: two people meet when their bits share one. */
export const GOAL_COLUMN = `(case u.dating_goal when 'networking' then 1 when 'dating' then 2
    else 3 end)::int4`;

/** The city's coordinates × 10,000 as int4, NO_PLACE without a city or with sharing off. */
const placeColumn = (column: string) =>
  `coalesce(case when coalesce(s.location_sharing, true) then round(u.${column} * 10000) end,
    ${NO_PLACE})::int4`;
export const LAT_COLUMN = placeColumn('city_lat');
export const LON_COLUMN = placeColumn('city_lon');

const genderCodes = new Map<string, number>(GENDERS.map((g, i) => [g, i + 1]));

export function genderCode(gender: string): number {
  return genderCodes.get(gender) ?? 0;
}

const bit = (gender: Gender) => 1 << genderCode(gender);
const seeks: Record<InterestedIn, number> = {
  women: bit('woman'),
  men: bit('man'),
  everyone: GENDERS.reduce((mask, g) => mask | bit(g), 0),
};

export function seeksMask(interestedIn: string): number {
  return seeks[interestedIn as InterestedIn] ?? 0;
}

/** Whether someone who seeks `mask` wants to meet a person of gender code `gender`. */
export function seeksGender(mask: number, gender: number): boolean {
  return gender > 0 && (mask & (1 << gender)) !== 0;
}

/** Completed years between a yyyymmdd birth date and a yyyymmdd day (no calendar needed). */
export function yearsBetween(born: number, day: number): number {
  return Math.floor((day - born) / 10000);
}

/** A date as yyyymmdd in UTC. */
export function dayNumber(date: Date): number {
  return date.getUTCFullYear() * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

/**
 * The person's row and the rows beside it that the index reads (users u, their onboarding o,
 * their settings s). Every facts read — the start-up COPY, the paged load, a re-read after a
 * change — selects from here, so they cannot disagree.
 */
export const FACTS_FROM = `users u
  left join user_onboarding_status o on o.user_id = u.id
  left join user_settings s on s.user_id = u.id`;

/** yyyymmdd as an int4 (0 without a birth date). */
export const BORN_COLUMN = `coalesce(to_char(u.dob, 'YYYYMMDD')::int4, 0)`;

/** The farthest degree that may discover the person, as an int4 (see DiscoverFacts.depth). */
export const DEPTH_COLUMN = `(case
    when u.account_status = 'ACTIVE' and coalesce(o.onboarding_completed, false)
         and u.dob is not null and not coalesce(s.hide_from_search, false)
         and u.discover_held_at is null and not coalesce(s.discover_paused, false)
    then case coalesce(s.discovery_visibility, '1st_2nd')
           when '1st_only' then 1 when '1st_2nd' then 2 else 3 end
    else 0 end)::int4`;

/** Suspended or banned (a boolean): the index holds none of their friendships. */
export const RESTRICTED_COLUMN = `(u.account_status <> 'ACTIVE')`;

/** Whether the person chose "hide from search" (a boolean). */
export const SEARCH_HIDDEN_COLUMN = `coalesce(s.hide_from_search, false)`;

export function discoverFacts(row: {
  gender: string;
  interestedIn: string;
  born: number;
  depth: number;
  goal: number;
  lat: number;
  lon: number;
}): DiscoverFacts {
  return {
    gender: genderCode(row.gender),
    seeks: seeksMask(row.interestedIn),
    born: row.born,
    depth: row.depth,
    goal: row.goal,
    lat: row.lat,
    lon: row.lon,
  };
}
