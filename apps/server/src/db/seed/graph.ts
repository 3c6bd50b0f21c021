import { WeightedIndex, type Random } from './random.ts';

export type GraphOptions = {
  /** Community (city) of each node. */
  community: readonly number[];
  /** Nodes that take part; others (personas) are wired separately. */
  eligible?: (node: number) => boolean;
  /** Median target degree of an ordinary node. */
  medianDegree?: number;
  /** Share of an ordinary node's own choices made inside its community. */
  localShare?: number;
  rng: Random;
};

/** Undirected edges as [a, b] with a < b, each once. */
export type Edge = [number, number];

export class EdgeSet {
  private readonly keys = new Set<number>();
  readonly edges: Edge[] = [];

  constructor(private readonly nodeCount: number) {}

  /** Adds a–b unless it is a loop or already present; returns whether it was added. */
  add(a: number, b: number): boolean {
    if (a === b) return false;
    const [lo, hi] = a < b ? [a, b] : [b, a];
    const key = lo * this.nodeCount + hi;
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    this.edges.push([lo, hi]);
    return true;
  }

  has(a: number, b: number): boolean {
    const [lo, hi] = a < b ? [a, b] : [b, a];
    return this.keys.has(lo * this.nodeCount + hi);
  }
}

/**
 * A clustered friend graph with a skewed degree distribution, in the spirit of a Chung–Lu
 * model: each node gets a sociability weight (log-normal, plus a few hubs far out in the
 * tail), makes about half its weight in choices, and each choice lands on a partner drawn
 * with probability proportional to the partner's weight — mostly inside its own community,
 * sometimes anywhere. A node's degree therefore comes out near its weight: most people have
 * a dozen or so friends, a handful of connectors have hundreds, and communities stay dense
 * inside with a few bridges between them.
 */
export function generateFriendGraph(edges: EdgeSet, opts: GraphOptions): void {
  const { community, rng } = opts;
  const median = opts.medianDegree ?? 12;
  const localShare = opts.localShare ?? 0.85;
  const nodes = community.map((_, i) => i).filter((i) => opts.eligible?.(i) ?? true);
  if (nodes.length < 2) return;

  const hubCount = Math.max(2, Math.round(nodes.length / 250));
  const hubs = new Set(rng.sample(nodes, hubCount));
  const weight = new Map<number, number>();
  for (const n of nodes) {
    const w = hubs.has(n)
      ? rng.int(150, 500)
      : Math.min(90, Math.max(1, Math.round(median * Math.exp(0.75 * rng.normal()))));
    weight.set(n, w);
  }

  const byCommunity = new Map<number, number[]>();
  for (const n of nodes) {
    const c = community[n]!;
    const list = byCommunity.get(c) ?? [];
    list.push(n);
    byCommunity.set(c, list);
  }
  const globalIndex = new WeightedIndex(nodes.map((n) => weight.get(n)!));
  const localIndex = new Map<number, { members: number[]; index: WeightedIndex }>();
  for (const [c, members] of byCommunity) {
    localIndex.set(c, { members, index: new WeightedIndex(members.map((n) => weight.get(n)!)) });
  }

  for (const n of nodes) {
    const local = localIndex.get(community[n]!)!;
    // Hubs are connectors: most of their reach crosses communities.
    const share = hubs.has(n) ? 0.3 : localShare;
    const choices = Math.max(1, Math.round(weight.get(n)! / 2));
    for (let k = 0; k < choices; k++) {
      const partner =
        local.members.length > 1 && rng.chance(share)
          ? local.members[local.index.draw(rng)]!
          : nodes[globalIndex.draw(rng)]!;
      edges.add(n, partner);
    }
  }
}

/** Degree of every node 0..nodeCount-1. */
export function degrees(nodeCount: number, edges: readonly Edge[]): number[] {
  const d = new Array<number>(nodeCount).fill(0);
  for (const [a, b] of edges) {
    d[a]!++;
    d[b]!++;
  }
  return d;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
