/**
 * The app's one source of the current location (issue 17: it replaced React Router, which was
 * ~30 KiB of the ~42 KiB gzip entry chunk on every first load). Wouter matches routes and renders
 * links on top of it (`app/navigation.tsx`); this module adds what wouter leaves to the app:
 *
 * - every entry carries a key and an index in `history.state` (`{ usr, key, idx }`, the shape
 *   React Router wrote, so entries made before the change read the same), so a screen can tell
 *   whether Back would leave the app (`key === 'default'`: the entry the app was opened on);
 * - navigation state (`usr`), for a screen to read once;
 * - blockers: while one says so, in-app navigation is dropped and the browser's Back/Forward is
 *   undone, so nothing moves under a task that must not be interrupted;
 * - a hook before every change, for scroll positions to be saved before the next screen renders.
 */

import { createListeners } from './listeners.ts';

export type AppLocation = {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation to this entry passed as `state`; null when none. */
  state: unknown;
  /** 'default' for the entry the app was opened on, else a random key per entry. */
  key: string;
  /** The entry's position in this tab's history, 0 for the first entry the app saw. */
  idx: number;
};

export type NavigateOptions = { replace?: boolean; state?: unknown };

/** The parts of `window` the history uses; tests pass their own. */
export type HistoryHost = {
  location: { pathname: string; search: string; hash: string };
  history: Pick<History, 'state' | 'pushState' | 'replaceState' | 'go'>;
  addEventListener: (type: 'popstate', listener: () => void) => void;
};

type StoredEntry = { usr?: unknown; key?: unknown; idx?: unknown };

function stored(state: unknown): StoredEntry {
  return state !== null && typeof state === 'object' ? state : {};
}

/** Whether `to` (resolved against `at`) is where the app already is: path, search and hash. */
export function isCurrentPlace(to: string, at: AppLocation): boolean {
  const here = new URL(at.pathname + at.search + at.hash, 'http://app.invalid');
  const there = new URL(to, here);
  return there.pathname + there.search + there.hash === at.pathname + at.search + at.hash;
}

function createKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

export function createAppHistory(host: HistoryHost) {
  const changed = createListeners();
  const beforeChange = createListeners<[from: AppLocation]>();
  const blockers = new Set<() => boolean>();

  const read = (): AppLocation => {
    const entry = stored(host.history.state);
    return {
      pathname: host.location.pathname,
      search: host.location.search,
      hash: host.location.hash,
      state: entry.usr ?? null,
      key: typeof entry.key === 'string' ? entry.key : 'default',
      idx: typeof entry.idx === 'number' ? entry.idx : 0,
    };
  };

  // The entry the app was opened on gets its index, as React Router did (a reload keeps it).
  if (typeof stored(host.history.state).idx !== 'number') {
    host.history.replaceState({ ...stored(host.history.state), idx: 0 }, '');
  }
  let current = read();
  // The index the history is moving back to after a blocked Back/Forward, until it arrives.
  let undoingTo: number | null = null;

  const isBlocked = () => [...blockers].some((blocks) => blocks());

  const change = () => {
    beforeChange.emit(current);
    current = read();
    changed.emit();
  };

  host.addEventListener('popstate', () => {
    const entry = stored(host.history.state);
    if (undoingTo !== null) {
      const arrived = entry.idx === undoingTo;
      undoingTo = null;
      if (arrived) return;
    }
    if (typeof entry.idx !== 'number') {
      // An entry the browser made without the app (a hash typed into the address bar): its
      // distance is unknown, so it cannot be undone; it is numbered as the next one.
      host.history.replaceState({ ...entry, idx: current.idx + 1 }, '');
    } else if (isBlocked() && entry.idx !== current.idx) {
      undoingTo = current.idx;
      host.history.go(current.idx - entry.idx);
      return;
    }
    change();
  });

  return {
    get location(): AppLocation {
      return current;
    },

    subscribe: changed.subscribe,

    /** Goes to `to` (a path with its search) unless a blocker says no. */
    navigate(to: string, { replace = false, state = null }: NavigateOptions = {}): void {
      if (isBlocked()) return;
      const entry = { usr: state, key: createKey(), idx: replace ? current.idx : current.idx + 1 };
      if (replace) host.history.replaceState(entry, '', to);
      else host.history.pushState(entry, '', to);
      change();
    },

    /** Moves through the browser's history (-1 is Back); the change arrives as a popstate. */
    go(delta: number): void {
      if (!isBlocked()) host.history.go(delta);
    },

    /** While `blocks()` says so, navigation is dropped and Back/Forward undone. */
    block(blocks: () => boolean): () => void {
      blockers.add(blocks);
      return () => blockers.delete(blocks);
    },

    /** Runs a hook with the location about to be left, before each change is announced. */
    beforeEachChange: beforeChange.subscribe,
  };
}

export type AppHistory = ReturnType<typeof createAppHistory>;
