import type { NetworkSummary, TrustVerification } from '@heartline/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import {
  devStatus,
  devTabCount,
  errorLine,
  hasRealDbFlag,
  initialsOf,
  verifyRows,
} from './dev-view.ts';

const calc = (first: number, second: number, trustScore = first * 10 + second) => ({
  firstDegreeCount: first,
  secondDegreeCount: second,
  firstDegreePoints: first * 10,
  secondDegreePoints: second,
  formula: `${first} × 10 + ${second} × 1 = ${first * 10 + second}`,
  trustScore,
});

describe('developer page view', () => {
  it('reads the realdb flag only when it is exactly true', () => {
    expect(hasRealDbFlag('?realdb=true')).toBe(true);
    expect(hasRealDbFlag('?tab=all&realdb=true')).toBe(true);
    expect(hasRealDbFlag('?realdb=1')).toBe(false);
    expect(hasRealDbFlag('?realdb')).toBe(false);
    expect(hasRealDbFlag('')).toBe(false);
  });

  it('counts the All, 1st and 2nd tabs from the summary', () => {
    const summary = { counts: { all: 5, first: 3, second: 2, third: 0, favorites: 1 } };
    const s = summary as unknown as NetworkSummary;
    expect([devTabCount('all', s), devTabCount('first', s), devTabCount('second', s)]).toEqual([
      5, 3, 2,
    ]);
  });

  it('says loading, error, or connected with the load time', () => {
    expect(devStatus({ failed: false, loading: true, loadMs: null })).toEqual({
      kind: 'loading',
      label: 'Loading...',
    });
    expect(devStatus({ failed: true, loading: true, loadMs: 12 }).kind).toBe('error');
    expect(devStatus({ failed: false, loading: false, loadMs: 123.6 })).toEqual({
      kind: 'connected',
      label: 'Connected, loaded in 124 ms',
    });
    expect(devStatus({ failed: false, loading: false, loadMs: null }).label).toBe(
      'Connected, from cache',
    );
  });

  it("writes a failure as 'Error: {message}'", () => {
    expect(errorLine(new ApiError('NOT_FOUND', 'User not found', 404))).toBe(
      'Error: User not found',
    );
    expect(errorLine(new Error(''))).toBe('Error: Something went wrong');
    expect(errorLine('boom')).toBe('Error: boom');
  });

  it('makes initials from the name, else the e-mail', () => {
    expect(initialsOf('Ada Lovelace King', 'ada@example.test')).toBe('AK');
    expect(initialsOf('  zoë ', null)).toBe('Z');
    expect(initialsOf(null, 'bob@example.test')).toBe('B');
    expect(initialsOf('', '')).toBe('?');
  });

  it('puts each stored figure beside its recount and flags the ones that differ', () => {
    const same: TrustVerification = { stored: calc(3, 2), independent: calc(3, 2), matches: true };
    expect(verifyRows(same).every((row) => row.same)).toBe(true);
    expect(verifyRows(same).at(-1)).toEqual({
      label: 'Trust score',
      stored: 32,
      independent: 32,
      same: true,
    });
    const drift: TrustVerification = {
      stored: calc(3, 1),
      independent: calc(3, 2),
      matches: false,
    };
    expect(
      verifyRows(drift)
        .filter((row) => !row.same)
        .map((row) => row.label),
    ).toEqual(['2nd-degree connections', '2nd-degree points', 'Trust score']);
  });
});
