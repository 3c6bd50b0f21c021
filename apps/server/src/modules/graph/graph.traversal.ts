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

export type RankRequest = {
  viewer: number;
  degrees: readonly Degree[];
  favorites: ReadonlySet<number>;
  onlyFavorites: boolean;
  after: RankKey | null;
  limit: number;
  search: string;
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
 * Degree traversals over the index. Per-person scratch lives in one interleaved array — four
 * Int32 slots per seq: visit stamp, mutual count, connector, 3rd-degree parent — so a visit
 * touches one cache line instead of three. It is reused by every call, so a request's
 * traversal allocates almost nothing; callers read results before the next call (everything
 * here is synchronous, so no other request interleaves).
 */
export class GraphTraversal {
  private slots = new Int32Array(0);
  private secondList = new Int32Array(0);
  private thirdList = new Int32Array(0);
  private epoch = 0;
  private base = 0;
  secondLength = 0;
  thirdLength = 0;

  /**
   * @param fullThirdBudget Above this many estimated adjacency reads, the 3rd degree's best page
   *   comes from walking the trust order instead of materialising the whole 3rd degree.
   */
  constructor(
    private readonly g: GraphIndex,
    private readonly fullThirdBudget = 60_000,
  ) {}

  /** A fresh stamp base: slot 0 of a visited seq holds base + its level (0 self .. 3). */
  private begin(): number {
    const n = this.g.size;
    if (this.slots.length < n * 4) {
      this.slots = new Int32Array(n * 4);
      this.secondList = new Int32Array(n);
      this.thirdList = new Int32Array(n);
      this.epoch = 0;
    }
    this.epoch++;
    if (this.epoch * 4 + 4 >= 0x7fffffff) {
      this.slots.fill(0);
      this.epoch = 1;
    }
    return (this.base = this.epoch * 4);
  }

  /** 0 self, 1, 2, 3, or -1 (not reached) in the last traversal. */
  level(x: number): number {
    const d = (this.slots[x << 2] ?? 0) - this.base;
    return d >= 0 && d <= 3 ? d : -1;
  }

  /** After collectSecond: how many of the viewer's friends are friends with x. */
  mutualCount(x: number): number {
    return this.slots[(x << 2) + 1] ?? 0;
  }

  /** After collectSecond: the connector chosen for x. */
  connectorOf(x: number): number {
    return this.slots[(x << 2) + 2] ?? 0;
  }

  markFriends(viewer: number): void {
    const base = this.begin();
    const slots = this.slots;
    slots[viewer << 2] = base;
    const friends = this.g.neighbours(viewer);
    for (let i = 0; i < friends.length; i++) slots[friends[i]! << 2] = base + 1;
  }

  /**
   * Marks the viewer's friends and collects the 2nd degree with, for each person, the number of
   * mutual friends and one connector — a friend who allows being shown in paths when one exists.
   */
  collectSecond(viewer: number): void {
    this.markFriends(viewer);
    const g = this.g;
    const base = this.base;
    const slots = this.slots;
    const hidden = g.hidden;
    const list = this.secondList;
    const blocked = g.blockedWith(viewer);
    const friends = g.neighbours(viewer);
    let n = 0;
    for (let i = 0; i < friends.length; i++) {
      const f = friends[i]!;
      const fHidden = hidden[f] === 1;
      const arr = g.span(f);
      for (let j = g.spanStart, end = g.spanEnd; j < end; j++) {
        const y = arr[j]!;
        const k = y << 2;
        const m = slots[k]!;
        if (m === base + 2) {
          slots[k + 1]!++;
          if (!fHidden && hidden[slots[k + 2]!] === 1) slots[k + 2] = f;
        } else if (m < base) {
          if (blocked?.has(y)) continue;
          slots[k] = base + 2;
          slots[k + 1] = 1;
          slots[k + 2] = f;
          list[n++] = y;
        }
      }
    }
    this.secondLength = n;
  }

  /**
   * After collectSecond: the people at distance exactly 3, each with its 2nd-degree parent,
   * stopping once `cap` are found (the tab count needs no more).
   */
  collectThird(viewer: number, cap = Infinity): void {
    const g = this.g;
    const base = this.base;
    const slots = this.slots;
    const hidden = g.hidden;
    const second = this.secondList;
    const list = this.thirdList;
    const blocked = g.blockedWith(viewer);
    let n = 0;
    for (let i = 0; i < this.secondLength && n < cap; i++) {
      const y = second[i]!;
      const yHidden = hidden[y] === 1;
      const arr = g.span(y);
      for (let j = g.spanStart, end = g.spanEnd; j < end; j++) {
        const z = arr[j]!;
        const k = z << 2;
        const m = slots[k]!;
        if (m === base + 3) {
          if (!yHidden && hidden[slots[k + 3]!] === 1) slots[k + 3] = y;
        } else if (m < base) {
          if (blocked?.has(z)) continue;
          slots[k] = base + 3;
          slots[k + 3] = y;
          list[n++] = z;
          if (n >= cap) break;
        }
      }
    }
    this.thirdLength = n;
  }

  /** Mutual friends of the viewer (friends marked by the last traversal) and x. */
  private countMutual(x: number): number {
    const g = this.g;
    const arr = g.span(x);
    const target = this.base + 1;
    let c = 0;
    for (let j = g.spanStart, end = g.spanEnd; j < end; j++) {
      if (this.slots[arr[j]! << 2] === target) c++;
    }
    return c;
  }

  /**
   * One page of a ranked tab: candidates from the requested degrees, filtered by favorites and
   * search, strictly after the cursor key, best `limit + 1` kept in a bounded heap (the extra one
   * says whether another page exists).
   */
  rank(req: RankRequest): Ranked[] {
    const g = this.g;
    const trustOf = g.trustOf;
    const withSecond = req.degrees.includes(2);
    const withThird = req.degrees.includes(3);
    if (withSecond || withThird) this.collectSecond(req.viewer);
    else this.markFriends(req.viewer);
    // A small 3rd degree is cheap to list in full; a large one is walked in trust order.
    const averageDegree = (2 * g.edgeCount()) / Math.max(1, g.size);
    const thirdInFull = withThird && this.secondLength * averageDegree <= this.fullThirdBudget;
    if (thirdInFull) this.collectThird(req.viewer);

    const keep = req.limit + 1;
    const heap: RankKey[] = [];
    const after = req.after;
    const consider = (seq: number, degree: Degree) => {
      const fav = degree === 1 && req.favorites.has(seq);
      if (req.onlyFavorites && !fav) return;
      const trust = trustOf[seq]!;
      // Cheap rejections before allocating a key: most of a large degree ends here.
      const top = heap.length === keep ? heap[0]! : null;
      if (top && (top.fav === fav ? trust < top.trust : top.fav)) return;
      if (after && (after.fav === fav ? trust > after.trust : fav)) return;
      if (req.search && !g.names[seq]!.includes(req.search)) return;
      const key: RankKey = { fav, trust, degree, name: g.names[seq]!, seq };
      if (after && compareKeys(key, after) <= 0) return;
      if (heap.length < keep) heapPush(heap, key);
      else if (compareKeys(key, heap[0]!) < 0) heapReplaceTop(heap, key);
    };
    if (req.degrees.includes(1)) {
      const friends = g.neighbours(req.viewer);
      for (let i = 0; i < friends.length; i++) consider(friends[i]!, 1);
    }
    if (withSecond) {
      for (let i = 0; i < this.secondLength; i++) consider(this.secondList[i]!, 2);
    }
    if (thirdInFull) {
      for (let i = 0; i < this.thirdLength; i++) consider(this.thirdList[i]!, 3);
    } else if (withThird) {
      this.scanThird(req, heap, keep);
    }
    heap.sort(compareKeys);
    return heap.map((key) => this.describe(key));
  }

  /**
   * The best 3rd-degree candidates by walking everyone in trust order (highest first) and
   * keeping people at distance exactly 3 — one of their friends is in the 2nd degree — until
   * nothing further down can beat what the heap holds. Ties inside a trust value go by name
   * and seq, as everywhere.
   */
  private scanThird(req: RankRequest, heap: RankKey[], keep: number): void {
    const g = this.g;
    const slots = this.slots;
    const base = this.base;
    const blocked = g.blockedWith(req.viewer);
    const after = req.after;
    const from = after ? (after.fav ? g.order.maxTrust : after.trust) : g.order.maxTrust;
    g.order.walkDown(from, (trust, members) => {
      const top = heap.length === keep ? heap[0]! : null;
      if (top && (top.fav || top.trust > trust)) return false;
      const keys = members.map((seq) => ({ seq, name: g.names[seq]! }));
      keys.sort((x, y) => (x.name !== y.name ? (x.name < y.name ? -1 : 1) : x.seq - y.seq));
      for (const { seq, name } of keys) {
        if (slots[seq << 2]! >= base || blocked?.has(seq)) continue;
        if (req.search && !name.includes(req.search)) continue;
        const key: RankKey = { fav: false, trust, degree: 3, name, seq };
        if (after && compareKeys(key, after) <= 0) continue;
        const worst = heap.length === keep ? heap[0]! : null;
        if (worst && compareKeys(key, worst) >= 0) return false;
        const parent = this.secondDegreeFriendOf(seq);
        if (parent < 0) continue;
        slots[seq << 2] = base + 3;
        slots[(seq << 2) + 3] = parent;
        if (heap.length < keep) heapPush(heap, key);
        else heapReplaceTop(heap, key);
      }
      return true;
    });
  }

  /** A friend of z in the viewer's 2nd degree (one who may be shown, if any), or -1. */
  private secondDegreeFriendOf(z: number): number {
    const g = this.g;
    const level2 = this.base + 2;
    let found = -1;
    const arr = g.span(z);
    for (let j = g.spanStart, end = g.spanEnd; j < end; j++) {
      const y = arr[j]!;
      if (this.slots[y << 2] !== level2) continue;
      if (g.hidden[y] === 0) return y;
      if (found < 0) found = y;
    }
    return found;
  }

  private describe(key: RankKey): Ranked {
    const k = key.seq << 2;
    const slots = this.slots;
    if (key.degree === 1) return { ...key, mutual: this.countMutual(key.seq), via: 0, via2: 0 };
    if (key.degree === 2) return { ...key, mutual: slots[k + 1]!, via: slots[k + 2]!, via2: 0 };
    const b = slots[k + 3]!;
    return { ...key, mutual: 0, via: slots[(b << 2) + 2]!, via2: b };
  }

  /**
   * The degree of `target` seen from `viewer` (null beyond 3 or when blocked either way) with
   * the mutual friends (degree 2) or one path (degree 3, preferring connectors who allow being
   * shown). Works from both ends, so it never walks the viewer's whole 2nd degree.
   */
  locate(
    viewer: number,
    target: number,
  ): { degree: 0 | Degree; mutual: number[]; path: number[] } | null {
    const g = this.g;
    if (viewer === target) return { degree: 0, mutual: [], path: [viewer] };
    if (g.isBlocked(viewer, target) || !g.knows(target)) return null;
    this.markFriends(viewer);
    const friend = this.base + 1;
    const slots = this.slots;
    const mutual: number[] = [];
    for (const b of g.neighbours(target)) if (slots[b << 2] === friend) mutual.push(b);
    if (slots[target << 2] === friend) return { degree: 1, mutual, path: [viewer, target] };
    if (mutual.length > 0) {
      const shown = mutual.find((m) => g.hidden[m] === 0) ?? mutual[0]!;
      return { degree: 2, mutual, path: [viewer, shown, target] };
    }
    let best: number[] | null = null;
    for (const b of g.neighbours(target)) {
      if (b === viewer || g.isBlocked(viewer, b)) continue;
      const arr = g.span(b);
      for (let j = g.spanStart, end = g.spanEnd; j < end; j++) {
        const a = arr[j]!;
        if (slots[a << 2] !== friend) continue;
        const path = [viewer, a, b, target];
        if (g.hidden[a] === 0 && g.hidden[b] === 0) return { degree: 3, mutual, path };
        best ??= path;
        break;
      }
    }
    return best ? { degree: 3, mutual, path: best } : null;
  }
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
