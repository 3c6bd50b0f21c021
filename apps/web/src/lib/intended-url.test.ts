import { describe, expect, it } from 'vitest';
import {
  afterOnboarding,
  clearIntended,
  gateDecision,
  isPublicPath,
  readIntended,
  rememberIntended,
  rootTarget,
  signInStartUrl,
} from './intended-url.ts';
import { storageKeys } from './storage-keys.ts';
import { memoryStore } from './memory-store.test-support.ts';

describe('gateDecision', () => {
  const signedOut = (pathname: string, search = '') =>
    gateDecision({ pathname, search, signedIn: false, landingPath: '/profile' });
  const signedIn = (pathname: string, search = '', landingPath = '/onboarding') =>
    gateDecision({ pathname, search, signedIn: true, landingPath });

  it('sends a signed-out visitor on a protected screen to /auth and remembers the screen', () => {
    expect(signedOut('/network')).toEqual({ kind: 'redirect', to: '/auth', remember: '/network' });
    expect(signedOut('/chat/abc', '?x=1')).toEqual({
      kind: 'redirect',
      to: '/auth',
      remember: '/chat/abc?x=1',
    });
  });

  it('does not remember /, unknown paths or old sign-in paths', () => {
    expect(signedOut('/')).toEqual({ kind: 'redirect', to: '/auth', remember: null });
    expect(signedOut('/no/such/page')).toEqual({ kind: 'redirect', to: '/auth', remember: null });
    expect(signedOut('/login')).toEqual({ kind: 'redirect', to: '/auth', remember: null });
    expect(signedOut('/real-database-test')).toEqual({
      kind: 'redirect',
      to: '/auth',
      remember: null,
    });
  });

  it('renders public pages and /auth for signed-out visitors', () => {
    expect(signedOut('/terms')).toEqual({ kind: 'render' });
    expect(signedOut('/privacy')).toEqual({ kind: 'render' });
    expect(signedOut('/invite/abc123')).toEqual({ kind: 'render' });
    expect(signedOut('/auth', '?error=no_session')).toEqual({ kind: 'render' });
  });

  it('opens the legal modals over sign-in for signed-out visitors', () => {
    expect(signedOut('/', '?modal=terms')).toEqual({
      kind: 'redirect',
      to: '/auth?modal=terms',
      remember: null,
    });
    expect(signedOut('/onboarding', '?modal=privacy')).toEqual({
      kind: 'redirect',
      to: '/auth?modal=privacy',
      remember: null,
    });
  });

  it('sends a signed-in user away from /auth to their landing page', () => {
    expect(signedIn('/auth')).toEqual({ kind: 'redirect', to: '/onboarding', remember: null });
    expect(signedIn('/auth', '', '/profile')).toEqual({
      kind: 'redirect',
      to: '/profile',
      remember: null,
    });
  });

  it('lets a signed-in user through everywhere else', () => {
    for (const p of ['/', '/profile', '/network', '/chat/1', '/terms', '/anything']) {
      expect(signedIn(p)).toEqual({ kind: 'render' });
    }
  });
});

describe('rootTarget', () => {
  it('prefers the legal modal, then the intended URL (delayed), then the landing page', () => {
    expect(
      rootTarget({ search: '?modal=terms', intended: '/chat', landingPath: '/profile' }),
    ).toEqual({
      to: '/onboarding?modal=terms',
      delayed: false,
    });
    expect(rootTarget({ search: '', intended: '/chat', landingPath: '/profile' })).toEqual({
      to: '/chat',
      delayed: true,
    });
    expect(
      rootTarget({ search: '?modal=other', intended: null, landingPath: '/onboarding' }),
    ).toEqual({
      to: '/onboarding',
      delayed: false,
    });
  });
});

describe('intended URL storage', () => {
  it('stores only safe app paths and reads them back', () => {
    const store = memoryStore();
    expect(rememberIntended(store, 'https://evil.example/')).toBe(false);
    expect(rememberIntended(store, '//evil.example')).toBe(false);
    expect(rememberIntended(store, '/admin')).toBe(false);
    expect(readIntended(store)).toBeNull();
    expect(rememberIntended(store, '/settings')).toBe(true);
    expect(readIntended(store)).toBe('/settings');
    clearIntended(store);
    expect(readIntended(store)).toBeNull();
  });

  it('ignores a tampered stored value', () => {
    const store = memoryStore();
    store.setItem(storageKeys.intendedUrl, '//evil.example/profile');
    expect(readIntended(store)).toBeNull();
  });

  it('tolerates missing storage', () => {
    expect(rememberIntended(null, '/profile')).toBe(false);
    expect(readIntended(null)).toBeNull();
  });
});

describe('signInStartUrl', () => {
  it('carries a safe returnTo and drops an unsafe one', () => {
    expect(signInStartUrl('/chat/a b')).toBe('/api/auth/google/start');
    expect(signInStartUrl('/network?tab=2')).toBe(
      '/api/auth/google/start?returnTo=%2Fnetwork%3Ftab%3D2',
    );
    expect(signInStartUrl(null)).toBe('/api/auth/google/start');
    expect(signInStartUrl('https://evil.example')).toBe('/api/auth/google/start');
  });
});

describe('isPublicPath', () => {
  it('knows the public pages', () => {
    expect(isPublicPath('/terms')).toBe(true);
    expect(isPublicPath('/invite/x')).toBe(true);
    expect(isPublicPath('/invite')).toBe(false);
    expect(isPublicPath('/terms/x')).toBe(false);
    expect(isPublicPath('/profile')).toBe(false);
  });
});

describe('afterOnboarding', () => {
  it('goes to the screen the person asked for, never back to onboarding (issue 45)', () => {
    const store = memoryStore();
    expect(afterOnboarding(store, '/profile')).toBe('/profile');
    rememberIntended(store, '/network?tab=requests');
    expect(afterOnboarding(store, '/profile')).toBe('/network?tab=requests');
    // Read only: the gate clears it once that screen shows.
    expect(readIntended(store)).toBe('/network?tab=requests');
    rememberIntended(store, '/onboarding?force-onboarding');
    expect(afterOnboarding(store, '/profile')).toBe('/profile');
  });
});
