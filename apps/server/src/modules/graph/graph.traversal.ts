import type { GraphIndex } from './graph.index.ts';

/** The position of one person in a ranked list; also what a cursor encodes. */
export type RankKey = { fav: boolean; trust: number; degree: number; name: string; seq: number };

/** One ranked result: who, at which degree, and through whom (2nd and 3rd degree). */
export type Ranked = RankKey & {
  mutual: number;
  /** 2nd degree: the viewer's friend in between; 3rd: the viewer's friend at the first hop. */
  via: number;
  /** 3rd degree: the 2nd-degree person at the second hop. */
  via2: number;
};

export type Degree = 1 | 2 | 3;

/** A ranking key with the person's position in the index (the traversal's own numbering). */
type Candidate = RankKey & { at: number };

export type TraversalOptions = {
  /**
   * Above this many estimated adjacency reads, the 3rd degree's best page comes from walking
   * the trust order instead of materialising the whole 3rd degree.
   */
  fullThirdBudget?: number;
  /**
   * Above this many adjacency reads (the sum of the viewer's friends' degrees), a page of the
   * 2nd degree alone comes from walking the trust order: the best-trusted people are the
   * best-connected, so a large 2nd degree holds the first page near the top of the order.
   */
  fullSecondBudget?: number;
};

export type RankRequest = {
  viewer: number;
  degrees: readonly Degree[];
  favorites: ReadonlySet<number>;
  onlyFavorites: boolean;
  after: RankKey | null;
  limit: number;
  search: string;
  /**
   * Discover's filters: whether the person at a position (the traversal's numbering), found at
   * this degree, may be ranked at all. Called before a ranking key is built.
   */
  admit?: (at: number, degree: Degree) => boolean;
};

/** Ranking of spec/1 §9: favorites first, trust desc, degree asc, name, then seq. */
export function compareKeys(x: RankKey, y: RankKey): number {
  if (x.fav !== y.fav) return x.fav ? -1 : 1;
  if (x.trust !== y.trust) return y.trust - x.trust;
  if (x.degree !== y.degree) return x.degree - y.degree;
  if (x.name !== y.name) return x.name < y.name ? -1 : 1;
  return x.seq - y.seq;
}

/**
 * Degree traversals over the index, in its positions (users numbered by community; seqs only
 * at the public methods). The hot loops touch one small array only: a 32-bit word per
 * position (4 MB per million users) holding the visit stamp (epoch * 4 + level) and the 2nd
 * degree's mutual count. The 2nd-degree walk also notes who reached each person first (their
 * connector); 1st and 3rd-degree rows get theirs afterwards, only for the rows actually shown,
 * from their own neighbour lists. Scratch is reused by every call, so a traversal allocates
 * almost nothing; callers read results before the next call (everything here is synchronous,
 * so no other request interleaves).
 *
 * Path privacy (docs/API-network.md): someone who hides from paths is never named as a
 * connector, and a person the viewer reaches only through such connectors is not listed at
 * all (else befriending one person would list their friends, named or not, by elimination).
 * A 2nd-degree person is listed when a friend in common shows in paths; a 3rd-degree one when
 * a path viewer - a - b - them has a and b both showing. The walks make that free: they go
 * through connectors who show first, so the people only hidden connectors reach come last in
 * each list (`secondShown`, `thirdShown` mark where), and a 2nd-degree person's first
 * connector (`via`) hides only when all of theirs do. Counts and trust cover everyone: they
 * are numbers, not identities.
 */
export class GraphTraversal {
  /**
   * Per position, one word: the visit stamp (epoch * 4 + level) in the high 16 bits and, for the 2nd
   * degree, the saturating mutual-friend count in the low 16 — so the hot loop's repeat visit
   * (most of a 2nd-degree walk) costs one memory access, not two.
   */
  private mark = new Uint32Array(0);
  /**
   * 2nd degree: the viewer's friend who reached them first (the connector): the friend in
   * common with the lowest position who shows in paths, else the lowest-positioned one at all
   * (first in community order, not the lowest seq). It hides only when every one hides.
   */
  private via = new Int32Array(0);
  /** Scan mode: the viewer's friends, one bit per position (set and cleared by scanOrder). */
  private friendBits = new Int32Array(0);
  private secondList = new Int32Array(0);
  /** secondTrustFloor's selection scratch (grown to the largest 2nd degree seen). */
  private trustScratch = new Int32Array(0);
  private thirdList = new Int32Array(0);
  private epoch = 0;
  private base = 0;
  /** How the last rank() found its people (countRanked reads the same lists). */
  private ranked: {
    viewer: number;
    scanSecond: boolean;
    thirdInFull: boolean;
    withSecond: boolean;
    withThird: boolean;
  } | null = null;
  /** Which viewer the current stamps describe, and how far they go. */
  private viewer = -1;
  private version = -1;
  private reach: 'friends' | 'second' | 'third' = 'friends';
  /** Whether the marks hold the 2nd degree's mutual counts (a full walk), not only friends. */
  private counted = false;
  /** The large-network 3rd-degree count's scratch: 2nd-degree people expanded, people judged. */
  private expanded = new Int32Array(0);
  private judged = new Int32Array(0);
  private readonly fullThirdBudget: number;
  private readonly fullSecondBudget: number;
  secondLength = 0;
  thirdLength = 0;
  /** secondList[0, secondShown): the 2nd degree reached through a connector who shows. */
  secondShown = 0;
  /** thirdList[0, thirdShown): the 3rd degree reached along a path whose connectors show. */
  thirdShown = 0;

  constructor(
    private readonly g: GraphIndex,
    options: TraversalOptions = {},
  ) {
    this.fullThirdBudget = options.fullThirdBudget ?? 60_000;
    this.fullSecondBudget = options.fullSecondBudget ?? 150_000;
  }

  /** A fresh stamp base: stamp[x] - base is x's level (0 self .. 3) when visited. */
  private begin(viewer: number): number {
    const n = this.g.size;
    if (this.mark.length < n) {
      this.mark = new Uint32Array(n);
      this.via = new Int32Array(n);
      this.friendBits = new Int32Array((n >>> 5) + 1);
      this.expanded = new Int32Array((n >>> 5) + 1);
      this.judged = new Int32Array((n >>> 5) + 1);
      this.secondList = new Int32Array(n);
      this.thirdList = new Int32Array(n);
      this.epoch = 0;
    }
    this.epoch++;
    if (this.epoch * 4 + 3 > 0xffff) {
      this.mark.fill(0);
      this.epoch = 1;
    }
    this.viewer = viewer;
    this.version = this.g.version;
    this.reach = 'friends';
    this.counted = false;
    return (this.base = this.epoch * 4);
  }

  /** 0 self, 1, 2, 3, or -1 (not reached) in the last traversal, for a user (seq). */
  level(seq: number): number {
    const p = this.g.posOf(seq);
    return p === 0 ? -1 : this.levelAt(p);
  }

  private levelAt(x: number): number {
    const d = ((this.mark[x] ?? 0) >>> 16) - this.base;
    return d >= 0 && d <= 3 ? d : -1;
  }

  private markFriends(viewer: number): void {
    const base = this.begin(viewer);
    const mark = this.mark;
    mark[viewer] = base << 16;
    const friend = (base + 1) << 16;
    const friends = this.g.neighboursAt(viewer);
    for (let i = 0; i < friends.length; i++) mark[friends[i]!] = friend;
  }

  /** Marks the viewer's (seq) friends and lists the 2nd degree (blocked people left out). */
  collectSecond(viewerSeq: number): void {
    this.collectSecondAt(this.g.posOf(viewerSeq));
  }

  private collectSecondAt(viewer: number): void {
    this.markFriends(viewer);
    const g = this.g;
    const base = this.base;
    const mark = this.mark;
    const via = this.via;
    const list = this.secondList;
    const hidden = g.hiddenAt;
    const blocked = g.blockedAt(viewer);
    const friends = g.neighboursAt(viewer);
    const second = base + 2;
    // First visit: stamp 2nd and count 1 in one store (the top half as an unsigned word).
    const firstVisit = ((second << 16) | 1) >>> 0;
    let n = 0;
    // Friends who show in paths first (pass 0), then those who hide (pass 1): whoever only
    // the second pass reaches has no connector who may be shown.
    for (let pass = 0; pass < 2; pass++) {
      if (pass === 1) this.secondShown = n;
      for (let i = 0; i < friends.length; i++) {
        const f = friends[i]!;
        if (hidden[f] !== pass) continue;
        const arr = g.spanAt(f);
        for (let j = g.spanStart, end = g.spanEnd; j < end; j++) {
          const y = arr[j]!;
          const w = mark[y]!;
          const m = w >>> 16;
          if (m >= base) {
            if (m === second && (w & 0xffff) !== 0xffff) mark[y] = w + 1;
            continue;
          }
          if (blocked?.has(y)) continue;
          mark[y] = firstVisit;
          // Friends are walked in position order within each pass, so this is the
          // lowest-positioned friend in common who shows, else the lowest-positioned at all.
          via[y] = f;
          list[n++] = y;
        }
      }
    }
    this.secondLength = n;
    this.reach = 'second';
    this.counted = true;
  }

  /** Adjacency reads a full 2nd-degree walk from `viewer` (seq) costs: their friends' degrees. */
  walkCost(viewerSeq: number): number {
    return this.walkCostAt(this.g.posOf(viewerSeq));
  }

  private walkCostAt(viewer: number): number {
    const friends = this.g.neighboursAt(viewer);
    let cost = 0;
    for (let i = 0; i < friends.length; i++) cost += this.g.degreeAt(friends[i]!);
    return cost;
  }

  /**
   * People at distance exactly 3, counted up to `cap` (the tab count needs no more). A small
   * network walks its 2nd degree (usually already walked for the page) and lists the 3rd; a
   * large one (walk above the 2nd-degree budget) counts from the 2nd degree outwards instead,
   * falling back to the walk only if that would read more than the walk itself.
   */
  thirdCount(viewerSeq: number, cap: number): number {
    const viewer = this.g.posOf(viewerSeq);
    const cost = this.walkCostAt(viewer);
    if (cost > this.fullSecondBudget) {
      const found = this.countThirdOutwards(viewer, cap, cost);
      if (found >= 0) return found;
    }
    this.ensureSecond(viewer);
    this.collectThird(viewer, cap);
    return this.thirdLength;
  }

  /**
   * Counts people at distance exactly 3 up to `cap` without marking the whole 2nd degree: each
   * 2nd-degree person (a friend's friend who is neither the viewer, a friend, nor blocked) is
   * expanded once, and each of their friends judged once — at distance 3 exactly when none of
   * their own friends is the viewer's friend. Every test is a bit in a 128 kB map per million
   * users, so it stays in the core's cache. In a large network the count reaches `cap` long
   * before the 2nd degree is exhausted. Returns -1 once `budget` reads pass (a small 3rd
   * degree: the walk is cheaper); a full pass without reaching `cap` is exact.
   */
  private countThirdOutwards(viewer: number, cap: number, budget: number): number {
    const g = this.g;
    const { friendBits: friend, expanded, judged } = this;
    const blocked = g.blockedAt(viewer);
    const has = (bits: Int32Array, x: number) => (bits[x >>> 5]! & (1 << (x & 31))) !== 0;
    const set = (bits: Int32Array, x: number) => {
      bits[x >>> 5]! |= 1 << (x & 31);
    };
    const friends = g.neighboursAt(viewer);
    set(friend, viewer);
    for (let i = 0; i < friends.length; i++) set(friend, friends[i]!);
    let found = 0;
    let reads = 0;
    outer: for (let i = 0; i < friends.length; i++) {
      const ys = g.spanAt(friends[i]!);
      for (let j = g.spanStart, yEnd = g.spanEnd; j < yEnd; j++) {
        const y = ys[j]!;
        reads++;
        if (has(friend, y) || has(expanded, y) || blocked?.has(y)) continue;
        set(expanded, y);
        const zs = g.spanAt(y);
        for (let k = g.spanStart, zEnd = g.spanEnd; k < zEnd; k++) {
          const z = zs[k]!;
          reads++;
          if (has(friend, z) || has(judged, z) || blocked?.has(z)) continue;
          set(judged, z);
          const ws = g.spanAt(z);
          let second = false;
          for (let m = g.spanStart, wEnd = g.spanEnd; m < wEnd; m++) {
            if (has(friend, ws[m]!)) {
              second = true;
              break;
            }
          }
          reads += g.spanEnd - g.spanStart;
          if (!second && ++found >= cap) break outer;
        }
        if (reads > budget) {
          found = -1;
          break outer;
        }
      }
    }
    friend.fill(0);
    expanded.fill(0);
    judged.fill(0);
    return found;
  }

  /** collectSecond unless the stamps already hold exactly this viewer's 2nd degree. */
  private ensureSecond(viewer: number): void {
    const current = this.viewer === viewer && this.version === this.g.version;
    if (!current || this.reach !== 'second') this.collectSecondAt(viewer);
  }

  /**
   * After collectSecond: the people at distance exactly 3, stopping once `cap` are found (the
   * tab count needs no more). Those reached along a path whose connectors all show come first
   * (`thirdShown` of them).
   */
  private collectThird(viewer: number, cap = Infinity): void {
    const g = this.g;
    const base = this.base;
    const mark = this.mark;
    const second = this.secondList;
    const shown = this.secondShown;
    const hidden = g.hiddenAt;
    const list = this.thirdList;
    const blocked = g.blockedAt(viewer);
    const third = (base + 3) << 16;
    let n = 0;
    // Pass 0 expands the 2nd-degree people who show and have a connector who shows; pass 1
    // the rest: whoever only pass 1 reaches has no path whose connectors all show.
    for (let pass = 0; pass < 2; pass++) {
      if (pass === 1) this.thirdShown = n;
      for (let i = 0; i < this.secondLength && n < cap; i++) {
        const y = second[i]!;
        if ((i < shown && hidden[y] === 0) === (pass === 1)) continue;
        const arr = g.spanAt(y);
        for (let j = g.spanStart, end = g.spanEnd; j < end; j++) {
          const z = arr[j]!;
          if (mark[z]! >>> 16 >= base) continue;
          if (blocked?.has(z)) continue;
          mark[z] = third;
          list[n++] = z;
          if (n >= cap) break;
        }
      }
    }
    this.thirdLength = n;
    this.reach = 'third';
  }

  /**
   * Friends the viewer and x have in common: the two sorted neighbour lists intersected. For a
   * hub with thousands of friends, the viewer's few friends are looked up by binary search.
   */
  private commonFriends(x: number): number {
    const g = this.g;
    const friends = g.neighboursAt(this.viewer);
    const theirs = g.neighboursAt(x);
    let count = 0;
    if (theirs.length > 16 * friends.length) {
      for (let i = 0; i < friends.length; i++) {
        const f = friends[i]!;
        let lo = 0;
        let hi = theirs.length - 1;
        while (lo <= hi) {
          const mid = (lo + hi) >>> 1;
          const m = theirs[mid]!;
          if (m < f) lo = mid + 1;
          else if (m > f) hi = mid - 1;
          else {
            count++;
            break;
          }
        }
      }
      return count;
    }
    for (let i = 0, j = 0; i < friends.length && j < theirs.length;) {
      const a = friends[i]!;
      const b = theirs[j]!;
      if (a < b) i++;
      else if (a > b) j++;
      else {
        count++;
        i++;
        j++;
      }
    }
    return count;
  }

  /** After collectSecond: how many of the viewer's friends are friends with x (seq). */
  mutualCount(seq: number): number {
    const x = this.g.posOf(seq);
    return this.counted && this.levelAt(x) === 2 ? this.mark[x]! & 0xffff : this.commonFriends(x);
  }

  /**
   * After collectSecond: a friend of x in the viewer's 2nd degree — the first who shows in
   * paths and has a connector who does (x is then listed), else any, else -1.
   */
  private parentOf(x: number): number {
    const g = this.g;
    const want = this.base + 2;
    const arr = g.spanAt(x);
    let fallback = -1;
    for (let j = g.spanStart, end = g.spanEnd; j < end; j++) {
      const y = arr[j]!;
      if (this.mark[y]! >>> 16 !== want) continue;
      if (this.opens(y)) return y;
      if (fallback < 0) fallback = y;
    }
    return fallback;
  }

  /**
   * After collectSecond, for 2nd-degree y: whether y shows in paths and has a connector who
   * does, i.e. whether y may be the second hop of a listed 3rd-degree path.
   */
  private opens(y: number): boolean {
    const hidden = this.g.hiddenAt;
    return hidden[y] === 0 && hidden[this.via[y]!] === 0;
  }

  /** connectorAt for a user (seq): their connector's seq, or -1. */
  connectorOf(seq: number): number {
    return this.seqOf(this.connectorAt(this.g.posOf(seq)));
  }

  /** The seq at a position; 0 and -1 (nobody) stay as they are. */
  private seqOf(p: number): number {
    return p > 0 ? this.g.seqAt[p]! : p;
  }

  /**
   * After collectSecond: the connector shown for 2nd-degree x — the first friend in common
   * who may be shown in paths, else the first one at all. Stops at the first shown one.
   */
  private connectorAt(x: number): number {
    const g = this.g;
    const friends = g.neighboursAt(this.viewer);
    const theirs = g.neighboursAt(x);
    let fallback = -1;
    if (theirs.length > 16 * friends.length) {
      for (let i = 0; i < friends.length; i++) {
        const f = friends[i]!;
        let lo = 0;
        let hi = theirs.length - 1;
        while (lo <= hi) {
          const mid = (lo + hi) >>> 1;
          const m = theirs[mid]!;
          if (m < f) lo = mid + 1;
          else if (m > f) hi = mid - 1;
          else {
            if (g.hiddenAt[f] === 0) return f;
            if (fallback < 0) fallback = f;
            break;
          }
        }
      }
      return fallback;
    }
    for (let i = 0, j = 0; i < friends.length && j < theirs.length;) {
      const a = friends[i]!;
      const b = theirs[j]!;
      if (a < b) i++;
      else if (a > b) j++;
      else {
        if (g.hiddenAt[a] === 0) return a;
        if (fallback < 0) fallback = a;
        i++;
        j++;
      }
    }
    return fallback;
  }

  /**
   * One page of a ranked tab: candidates from the requested degrees, filtered by favorites and
   * search, strictly after the cursor key, best `limit + 1` kept in a bounded heap (the extra one
   * says whether another page exists).
   */
  rank(req: RankRequest): Ranked[] {
    const g = this.g;
    const trustOf = g.trustAt;
    const viewer = g.posOf(req.viewer);
    const withSecond = req.degrees.includes(2);
    const withThird = req.degrees.includes(3);
    const scanSecond = withSecond && !withThird && this.walkCostAt(viewer) > this.fullSecondBudget;
    if ((withSecond || withThird) && !scanSecond) this.collectSecondAt(viewer);
    else this.markFriends(viewer);
    // A small 3rd degree is cheap to list in full; a large one is walked in trust order.
    const averageDegree = (2 * g.edgeCount()) / Math.max(1, g.size);
    const thirdInFull = withThird && this.secondLength * averageDegree <= this.fullThirdBudget;
    if (thirdInFull) this.collectThird(viewer);

    this.ranked = { viewer, scanSecond, thirdInFull, withSecond, withThird };

    const keep = req.limit + 1;
    const heap: Candidate[] = [];
    const after = req.after;
    const admit = req.admit;
    const consider = (at: number, degree: Degree) => {
      const fav = degree === 1 && req.favorites.has(g.seqAt[at]!);
      if (req.onlyFavorites && !fav) return;
      const trust = trustOf[at]!;
      // Cheap rejections before allocating a key: most of a large degree ends here.
      const top = heap.length === keep ? heap[0]! : null;
      if (top && (top.fav === fav ? trust < top.trust : top.fav)) return;
      if (after && (after.fav === fav ? trust > after.trust : fav)) return;
      if (req.search && !this.found(at, g.nameAt[at]!, req.search)) return;
      if (admit && !admit(at, degree)) return;
      const key: Candidate = { fav, trust, degree, name: g.nameAt[at]!, seq: g.seqAt[at]!, at };
      if (after && compareKeys(key, after) <= 0) return;
      if (heap.length < keep) heapPush(heap, key);
      else if (compareKeys(key, heap[0]!) < 0) heapReplaceTop(heap, key);
    };
    if (req.degrees.includes(1)) {
      const friends = g.neighboursAt(viewer);
      for (let i = 0; i < friends.length; i++) consider(friends[i]!, 1);
    }
    if (scanSecond) {
      this.scanOrder(req, viewer, heap, keep, 2);
    } else if (withSecond) {
      // Most of a large 2nd degree is rejected on trust alone; keep that test in a tight loop,
      // below the lowest trust that can still make the page (found before any key is built).
      // Only the listed part: people no connector who shows reaches are not ranked.
      const list = this.secondList;
      const floor = req.search ? -1 : this.secondTrustFloor(keep, after, admit);
      for (let i = 0, n = this.secondShown; i < n; i++) {
        const y = list[i]!;
        const trust = trustOf[y]!;
        if (trust < floor) continue;
        if (heap.length === keep && !heap[0]!.fav && trust < heap[0]!.trust) continue;
        consider(y, 2);
      }
    }
    if (thirdInFull) {
      for (let i = 0; i < this.thirdShown; i++) consider(this.thirdList[i]!, 3);
    } else if (withThird) {
      this.scanOrder(req, viewer, heap, keep, 3);
    }
    heap.sort(compareKeys);
    return heap.map((key) => this.describe(key));
  }

  /**
   * After collectSecond: a trust below which no listed 2nd-degree person can be among the `keep`
   * best after the cursor — the keep-th highest trust of those the cursor surely lets through
   * (trust strictly below a non-favorite cursor's, or anyone after a favorite cursor), or -1
   * when there are fewer. People at the cursor's own trust are never cut (their names decide).
   * Numbers only, so the ranking builds and names ~keep keys instead of every improvement.
   */
  private secondTrustFloor(
    keep: number,
    after: RankKey | null,
    admit: RankRequest['admit'],
  ): number {
    const trustOf = this.g.trustAt;
    const list = this.secondList;
    const below = after && !after.fav ? after.trust : Infinity;
    if (this.trustScratch.length < this.secondLength) {
      this.trustScratch = new Int32Array(this.secondList.length);
    }
    const work = this.trustScratch;
    let n = 0;
    for (let i = 0; i < this.secondShown; i++) {
      const y = list[i]!;
      const t = trustOf[y]!;
      if (t < below && (!admit || admit(y, 2))) work[n++] = t;
    }
    if (n < keep) return -1;
    return selectLargest(work, n, keep);
  }

  /**
   * The best candidates of one degree by walking everyone in trust order (highest first) and
   * keeping people at exactly that distance until nothing further down can beat what the heap
   * holds. 2nd degree (friends marked): someone with a friend in common, who becomes their
   * connector. 3rd degree (2nd degree marked): someone with a friend in the 2nd degree. Ties
   * inside a trust value go by name and seq, as everywhere.
   */
  private scanOrder(
    req: RankRequest,
    viewer: number,
    heap: Candidate[],
    keep: number,
    degree: 2 | 3,
  ): void {
    const g = this.g;
    const mark = this.mark;
    const base = this.base;
    const blocked = g.blockedAt(viewer);
    const after = req.after;
    const from = after ? (after.fav ? g.order.maxTrust : after.trust) : g.order.maxTrust;
    if (degree === 3) this.reach = 'third';
    const friends = g.neighboursAt(viewer);
    const bits = this.friendBits;
    if (degree === 2) for (const f of friends) bits[f >>> 5]! |= 1 << (f & 31);
    g.order.walkDown(from, (trust, members) => {
      const top = heap.length === keep ? heap[0]! : null;
      if (top && (top.fav || top.trust > trust)) return false;
      // Numbers first: only people who pass the cheap tests (not nearer, not blocked, admitted)
      // get a key and a place in the name sort (Discover's filters drop most of a level).
      const keys: { at: number; seq: number; name: string }[] = [];
      for (const at of members) {
        if (mark[at]! >>> 16 >= base || blocked?.has(at)) continue;
        if (req.admit && !req.admit(at, degree)) continue;
        keys.push({ at, seq: g.seqAt[at]!, name: g.nameAt[at]! });
      }
      keys.sort((x, y) => (x.name !== y.name ? (x.name < y.name ? -1 : 1) : x.seq - y.seq));
      for (const { at, seq, name } of keys) {
        if (req.search && !this.found(at, name, req.search)) continue;
        const key: Candidate = { fav: false, trust, degree, name, seq, at };
        if (after && compareKeys(key, after) <= 0) continue;
        const worst = heap.length === keep ? heap[0]! : null;
        if (worst && compareKeys(key, worst) >= 0) return false;
        // At this distance, and listed: a connector who shows (2nd degree; the scan names one
        // who shows if any does), or a path whose connectors all show (3rd).
        if (degree === 2) {
          if (!this.linkSecond(at) || g.hiddenAt[this.via[at]!] !== 0) continue;
        } else {
          const b = this.parentOf(at);
          if (b < 0) continue;
          mark[at] = (base + 3) << 16;
          if (!this.opens(b)) continue;
        }
        if (heap.length < keep) heapPush(heap, key);
        else heapReplaceTop(heap, key);
      }
      return true;
    });
    if (degree === 2) for (const f of friends) bits[f >>> 5] = 0;
  }

  /**
   * Scan mode's 2nd-degree test, from x's side: x's friends who are the viewer's friends (a
   * bitmap that stays in the core's cache). A member gets their level, mutual count and
   * connector (the lowest-positioned friend in common who may be shown, else the lowest) as
   * the walk would have given them.
   */
  private linkSecond(x: number): boolean {
    const g = this.g;
    const bits = this.friendBits;
    const arr = g.spanAt(x);
    let count = 0;
    let any = -1;
    let shown = -1;
    for (let j = g.spanStart, end = g.spanEnd; j < end; j++) {
      const y = arr[j]!;
      if ((bits[y >>> 5]! & (1 << (y & 31))) === 0) continue;
      count++;
      if (any < 0) any = y;
      if (shown < 0 && g.hiddenAt[y] === 0) shown = y;
    }
    if (count === 0) return false;
    this.via[x] = shown >= 0 ? shown : any;
    this.mark[x] = (((this.base + 2) << 16) | Math.min(count, 0xffff)) >>> 0;
    return true;
  }

  /**
   * Right after rank(), with the same admit: how many people of the ranked degrees it admits,
   * counted up to `cap` + 1 — the people rank lists, so those reached only through connectors
   * who hide from paths are not counted. `exact` is false when a degree was too large to list
   * (rank walked it in trust order instead): the count then covers the listed degrees only, a
   * lower bound.
   */
  countRanked(
    degrees: readonly Degree[],
    admit: (at: number, degree: Degree) => boolean,
    cap: number,
  ): { count: number; exact: boolean } {
    const last = this.ranked;
    if (!last) return { count: 0, exact: false };
    let n = 0;
    if (degrees.includes(1)) {
      const friends = this.g.neighboursAt(last.viewer);
      for (let i = 0; i < friends.length && n <= cap; i++) if (admit(friends[i]!, 1)) n++;
    }
    if (last.withSecond && !last.scanSecond) {
      const list = this.secondList;
      for (let i = 0; i < this.secondShown && n <= cap; i++) if (admit(list[i]!, 2)) n++;
    }
    if (last.thirdInFull) {
      const list = this.thirdList;
      for (let i = 0; i < this.thirdShown && n <= cap; i++) if (admit(list[i]!, 3)) n++;
    }
    const exact = !last.scanSecond && (!last.withThird || last.thirdInFull);
    return { count: n, exact };
  }

  /** Mutual count and connectors (as seqs) for a row that will be shown. */
  private describe(candidate: Candidate): Ranked {
    const { at, ...key } = candidate;
    if (key.degree === 1) {
      return { ...key, mutual: this.commonFriends(at), via: 0, via2: 0 };
    }
    if (key.degree === 2) {
      // The walk and the scan both leave the row's connector (one who shows: the row is listed)
      // and its mutual count.
      const via = this.via[at]!;
      return { ...key, mutual: this.mark[at]! & 0xffff, via: this.seqOf(via), via2: 0 };
    }
    // A listed 3rd-degree row has a 2nd hop who shows, with a connector who shows.
    const b = this.parentOf(at);
    return { ...key, mutual: 0, via: this.seqOf(this.via[b]!), via2: this.seqOf(b) };
  }

  /**
   * The degree of `target` seen from `viewer` (null beyond 3 or when blocked either way) with
   * the mutual friends (degree 2) and one path, whose connectors show in paths when any such
   * path exists. `listed`: whether the ranked lists show them (yourself, a friend, or a path
   * whose connectors all show; see the class comment); what names or confirms a person (the
   * path, the connection count) answers for an unlisted one as for someone outside the
   * network. Works from both ends, so it never walks the viewer's whole 2nd degree.
   */
  locate(
    viewerSeq: number,
    targetSeq: number,
  ): { degree: 0 | Degree; mutual: number[]; path: number[]; listed: boolean } | null {
    if (viewerSeq === targetSeq) {
      return { degree: 0, mutual: [], path: [viewerSeq], listed: true };
    }
    const found = this.locateAt(this.g.posOf(viewerSeq), this.g.posOf(targetSeq));
    if (!found) return null;
    const seqs = (list: number[]) => list.map((p) => this.seqOf(p));
    return { ...found, mutual: seqs(found.mutual), path: seqs(found.path) };
  }

  /**
   * Whether a search finds the person at `at`: their name has the text, and they do not hide
   * from search (settings: never found by a name search, friends' included; a friend still
   * sees them in the unsearched list).
   */
  private found(at: number, name: string, search: string): boolean {
    return name.includes(search) && this.g.searchHiddenAt[at] === 0;
  }

  private locateAt(
    viewer: number,
    target: number,
  ): { degree: Degree; mutual: number[]; path: number[]; listed: boolean } | null {
    const g = this.g;
    const hidden = g.hiddenAt;
    if (g.isBlockedAt(viewer, target) || !g.knowsAt(target)) return null;
    this.markFriends(viewer);
    const friend = this.base + 1;
    const mark = this.mark;
    const mutual: number[] = [];
    for (const b of g.neighboursAt(target)) if (mark[b]! >>> 16 === friend) mutual.push(b);
    if (mark[target]! >>> 16 === friend) {
      return { degree: 1, mutual, path: [viewer, target], listed: true };
    }
    if (mutual.length > 0) {
      const shown = mutual.find((m) => hidden[m] === 0);
      return {
        degree: 2,
        mutual,
        path: [viewer, shown ?? mutual[0]!, target],
        listed: shown !== undefined,
      };
    }
    let best: number[] | null = null;
    for (const b of g.neighboursAt(target)) {
      if (b === viewer || g.isBlockedAt(viewer, b)) continue;
      const arr = g.spanAt(b);
      for (let j = g.spanStart, end = g.spanEnd; j < end; j++) {
        const a = arr[j]!;
        if (mark[a]! >>> 16 !== friend) continue;
        if (hidden[b] === 0 && hidden[a] === 0) {
          return { degree: 3, mutual, path: [viewer, a, b, target], listed: true };
        }
        best ??= [viewer, a, b, target];
        // A b who hides opens no listed path; one who shows may still have a friend who does.
        if (hidden[b] !== 0) break;
      }
    }
    return best ? { degree: 3, mutual, path: best, listed: false } : null;
  }
}

/**
 * The k-th largest of a[0..n) (1 <= k <= n), by quickselect in place (the order of a is lost).
 * Expected linear time; the middle element as pivot keeps already-ordered input linear too.
 */
export function selectLargest(a: Int32Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  const target = k - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! > pivot) i++;
      while (a[j]! < pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return a[target]!;
  }
  return a[target]!;
}

function heapPush(heap: RankKey[], key: RankKey): void {
  // A max-heap on rank order: the worst kept entry sits on top.
  heap.push(key);
  let i = heap.length - 1;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (compareKeys(heap[i]!, heap[p]!) <= 0) break;
    [heap[i], heap[p]] = [heap[p]!, heap[i]!];
    i = p;
  }
}

function heapReplaceTop(heap: RankKey[], key: RankKey): void {
  heap[0] = key;
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let w = i;
    if (l < heap.length && compareKeys(heap[l]!, heap[w]!) > 0) w = l;
    if (r < heap.length && compareKeys(heap[r]!, heap[w]!) > 0) w = r;
    if (w === i) return;
    [heap[i], heap[w]] = [heap[w]!, heap[i]!];
    i = w;
  }
}
