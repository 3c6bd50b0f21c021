import { describe, expect, it } from 'vitest';
import { movePhoto } from './photo-order.ts';

describe('movePhoto', () => {
  const ids = ['a', 'b', 'c', 'd'];

  it('moves one photo earlier or later, the others keeping their order', () => {
    expect(movePhoto(ids, 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(movePhoto(ids, 1, 2)).toEqual(['a', 'c', 'b', 'd']);
    expect(movePhoto(ids, 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(movePhoto(ids, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('makes a photo main by moving it to the front', () => {
    expect(movePhoto(ids, 2, 0)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('gives the same order back for no move or an index out of range, and a new array always', () => {
    for (const [from, to] of [
      [1, 1],
      [-1, 0],
      [0, 4],
      [4, 0],
      [0, -1],
    ] as const) {
      const same = movePhoto(ids, from, to);
      expect(same, `${from} -> ${to}`).toEqual(ids);
      expect(same).not.toBe(ids);
    }
    expect(movePhoto([], 0, 0)).toEqual([]);
  });

  it('keeps every id once, whatever the move', () => {
    for (let from = 0; from < ids.length; from += 1) {
      for (let to = 0; to < ids.length; to += 1) {
        const moved = movePhoto(ids, from, to);
        expect([...moved].sort()).toEqual(ids);
        expect(moved[to]).toBe(ids[from]);
      }
    }
  });
});
