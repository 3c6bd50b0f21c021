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
 * Each screen's own code, by its path: the module the web app's route table (routes.tsx) loads
 * lazily for it, named as the build's manifest names it (relative to apps/web). The server
 * names the screen's chunks and styles in the same `Link` header (modulepreload), so they load
 * beside the entry chunk instead of after it has run (issue 17). The web app's tests hold this
 * table and the route table together.
 */
export const SCREEN_CODE: Readonly<Record<string, string>> = {
  '/auth': 'src/screens/Auth/AuthScreen.tsx',
  '/onboarding': 'src/screens/Onboarding/OnboardingScreen.tsx',
  '/profile': 'src/screens/Profile/ProfileScreen.tsx',
  '/network': 'src/screens/Network/NetworkScreen.tsx',
  '/discover': 'src/screens/Discover/DiscoverScreen.tsx',
  '/chat': 'src/screens/Chat/ChatScreen.tsx',
  '/settings': 'src/screens/Settings/SettingsScreen.tsx',
  '/invite/:inviteCode': 'src/screens/Invite/InviteScreen.tsx',
  '/terms': 'src/screens/Legal/LegalScreen.tsx',
  '/privacy': 'src/screens/Legal/LegalScreen.tsx',
};

/**
 * The screen code a page request's path will run first. The public pages show to anyone; with
 * no session cookie every other path ends on the sign-in page (the app gate sends it there), and
 * with one the path's own screen shows (a signed-in visitor is sent away from the sign-in page,
 * so it has none).
 */
export function screenCodeFor(pathname: string, hasSession: boolean): string | undefined {
  if (isPublicPath(pathname)) {
    return pathname.startsWith('/invite/')
      ? SCREEN_CODE['/invite/:inviteCode']
      : SCREEN_CODE[pathname];
  }
  if (!hasSession) return SCREEN_CODE['/auth'];
  if (pathname === '/auth' || !Object.hasOwn(SCREEN_CODE, pathname)) return undefined;
  return SCREEN_CODE[pathname];
}
