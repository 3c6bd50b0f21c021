import type { ReactElement } from 'react';
import { parse } from 'regexparam';
import { Redirect, Route, Switch } from './app/navigation.tsx';
import { RootRedirect } from './app/RootRedirect.tsx';
import { RealDbFlag } from './screens/DevPage/RealDbFlag.tsx';
import { lazyScreen, type LazyScreen } from './lib/lazy-screen.ts';

const Auth = lazyScreen(() => import('./screens/Auth/AuthScreen.tsx').then((m) => m.AuthScreen));
const Onboarding = lazyScreen(() =>
  import('./screens/Onboarding/OnboardingScreen.tsx').then((m) => m.OnboardingScreen),
);
const Profile = lazyScreen(() =>
  import('./screens/Profile/ProfileScreen.tsx').then((m) => m.ProfileScreen),
);
const PhotoUpload = lazyScreen(() =>
  import('./screens/Profile/PhotoUploadScreen.tsx').then((m) => m.PhotoUploadScreen),
);
const Network = lazyScreen(() =>
  import('./screens/Network/NetworkScreen.tsx').then((m) => m.NetworkScreen),
);
const Person = lazyScreen(() =>
  import('./screens/People/PersonScreen.tsx').then((m) => m.PersonScreen),
);
const Chat = lazyScreen(() => import('./screens/Chat/ChatScreen.tsx').then((m) => m.ChatScreen));
const ChatDetail = lazyScreen(() =>
  import('./screens/Chat/ChatDetailScreen.tsx').then((m) => m.ChatDetailScreen),
);
const Settings = lazyScreen(() =>
  import('./screens/Settings/SettingsScreen.tsx').then((m) => m.SettingsScreen),
);
const Discover = lazyScreen(() =>
  import('./screens/Discover/DiscoverScreen.tsx').then((m) => m.DiscoverScreen),
);
const Invite = lazyScreen(() =>
  import('./screens/Invite/InviteScreen.tsx').then((m) => m.InviteScreen),
);
const Terms = lazyScreen(() =>
  import('./screens/Legal/LegalScreen.tsx').then((m) => m.TermsScreen),
);
const Privacy = lazyScreen(() =>
  import('./screens/Legal/LegalScreen.tsx').then((m) => m.PrivacyScreen),
);
// Staff only (DESIGN.md §6): this loads the member check; the console comes after it.
const Staff = lazyScreen(() =>
  import('./screens/Staff/StaffScreen.tsx').then((m) => m.StaffScreen),
);
const RealDatabaseTest = lazyScreen(() =>
  import('./screens/DevPage/RealDatabaseTestScreen.tsx').then((m) => m.RealDatabaseTestScreen),
);

/** `?realdb=true` shows the developer page instead of any screen (spec/1 §2 "App gate"). */
function withRealDb(element: ReactElement) {
  return <RealDbFlag screen={element} devPage={<RealDatabaseTest />} />;
}

export type AppRoute = {
  /** A wouter pattern: `:name` for a parameter. */
  path: string;
  element: ReactElement;
  /** Loads the route's screen code (the splash waits for it on a cold start). */
  preload?: () => Promise<unknown>;
};

function screen(path: string, Screen: LazyScreen): AppRoute {
  return { path, element: withRealDb(<Screen />), preload: Screen.preload };
}

const toAuth = <Redirect to="/auth" replace />;

/** The route table (spec/1 §2). The app gate in AppGate decides who may see what. */
export const routes: readonly AppRoute[] = [
  { path: '/', element: withRealDb(<RootRedirect />) },
  { path: '/login', element: toAuth },
  { path: '/signin', element: toAuth },
  { path: '/signup', element: toAuth },
  { path: '/register', element: toAuth },
  screen('/auth', Auth),
  screen('/onboarding', Onboarding),
  screen('/profile', Profile),
  screen('/profile/photo', PhotoUpload),
  screen('/network', Network),
  screen('/people/:userId', Person),
  screen('/chat', Chat),
  screen('/chat/:chatId', ChatDetail),
  screen('/settings', Settings),
  screen('/discover', Discover),
  screen('/invite/:inviteCode', Invite),
  screen('/terms', Terms),
  screen('/privacy', Privacy),
  screen('/real-database-test', RealDatabaseTest),
  screen('/staff', Staff),
  screen('/staff/:section', Staff),
];

const patterns = routes.map((route) => ({ route, pattern: parse(route.path).pattern }));

/**
 * The route that shows `pathname`, as the switch below picks it (wouter matches the path after
 * `decodeURI`, so this does too); undefined for none.
 */
export function routeFor(pathname: string): AppRoute | undefined {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // Wouter matches a malformed path as it is.
  }
  return patterns.find(({ pattern }) => pattern.test(path))?.route;
}

/** The current route's element; any other path goes to `/`. */
export function RouteSwitch() {
  return (
    <Switch>
      {routes.map((route) => (
        <Route key={route.path} path={route.path}>
          {route.element}
        </Route>
      ))}
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
