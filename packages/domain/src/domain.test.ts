import { describe, expect, it } from 'vitest';
import {
  ageOn,
  authErrorMessage,
  birthdateError,
  dateOfBirthError,
  exactAgeOn,
  formatBadge,
  landingPathFor,
  needsOnboarding,
  parseServerEvent,
  profileMessages,
  safeIntendedPath,
  sessionRoom,
  userOfRoom,
  userRoom,
  yearsAgo,
} from './index.ts';

const today = new Date(Date.UTC(2026, 10, 23));

describe('age', () => {
  it('counts whole years with the month/day adjustment', () => {
    expect(exactAgeOn('2008-11-23', today)).toBe(18);
    expect(exactAgeOn('2008-11-24', today)).toBe(17);
    expect(exactAgeOn('1990-02-28', today)).toBe(36);
    expect(exactAgeOn('1920-01-01', today)).toBe(106);
  });
  it('shows a computed age clamped to 18..100 (spec/1 §5)', () => {
    expect(ageOn('1990-02-28', today)).toBe(36);
    expect(ageOn('2008-11-24', today)).toBe(18);
    expect(ageOn('2015-06-01', today)).toBe(18);
    expect(ageOn('1926-11-23', today)).toBe(100);
    expect(ageOn('1920-01-01', today)).toBe(100);
  });
  it('rejects impossible or malformed dates', () => {
    expect(ageOn('2001-02-30', today)).toBeNull();
    expect(ageOn('23/11/2001', today)).toBeNull();
    expect(exactAgeOn('23/11/2001', today)).toBeNull();
  });
  it('judges the rules on the exact age, not the shown one', () => {
    expect(dateOfBirthError('2008-11-24', today)).toBe(profileMessages.tooYoung);
    expect(birthdateError('1920-01-01', today)).toBe(profileMessages.invalidBirthdate);
    expect(
      needsOnboarding(
        { onboardingCompleted: false, name: 'Ann', email: null, dob: '2015-06-01' },
        today,
      ),
    ).toBe(true);
  });
  it('gives the picker bounds', () => {
    expect(yearsAgo(18, today)).toBe('2008-11-23');
  });
});

describe('auth error query messages (spec/1 §8)', () => {
  it.each([
    ['callback_failed', 'Authentication callback failed. Please try again.'],
    ['no_session', 'No session was created. Please try signing in again.'],
    ['exception', 'An error occurred during authentication. Please try again.'],
    ['anything_else', 'Authentication failed. Please try again.'],
  ])('%s', (code, message) => expect(authErrorMessage(code)).toBe(message));
  it('shows nothing without a code', () => expect(authErrorMessage(null)).toBeNull());
});

describe('badges', () => {
  it('caps at 9+ and 99+ and hides zero', () => {
    expect(formatBadge(0, 9)).toBeNull();
    expect(formatBadge(9, 9)).toBe('9');
    expect(formatBadge(10, 9)).toBe('9+');
    expect(formatBadge(99, 99)).toBe('99');
    expect(formatBadge(100, 99)).toBe('99+');
  });
});

describe('intended path', () => {
  it('keeps known app paths', () => {
    expect(safeIntendedPath('/network')).toBe('/network');
    expect(safeIntendedPath('/chat/abc?x=1')).toBe('/chat/abc?x=1');
  });
  it('refuses anything that could leave the app', () => {
    for (const bad of [
      '//evil.example',
      'https://evil.example',
      '/\\evil',
      '/auth',
      '/unknown',
      42,
      null,
    ]) {
      expect(safeIntendedPath(bad)).toBeNull();
    }
  });
});

describe('onboarding need (spec/1 §4)', () => {
  const base = {
    name: 'Alice Smith',
    email: 'alice@example.test',
    dob: '1995-04-02',
    onboardingCompleted: false,
  };
  it('is not needed for a real name and birthdate', () => {
    expect(needsOnboarding(base, today)).toBe(false);
    expect(landingPathFor(base, today)).toBe('/profile');
  });
  it('is needed without a name or a birthdate', () => {
    expect(needsOnboarding({ ...base, name: ' ' }, today)).toBe(true);
    expect(needsOnboarding({ ...base, dob: null }, today)).toBe(true);
    expect(landingPathFor({ ...base, dob: null }, today)).toBe('/onboarding');
  });
  it('is needed when the name is the e-mail prefix and the birthdate ~25 years back', () => {
    expect(needsOnboarding({ ...base, name: 'alice', dob: '2001-06-01' }, today)).toBe(true);
    expect(needsOnboarding({ ...base, name: 'alice', dob: '1980-06-01' }, today)).toBe(false);
  });
  it('is not needed once completed', () => {
    expect(needsOnboarding({ ...base, dob: null, onboardingCompleted: true }, today)).toBe(false);
  });
});

describe('stream names', () => {
  it('reads the user back from a user stream only', () => {
    const id = '00000000-0000-7000-8000-0000000000e1';
    expect(userOfRoom(userRoom(id))).toBe(id);
    expect(userOfRoom(sessionRoom('abc'))).toBeUndefined();
    expect(userOfRoom(`x${userRoom(id)}`)).toBeUndefined();
  });
});

describe('realtime payload validation', () => {
  it('accepts declared shapes and refuses others', () => {
    expect(parseServerEvent('badges.updated', { pendingRequests: 3 })).toEqual({
      pendingRequests: 3,
    });
    expect(parseServerEvent('badges.updated', { pendingRequests: -1 })).toBeNull();
    expect(parseServerEvent('session.revoked', { reason: 'nope' })).toBeNull();
  });
});
