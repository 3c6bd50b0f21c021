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
 * Degree traversals over the index. Results live in scratch arrays reused by every call, so a
 * request's traversal allocates almost nothing; callers copy what they keep before the next
 * call (everything here is synchronous, so no other request interleaves).
 */
export class GraphTraversal {
  private count = new Int32Array(0);
  private via = new Int32Array(0);
  private via2 = new Int32Array(0);
  private secondList = new Int32Array(0);
  private thirdList = new Int32Array(0);
  secondLength = 0;
  thirdLength = 0;
  private base = 0;

  constructor(private readonly g: GraphIndex) {}

  private ensure(): void {
    const n = this.g.size;
    if (this.count.length >= n) return;
    this.count = new Int32Array(n);
    this.via = new Int32Array(n);
    this.via2 = new Int32Array(n);
    this.secondList = new Int32Array(n);
    this.thirdList = new Int32Array(n);
  }

  /** 0 self, 1, 2, 3, or -1 (not reached) in the last traversal. */
  level(x: number): number {
    const d = (this.g.mark[x] ?? 0) - this.base;
    return d >= 0 && d <= 3 ? d : -1;
  }

  mutualOf(x: number): number {
    return this.count[x] ?? 0;
  }

  /**
   * Marks the viewer's friends and collects the 2nd degree with, for each person, the number of
   * mutual friends and one connector — a friend who allows being shown in paths when one exists.
   */
  collectSecond(viewer: number): void {
    this.ensure();
    const g = this.g;
    const base = (this.base = g.nextEpoch());
    const mark = g.mark;
    const { count, via, hidden } = { count: this.count, via: this.via, hidden: g.hidden };
    const list = this.secondList;
    const blocked = g.blockedWith(viewer);
    mark[viewer] = base;
    const friends = g.neighbours(viewer);
    for (let i = 0; i < friends.length; i++) mark[friends[i]!] = base + 1;
    let n = 0;
    for (let i = 0; i < friends.length; i++) {
      const f = friends[i]!;
      const arr = g.span(f);
      for (let j = g.spanStart, end = g.spanEnd; j < end; j++) {
        const y = arr[j]!;
        const m = mark[y]!;
        if (m === base + 2) {
          count[y]!++;
          if (hidden[via[y]!] === 1 && hidden[f] === 0) via[y] = f;
        } else if (m < base) {
          if (blocked?.has(y)) continue;
          mark[y] = base + 2;
          count[y] = 1;
          via[y] = f;
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
    const mark = g.mark;
    const hidden = g.hidden;
    const via2 = this.via2;
    const second = this.secondList;
    const list = this.thirdList;
    const blocked = g.blockedWith(viewer);
    let n = 0;
    for (let i = 0; i < this.secondLength && n < cap; i++) {
      const y = second[i]!;
      const arr = g.span(y);
      for (let j = g.spanStart, end = g.spanEnd; j < end; j++) {
        const z = arr[j]!;
        const m = mark[z]!;
        if (m === base + 3) {
          if (hidden[via2[z]!] === 1 && hidden[y] === 0) via2[z] = y;
        } else if (m < base) {
          if (blocked?.has(z)) continue;
          mark[z] = base + 3;
          via2[z] = y;
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
    for (let j = g.spanStart, end = g.spanEnd; j < end; j++) if (g.mark[arr[j]!] === target) c++;
    return c;
  }

  /**
   * One page of a ranked tab: candidates from the requested degrees, filtered by favorites and
   * search, strictly after the cursor key, best `limit + 1` kept in a bounded heap (the extra one
   * says whether another page exists).
   */
  rank(req: RankRequest): Ranked[] {
    const g = this.g;
    const wantsSecond = req.degrees.includes(2) || req.degrees.includes(3);
    if (wantsSecond) this.collectSecond(req.viewer);
    else this.markFriends(req.viewer);
    if (req.degrees.includes(3)) this.collectThird(req.viewer);

    const keep = req.limit + 1;
    const heap: RankKey[] = [];
    const consider = (seq: number, degree: Degree) => {
      if (req.search && !g.names[seq]!.includes(req.search)) return;
      const fav = degree === 1 && req.favorites.has(seq);
      if (req.onlyFavorites && !fav) return;
      const trust = g.trust(seq);
      // Cheap rejections before allocating a key: most of a large 3rd degree ends here.
      const top = heap.length === keep ? heap[0]! : null;
      if (top && (top.fav === fav ? trust < top.trust : top.fav)) return;
      const after = req.after;
      if (after && (after.fav === fav ? trust > after.trust : fav)) return;
      const key: RankKey = { fav, trust, degree, name: g.names[seq]!, seq };
      if (req.after && compareKeys(key, req.after) <= 0) return;
      if (heap.length < keep) heapPush(heap, key);
      else if (compareKeys(key, heap[0]!) < 0) heapReplaceTop(heap, key);
    };
    if (req.degrees.includes(1)) {
      const friends = g.neighbours(req.viewer);
      for (let i = 0; i < friends.length; i++) consider(friends[i]!, 1);
    }
    if (req.degrees.includes(2)) {
      for (let i = 0; i < this.secondLength; i++) consider(this.secondList[i]!, 2);
    }
    if (req.degrees.includes(3)) {
      for (let i = 0; i < this.thirdLength; i++) consider(this.thirdList[i]!, 3);
    }
    heap.sort(compareKeys);
    return heap.map((key) => this.describe(key));
  }

  private describe(key: RankKey): Ranked {
    const s = key.seq;
    if (key.degree === 1) return { ...key, mutual: this.countMutual(s), via: 0, via2: 0 };
    if (key.degree === 2) return { ...key, mutual: this.count[s]!, via: this.via[s]!, via2: 0 };
    const b = this.via2[s]!;
    return { ...key, mutual: 0, via: this.via[b]!, via2: b };
  }

  markFriends(viewer: number): void {
    this.ensure();
    const g = this.g;
    const base = (this.base = g.nextEpoch());
    g.mark[viewer] = base;
    const friends = g.neighbours(viewer);
    for (let i = 0; i < friends.length; i++) g.mark[friends[i]!] = base + 1;
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
    const base = this.base;
    const mutual: number[] = [];
    for (const b of g.neighbours(target)) if (g.mark[b] === base + 1) mutual.push(b);
    if (g.mark[target] === base + 1) return { degree: 1, mutual, path: [viewer, target] };
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
        if (g.mark[a] !== base + 1) continue;
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
