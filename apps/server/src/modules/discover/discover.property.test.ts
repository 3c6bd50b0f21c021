import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  DATING_GOALS,
  distanceKm,
  DISCOVER_AGE_WINDOW_YEARS,
  DISCOVERY_VISIBILITIES,
  GENDERS,
  INTERESTED_IN,
  trustScore,
  discoverUnlocks,
} from '@heartline/domain';
import { dayNumber, discoverFacts, NO_PLACE } from '../graph/graph.facts.ts';
import { GraphIndex, type GraphSnapshot } from '../graph/graph.index.ts';
import {
  compareKeys,
  GraphTraversal,
  type Degree,
  type RankKey,
  type TraversalOptions,
} from '../graph/graph.traversal.ts';
import { degreesOfTab } from '../network/network.policy.ts';
import { candidateFilter } from '../graph/graph.candidates.ts';

/**
 * Discover's candidates on random graphs and profiles: the index's filtered ranking, read page by
 * page through cursors and under each traversal strategy, must equal a brute-force reference
 * written from the rules themselves (BFS degrees, the raw gender and preference words, ages
 * from birth dates, visibility words, path privacy, what each looks for, the age range and
 * distance each viewer set between real cities), and the count must match it.
 */

type Profile = {
  gender: string;
  interestedIn: string;
  dob: string | null;
  onboarded: boolean;
  hidden: boolean;
  visibility: string;
  /** Shows in paths (privacy): someone only hidden connectors reach is not a candidate. */
  showInPaths: boolean;
  datingGoal: (typeof DATING_GOALS)[number];
  /** One of CITIES, or none; shared or not (location sharing). */
  city: number | null;
  sharesLocation: boolean;
  /** The filters they set for their own Discover (issue 48). */
  prefs: { ageMin: number | null; ageMax: number | null; maxKm: number | null };
};

/** Real cities a few to a few thousand km apart: Tel Aviv, Haifa, Jerusalem, London, Delhi. */
const CITIES: [number, number][] = [
  [32.08088, 34.78057],
  [32.81841, 34.9885],
  [31.76904, 35.21633],
  [51.50853, -0.12574],
  [28.65195, 77.23149],
];
type World = {
  n: number;
  edges: [number, number][];
  blocks: [number, number][];
  profiles: Profile[];
  swiped: number[][];
};

const TODAY = new Date(Date.UTC(2026, 10, 24));

const profileArb: fc.Arbitrary<Profile> = fc.record({
  gender: fc.constantFrom(...GENDERS),
  interestedIn: fc.constantFrom(...INTERESTED_IN),
  dob: fc.option(
    fc
      .tuple(
        fc.integer({ min: 1986, max: 2004 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
      )
      .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
    { freq: 8 },
  ),
  onboarded: fc.integer({ min: 0, max: 5 }).map((x) => x !== 0),
  hidden: fc.integer({ min: 0, max: 9 }).map((x) => x === 0),
  visibility: fc.constantFrom(...DISCOVERY_VISIBILITIES),
  showInPaths: fc.integer({ min: 0, max: 3 }).map((x) => x !== 0),
  datingGoal: fc.constantFrom(...DATING_GOALS),
  city: fc.option(fc.integer({ min: 0, max: CITIES.length - 1 }), { freq: 4 }),
  sharesLocation: fc.integer({ min: 0, max: 4 }).map((x) => x !== 0),
  prefs: fc.record({
    ageMin: fc.option(fc.integer({ min: 18, max: 40 }), { freq: 2 }),
    ageMax: fc.option(fc.integer({ min: 25, max: 100 }), { freq: 2 }),
    maxKm: fc.option(fc.constantFrom(5, 60, 100, 4000, 6000), { freq: 2 }),
  }),
});

/** Coordinates as the index keeps them (× 10,000, whole), back in degrees. */
const stored = (degrees: number) => Math.round(degrees * 10_000) / 10_000;
const goalBits = { networking: 1, dating: 2, both: 3 } as const;

const worldArb: fc.Arbitrary<World> = fc.integer({ min: 2, max: 26 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    edges: fc.array(fc.tuple(fc.integer({ min: 1, max: n }), fc.integer({ min: 1, max: n })), {
      maxLength: n * 4,
    }),
    blocks: fc.array(fc.tuple(fc.integer({ min: 1, max: n }), fc.integer({ min: 1, max: n })), {
      maxLength: 3,
    }),
    profiles: fc.array(profileArb, { minLength: n, maxLength: n }),
    swiped: fc.array(fc.array(fc.integer({ min: 1, max: n }), { maxLength: 3 }), {
      minLength: n,
      maxLength: n,
    }),
  }),
);

/** The rules, the obvious way. */
class Reference {
  friends: Set<number>[];
  constructor(readonly w: World) {
    this.friends = Array.from({ length: w.n + 1 }, () => new Set<number>());
    for (const [a, b] of this.edgeList()) {
      this.friends[a]!.add(b);
      this.friends[b]!.add(a);
    }
  }
  edgeList(): [number, number][] {
    const seen = new Set<string>();
    const out: [number, number][] = [];
    for (const [a, b] of this.w.edges) {
      const key = `${Math.min(a, b)}-${Math.max(a, b)}`;
      if (a === b || seen.has(key) || this.blocked(a, b)) continue;
      seen.add(key);
      out.push([Math.min(a, b), Math.max(a, b)]);
    }
    return out;
  }
  blocked(a: number, b: number): boolean {
    return this.w.blocks.some(
      ([x, y]) => x !== y && ((x === a && y === b) || (x === b && y === a)),
    );
  }
  second(i: number): Set<number> {
    const out = new Set<number>();
    for (const f of this.friends[i]!)
      for (const y of this.friends[f]!)
        if (y !== i && !this.friends[i]!.has(y) && !this.blocked(i, y)) out.add(y);
    return out;
  }
  third(i: number): Set<number> {
    const two = this.second(i);
    const out = new Set<number>();
    for (const y of two)
      for (const z of this.friends[y]!)
        if (z !== i && !this.friends[i]!.has(z) && !two.has(z) && !this.blocked(i, z)) out.add(z);
    return out;
  }
  trust(i: number): number {
    return trustScore(this.friends[i]!.size, this.second(i).size);
  }
  shows(i: number): boolean {
    return this.w.profiles[i - 1]!.showInPaths;
  }
  /** Path privacy: a friend in common shows in paths (2nd degree) ... */
  listedSecond(i: number, y: number): boolean {
    return [...this.friends[y]!].some((f) => this.friends[i]!.has(f) && this.shows(f));
  }
  /** ... or a path i - a - b - z has a and b both showing (3rd degree). */
  listedThird(i: number, z: number): boolean {
    const two = this.second(i);
    return [...this.friends[z]!].some(
      (b) => two.has(b) && this.shows(b) && this.listedSecond(i, b),
    );
  }
  wants(interestedIn: string, gender: string): boolean {
    if (interestedIn === 'everyone') return true;
    return (
      (interestedIn === 'women' && gender === 'woman') ||
      (interestedIn === 'men' && gender === 'man')
    );
  }
  candidates(v: number): RankKey[] {
    const me = this.w.profiles[v - 1]!;
    if (!me.dob) return [];
    const unlocked = discoverUnlocks(this.friends[v]!.size, this.trust(v));
    const byDegree: [Degree, Set<number>][] = [[1, this.friends[v]!]];
    if (unlocked.secondDegree) byDegree.push([2, this.second(v)]);
    if (unlocked.thirdDegree) byDegree.push([3, this.third(v)]);
    const myAge = ageOn(me.dob, TODAY)!;
    const out: RankKey[] = [];
    for (const [degree, people] of byDegree) {
      for (const c of people) {
        const p = this.w.profiles[c - 1]!;
        const reach = DISCOVERY_VISIBILITIES.indexOf(p.visibility as never) + 1;
        if (!p.onboarded || p.hidden || !p.dob || reach < degree) continue;
        if (!this.wants(me.interestedIn, p.gender) || !this.wants(p.interestedIn, me.gender))
          continue;
        const age = ageOn(p.dob, TODAY)!;
        if (age < (me.prefs.ageMin ?? myAge - DISCOVER_AGE_WINDOW_YEARS)) continue;
        if (age > (me.prefs.ageMax ?? myAge + DISCOVER_AGE_WINDOW_YEARS)) continue;
        if ((goalBits[p.datingGoal] & goalBits[me.datingGoal]) === 0) continue;
        const mine = me.city !== null && me.sharesLocation ? CITIES[me.city]! : null;
        if (me.prefs.maxKm !== null && mine) {
          const theirs = p.city !== null && p.sharesLocation ? CITIES[p.city]! : null;
          if (!theirs) continue;
          const km = distanceKm(
            stored(mine[0]),
            stored(mine[1]),
            stored(theirs[0]),
            stored(theirs[1]),
          );
          if (km > me.prefs.maxKm) continue;
        }
        if (this.w.swiped[v - 1]!.includes(c)) continue;
        if (degree === 2 && !this.listedSecond(v, c)) continue;
        if (degree === 3 && !this.listedThird(v, c)) continue;
        out.push({ fav: false, trust: this.trust(c), degree, name: `p${c}`, seq: c });
      }
    }
    return out.sort(compareKeys);
  }
}

function indexOf(w: World, ref: Reference): GraphIndex {
  const edges = ref.edgeList();
  const second = new Int32Array(w.n + 1);
  for (let i = 1; i <= w.n; i++) second[i] = ref.second(i).size;
  const snapshot: GraphSnapshot = {
    version: 0,
    maxSeq: w.n,
    edgeLow: Int32Array.from(edges.map(([a]) => a)),
    edgeHigh: Int32Array.from(edges.map(([, b]) => b)),
    edgeCount: edges.length,
    nodes: w.profiles.map((p, i) => ({
      seq: i + 1,
      name: `P${i + 1}`,
      showInPaths: p.showInPaths,
      discover: discoverFacts({
        gender: p.gender,
        interestedIn: p.interestedIn,
        born: p.dob ? Number(p.dob.replaceAll('-', '')) : 0,
        depth:
          p.onboarded && !p.hidden && p.dob
            ? DISCOVERY_VISIBILITIES.indexOf(p.visibility as never) + 1
            : 0,
        goal: goalBits[p.datingGoal],
        lat:
          p.city !== null && p.sharesLocation ? Math.round(CITIES[p.city]![0] * 10_000) : NO_PLACE,
        lon:
          p.city !== null && p.sharesLocation ? Math.round(CITIES[p.city]![1] * 10_000) : NO_PLACE,
      }),
    })),
    second,
    blocks: w.blocks.filter(([a, b]) => a !== b),
  };
  const index = new GraphIndex();
  index.load(snapshot);
  return index;
}

/** The service's reading: pages of `limit` through cursors until the last. */
function readAll(index: GraphIndex, traversal: GraphTraversal, w: World, v: number, limit: number) {
  const unlocked = discoverUnlocks(index.degree(v), index.trust(v));
  const degrees = degreesOfTab('all', unlocked);
  const gone = new Set(w.swiped[v - 1]!.map((s) => index.posOf(s)));
  const admit = candidateFilter(
    index,
    index.posOf(v),
    dayNumber(TODAY),
    gone,
    w.profiles[v - 1]!.prefs,
  );
  if (index.bornAt[index.posOf(v)] === 0) return { keys: [], count: null };
  const keys: RankKey[] = [];
  let after: RankKey | null = null;
  let count: { count: number; exact: boolean } | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const page = traversal.rank({
      viewer: v,
      degrees,
      favorites: new Set(),
      onlyFavorites: false,
      after,
      limit,
      search: '',
      admit,
    });
    if (after === null) count = traversal.countRanked(degrees, admit, 1000);
    const shown = page.slice(0, limit);
    keys.push(
      ...shown.map(({ fav, trust, degree, name, seq }) => ({ fav, trust, degree, name, seq })),
    );
    if (page.length <= limit) break;
    after = shown.at(-1)!;
  }
  return { keys, count };
}

const STRATEGIES: [string, TraversalOptions][] = [
  ['walks', {}],
  ['scans in trust order', { fullThirdBudget: 0, fullSecondBudget: 0 }],
];

describe('Discover candidates against a brute-force reference', () => {
  for (const [label, options] of STRATEGIES) {
    it(`match for every viewer when the traversal ${label}`, () => {
      fc.assert(
        fc.property(worldArb, fc.integer({ min: 1, max: 4 }), (w, limit) => {
          const ref = new Reference(w);
          const index = indexOf(w, ref);
          const traversal = new GraphTraversal(index, options);
          for (let v = 1; v <= w.n; v++) {
            const expected = ref.candidates(v);
            const { keys, count } = readAll(index, traversal, w, v, limit);
            expect(keys.map((k) => [k.seq, k.degree, k.trust])).toEqual(
              expected.map((k) => [k.seq, k.degree, k.trust]),
            );
            if (count?.exact) expect(count.count).toBe(expected.length);
            if (count && !count.exact) expect(count.count).toBeLessThanOrEqual(expected.length);
          }
        }),
        { numRuns: 300 },
      );
    });
  }
});
