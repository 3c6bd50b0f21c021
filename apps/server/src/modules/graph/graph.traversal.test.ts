import { describe, expect, it } from 'vitest';
import { GraphIndex } from './graph.index.ts';
import { secondDegreePage, snapshot } from './graph.test-support.ts';
import { GraphTraversal, selectLargest } from './graph.traversal.ts';

describe('2nd-degree connectors', () => {
  // Viewer 1; friends 2 (hides from paths) and 3; 4 is reached through both, 5 through 2 only.
  const index = new GraphIndex();
  index.load(
    snapshot(
      [
        [1, 2],
        [1, 3],
        [2, 4],
        [3, 4],
        [2, 5],
      ],
      [2],
    ),
  );
  const traversal = new GraphTraversal(index);
  const page = traversal.rank(secondDegreePage(1));
  const row = (seq: number) => page.find((r) => r.seq === seq)!;

  it('names a friend in common who may be shown, passing over one who hides', () => {
    expect(row(4)).toMatchObject({ degree: 2, mutual: 2, via: 3 });
  });

  it('leaves out someone only a friend who hides connects, still counting them', () => {
    expect(page.map((r) => r.seq)).toEqual([4]);
    // Numbers are not identities: 5 is still in the 2nd degree (which counts and trust count).
    traversal.collectSecond(1);
    expect(traversal.secondLength).toBe(2);
    for (const budget of [Infinity, 0]) {
      const scanned = new GraphTraversal(index, { fullSecondBudget: budget });
      expect(scanned.rank(secondDegreePage(1)).map((r) => r.seq)).toEqual([4]);
      expect(scanned.locate(1, 5)).toMatchObject({ degree: 2, listed: false });
      expect(scanned.locate(1, 4)).toMatchObject({ degree: 2, path: [1, 3, 4], listed: true });
    }
  });

  it('names one of the friends in common when every one may be shown', () => {
    index.setFacts({ seq: 2, name: 'P2', showInPaths: true });
    const again = traversal.rank(secondDegreePage(1));
    const four = again.find((r) => r.seq === 4)!;
    expect(four.mutual).toBe(2);
    expect([2, 3]).toContain(four.via);
  });
});

describe('3rd degree behind connectors who hide from paths', () => {
  // Viewer 1; friends 2 (hides) and 3; 2nd degree 4 (through 2) and 5 (through 3); 3rd degree
  // 6 (through 4 only), 7 (through 5 only), 8 (through 4 and 5).
  const index = new GraphIndex();
  index.load(
    snapshot(
      [
        [1, 2],
        [1, 3],
        [2, 4],
        [3, 5],
        [4, 6],
        [5, 7],
        [4, 8],
        [5, 8],
      ],
      [2],
    ),
  );
  const third = (traversal: GraphTraversal) =>
    traversal.rank({ ...secondDegreePage(1), degrees: [3] }).map((r) => [r.seq, r.via, r.via2]);
  const strategies = [Infinity, 0].map(
    (budget) => new GraphTraversal(index, { fullThirdBudget: budget }),
  );

  it('lists only people a path of connectors who show reaches, naming that path', () => {
    for (const traversal of strategies) {
      expect(third(traversal).sort()).toEqual([
        [7, 3, 5],
        [8, 3, 5],
      ]);
      expect(traversal.thirdCount(1, 100)).toBe(3);
      expect(traversal.locate(1, 6)).toMatchObject({ degree: 3, listed: false });
      expect(traversal.locate(1, 8)).toMatchObject({ degree: 3, path: [1, 3, 5, 8], listed: true });
    }
  });

  it('lists nobody at the 3rd degree once the second hop hides too', () => {
    index.setFacts({ seq: 5, name: 'P5', showInPaths: false });
    for (const traversal of strategies) {
      expect(third(traversal)).toEqual([]);
      expect(traversal.thirdCount(1, 100)).toBe(3);
      expect(traversal.locate(1, 8)).toMatchObject({ degree: 3, listed: false });
    }
  });
});

describe('large networks', () => {
  // 1 - 2 - 3 - 4 - 5: from 1, only 4 is at distance exactly 3.
  const chain = (): GraphIndex => {
    const index = new GraphIndex();
    index.load(
      snapshot(
        [
          [1, 2],
          [2, 3],
          [3, 4],
          [4, 5],
        ],
        [],
      ),
    );
    return index;
  };
  const second = (traversal: GraphTraversal) => traversal.rank(secondDegreePage(1));

  it('ranks the 2nd degree from the trust order with the same rows as the full walk', () => {
    const index = chain();
    const walked = second(new GraphTraversal(index, { fullSecondBudget: Infinity }));
    const scanned = second(new GraphTraversal(index, { fullSecondBudget: 0 }));
    expect(scanned).toEqual(walked);
    expect(scanned).toMatchObject([{ seq: 3, degree: 2, mutual: 1, via: 2 }]);
  });

  it('counts the 3rd degree of a large network outwards, exactly as the walk does', () => {
    const index = chain();
    const outwards = new GraphTraversal(index, { fullSecondBudget: 0 });
    const walk = new GraphTraversal(index, { fullSecondBudget: Infinity });
    expect(outwards.thirdCount(1, 1000)).toBe(1);
    // 3 - 5 puts 5 at distance 3 too; the count follows at once (nothing is kept).
    index.applyEdge(3, 5, true);
    expect(outwards.thirdCount(1, 1000)).toBe(2);
    expect(walk.thirdCount(1, 1000)).toBe(2);
    // Up to the cap only.
    expect(outwards.thirdCount(1, 1)).toBe(1);
    // A blocked person is at no distance at all.
    index.applyBlock(1, 5, true);
    expect(outwards.thirdCount(1, 1000)).toBe(1);
    expect(walk.thirdCount(1, 1000)).toBe(1);
  });
});

describe('selectLargest', () => {
  it('finds the k-th largest of random arrays with many ties, as sorting would', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    for (let run = 0; run < 300; run++) {
      const n = 1 + (next() % 200);
      const values = Array.from({ length: n }, () => next() % (run % 3 === 0 ? 5 : 1000));
      const k = 1 + (next() % n);
      const sorted = [...values].sort((a, b) => b - a);
      expect(selectLargest(Int32Array.from(values), n, k)).toBe(sorted[k - 1]);
    }
  });

  it('looks only at the first n entries', () => {
    expect(selectLargest(Int32Array.from([3, 1, 2, 99, 98]), 3, 1)).toBe(3);
    expect(selectLargest(Int32Array.from([3, 1, 2, 99, 98]), 3, 3)).toBe(1);
  });
});

describe('ranked pages of a 2nd degree larger than a page', () => {
  // Viewer 1 with friends 2 and 3; 2nd degree 10..29 (all through 2, every third also through
  // 3); person 10 + k has floor(k / 2) more friends of their own (ids 100+), so trusts come in
  // tied pairs and the names break the ties.
  const edges: [number, number][] = [
    [1, 2],
    [1, 3],
  ];
  let leaf = 100;
  for (let k = 0; k < 20; k++) {
    edges.push([2, 10 + k]);
    if (k % 3 === 0) edges.push([3, 10 + k]);
    for (let e = 0; e < Math.floor(k / 2); e++) edges.push([10 + k, leaf++]);
  }
  const index = new GraphIndex();
  index.load(snapshot(edges, []));
  const name = (seq: number) => index.nameAt[index.posOf(seq)]!;
  const expected = Array.from({ length: 20 }, (_, k) => 10 + k).sort(
    (x, y) =>
      index.trust(y) - index.trust(x) ||
      (name(x) < name(y) ? -1 : name(x) > name(y) ? 1 : 0) ||
      x - y,
  );

  it.each([1, 2, 3, 7])('pages through every person in order with %i per page', (limit) => {
    for (const budget of [Infinity, 0]) {
      const traversal = new GraphTraversal(index, { fullSecondBudget: budget });
      const got: number[] = [];
      let after = null;
      for (let page = 0; page < 40; page++) {
        const rows = traversal.rank({
          viewer: 1,
          degrees: [2],
          favorites: new Set(),
          onlyFavorites: false,
          after,
          limit,
          search: '',
        });
        got.push(...rows.slice(0, limit).map((r) => r.seq));
        if (rows.length <= limit) break;
        after = rows[limit - 1]!;
      }
      expect(got).toEqual(expected);
    }
  });
});
