import { safeIntendedPath } from '@heartline/domain';
import { storageKeys } from './storage-keys.ts';

/**
 * The intended URL: a signed-out visitor who opens a protected screen is sent to /auth and
 * returned there after sign-in. It travels two ways: as `returnTo` on the sign-in start URL
 * (the server redirects there after the callback) and in sessionStorage, for when the visitor
 * lands on / instead (e.g. a sign-in that started on /auth itself after a reload).
 */

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Paths anyone may open without a session. */
export function isPublicPath(pathname: string): boolean {
  return pathname === '/terms' || pathname === '/privacy' || /^\/invite\/[^/]+\/?$/.test(pathname);
}

export type LegalModal = 'privacy' | 'terms';

export function legalModalFrom(search: string): LegalModal | null {
  const modal = new URLSearchParams(search).get('modal');
  return modal === 'privacy' || modal === 'terms' ? modal : null;
}

export function rememberIntended(store: KeyValueStore | null, pathAndSearch: string): boolean {
  const safe = safeIntendedPath(pathAndSearch);
  if (!safe || !store) return false;
  store.setItem(storageKeys.intendedUrl, safe);
  return true;
}

export function readIntended(store: KeyValueStore | null): string | null {
  return store ? safeIntendedPath(store.getItem(storageKeys.intendedUrl)) : null;
}

export function clearIntended(store: KeyValueStore | null): void {
  store?.removeItem(storageKeys.intendedUrl);
}

/**
 * Where to go once onboarding is done: the screen the person asked for, else `fallback`. Read
 * only: the gate clears it once that screen shows.
 */
export function afterOnboarding(store: KeyValueStore | null, fallback: string): string {
  const intended = readIntended(store);
  return intended && !intended.startsWith('/onboarding') ? intended : fallback;
}

/** The full-page URL that starts Google sign-in. */
export function signInStartUrl(returnTo: string | null): string {
  const safe = safeIntendedPath(returnTo);
  return safe
    ? `/api/auth/google/start?returnTo=${encodeURIComponent(safe)}`
    : '/api/auth/google/start';
}

export type GateDecision =
  { kind: 'render' } | { kind: 'redirect'; to: string; remember: string | null };

/**
 * What the app gate does with a location once the session is known (spec/1 §2 "App gate").
 * Redirect routes (/, /login, unknown paths) decide their own target for signed-in users.
 */
export function gateDecision(input: {
  pathname: string;
  search: string;
  signedIn: boolean;
  landingPath: string;
}): GateDecision {
  const { pathname, search, signedIn, landingPath } = input;
  if (isPublicPath(pathname)) return { kind: 'render' };
  if (pathname === '/auth') {
    return signedIn ? { kind: 'redirect', to: landingPath, remember: null } : { kind: 'render' };
  }
  if (signedIn) return { kind: 'render' };
  const modal = legalModalFrom(search);
  if (modal) return { kind: 'redirect', to: `/auth?modal=${modal}`, remember: null };
  return {
    kind: 'redirect',
    to: '/auth',
    remember: pathname === '/' ? null : safeIntendedPath(pathname + search),
  };
}

export type RootTarget = { to: string; delayed: boolean };

/** Where / sends a signed-in user: the legal modal, else the intended URL (delayed), else the landing page. */
export function rootTarget(input: {
  search: string;
  intended: string | null;
  landingPath: string;
}): RootTarget {
  const modal = legalModalFrom(input.search);
  if (modal) return { to: `/onboarding?modal=${modal}`, delayed: false };
  if (input.intended) return { to: input.intended, delayed: true };
  return { to: input.landingPath, delayed: false };
}
