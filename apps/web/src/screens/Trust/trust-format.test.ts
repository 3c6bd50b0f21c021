import { describe, expect, it } from 'vitest';
import { countLabel, pointsLabel } from './trust-format.ts';

describe('trust lines', () => {
  it('count people and points with singular and plural', () => {
    expect(countLabel(1, 'friend', 'friends')).toBe('1 friend');
    expect(countLabel(1204, 'friend', 'friends')).toBe('1,204 friends');
    expect(pointsLabel(40)).toBe('+40 points');
    expect(pointsLabel(1)).toBe('+1 point');
    expect(pointsLabel(0)).toBe('0 points');
  });
});
