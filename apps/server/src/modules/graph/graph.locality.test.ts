import { describe, expect, it } from 'vitest';
import { GraphIndex } from './graph.index.ts';
import { localityOrder } from './graph.locality.ts';
import { secondDegreePage, snapshot } from './graph.test-support.ts';
import { GraphTraversal } from './graph.traversal.ts';

// Two communities whose members alternate in seq order: odd seqs 1..19 know each other, even seqs
// 2..20 know each other, and 19-20 is the one bridge.
const n = 20;
const edges: [number, number][] = [[19, 20]];
for (let a = 1; a <= n; a++) {
  for (let b = a + 2; b <= n; b += 2) edges.push([a, b]);
}

function csr() {
  const lists = Array.from({ length: n + 1 }, () => [] as number[]);
  for (const [a, b] of edges) {
    lists[a]!.push(b);
    lists[b]!.push(a);
  }
  const offsets = new Int32Array(n + 2);
  for (let v = 0; v <= n; v++) offsets[v + 1] = offsets[v]! + lists[v]!.length;
  return { offsets, nbrs: Int32Array.from(lists.flatMap((l) => l.sort((x, y) => x - y))) };
}

describe('locality numbering', () => {
  it('is a numbering of every seq that keeps each community contiguous', () => {
    const { offsets, nbrs } = csr();
    const posOf = localityOrder(n, offsets, nbrs);
    expect(posOf[0]).toBe(0);
    expect([...posOf.slice(1)].sort((x, y) => x - y)).toEqual(
      Array.from({ length: n }, (_, i) => i + 1),
    );
    const odd = Array.from({ length: 10 }, (_, i) => posOf[2 * i + 1]!);
    const even = Array.from({ length: 10 }, (_, i) => posOf[2 * i + 2]!);
    // Each community occupies ten consecutive positions (in seq order inside it).
    expect(Math.max(...odd) - Math.min(...odd)).toBe(9);
    expect(Math.max(...even) - Math.min(...even)).toBe(9);
    expect(odd).toEqual([...odd].sort((x, y) => x - y));
  });

  it('stays inside the index: every answer is in seqs, new users get positions of their own', () => {
    const index = new GraphIndex();
    index.load(snapshot(edges));
    // The snapshot carries no stored counts: recount as the start-up reconcile does.
    for (let s = 1; s <= n; s++) index.recount(s);
    expect(index.secondOf(4)).toBe(1);
    expect(Array.from({ length: n }, (_, i) => index.posOf(i + 1))).not.toEqual(
      Array.from({ length: n }, (_, i) => i + 1),
    );
    expect(index.neighbours(3).sort((x, y) => x - y)).toEqual([1, 5, 7, 9, 11, 13, 15, 17, 19]);
    expect(index.hasEdge(19, 20)).toBe(true);
    expect(index.hasEdge(1, 2)).toBe(false);

    // A newcomer (seq 40) befriends 2: they are placed after everyone, and 2's friends see them
    // at the 2nd degree through 2.
    index.setFacts({ seq: 40, name: 'Newcomer', showInPaths: true });
    const changed = index.applyEdge(2, 40, true);
    expect(index.posOf(40)).toBe(n + 1);
    expect(changed).toEqual(expect.arrayContaining([2, 40, 4, 20]));
    expect(index.secondOf(4)).toBe(2);
    const page = new GraphTraversal(index).rank(secondDegreePage(4));
    expect(page.map((r) => [r.seq, r.via, r.mutual]).sort((x, y) => x[0]! - y[0]!)).toEqual([
      [19, 20, 1],
      [40, 2, 1],
    ]);
  });
});
