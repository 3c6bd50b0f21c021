import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Router, useParams as useRouteParams, type BaseLocationHook } from 'wouter';
import {
  createAppHistory,
  isCurrentPlace,
  type AppHistory,
  type AppLocation,
  type NavigateOptions,
} from '../lib/app-history.ts';
import { safeStorage } from '../lib/storage-keys.ts';

/**
 * The app's routing: wouter (~2.5 KiB gzip) matches the routes and renders links, on top of the
 * app's own history (`lib/app-history.ts`: entry keys, navigation state, blockers). Every screen
 * imports its routing from here, so the two stay one way of moving around.
 */
export { Link, Redirect, Route, Router, Switch } from 'wouter';

let history: AppHistory | undefined;

/** The browser's history, made on first use (unit tests import screens without a window). */
export function appHistory(): AppHistory {
  history ??= createAppHistory(window);
  return history;
}

const subscribe = (listener: () => void) => appHistory().subscribe(listener);
const snapshot = () => appHistory().location;

/** The current location, with its entry's key and navigation state. */
export function useLocation(): AppLocation {
  return useSyncExternalStore(subscribe, snapshot);
}

export type Navigate = (
  to: string | number,
  options?: { replace?: boolean; state?: unknown },
) => void;

/** Goes to a path (with its search), or moves through the history by a number (-1 is Back). */
export function useNavigate(): Navigate {
  return useCallback<Navigate>((to, options) => {
    if (typeof to === 'number') appHistory().go(to);
    else appHistory().navigate(to, options);
  }, []);
}

/** While `blocks()` says so, in-app navigation is dropped and Back/Forward undone. */
export function useNavigationBlocker(blocks: () => boolean) {
  useEffect(() => appHistory().block(blocks), [blocks]);
}

/** The current route's parameters, each decoded whole (wouter leaves `%3B` and the like as is). */
export function useParams(): Record<string, string | undefined> {
  const params = useRouteParams();
  return useMemo(
    () =>
      Object.fromEntries(
        Object.entries(params).map(([name, value]) => [name, value && decodeSegment(value)]),
      ),
    [params],
  );
}

function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The search's parameters, and a setter that goes to the same path with new ones. */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams, options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback((next: URLSearchParams, options?: NavigateOptions) => {
    const query = next.toString();
    appHistory().navigate(appHistory().location.pathname + (query ? `?${query}` : ''), options);
  }, []);
  return [params, setParams];
}

// Wouter's location hook: the path from the app's history, navigation through it (so links and
// redirects are blocked like everything else). Wouter passes a link's props as the options. A
// link to where the app already is replaces the entry unless it says otherwise, so tapping the
// current tab again leaves no entry for Back to step through (React Router's links did the same).
const navigateFromWouter = (to: string, options?: NavigateOptions) =>
  appHistory().navigate(to, {
    replace: options?.replace ?? isCurrentPlace(to, appHistory().location),
    state: options?.state,
  });
const useWouterLocation: BaseLocationHook = () => [useLocation().pathname, navigateFromWouter];
const useWouterSearch = () => useLocation().search;

export function AppRouter({ children }: { children: ReactNode }) {
  return (
    <Router hook={useWouterLocation} searchHook={useWouterSearch}>
      {children}
    </Router>
  );
}

type ScrollPositions = Record<string, number>;

function readPositions(storageKey: string): ScrollPositions {
  try {
    const parsed: unknown = JSON.parse(safeStorage('session')?.getItem(storageKey) ?? '{}');
    return parsed !== null && typeof parsed === 'object' ? (parsed as ScrollPositions) : {};
  } catch {
    return {};
  }
}

let positions: ScrollPositions | undefined;

/** How long a screen may take to grow tall enough for its saved position (its data, its rows). */
const SCROLL_BACK_MS = 1000;
const PERSON_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to `y` once the page is tall enough: a screen's rows can come a frame or two after it
 * renders (`lib/rows-in-two-passes.ts`) or with its answer. Stops when the person scrolls first.
 */
function scrollBackTo(y: number): () => void {
  const until = performance.now() + SCROLL_BACK_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of PERSON_SCROLLS) window.removeEventListener(type, stop);
  };
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 1 || performance.now() > until) stop();
    else frame = requestAnimationFrame(attempt);
  };
  for (const type of PERSON_SCROLLS) window.addEventListener(type, stop, { passive: true });
  attempt();
  return stop;
}

/**
 * Each path keeps its scroll position for this tab: a screen opened again (by Back or by its tab)
 * comes back where it was left, any other screen opens at its top (or at the hash's element). The
 * positions live in session storage across reloads, and the browser's own restoration is off.
 */
export function ScrollRestoration({ storageKey }: { storageKey: string }) {
  const location = useLocation();
  positions ??= readPositions(storageKey);
  const saved = positions;

  useLayoutEffect(() => {
    const { history: browserHistory } = window;
    browserHistory.scrollRestoration = 'manual';
    const stopSaving = appHistory().beforeEachChange((from) => {
      saved[from.pathname] = window.scrollY;
    });
    const onPageHide = () => {
      saved[appHistory().location.pathname] = window.scrollY;
      safeStorage('session')?.setItem(storageKey, JSON.stringify(saved));
      browserHistory.scrollRestoration = 'auto';
    };
    // Back in front from the back-forward cache: the app restores scroll again, not the browser.
    const onPageShow = () => {
      browserHistory.scrollRestoration = 'manual';
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      stopSaving();
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      browserHistory.scrollRestoration = 'auto';
    };
  }, [saved, storageKey]);

  const shownPath = useRef<string | null>(null);
  useLayoutEffect(() => {
    const newScreen = shownPath.current !== location.pathname;
    shownPath.current = location.pathname;
    const y = saved[location.pathname];
    // The same screen with another search (a tab of its own, a dialog) stays where it is.
    // Nothing but a cleanup may be returned: Chromium's scrollTo answers a promise.
    if (typeof y === 'number' && newScreen) return scrollBackTo(y);
    if (typeof y === 'number') window.scrollTo(0, y);
    else if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
    else window.scrollTo(0, 0);
    return undefined;
  }, [saved, location]);

  return null;
}
