/**
 * The trust score and the rules that hang off it (DESIGN.md §3.2 and §3.3, spec/1 §9).
 * Pure functions: the server's graph index, the plain-SQL verifier and the web app all use
 * these, so the formula lives in exactly one place.
 */

/** Points per 1st-degree friend. */
export const TRUST_POINTS_FIRST = 10;
/** Points per distinct 2nd-degree person (friend of a friend who is neither you nor a friend). */
export const TRUST_POINTS_SECOND = 1;
/** The 2nd-degree tab opens at this many friends. */
export const SECOND_DEGREE_UNLOCK_FRIENDS = 3;
/** The 3rd-degree tab opens at this trust score. */
export const THIRD_DEGREE_UNLOCK_TRUST = 70;

export const TRUST_FORMULA_TEXT =
  'Trust score = 10 × friends (1st degree) + 1 × friends of friends (2nd degree)';

export function trustScore(firstDegreeCount: number, secondDegreeCount: number): number {
  return TRUST_POINTS_FIRST * firstDegreeCount + TRUST_POINTS_SECOND * secondDegreeCount;
}

/** The "calculation record" of spec/1 §3 (loader state). */
export type TrustCalculation = {
  firstDegreeCount: number;
  secondDegreeCount: number;
  firstDegreePoints: number;
  secondDegreePoints: number;
  formula: string;
};

export function trustCalculation(
  firstDegreeCount: number,
  secondDegreeCount: number,
): TrustCalculation {
  return {
    firstDegreeCount,
    secondDegreeCount,
    firstDegreePoints: TRUST_POINTS_FIRST * firstDegreeCount,
    secondDegreePoints: TRUST_POINTS_SECOND * secondDegreeCount,
    formula: TRUST_FORMULA_TEXT,
  };
}

export type UnlockedTabs = { firstDegree: boolean; secondDegree: boolean; thirdDegree: boolean };

/** 1st degree always; 2nd at 3 friends; 3rd at trust 70 (DESIGN.md §3.3). */
export function unlockedTabs(friendCount: number, trust: number): UnlockedTabs {
  return {
    firstDegree: true,
    secondDegree: friendCount >= SECOND_DEGREE_UNLOCK_FRIENDS,
    thirdDegree: trust >= THIRD_DEGREE_UNLOCK_TRUST,
  };
}

/**
 * The degrees Discover reaches (issue 48): friends of friends from the first friend on, so a
 * person who joins through one friend's invitation meets someone; the 2nd-degree unlock at 3
 * friends stays a rule of the Network's tabs (spec/1 §6), and the 3rd degree keeps its unlock.
 */
export function discoverUnlocks(friendCount: number, trust: number): UnlockedTabs {
  return { ...unlockedTabs(friendCount, trust), secondDegree: friendCount >= 1 };
}

/** The fields the ranking reads; any row shape that has them can be sorted. */
export type RankedConnection = {
  isFavorited: boolean;
  trustScore: number;
  degree: number;
  name: string;
  userId: string;
};

/** Name order used by the ranking: case-insensitive code-unit order, identical on server and web. */
export function nameSortKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * spec/1 §9 "Connection ranking": favorites first, then trust score descending, then degree
 * ascending, then name; the user id breaks the remaining ties so pages never overlap.
 */
export function compareConnections(a: RankedConnection, b: RankedConnection): number {
  if (a.isFavorited !== b.isFavorited) return a.isFavorited ? -1 : 1;
  if (a.trustScore !== b.trustScore) return b.trustScore - a.trustScore;
  if (a.degree !== b.degree) return a.degree - b.degree;
  const an = nameSortKey(a.name);
  const bn = nameSortKey(b.name);
  if (an !== bn) return an < bn ? -1 : 1;
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

/** spec/2 §5 "Degree values recognised"; anything else shows '?'. */
export function parseDegree(value: string | number | null | undefined): 1 | 2 | 3 | null {
  const v = String(value ?? '')
    .trim()
    .toLowerCase();
  if (v === '1' || v === '1st' || v === 'first') return 1;
  if (v === '2' || v === '2nd' || v === 'second') return 2;
  if (v === '3' || v === '3rd' || v === 'third') return 3;
  return null;
}

export function degreeBadge(value: string | number | null | undefined): string {
  return String(parseDegree(value) ?? '?');
}
