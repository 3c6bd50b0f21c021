import { describe, expect, it } from 'vitest';
import { splashPercent, splashSteps } from './splash-progress.ts';

describe('splash progress', () => {
  const none = {
    sessionSettled: false,
    configSettled: false,
    realtimeStarted: false,
    screenLoaded: false,
  };

  it('follows the real loading state, step by step', () => {
    expect(splashSteps(none).map((s) => s.label)).toEqual([
      'Profile',
      'Network',
      'Chat',
      'Discover',
    ]);
    expect(splashPercent(splashSteps(none))).toBe(0);
    expect(splashPercent(splashSteps({ ...none, sessionSettled: true }))).toBe(25);
    expect(splashPercent(splashSteps({ ...none, sessionSettled: true, screenLoaded: true }))).toBe(
      50,
    );
    expect(
      splashPercent(
        splashSteps({
          sessionSettled: true,
          configSettled: true,
          realtimeStarted: true,
          screenLoaded: true,
        }),
      ),
    ).toBe(100);
  });
});
