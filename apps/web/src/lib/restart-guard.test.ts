import { describe, expect, it } from 'vitest';
import {
  isChunkLoadError,
  mayAutoRestart,
  parseRestarts,
  restartPolicy,
  withRestart,
} from './restart-guard.ts';

describe('restart guard', () => {
  const now = 1_000_000;

  it('allows two automatic restarts, then stops the loop', () => {
    let restarts: number[] = [];
    expect(mayAutoRestart(restarts, now)).toBe(true);
    restarts = withRestart(restarts, now);
    expect(mayAutoRestart(restarts, now + 3_000)).toBe(true);
    restarts = withRestart(restarts, now + 3_000);
    expect(mayAutoRestart(restarts, now + 6_000)).toBe(false);
  });

  it('forgets restarts outside the window', () => {
    const restarts = [now, now + 1_000];
    expect(mayAutoRestart(restarts, now + restartPolicy.windowMs + 1_001)).toBe(true);
    expect(withRestart(restarts, now + restartPolicy.windowMs + 1_001)).toEqual([
      now + restartPolicy.windowMs + 1_001,
    ]);
  });

  it('ignores timestamps from the future (clock changes)', () => {
    expect(mayAutoRestart([now + 10_000, now + 20_000], now)).toBe(true);
  });

  it('parses stored values defensively', () => {
    expect(parseRestarts(null)).toEqual([]);
    expect(parseRestarts('not json')).toEqual([]);
    expect(parseRestarts('{"a":1}')).toEqual([]);
    expect(parseRestarts('[1,"x",2]')).toEqual([1, 2]);
  });

  it('recognises failed chunk loads', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('string')).toBe(false);
  });
});
