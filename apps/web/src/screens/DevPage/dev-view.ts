import type { NetworkSummary, TrustVerification } from '@heartline/domain';
import { ApiError } from '../../lib/api.ts';

/** `?realdb=true` on any route opens the developer page (spec/1 §2 "App gate"). */
export const REALDB_FLAG = 'realdb';

export function hasRealDbFlag(search: string): boolean {
  return new URLSearchParams(search).get(REALDB_FLAG) === 'true';
}

/** The developer page's network tabs (spec/3 §2): the degrees the trust score counts. */
export const DEV_TABS = ['all', 'first', 'second'] as const;
export type DevTab = (typeof DEV_TABS)[number];

export const devTabLabels: Record<DevTab, string> = { all: 'All', first: '1st', second: '2nd' };

export function devTabCount(tab: DevTab, summary: NetworkSummary): number {
  return summary.counts[tab];
}

export type DevStatus = { kind: 'loading' | 'connected' | 'error'; label: string };

/** The toolbar's status: what the page's calls are doing, and how long the last load took. */
export function devStatus(input: {
  failed: boolean;
  loading: boolean;
  /** The last completed load, null when everything came from the cache. */
  loadMs: number | null;
}): DevStatus {
  if (input.failed) return { kind: 'error', label: 'Error' };
  if (input.loading) return { kind: 'loading', label: 'Loading...' };
  const detail = input.loadMs === null ? 'from cache' : `loaded in ${Math.round(input.loadMs)} ms`;
  return { kind: 'connected', label: `Connected, ${detail}` };
}

/** 'Error: {message}' (spec/3 §8, developer page) for whatever a call threw. */
export function errorLine(error: unknown): string {
  const message =
    error instanceof ApiError || error instanceof Error ? error.message : String(error);
  return `Error: ${message || 'Something went wrong'}`;
}

/** Up to two initials for a profile card without a photo: the name's, else the e-mail's. */
export function initialsOf(name: string | null, email: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    const letters = words.length === 1 ? [words[0]] : [words[0], words.at(-1)];
    return letters.map((w) => Array.from(w ?? '')[0]?.toUpperCase() ?? '').join('');
  }
  const first = Array.from((email ?? '').trim())[0];
  return first ? first.toUpperCase() : '?';
}

export type VerifyRow = { label: string; stored: number; independent: number; same: boolean };

/** "Verify calculations": each stored figure next to its independent recount. */
export function verifyRows(v: TrustVerification): VerifyRow[] {
  const row = (label: string, pick: (c: TrustVerification['stored']) => number): VerifyRow => {
    const stored = pick(v.stored);
    const independent = pick(v.independent);
    return { label, stored, independent, same: stored === independent };
  };
  return [
    row('1st-degree friends', (c) => c.firstDegreeCount),
    row('2nd-degree connections', (c) => c.secondDegreeCount),
    row('1st-degree points', (c) => c.firstDegreePoints),
    row('2nd-degree points', (c) => c.secondDegreePoints),
    row('Trust score', (c) => c.trustScore),
  ];
}
