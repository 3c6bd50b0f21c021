import { describe, expect, it } from 'vitest';
import {
  compareConnections,
  connectionsQuerySchema,
  degreeBadge,
  parseDegree,
  trustCalculation,
  trustMessages,
  trustScore,
  discoverUnlocks,
  unlockedTabs,
} from './index.ts';

describe('trust score (DESIGN.md §3.2)', () => {
  it('is 10 per friend plus 1 per 2nd-degree person', () => {
    expect(trustScore(0, 0)).toBe(0);
    expect(trustScore(3, 7)).toBe(37);
    expect(trustCalculation(3, 7)).toEqual({
      firstDegreeCount: 3,
      secondDegreeCount: 7,
      firstDegreePoints: 30,
      secondDegreePoints: 7,
      formula: expect.stringContaining('10 ×') as string,
    });
  });

  it('unlocks the 2nd tab at 3 friends and the 3rd at trust 70', () => {
    expect(unlockedTabs(2, 69)).toEqual({
      firstDegree: true,
      secondDegree: false,
      thirdDegree: false,
    });
    expect(unlockedTabs(3, 69)).toEqual({
      firstDegree: true,
      secondDegree: true,
      thirdDegree: false,
    });
    expect(unlockedTabs(3, 70).thirdDegree).toBe(true);
  });

  it('lets Discover reach friends of friends from the first friend on (issue 48)', () => {
    expect(discoverUnlocks(0, 0)).toEqual({
      firstDegree: true,
      secondDegree: false,
      thirdDegree: false,
    });
    expect(discoverUnlocks(1, 10)).toEqual({
      firstDegree: true,
      secondDegree: true,
      thirdDegree: false,
    });
    expect(discoverUnlocks(2, 70)).toEqual({
      firstDegree: true,
      secondDegree: true,
      thirdDegree: true,
    });
    expect(unlockedTabs(1, 10).secondDegree).toBe(false);
  });

  it('words the rate limit with minutes', () => {
    expect(trustMessages.rateLimited(15)).toBe(
      'Rate limit exceeded. Please wait 15 minutes before requesting trust score again.',
    );
  });
});

describe('connection ranking (spec/1 §9)', () => {
  const row = (name: string, trust: number, degree: number, fav = false) => ({
    userId: name,
    name,
    trustScore: trust,
    degree,
    isFavorited: fav,
  });
  it('puts favorites first, then trust desc, degree asc, name', () => {
    const rows = [
      row('b', 50, 2),
      row('a', 50, 2),
      row('c', 50, 1),
      row('d', 90, 3),
      row('e', 1, 1, true),
    ];
    expect([...rows].sort(compareConnections).map((r) => r.name)).toEqual([
      'e',
      'd',
      'c',
      'a',
      'b',
    ]);
  });
});

describe('degree values (spec/2 §5)', () => {
  it('recognises 1st/1/first and friends, else ?', () => {
    expect(parseDegree('1st')).toBe(1);
    expect(parseDegree('second')).toBe(2);
    expect(parseDegree(3)).toBe(3);
    expect(degreeBadge('fourth')).toBe('?');
  });
});

describe('connections query', () => {
  it('defaults the page size and bounds it to 50', () => {
    expect(connectionsQuerySchema.parse({ tab: 'all' }).limit).toBe(20);
    expect(connectionsQuerySchema.safeParse({ tab: 'all', limit: '51' }).success).toBe(false);
  });
});
