import { TRUST_POINTS_FIRST, TRUST_POINTS_SECOND } from '@heartline/domain';
import { TrustOrder } from './graph.order.ts';

/** One committed change of the friend graph, as numbered by the graph_changes outbox. */
export type GraphChange =
  | { id: number; kind: 'add' | 'remove' | 'block' | 'unblock'; a: number; b: number }
  | { id: number; kind: 'delete'; a: number }
  | { id: number; kind: 'user'; a: number };

/** Per-user facts the index keeps besides edges (loaded from users). */
export type NodeFacts = { seq: number; name: string | null; showInPaths: boolean };

/** A snapshot to build the index from: undirected edges as two parallel arrays. */
export type GraphSnapshot = {
  version: number;
  maxSeq: number;
  edgeLow: Int32Array;
  edgeHigh: Int32Array;
  edgeCount: number;
  nodes: NodeFacts[];
  /** Stored second-degree counts by seq (users.second_degree_count). */
  second: Int32Array;
  blocks: [number, number][];
};

const EMPTY = new Int32Array(0);

/**
 * The friend graph in memory, keyed by users.seq: a compressed sparse row (CSR) base — one
 * offsets array and one neighbours array, 4 bytes per directed edge — plus a small overlay of
 * per-node replacement adjacency for nodes changed since the last compaction. Neighbour lists
 * are sorted. Alongside the edges it keeps what ranking and privacy need for every user (the
 * distinct 2nd-degree count, so trust is O(1); a name sort key; "hide me from paths"; blocks).
 *
 * The 2nd-degree counts are maintained incrementally on every change (see applyEdge), on every
 * instance, so any instance can rank by current trust and the writer can store exactly the
 * rows that changed.
 */
export class GraphIndex {
  version = 0;
  private offsets: Int32Array = new Int32Array(2);
  private nbrs: Int32Array = EMPTY;
  private baseN = 0;
  private readonly patched = new Map<number, Int32Array>();
  private patchedFlag = new Uint8Array(0);
  private overlayEntries = 0;
  private edges = 0;
  private capacity = 0;
  /** |2nd degree| per seq (distinct friends of friends, minus self, friends and blocked). */
  second = new Int32Array(0);
  /** Trust per seq, kept next to the counts: ranking reads it for every candidate. */
  trustOf = new Int32Array(0);
  /** Everyone present, by trust (for the 3rd degree's best page). */
  readonly order = new TrustOrder();
  /** 1 = show_in_paths is false: never named as a connector. */
  hidden = new Uint8Array(0);
  /** 1 = the user row exists (as far as this index knows). */
  present = new Uint8Array(0);
  /** Lower-cased names for ranking ties and search. */
  names: string[] = [];
  /** Symmetric "blocked with" relation; small, so a map of sets. */
  readonly blocks = new Map<number, Set<number>>();
  /** Scratch for traversals: one stamp array, epochs of 4 (self, 1st, 2nd, 3rd). */
  mark = new Int32Array(0);
  private epoch = 0;
  /** Set by span(): the [spanStart, spanEnd) range of the array span() returned. */
  spanStart = 0;
  spanEnd = 0;

  get size(): number {
    return this.capacity;
  }

  /** Replaces everything with a snapshot (start-up and resync). */
  load(snapshot: GraphSnapshot): void {
    const n = snapshot.maxSeq;
    const degree = new Int32Array(n + 2);
    for (let i = 0; i < snapshot.edgeCount; i++) {
      degree[snapshot.edgeLow[i]!]!++;
      degree[snapshot.edgeHigh[i]!]!++;
    }
    const offsets = new Int32Array(n + 2);
    for (let v = 1; v <= n + 1; v++) offsets[v] = offsets[v - 1]! + degree[v - 1]!;
    const nbrs = new Int32Array(offsets[n + 1]!);
    const fill = offsets.slice();
    for (let i = 0; i < snapshot.edgeCount; i++) {
      const lo = snapshot.edgeLow[i]!;
      const hi = snapshot.edgeHigh[i]!;
      nbrs[fill[lo]!++] = hi;
      nbrs[fill[hi]!++] = lo;
    }
    for (let v = 1; v <= n; v++) nbrs.subarray(offsets[v], offsets[v + 1]).sort();
    this.offsets = offsets;
    this.nbrs = nbrs;
    this.baseN = n;
    this.edges = snapshot.edgeCount;
    this.patched.clear();
    this.overlayEntries = 0;
    // Fresh per-user arrays: a reload must not inherit facts of users deleted meanwhile.
    this.capacity = 0;
    this.second = new Int32Array(0);
    this.trustOf = new Int32Array(0);
    this.hidden = new Uint8Array(0);
    this.present = new Uint8Array(0);
    this.patchedFlag = new Uint8Array(0);
    this.names = [];
    this.grow(n + 1);
    this.second.set(snapshot.second.subarray(0, Math.min(snapshot.second.length, n + 1)));
    this.order.clear();
    for (const facts of snapshot.nodes) this.setFacts(facts);
    for (let v = 1; v <= n; v++) this.refreshTrust(v);
    this.blocks.clear();
    for (const [a, b] of snapshot.blocks) this.setBlocked(a, b, true);
    this.version = snapshot.version;
  }

  /** Makes room for seqs below `needed`; new users arrive with their first change. */
  grow(needed: number): void {
    if (needed <= this.capacity) return;
    const cap = Math.max(needed, Math.ceil(this.capacity * 1.25), 16);
    const resize = <T extends Int32Array | Uint8Array>(old: T, make: (n: number) => T): T => {
      const next = make(cap);
      next.set(old);
      return next;
    };
    this.second = resize(this.second, (k) => new Int32Array(k));
    this.trustOf = resize(this.trustOf, (k) => new Int32Array(k));
    this.hidden = resize(this.hidden, (k) => new Uint8Array(k));
    this.present = resize(this.present, (k) => new Uint8Array(k));
    this.patchedFlag = resize(this.patchedFlag, (k) => new Uint8Array(k));
    this.mark = new Int32Array(cap);
    this.epoch = 0;
    for (let i = this.names.length; i < cap; i++) this.names.push('');
    this.capacity = cap;
  }

  setFacts(facts: NodeFacts): void {
    this.grow(facts.seq + 1);
    this.present[facts.seq] = 1;
    this.hidden[facts.seq] = facts.showInPaths ? 0 : 1;
    this.names[facts.seq] = (facts.name ?? '').trim().toLowerCase();
    this.order.set(facts.seq, this.trustOf[facts.seq]!);
  }

  knows(seq: number): boolean {
    return seq < this.capacity && this.present[seq] === 1;
  }

  /**
   * A fresh traversal epoch: returns a base such that mark[x] - base is 0 (self), 1 (friend),
   * 2 (2nd degree) or 3 (3rd degree) for x visited in this traversal, and < 0 otherwise.
   */
  nextEpoch(): number {
    this.epoch++;
    if (this.epoch * 4 + 4 >= 0x7fffffff) {
      this.mark.fill(0);
      this.epoch = 1;
    }
    return this.epoch * 4;
  }

  /** Returns the array holding v's sorted neighbours in [spanStart, spanEnd). No allocation. */
  span(v: number): Int32Array {
    if (v < this.capacity && this.patchedFlag[v] === 1) {
      const list = this.patched.get(v)!;
      this.spanStart = 0;
      this.spanEnd = list.length;
      return list;
    }
    if (v > this.baseN || v <= 0) {
      this.spanStart = 0;
      this.spanEnd = 0;
      return this.nbrs;
    }
    this.spanStart = this.offsets[v]!;
    this.spanEnd = this.offsets[v + 1]!;
    return this.nbrs;
  }

  neighbours(v: number): Int32Array {
    const arr = this.span(v);
    return arr.subarray(this.spanStart, this.spanEnd);
  }

  degree(v: number): number {
    this.span(v);
    return this.spanEnd - this.spanStart;
  }

  trust(v: number): number {
    return this.trustOf[v] ?? 0;
  }

  private refreshTrust(v: number): void {
    const t = TRUST_POINTS_FIRST * this.degree(v) + TRUST_POINTS_SECOND * this.second[v]!;
    this.trustOf[v] = t;
    if (this.present[v] === 1) this.order.set(v, t);
  }

  /** Recounts v's 2nd degree from scratch (forced recalculation, start-up reconcile). */
  recount(v: number): number {
    if (v >= this.capacity) return 0;
    this.second[v] = this.countSecond(v);
    this.refreshTrust(v);
    return this.second[v];
  }

  hasEdge(a: number, b: number): boolean {
    const arr = this.span(a);
    let lo = this.spanStart;
    let hi = this.spanEnd - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const x = arr[mid]!;
      if (x === b) return true;
      if (x < b) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  blockedWith(v: number): Set<number> | undefined {
    return this.blocks.get(v);
  }

  isBlocked(a: number, b: number): boolean {
    return this.blocks.get(a)?.has(b) ?? false;
  }

  setBlocked(a: number, b: number, on: boolean): void {
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      let set = this.blocks.get(x);
      if (on) {
        if (!set) this.blocks.set(x, (set = new Set()));
        set.add(y);
      } else if (set) {
        set.delete(y);
        if (set.size === 0) this.blocks.delete(x);
      }
    }
  }

  /** |2nd degree| of v from scratch: one sweep over the friends' neighbour lists. */
  countSecond(v: number): number {
    const base = this.nextEpoch();
    const mark = this.mark;
    mark[v] = base;
    const friends = this.neighbours(v);
    for (let i = 0; i < friends.length; i++) mark[friends[i]!] = base + 1;
    const blocked = this.blocks.get(v);
    let count = 0;
    for (let i = 0; i < friends.length; i++) {
      const arr = this.span(friends[i]!);
      for (let j = this.spanStart, end = this.spanEnd; j < end; j++) {
        const y = arr[j]!;
        if (mark[y]! >= base) continue;
        mark[y] = base + 2;
        if (blocked?.has(y)) continue;
        count++;
      }
    }
    return count;
  }

  /** Whether x and y have at least one common friend. Marks y's friends, scans x's. */
  private hasCommonFriend(x: number, y: number): boolean {
    const base = this.nextEpoch();
    const mark = this.mark;
    const ys = this.neighbours(y);
    for (let i = 0; i < ys.length; i++) mark[ys[i]!] = base + 1;
    const arr = this.span(x);
    for (let j = this.spanStart, end = this.spanEnd; j < end; j++) {
      if (mark[arr[j]!] === base + 1) return true;
    }
    return false;
  }

  private replaceNeighbours(v: number, next: Int32Array): void {
    this.grow(v + 1);
    const old = this.patched.get(v);
    this.overlayEntries += next.length - (old?.length ?? 0);
    this.patched.set(v, next);
    this.patchedFlag[v] = 1;
  }

  private insertNeighbour(v: number, x: number): void {
    const cur = this.neighbours(v);
    const next = new Int32Array(cur.length + 1);
    let i = 0;
    while (i < cur.length && cur[i]! < x) next[i] = cur[i++]!;
    next[i] = x;
    next.set(cur.subarray(i), i + 1);
    this.replaceNeighbours(v, next);
  }

  private removeNeighbour(v: number, x: number): void {
    const cur = this.neighbours(v);
    const next = new Int32Array(Math.max(0, cur.length - 1));
    let k = 0;
    for (let i = 0; i < cur.length; i++) if (cur[i] !== x) next[k++] = cur[i]!;
    this.replaceNeighbours(v, next);
  }

  /**
   * Adds or removes the edge a–b and keeps every 2nd-degree count exact. Returns the seqs whose
   * friend or 2nd-degree count changed.
   *
   * Why only these users: an edge a–b changes N(a) and N(b) (recounted from scratch) and, for a
   * friend x of a, can only change whether b is in x's 2nd degree (a is the common friend that
   * appears or disappears); symmetrically for friends of b and a. Nobody further away has a
   * common-friend count that moves. So x's count moves by one exactly when b is not x's friend,
   * not blocked with x, and a was (removal) or becomes (addition) their only common friend.
   */
  applyEdge(a: number, b: number, add: boolean): number[] {
    if (a === b || this.hasEdge(a, b) === add) return [];
    this.grow(Math.max(a, b) + 1);
    const changed = new Set<number>([a, b]);
    const deltas: [number, number][] = [];
    const sideEffects = (end: number, other: number, when: 'before' | 'after') => {
      const friends = Array.from(this.neighbours(end));
      for (const x of friends) {
        if (x === other || this.hasEdge(x, other) || this.isBlocked(x, other)) continue;
        if (when === 'before' && add && !this.hasCommonFriend(x, other)) deltas.push([x, 1]);
        if (when === 'after' && !add && !this.hasCommonFriend(x, other)) deltas.push([x, -1]);
      }
    };
    if (add) {
      sideEffects(a, b, 'before');
      sideEffects(b, a, 'before');
      this.insertNeighbour(a, b);
      this.insertNeighbour(b, a);
      this.edges++;
    } else {
      this.removeNeighbour(a, b);
      this.removeNeighbour(b, a);
      this.edges--;
      sideEffects(a, b, 'after');
      sideEffects(b, a, 'after');
    }
    for (const [x, d] of deltas) {
      this.second[x]! += d;
      changed.add(x);
    }
    this.second[a] = this.countSecond(a);
    this.second[b] = this.countSecond(b);
    for (const x of changed) this.refreshTrust(x);
    this.maybeCompact();
    return [...changed];
  }

  /** Blocking or unblocking only filters a's and b's own views (and removes any edge first). */
  applyBlock(a: number, b: number, on: boolean): number[] {
    const changed = new Set<number>([a, b]);
    if (on) for (const x of this.applyEdge(a, b, false)) changed.add(x);
    this.setBlocked(a, b, on);
    this.grow(Math.max(a, b) + 1);
    this.recount(a);
    this.recount(b);
    return [...changed];
  }

  /** An account deletion: every edge goes (one by one, exactly), then the node. */
  applyDelete(v: number): number[] {
    const changed = new Set<number>();
    for (const f of Array.from(this.neighbours(v))) {
      for (const x of this.applyEdge(v, f, false)) changed.add(x);
    }
    for (const other of [...(this.blocks.get(v) ?? [])]) this.setBlocked(v, other, false);
    if (v < this.capacity) {
      this.present[v] = 0;
      this.second[v] = 0;
      this.trustOf[v] = 0;
      this.names[v] = '';
      this.order.set(v, -1);
    }
    changed.delete(v);
    return [...changed];
  }

  /** Folds the overlay into a new CSR base once it has grown past a few percent of the base. */
  private maybeCompact(): void {
    if (this.overlayEntries < Math.max(200_000, this.nbrs.length * 0.05)) return;
    this.compact();
  }

  compact(): void {
    const n = this.capacity - 1;
    const offsets = new Int32Array(n + 2);
    for (let v = 1; v <= n; v++) offsets[v + 1] = offsets[v]! + this.degree(v);
    const nbrs = new Int32Array(offsets[n + 1]!);
    for (let v = 1; v <= n; v++) nbrs.set(this.neighbours(v), offsets[v]);
    this.offsets = offsets;
    this.nbrs = nbrs;
    this.baseN = n;
    this.patched.clear();
    this.patchedFlag.fill(0);
    this.overlayEntries = 0;
  }

  /** Bytes held by the typed arrays (the names are reported separately by the heap). */
  memoryBytes(): number {
    let overlay = 0;
    for (const list of this.patched.values()) overlay += list.byteLength;
    return (
      this.offsets.byteLength +
      this.nbrs.byteLength +
      overlay +
      this.second.byteLength +
      this.trustOf.byteLength +
      this.order.memoryBytes() +
      this.hidden.byteLength +
      this.present.byteLength +
      this.patchedFlag.byteLength +
      this.mark.byteLength
    );
  }

  /** Undirected edge count. */
  edgeCount(): number {
    return this.edges;
  }
}
