/**
 * The API answers each main screen shows first, by its path (issue 17). The server names them
 * in a `Link: rel=preload` header on the page it sends a signed-in visitor, so the browser
 * fetches them beside the app's code instead of after it, and the screen's own request takes
 * the answer already on its way.
 *
 * Each must be the exact URL the screen's query asks first (same path, same query string):
 * an answer the app never asks for is a wasted request. The web app's tests hold the two
 * together, and `e2e/build.spec.ts` checks in a browser that every one is taken up.
 */
export const SCREEN_ANSWERS: Readonly<Record<string, readonly string[]>> = {
  '/onboarding': ['/api/me/profile'],
  '/profile': ['/api/me/profile'],
  '/network': [
    '/api/network/summary',
    '/api/network/connections?tab=all',
    '/api/connection-requests',
  ],
  '/discover': ['/api/discover'],
  '/chat': ['/api/chats'],
  '/settings': ['/api/me/settings', '/api/me/privacy'],
};

/**
 * The answers to preload for a page request's URL: only for a screen's own path with no query
 * (a query string, `/network?tab=requests` say, asks for other answers).
 */
export function screenAnswersFor(url: string): readonly string[] {
  return Object.hasOwn(SCREEN_ANSWERS, url) ? (SCREEN_ANSWERS[url] ?? []) : [];
}

/** A `Link` header value that preloads `urls` as same-origin fetches with credentials. */
export function preloadLinkHeader(urls: readonly string[]): string {
  return urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`).join(', ');
}

/**
 * The web app's source modules each main screen runs first, by its path, as the keys of the
 * build's Vite manifest (paths in `apps/web`): the screen itself. (The tab bar, which the five
 * tab screens also run at once, is built into the `signed-in` chunk every screen imports.) The
 * server names the files they are built into, with everything they import that the page does
 * not load already, in the same `Link` header (plugins/screen-code.ts): the browser fetches a
 * screen's code beside the app's entry instead of a round trip after it (issue 17). A module
 * missing from the manifest is skipped. `e2e/build.spec.ts` checks on the real build that each
 * screen's header names each of its modules' files, and that a cold load fetches every file the
 * header names once. Only what the screen really imports at once belongs here: a module preload
 * nobody imports is not reported by the browser.
 */
export const SCREEN_CODE: Readonly<Record<string, readonly string[]>> = {
  '/onboarding': ['src/screens/Onboarding/OnboardingScreen.tsx'],
  '/profile': ['src/screens/Profile/ProfileScreen.tsx'],
  '/network': ['src/screens/Network/NetworkScreen.tsx'],
  '/discover': ['src/screens/Discover/DiscoverScreen.tsx'],
  '/chat': ['src/screens/Chat/ChatScreen.tsx'],
  '/settings': ['src/screens/Settings/SettingsScreen.tsx'],
};
