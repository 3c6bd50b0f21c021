import { TRUST_POINTS_FIRST, TRUST_POINTS_SECOND } from '@heartline/domain';
import { localityOrder } from './graph.locality.ts';
import { NO_PLACE, UNDISCOVERABLE, type DiscoverFacts } from './graph.facts.ts';
import { TrustOrder } from './graph.order.ts';

/** One committed change of the friend graph, as numbered by the graph_changes outbox. */
export type GraphChange =
  | { id: number; kind: 'add' | 'remove' | 'block' | 'unblock'; a: number; b: number }
  | { id: number; kind: 'delete'; a: number }
  | { id: number; kind: 'user'; a: number };

/** Per-user facts the index keeps besides edges (loaded from users and their settings). */
export type NodeFacts = {
  seq: number;
  name: string | null;
  showInPaths: boolean;
  /** They chose "hide from search" (absent: false). */
  hiddenFromSearch?: boolean;
  /** Absent: not discoverable (tests that only need the graph leave it out). */
  discover?: DiscoverFacts;
  /**
   * Suspended or banned (issue 47): to everyone else not there, so the index holds none of
   * their friendships (they stay in the database, and come back when the restriction ends).
   */
  restricted?: boolean;
};

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
 * The friend graph in memory: a compressed sparse row (CSR) base — one offsets array and one
 * neighbours array, 4 bytes per directed edge — plus a small overlay of per-node replacement
 * adjacency for nodes changed since the last compaction. Neighbour lists are sorted. Alongside
 * the edges it keeps what ranking and privacy need for every user (the distinct 2nd-degree
 * count, so trust is O(1); a name sort key; "hide me from paths"; blocks).
 *
 * Inside, users are numbered by position, not users.seq: positions follow communities
 * (graph.locality.ts), so a walk's reads land near each other. The methods named `...At` and the
 * `...At` arrays take and hold positions (the traversal works in them); every other method takes
 * and returns seqs. Users new since the last load get the next positions (compaction keeps the
 * numbering; the next full load computes it afresh).
 *
 * The 2nd-degree counts are maintained incrementally on every change (see applyEdge), on every
 * instance, so any instance can rank by current trust and the writer can store exactly the
 * rows that changed.
 */
export class GraphIndex {
  version = 0;
  /** The seqs of suspended and banned people (few): their friendships are not held here. */
  private readonly restricted = new Set<number>();
  /** Position of each seq; 0 = not in the index (position 0 is nobody). */
  private posOfSeq: Int32Array = new Int32Array(1);
  /** The seq at each position (0 at position 0 and at unused positions). */
  seqAt: Int32Array = new Int32Array(1);
  /** The next free position. */
  private nextPos = 1;
  private offsets: Int32Array = new Int32Array(2);
  private nbrs: Int32Array = EMPTY;
  private baseN = 0;
  private readonly patched = new Map<number, Int32Array>();
  private patchedFlag = new Uint8Array(0);
  private overlayEntries = 0;
  private edges = 0;
  private capacity = 0;
  /** |2nd degree| per position (distinct friends of friends, minus self, friends and blocked). */
  secondAt = new Int32Array(0);
  /** Trust per position, kept next to the counts: ranking reads it for every candidate. */
  trustAt = new Int32Array(0);
  /** Everyone present by trust, as positions (for the 3rd degree's best page). */
  readonly order = new TrustOrder();
  /** Per position, 1 = show_in_paths is false: never named as a connector. */
  hiddenAt = new Uint8Array(0);
  /** Per position, 1 = the user row exists (as far as this index knows). */
  private presentAt = new Uint8Array(0);
  /** Lower-cased names per position, for ranking ties and search. */
  nameAt: string[] = [];
  /** Discover's filters per position (graph.facts.ts encodings). */
  genderAt = new Uint8Array(0);
  seeksAt = new Uint8Array(0);
  bornAt = new Int32Array(0);
  depthAt = new Uint8Array(0);
  goalAt = new Uint8Array(0);
  latAt = new Int32Array(0);
  lonAt = new Int32Array(0);
  /** Per position, 1 = hidden from search: found by name by their friends only (settings). */
  searchHiddenAt = new Uint8Array(0);
  /** Symmetric "blocked with" relation between positions; small, so a map of sets. */
  private readonly blocks = new Map<number, Set<number>>();
  /** Scratch for traversals: one stamp array, epochs of 4 (self, 1st, 2nd, 3rd). */
  mark = new Int32Array(0);
  private epoch = 0;
  /** Set by span(): the [spanStart, spanEnd) range of the array span() returned. */
  spanStart = 0;
  spanEnd = 0;

  /** How many positions the per-position arrays hold (traversal scratch is sized by it). */
  get size(): number {
    return this.capacity;
  }

  /** One past the highest seq the index has a position for. */
  get seqLimit(): number {
    return this.posOfSeq.length;
  }

  /** The position of a seq, or 0 when the index has none. */
  posOf(seq: number): number {
    return seq > 0 && seq < this.posOfSeq.length ? this.posOfSeq[seq]! : 0;
  }

  /** The position of a seq, given the next free one if it has none yet. */
  private place(seq: number): number {
    const known = this.posOf(seq);
    if (known > 0) return known;
    if (seq >= this.posOfSeq.length) {
      const next = new Int32Array(Math.max(seq + 1, Math.ceil(this.posOfSeq.length * 1.25)));
      next.set(this.posOfSeq);
      this.posOfSeq = next;
    }
    const p = this.nextPos++;
    this.grow(p + 1);
    this.posOfSeq[seq] = p;
    this.seqAt[p] = seq;
    return p;
  }

  /** Replaces everything with a snapshot (start-up and resync). */
  load(snapshot: GraphSnapshot): void {
    const n = snapshot.maxSeq;
    const edges = withoutRestricted(snapshot);
    // The edges by seq first (the numbering is computed from them), then by position.
    const bySeq = adjacency(n, edges.count, edges.low, edges.high);
    const posOf = localityOrder(n, bySeq.offsets, bySeq.nbrs);
    const offsets = new Int32Array(n + 2);
    const seqAt = new Int32Array(n + 1);
    for (let v = 1; v <= n; v++) seqAt[posOf[v]!] = v;
    for (let p = 1; p <= n; p++) {
      const v = seqAt[p]!;
      offsets[p + 1] = offsets[p]! + (bySeq.offsets[v + 1]! - bySeq.offsets[v]!);
    }
    const nbrs = new Int32Array(offsets[n + 1]!);
    for (let p = 1; p <= n; p++) {
      const v = seqAt[p]!;
      let k = offsets[p]!;
      for (let j = bySeq.offsets[v]!, end = bySeq.offsets[v + 1]!; j < end; j++) {
        nbrs[k++] = posOf[bySeq.nbrs[j]!]!;
      }
      nbrs.subarray(offsets[p], k).sort();
    }
    this.offsets = offsets;
    this.nbrs = nbrs;
    this.baseN = n;
    this.edges = edges.count;
    this.patched.clear();
    this.overlayEntries = 0;
    // Fresh per-user arrays: a reload must not inherit facts of users deleted meanwhile.
    this.capacity = 0;
    this.secondAt = new Int32Array(0);
    this.trustAt = new Int32Array(0);
    this.hiddenAt = new Uint8Array(0);
    this.presentAt = new Uint8Array(0);
    this.patchedFlag = new Uint8Array(0);
    this.genderAt = new Uint8Array(0);
    this.seeksAt = new Uint8Array(0);
    this.bornAt = new Int32Array(0);
    this.depthAt = new Uint8Array(0);
    this.goalAt = new Uint8Array(0);
    this.latAt = new Int32Array(0);
    this.lonAt = new Int32Array(0);
    this.searchHiddenAt = new Uint8Array(0);
    this.nameAt = [];
    this.seqAt = new Int32Array(0);
    this.grow(n + 1);
    this.seqAt.set(seqAt);
    this.posOfSeq = posOf;
    this.nextPos = n + 1;
    for (let v = 1; v <= Math.min(n, snapshot.second.length - 1); v++) {
      this.secondAt[posOf[v]!] = snapshot.second[v]!;
    }
    this.order.clear();
    this.restricted.clear();
    for (const facts of snapshot.nodes) this.setFacts(facts);
    for (let p = 1; p <= n; p++) this.refreshTrust(p);
    this.blocks.clear();
    for (const [a, b] of snapshot.blocks) this.setBlocked(this.place(a), this.place(b), true);
    this.version = snapshot.version;
  }

  /** Makes room for positions below `needed`. */
  private grow(needed: number): void {
    if (needed <= this.capacity) return;
    const cap = Math.max(needed, Math.ceil(this.capacity * 1.25), 16);
    const resize = <T extends Int32Array | Uint8Array>(old: T, make: (n: number) => T): T => {
      const next = make(cap);
      next.set(old);
      return next;
    };
    this.secondAt = resize(this.secondAt, (k) => new Int32Array(k));
    this.trustAt = resize(this.trustAt, (k) => new Int32Array(k));
    this.hiddenAt = resize(this.hiddenAt, (k) => new Uint8Array(k));
    this.presentAt = resize(this.presentAt, (k) => new Uint8Array(k));
    this.patchedFlag = resize(this.patchedFlag, (k) => new Uint8Array(k));
    this.genderAt = resize(this.genderAt, (k) => new Uint8Array(k));
    this.seeksAt = resize(this.seeksAt, (k) => new Uint8Array(k));
    this.bornAt = resize(this.bornAt, (k) => new Int32Array(k));
    this.depthAt = resize(this.depthAt, (k) => new Uint8Array(k));
    this.goalAt = resize(this.goalAt, (k) => new Uint8Array(k));
    this.latAt = resize(this.latAt, (k) => new Int32Array(k).fill(NO_PLACE));
    this.lonAt = resize(this.lonAt, (k) => new Int32Array(k).fill(NO_PLACE));
    this.searchHiddenAt = resize(this.searchHiddenAt, (k) => new Uint8Array(k));
    this.seqAt = resize(this.seqAt, (k) => new Int32Array(k));
    this.mark = new Int32Array(cap);
    this.epoch = 0;
    for (let i = this.nameAt.length; i < cap; i++) this.nameAt.push('');
    this.capacity = cap;
  }

  setFacts(facts: NodeFacts): void {
    const p = this.place(facts.seq);
    this.presentAt[p] = 1;
    this.hiddenAt[p] = facts.showInPaths ? 0 : 1;
    this.nameAt[p] = (facts.name ?? '').trim().toLowerCase();
    const discover = facts.discover ?? UNDISCOVERABLE;
    this.genderAt[p] = discover.gender;
    this.seeksAt[p] = discover.seeks;
    this.bornAt[p] = discover.born;
    this.depthAt[p] = discover.depth;
    this.goalAt[p] = discover.goal;
    this.latAt[p] = discover.lat;
    this.lonAt[p] = discover.lon;
    this.searchHiddenAt[p] = facts.hiddenFromSearch ? 1 : 0;
    if (facts.restricted) this.restricted.add(facts.seq);
    else this.restricted.delete(facts.seq);
    this.order.set(p, this.trustAt[p]!);
  }

  /** Suspended or banned: the index holds none of their friendships (NodeFacts.restricted). */
  isRestricted(seq: number): boolean {
    return this.restricted.has(seq);
  }

  knows(seq: number): boolean {
    return this.knowsAt(this.posOf(seq));
  }

  knowsAt(p: number): boolean {
    return p > 0 && p < this.capacity && this.presentAt[p] === 1;
  }

  /** Whether the user hides from paths (never named as a connector). */
  isHidden(seq: number): boolean {
    return this.hiddenAt[this.posOf(seq)] === 1;
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

  /**
   * Returns the array holding position v's sorted neighbours (positions) in [spanStart,
   * spanEnd). No allocation.
   */
  spanAt(v: number): Int32Array {
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

  /** Position v's neighbours (positions). */
  neighboursAt(v: number): Int32Array {
    const arr = this.spanAt(v);
    return arr.subarray(this.spanStart, this.spanEnd);
  }

  degreeAt(v: number): number {
    this.spanAt(v);
    return this.spanEnd - this.spanStart;
  }

  /** A user's friends, as seqs (allocates: for write paths, not for traversals). */
  neighbours(seq: number): number[] {
    const p = this.posOf(seq);
    if (p === 0) return [];
    return Array.from(this.neighboursAt(p), (x) => this.seqAt[x]!);
  }

  degree(seq: number): number {
    const p = this.posOf(seq);
    return p === 0 ? 0 : this.degreeAt(p);
  }

  trust(seq: number): number {
    return this.trustAt[this.posOf(seq)] ?? 0;
  }

  /** |2nd degree| of a user, as maintained. */
  secondOf(seq: number): number {
    return this.secondAt[this.posOf(seq)] ?? 0;
  }

  private refreshTrust(v: number): void {
    const t = TRUST_POINTS_FIRST * this.degreeAt(v) + TRUST_POINTS_SECOND * this.secondAt[v]!;
    this.trustAt[v] = t;
    if (this.presentAt[v] === 1) this.order.set(v, t);
  }

  /** Recounts a user's 2nd degree from scratch (forced recalculation, start-up reconcile). */
  recount(seq: number): number {
    const v = this.posOf(seq);
    if (v === 0) return 0;
    this.secondAt[v] = this.countSecond(v);
    this.refreshTrust(v);
    return this.secondAt[v];
  }

  hasEdge(seqA: number, seqB: number): boolean {
    const a = this.posOf(seqA);
    const b = this.posOf(seqB);
    return a > 0 && b > 0 && this.hasEdgeAt(a, b);
  }

  private hasEdgeAt(a: number, b: number): boolean {
    const arr = this.spanAt(a);
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

  /** Whether either of the two users blocked the other. */
  blockedWith(seqA: number, seqB: number): boolean {
    return this.isBlockedAt(this.posOf(seqA), this.posOf(seqB));
  }

  /** The positions blocked with position v. */
  blockedAt(v: number): Set<number> | undefined {
    return this.blocks.get(v);
  }

  isBlockedAt(a: number, b: number): boolean {
    return this.blocks.get(a)?.has(b) ?? false;
  }

  private setBlocked(a: number, b: number, on: boolean): void {
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

  /** |2nd degree| of position v from scratch: one sweep over the friends' neighbour lists. */
  private countSecond(v: number): number {
    const base = this.nextEpoch();
    const mark = this.mark;
    mark[v] = base;
    const friends = this.neighboursAt(v);
    for (let i = 0; i < friends.length; i++) mark[friends[i]!] = base + 1;
    const blocked = this.blocks.get(v);
    let count = 0;
    for (let i = 0; i < friends.length; i++) {
      const arr = this.spanAt(friends[i]!);
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
    const ys = this.neighboursAt(y);
    for (let i = 0; i < ys.length; i++) mark[ys[i]!] = base + 1;
    const arr = this.spanAt(x);
    for (let j = this.spanStart, end = this.spanEnd; j < end; j++) {
      if (mark[arr[j]!] === base + 1) return true;
    }
    return false;
  }

  private replaceNeighbours(v: number, next: Int32Array): void {
    const old = this.patched.get(v);
    this.overlayEntries += next.length - (old?.length ?? 0);
    this.patched.set(v, next);
    this.patchedFlag[v] = 1;
  }

  private insertNeighbour(v: number, x: number): void {
    const cur = this.neighboursAt(v);
    const next = new Int32Array(cur.length + 1);
    let i = 0;
    while (i < cur.length && cur[i]! < x) next[i] = cur[i++]!;
    next[i] = x;
    next.set(cur.subarray(i), i + 1);
    this.replaceNeighbours(v, next);
  }

  private removeNeighbour(v: number, x: number): void {
    const cur = this.neighboursAt(v);
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
  applyEdge(seqA: number, seqB: number, add: boolean): number[] {
    if (seqA === seqB) return [];
    const changed = this.applyEdgeAt(this.place(seqA), this.place(seqB), add);
    return changed.map((p) => this.seqAt[p]!);
  }

  private applyEdgeAt(a: number, b: number, add: boolean): number[] {
    if (a === b || this.hasEdgeAt(a, b) === add) return [];
    const changed = new Set<number>([a, b]);
    const deltas: [number, number][] = [];
    const sideEffects = (end: number, other: number, when: 'before' | 'after') => {
      const friends = Array.from(this.neighboursAt(end));
      for (const x of friends) {
        if (x === other || this.hasEdgeAt(x, other) || this.isBlockedAt(x, other)) continue;
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
      this.secondAt[x]! += d;
      changed.add(x);
    }
    this.secondAt[a] = this.countSecond(a);
    this.secondAt[b] = this.countSecond(b);
    for (const x of changed) this.refreshTrust(x);
    this.maybeCompact();
    return [...changed];
  }

  /** Blocking or unblocking only filters a's and b's own views (and removes any edge first). */
  applyBlock(seqA: number, seqB: number, on: boolean): number[] {
    const a = this.place(seqA);
    const b = this.place(seqB);
    const changed = new Set<number>([a, b]);
    if (on) for (const x of this.applyEdgeAt(a, b, false)) changed.add(x);
    this.setBlocked(a, b, on);
    for (const v of [a, b]) {
      this.secondAt[v] = this.countSecond(v);
      this.refreshTrust(v);
    }
    return [...changed].map((p) => this.seqAt[p]!);
  }

  /**
   * A restriction began: every friendship of the person leaves the index (one by one, exactly,
   * as in a deletion), the node and its facts stay. Returns whose counts moved.
   */
  applyRestricted(seq: number): number[] {
    const v = this.posOf(seq);
    if (v === 0) return [];
    const changed = new Set<number>();
    for (const f of Array.from(this.neighboursAt(v))) {
      for (const x of this.applyEdgeAt(v, f, false)) changed.add(x);
    }
    return [...changed].map((p) => this.seqAt[p]!);
  }

  /** An account deletion: every edge goes (one by one, exactly), then the node. */
  applyDelete(seq: number): number[] {
    const v = this.posOf(seq);
    if (v === 0) return [];
    const changed = new Set<number>();
    for (const f of Array.from(this.neighboursAt(v))) {
      for (const x of this.applyEdgeAt(v, f, false)) changed.add(x);
    }
    for (const other of [...(this.blocks.get(v) ?? [])]) this.setBlocked(v, other, false);
    this.presentAt[v] = 0;
    this.secondAt[v] = 0;
    this.trustAt[v] = 0;
    this.nameAt[v] = '';
    this.depthAt[v] = 0;
    this.searchHiddenAt[v] = 0;
    this.order.set(v, -1);
    changed.delete(v);
    return [...changed].map((p) => this.seqAt[p]!);
  }

  /** Folds the overlay into a new CSR base once it has grown past a few percent of the base. */
  private maybeCompact(): void {
    if (this.overlayEntries < Math.max(200_000, this.nbrs.length * 0.05)) return;
    this.compact();
  }

  compact(): void {
    const n = this.capacity - 1;
    const offsets = new Int32Array(n + 2);
    for (let v = 1; v <= n; v++) offsets[v + 1] = offsets[v]! + this.degreeAt(v);
    const nbrs = new Int32Array(offsets[n + 1]!);
    for (let v = 1; v <= n; v++) nbrs.set(this.neighboursAt(v), offsets[v]);
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
      this.secondAt.byteLength +
      this.trustAt.byteLength +
      this.order.memoryBytes() +
      this.hiddenAt.byteLength +
      this.presentAt.byteLength +
      this.posOfSeq.byteLength +
      this.seqAt.byteLength +
      this.patchedFlag.byteLength +
      this.genderAt.byteLength +
      this.seeksAt.byteLength +
      this.bornAt.byteLength +
      this.depthAt.byteLength +
      this.goalAt.byteLength +
      this.latAt.byteLength +
      this.lonAt.byteLength +
      this.searchHiddenAt.byteLength +
      this.mark.byteLength
    );
  }

  /** Undirected edge count. */
  edgeCount(): number {
    return this.edges;
  }
}

/**
 * Undirected edges (two parallel arrays of endpoints) as adjacency by seq: offsets, neighbours.
 * Lists are left unsorted: only the numbering is computed from them.
 */
function adjacency(n: number, count: number, low: Int32Array, high: Int32Array) {
  const degree = new Int32Array(n + 2);
  for (let i = 0; i < count; i++) {
    degree[low[i]!]!++;
    degree[high[i]!]!++;
  }
  const offsets = new Int32Array(n + 2);
  for (let v = 1; v <= n + 1; v++) offsets[v] = offsets[v - 1]! + degree[v - 1]!;
  const nbrs = new Int32Array(offsets[n + 1]!);
  const fill = offsets.slice();
  for (let i = 0; i < count; i++) {
    const lo = low[i]!;
    const hi = high[i]!;
    nbrs[fill[lo]!++] = hi;
    nbrs[fill[hi]!++] = lo;
  }
  return { offsets, nbrs };
}

/** The snapshot's edges without those of restricted people (they are not in the index). */
function withoutRestricted(snapshot: GraphSnapshot): {
  count: number;
  low: Int32Array;
  high: Int32Array;
} {
  const out = new Set(snapshot.nodes.filter((f) => f.restricted).map((f) => f.seq));
  const { edgeCount, edgeLow, edgeHigh } = snapshot;
  if (out.size === 0) return { count: edgeCount, low: edgeLow, high: edgeHigh };
  const low = new Int32Array(edgeCount);
  const high = new Int32Array(edgeCount);
  let k = 0;
  for (let i = 0; i < edgeCount; i++) {
    if (out.has(edgeLow[i]!) || out.has(edgeHigh[i]!)) continue;
    low[k] = edgeLow[i]!;
    high[k++] = edgeHigh[i]!;
  }
  return { count: k, low, high };
}
