import { describe, expect, it } from 'vitest';
import { isPublicPath } from './intended-path.ts';
import { SCREEN_CODE, screenCodeFor } from './screen-answers.ts';

describe('isPublicPath', () => {
  it('knows the public pages', () => {
    expect(isPublicPath('/terms')).toBe(true);
    expect(isPublicPath('/invite/x')).toBe(true);
    expect(isPublicPath('/invite')).toBe(false);
    expect(isPublicPath('/terms/x')).toBe(false);
    expect(isPublicPath('/profile')).toBe(false);
  });
});

describe('screenCodeFor', () => {
  it('names the public pages to anyone', () => {
    for (const hasSession of [true, false]) {
      expect(screenCodeFor('/invite/abc123', hasSession)).toBe(SCREEN_CODE['/invite/:inviteCode']);
      expect(screenCodeFor('/terms', hasSession)).toBe(SCREEN_CODE['/terms']);
      expect(screenCodeFor('/privacy', hasSession)).toBe(SCREEN_CODE['/privacy']);
    }
  });

  it('names the sign-in page for any other path without a session', () => {
    for (const path of ['/', '/auth', '/discover', '/chat/12', '/anything']) {
      expect(screenCodeFor(path, false), path).toBe(SCREEN_CODE['/auth']);
    }
  });

  it('names nothing for any other path with a session', () => {
    for (const path of ['/', '/auth', '/profile', '/discover', '/chat/12', '/__proto__']) {
      expect(screenCodeFor(path, true), path).toBeUndefined();
    }
  });
});
