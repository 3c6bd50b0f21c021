import { describe, expect, it } from 'vitest';
import { createAppHistory, isCurrentPlace, type HistoryHost } from './app-history.ts';

/** A browser history in memory: a stack of entries, and popstate delivered like a browser's. */
function fakeBrowser(start = '/profile', startState: unknown = null) {
  const entries: { url: URL; state: unknown }[] = [
    { url: new URL(start, 'https://heartline.test'), state: startState },
  ];
  let index = 0;
  let onPop: (() => void) | undefined;
  const host: HistoryHost = {
    get location() {
      return entries[index]!.url;
    },
    history: {
      get state() {
        return entries[index]!.state;
      },
      pushState(state: unknown, _unused: string, url?: string | URL | null) {
        entries.splice(index + 1, entries.length, {
          url: new URL(url ?? entries[index]!.url, entries[index]!.url),
          state,
        });
        index += 1;
      },
      replaceState(state: unknown, _unused: string, url?: string | URL | null) {
        entries[index] = { url: new URL(url ?? entries[index]!.url, entries[index]!.url), state };
      },
      go(delta = 0) {
        const next = index + delta;
        if (next < 0 || next >= entries.length || delta === 0) return;
        index = next;
        onPop?.();
      },
    },
    addEventListener: (_type, listener) => {
      onPop = listener;
    },
  };
  return { host, path: () => entries[index]!.url.pathname + entries[index]!.url.search };
}

describe('app history', () => {
  it('marks the entry the app was opened on, and keys and numbers each new one', () => {
    const browser = fakeBrowser('/settings');
    const history = createAppHistory(browser.host);
    expect(history.location).toMatchObject({ pathname: '/settings', key: 'default', idx: 0 });
    expect(browser.host.history.state).toEqual({ idx: 0 });

    history.navigate('/network?filter=all');
    expect(history.location).toMatchObject({ pathname: '/network', search: '?filter=all', idx: 1 });
    expect(history.location.key).not.toBe('default');

    history.navigate('/chat', { replace: true });
    expect(history.location).toMatchObject({ pathname: '/chat', idx: 1 });
  });

  it('keeps an entry made before a reload as it was (the shape React Router wrote)', () => {
    const browser = fakeBrowser('/terms', { usr: { from: 'x' }, key: 'k1', idx: 3 });
    const history = createAppHistory(browser.host);
    expect(history.location).toMatchObject({ key: 'k1', idx: 3, state: { from: 'x' } });
  });

  it('tells whether a link leads where the app already is', () => {
    const history = createAppHistory(fakeBrowser('/network?filter=all').host);
    expect(isCurrentPlace('/network?filter=all', history.location)).toBe(true);
    expect(isCurrentPlace('?filter=all', history.location)).toBe(true);
    expect(isCurrentPlace('/network', history.location)).toBe(false);
    expect(isCurrentPlace('/network?filter=favorites', history.location)).toBe(false);
  });

  it('carries navigation state on its entry, and null without it', () => {
    const history = createAppHistory(fakeBrowser().host);
    history.navigate('/onboarding', { state: { onboardingNotice: true } });
    expect(history.location.state).toEqual({ onboardingNotice: true });
    history.navigate('/onboarding', { replace: true });
    expect(history.location.state).toBeNull();
  });

  it('tells subscribers of each change, after the hooks that see the location left', () => {
    const history = createAppHistory(fakeBrowser('/profile').host);
    const seen: string[] = [];
    history.beforeEachChange((from) => seen.push(`leave ${from.pathname}`));
    const stop = history.subscribe(() => seen.push(`now ${history.location.pathname}`));
    history.navigate('/chat');
    history.go(-1);
    stop();
    history.navigate('/settings');
    expect(seen).toEqual([
      'leave /profile',
      'now /chat',
      'leave /chat',
      'now /profile',
      'leave /profile',
    ]);
  });

  it('drops navigation while a blocker says so, and lets it through after', () => {
    const browser = fakeBrowser('/profile');
    const history = createAppHistory(browser.host);
    let busy = true;
    const unblock = history.block(() => busy);
    let changes = 0;
    history.subscribe(() => (changes += 1));

    history.navigate('/settings');
    history.navigate('/chat', { replace: true });
    expect(browser.path()).toBe('/profile');
    expect(changes).toBe(0);

    busy = false;
    history.navigate('/settings');
    expect(browser.path()).toBe('/settings');
    unblock();
    busy = true;
    history.navigate('/chat');
    expect(browser.path()).toBe('/chat');
  });

  it("undoes the browser's Back while blocked, without announcing a change", () => {
    const browser = fakeBrowser('/profile');
    const history = createAppHistory(browser.host);
    history.navigate('/settings');
    history.navigate('/chat');
    let changes = 0;
    history.subscribe(() => (changes += 1));
    let busy = true;
    history.block(() => busy);

    // The browser moves first (a Back gesture), then the history puts it back.
    browser.host.history.go(-2);
    expect(browser.path()).toBe('/chat');
    expect(history.location.pathname).toBe('/chat');
    expect(changes).toBe(0);

    // history.go is dropped outright while blocked.
    history.go(-1);
    expect(browser.path()).toBe('/chat');

    busy = false;
    history.go(-1);
    expect(history.location).toMatchObject({ pathname: '/settings', idx: 1 });
    expect(changes).toBe(1);
  });

  it('numbers an entry the browser made without the app, and undoes steps past it', () => {
    const browser = fakeBrowser('/profile');
    const history = createAppHistory(browser.host);
    history.navigate('/legal');
    // A hash typed into the address bar: the browser pushes an entry with no state, then pops.
    browser.host.history.pushState(null, '', '/legal#contact');
    browser.host.history.go(-1);
    browser.host.history.go(1);
    expect(history.location).toMatchObject({ hash: '#contact', idx: 2 });

    let busy = true;
    history.block(() => busy);
    browser.host.history.go(-2);
    expect(browser.path()).toBe('/legal');
    expect(history.location).toMatchObject({ hash: '#contact', idx: 2 });
    busy = false;
    history.go(-1);
    expect(history.location).toMatchObject({ pathname: '/legal', hash: '', idx: 1 });
  });

  it('takes a Back that comes before an undo arrives as a Back of its own', () => {
    const browser = fakeBrowser('/profile');
    const history = createAppHistory(browser.host);
    history.navigate('/settings');
    let busy = true;
    history.block(() => busy);
    // An undo that never arrives (its step fell outside the history, say) must not swallow the
    // next real Back.
    const go = browser.host.history.go.bind(browser.host.history);
    browser.host.history.go = () => undefined;
    go(-1);
    expect(history.location.pathname).toBe('/settings');
    browser.host.history.go = go;
    busy = false;
    go(1);
    go(-1);
    expect(history.location.pathname).toBe('/profile');
  });
});
