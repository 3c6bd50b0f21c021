import type { OnboardingProfile } from '@heartline/domain';
import { describe, expect, it } from 'vitest';
import { onboardingRedirect } from './onboarding-gate.ts';
import { cleanDraft, onboardingInput } from '../screens/Onboarding/onboarding-draft.ts';
import { clearOnboarding, readOnboarding, toStep, writeOnboarding } from './onboarding-store.ts';
import { memoryStore } from './memory-store.test-support.ts';

const USER = '0190d6a0-0000-7000-8000-000000000001';

describe('onboarding record', () => {
  it('round-trips the step and the draft per user', () => {
    const store = memoryStore();
    expect(readOnboarding(store, USER)).toBeNull();
    const draft = {
      name: 'Ann',
      dob: '1990-01-02',
      gender: 'woman',
      interestedIn: 'men',
      datingGoal: '',
    } as const;
    writeOnboarding(store, USER, { step: 3, draft, unsaved: true });
    expect(readOnboarding(store, USER)).toEqual({ step: 3, draft, unsaved: true });
    expect(readOnboarding(store, 'someone-else')).toBeNull();
    clearOnboarding(store, USER);
    expect(readOnboarding(store, USER)).toBeNull();
  });

  it('reads a draft kept before the step asked the choices, and sends only the choices made', () => {
    const store = memoryStore();
    store.setItem(
      `heartline.onboarding.${USER}`,
      '{"step":3,"draft":{"name":"Ann","dob":"1990-01-02","gender":"robot"},"unsaved":true}',
    );
    const record = readOnboarding(store, USER)!;
    expect(cleanDraft(record.draft!)).toEqual({
      name: 'Ann',
      dob: '1990-01-02',
      gender: '',
      interestedIn: '',
      datingGoal: '',
    });
    expect(onboardingInput(record.draft!)).toEqual({ name: 'Ann', dob: '1990-01-02' });
    expect(onboardingInput({ ...record.draft!, gender: 'man', datingGoal: 'dating' })).toEqual({
      name: 'Ann',
      dob: '1990-01-02',
      gender: 'man',
      datingGoal: 'dating',
    });
  });

  it('ignores damaged records and steps outside 1..3', () => {
    const store = memoryStore();
    store.setItem(`heartline.onboarding.${USER}`, '{"step":4}');
    expect(readOnboarding(store, USER)).toBeNull();
    store.setItem(`heartline.onboarding.${USER}`, 'not json');
    expect(readOnboarding(store, USER)).toBeNull();
    store.setItem(`heartline.onboarding.${USER}`, '{"step":2,"draft":{"name":1},"unsaved":true}');
    expect(readOnboarding(store, USER)).toEqual({ step: 2, draft: null, unsaved: false });
    expect([0, 1, 2, 3, 4, '2'].map(toStep)).toEqual([null, 1, 2, 3, null, null]);
  });
});

describe('onboarding gate', () => {
  const today = new Date('2026-05-01T12:00:00Z');
  const fresh: OnboardingProfile = {
    name: 'Nina Tester',
    email: 'nina@example.test',
    dob: null,
    onboardingCompleted: false,
  };
  const done = { ...fresh, dob: '1990-01-01', onboardingCompleted: true };
  const at = (pathname: string, me = fresh, startedHere = false, search = '') =>
    onboardingRedirect({ pathname, search, me, startedHere, today });

  it('sends an unfinished user from other screens to /onboarding with the notice', () => {
    expect(at('/network')).toEqual({ to: '/onboarding', notice: true, remember: '/network' });
    expect(at('/profile/photo', fresh, false, '?x=1')).toEqual({
      to: '/onboarding',
      notice: true,
      remember: '/profile/photo?x=1',
    });
  });

  it('leaves onboarding, the root, sign-in and public pages alone', () => {
    for (const path of ['/onboarding', '/', '/auth', '/terms', '/privacy', '/invite/abc'])
      expect(at(path)).toBeNull();
  });

  it('lets a finished user through, unless onboarding is forced', () => {
    expect(at('/network', done)).toBeNull();
    expect(at('/network', done, true)).toBeNull();
    expect(at('/profile', done, false, '?force-onboarding')).toEqual({
      to: '/onboarding?force-onboarding',
      notice: false,
      // Not remembered: the link would force onboarding again once it ends.
      remember: null,
    });
  });

  it('keeps a user who started here on onboarding until it is completed', () => {
    const profileSaved = { ...fresh, dob: '1990-01-01' };
    expect(at('/profile', profileSaved)).toBeNull();
    expect(at('/profile', profileSaved, true)).toEqual({
      to: '/onboarding',
      notice: true,
      remember: '/profile',
    });
  });
});
