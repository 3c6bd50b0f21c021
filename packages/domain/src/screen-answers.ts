import { isPublicPath } from './intended-path.ts';

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
 * The code of the screens a visitor without a session opens first, by path: the module the web
 * app's route table (routes.tsx) loads lazily for it, named as the build's manifest names it
 * (relative to apps/web). The server names the screen's chunks and styles in the page's `Link`
 * header (modulepreload), so they load beside the entry chunk instead of after it has run
 * (issue 17). The sign-in and invitation screens are ~1 KiB each: the request costs a round
 * trip, not bandwidth. A signed-in screen's code (~50 KiB with the chunk the screens share) is
 * left to the app: on a slow connection it took bandwidth from the entry chunk and put the
 * first paint off by more than the round trip it saved (bench/lighthouse/README.md).
 * The web app's tests hold this table and the route table together.
 */
export const SCREEN_CODE: Readonly<Record<string, string>> = {
  '/auth': 'src/screens/Auth/AuthScreen.tsx',
  '/invite/:inviteCode': 'src/screens/Invite/InviteScreen.tsx',
  '/terms': 'src/screens/Legal/LegalScreen.tsx',
  '/privacy': 'src/screens/Legal/LegalScreen.tsx',
};

/**
 * The screen code to preload for a page request's path. The public pages show to anyone. With
 * no session cookie every other path ends on the sign-in page (the app gate sends it there);
 * with one, the app loads the screen's code itself.
 */
export function screenCodeFor(pathname: string, hasSession: boolean): string | undefined {
  if (isPublicPath(pathname)) {
    return pathname.startsWith('/invite/')
      ? SCREEN_CODE['/invite/:inviteCode']
      : SCREEN_CODE[pathname];
  }
  return hasSession ? undefined : SCREEN_CODE['/auth'];
}
