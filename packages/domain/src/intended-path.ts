// Zod-free: the app shell checks remembered paths on every first load (issue 17).
import { hasDisallowedCharacters } from './text.ts';

/** Paths the app may return to after sign-in (spec/1 §2: the remembered intended path). */
export const INTENDED_PATHS = [
  'profile',
  'network',
  'chat',
  'settings',
  'discover',
  'onboarding',
] as const;

/** Accepts only same-app relative paths whose first segment is a known screen. */
export function safeIntendedPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.length > 300 || /[\\\s]/.test(value)) return null;
  if (hasDisallowedCharacters(value, 'line')) return null;
  const first = value.slice(1).split(/[/?#]/)[0] ?? '';
  return (INTENDED_PATHS as readonly string[]).includes(first) ? value : null;
}
