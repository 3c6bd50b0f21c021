import type { GraphSnapshot } from './graph.index.ts';
import type { RankRequest } from './graph.traversal.ts';

/**
 * A snapshot of users 1..max seq in `edges`, named P1, P2, ..., the `hidden` ones hiding from
 * paths; stored 2nd-degree counts all 0 (recount where a test needs them).
 */
export function snapshot(edges: [number, number][], hidden: number[] = []): GraphSnapshot {
  const maxSeq = Math.max(...edges.flat());
  return {
    version: 0,
    maxSeq,
    edgeLow: Int32Array.from(edges.map(([a, b]) => Math.min(a, b))),
    edgeHigh: Int32Array.from(edges.map(([a, b]) => Math.max(a, b))),
    edgeCount: edges.length,
    nodes: Array.from({ length: maxSeq }, (_, i) => ({
      seq: i + 1,
      name: `P${i + 1}`,
      showInPaths: !hidden.includes(i + 1),
    })),
    second: new Int32Array(maxSeq + 1),
    blocks: [],
  };
}

/** A first page of `viewer`'s 2nd degree, ten rows, no search or favorites. */
export function secondDegreePage(viewer: number): RankRequest {
  return {
    viewer,
    degrees: [2],
    favorites: new Set(),
    onlyFavorites: false,
    after: null,
    limit: 10,
    search: '',
  };
}
