import { landingPathFor, type Me } from '@heartline/domain';
import { useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { lazy, memo, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { preload } from 'react-dom';
import { RouteSwitch, routeFor } from '../routes.tsx';
import { ConnectionBanner } from '../components/ConnectionBanner.tsx';
import { ScreenErrorBoundary, SessionErrorScreen } from '../components/ErrorScreens.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import { afterNextFrame } from '../lib/after-frame.ts';
import { watchFirstScreen } from '../lib/first-screen.ts';
import { Splash } from '../components/Splash.tsx';
import {
  clearIntended,
  gateDecision,
  isPublicPath,
  rememberIntended,
} from '../lib/intended-url.ts';
import { onboardingRedirect, type OnboardingNoticeState } from '../lib/onboarding-gate.ts';
import { LaunchScreenGone } from '../lib/launch-screen.ts';
import { inviteChoiceDue } from '../lib/pending-invite.ts';
import { usePendingInvite } from '../screens/Invite/use-pending-invite.ts';
import { readOnboarding } from '../lib/onboarding-store.ts';
import { safeStorage, storageKeys } from '../lib/storage-keys.ts';
import { splashSteps } from '../lib/splash-progress.ts';
import { useLocation, useNavigate } from './navigation.tsx';
import { isTabBarVisible } from '../lib/tab-bar.ts';
import {
  hasSignedOutHere,
  mayAssumeSignedOut,
  rememberSessionAnswer,
  sessionKeys,
  useConfigQuery,
  useMe,
  useSessionFailed,
  useStanding,
  useWarning,
} from '../state/queries/session.ts';
import { useRealtimeState } from '../state/realtime/use-realtime-status.ts';

// Off the sign-in route's bundle: only a signed-in user can have photos waiting.
// Only signed-in people see the tab bar; its badge queries stay off the sign-in route.
const TabBar = lazy(() => import('../components/TabBar.tsx').then((m) => ({ default: m.TabBar })));
// Only a person who arrived through an invitation ever sees the choice screen.
const InviteChoiceScreen = lazy(() =>
  import('../screens/Invite/InviteChoiceScreen.tsx').then((m) => ({
    default: m.InviteChoiceScreen,
  })),
);
// Only a suspended, banned or warned person ever sees these (issue 47).
const StandingScreen = lazy(() =>
  import('../screens/Standing/StandingScreen.tsx').then((m) => ({ default: m.StandingScreen })),
);
const WarningScreen = lazy(() =>
  import('../screens/Standing/WarningScreen.tsx').then((m) => ({ default: m.WarningScreen })),
);
const BackgroundUploads = lazy(() =>
  import('./BackgroundUploads.tsx').then((m) => ({ default: m.BackgroundUploads })),
);

type StartMode = 'unknown' | 'warm' | 'cold';

/**
 * The app gate (spec/1 §2): waits for the session, sends signed-out visitors to /auth (keeping
 * the path they wanted), and shows the splash with real progress on a cold start only. A warm
 * start (a persisted session in the query cache, or a sign-in screen for a browser that cannot
 * be signed in or was last seen signed out: `mayAssumeSignedOut`) renders the screen at once.
 */
export function AppGate() {
  const location = useLocation();
  const answered = useMe();
  const session = useSessionFailed();
  const standing = useStanding();
  const warning = useWarning();
  const justSignedIn = safeStorage('session')?.getItem(storageKeys.signingIn) === '1';
  const isRestoring = useIsRestoring();
  const queryClient = useQueryClient();
  const [startMode, setStartMode] = useState<StartMode>('unknown');
  const [splashGone, setSplashGone] = useState(false);
  // On the sign-in screen (and `/`), a browser that cannot be signed in, or was last seen signed
  // out, is taken to be so until the session check first answers: the screen shows at once,
  // with no splash, and a signed-in answer moves them on. After that first answer the gate
  // waits for the session like everywhere else.
  const [assumeSignedOut, setAssumeSignedOut] = useState(
    () => answered === undefined && mayAssumeSignedOut(location.pathname),
  );
  if (assumeSignedOut && answered !== undefined) setAssumeSignedOut(false);
  const me = answered === undefined && assumeSignedOut ? null : answered;
  const steps = useStartupSteps(me);
  const pendingInvite = usePendingInvite();

  useEffect(() => {
    if (answered !== undefined) rememberSessionAnswer(answered);
  }, [answered]);
  const { pathname } = location;
  useEffect(() => {
    // Signed in and past the screens that only pass a sign-in on (`/` redirects to the landing
    // screen): the gate has decided the first screen after it, and the next is not that one.
    if (answered && pathname !== '/' && pathname !== '/auth') {
      safeStorage('session')?.removeItem(storageKeys.signingIn);
    }
  }, [answered, pathname]);

  if (startMode === 'unknown' && !isRestoring) {
    const cached = queryClient.getQueryData(sessionKeys.session) !== undefined;
    setStartMode(cached || assumeSignedOut ? 'warm' : 'cold');
  }

  const publicPath = isPublicPath(location.pathname);
  const splashWanted = startMode === 'cold' && !splashGone && !publicPath;
  const splash = splashWanted ? (
    <Splash steps={steps} onFinished={() => setSplashGone(true)} />
  ) : null;

  if (!publicPath && !isRestoring && session.failed) {
    return <SessionErrorScreen onRetry={session.retry} busy={session.retrying} />;
  }
  if (!publicPath && (isRestoring || me === undefined)) return splash;
  // A suspended or banned account: its decision and appeal, and nothing else of the app.
  if (!publicPath && !me && standing)
    return <Standalone screen={<StandingScreen standing={standing} />} />;

  // The own photo is /profile's largest paint: its request starts as soon as the session names
  // it, not after the screen's code and its answer have come (issue 17). React DOM adds the
  // preload once; the screen's <img> takes the image it fetched.
  if (me?.photoUrl && location.pathname === '/profile') {
    preload(me.photoUrl, { as: 'image', fetchPriority: 'high' });
  }

  const decision = gateDecision({
    pathname: location.pathname,
    search: location.search,
    signedIn: Boolean(me),
    landingPath: me ? landingPathFor(me) : '/profile',
  });
  const startedHere = me ? readOnboarding(safeStorage('local'), me.id) !== null : false;
  const onboarding =
    decision.kind === 'render' && me
      ? onboardingRedirect({
          pathname: location.pathname,
          search: location.search,
          me,
          startedHere,
        })
      : null;
  // Before onboarding: the choice comes right after sign-in (spec/1 §2 step 4).
  const inviteChoice =
    decision.kind === 'render' &&
    me &&
    inviteChoiceDue({ pathname: location.pathname, invite: pendingInvite })
      ? pendingInvite
      : null;

  return (
    <>
      {decision.kind === 'redirect' ? (
        <GateRedirect to={decision.to} remember={decision.remember} />
      ) : warning && me && !publicPath ? (
        // Before anything else, until acknowledged.
        <Standalone screen={<WarningScreen warning={warning} />} />
      ) : inviteChoice && me ? (
        <main id="main" className="app-main">
          <LaunchScreenGone />
          <Suspense fallback={<PageLoading />}>
            <ScreenFrame>
              <InviteChoiceScreen
                invite={inviteChoice}
                meId={me.id}
                landingPath={landingPathFor(me)}
                profileIncomplete={!me.photoUrl}
              />
            </ScreenFrame>
          </Suspense>
        </main>
      ) : onboarding ? (
        // The screen asked for is where onboarding ends (issue 45: a deep link opened when
        // onboarding was done elsewhere landed on /profile). The notice is for a person who
        // opened another screen mid-onboarding, not for the first screen after a sign-in.
        <GateRedirect
          to={onboarding.to}
          remember={onboarding.remember}
          notice={onboarding.notice && !justSignedIn}
        />
      ) : (
        <AppContent me={me ?? null} />
      )}
      {splash}
    </>
  );
}

/** A screen the gate shows in place of the app, with no tab bar. */
function Standalone({ screen }: { screen: ReactNode }) {
  return (
    <main id="main" className="app-main">
      <Suspense fallback={<PageLoading />}>{screen}</Suspense>
    </main>
  );
}

function GateRedirect({
  to,
  remember,
  notice = false,
}: {
  to: string;
  remember: string | null;
  /** Tells the target screen to say why the visitor was sent there. */
  notice?: boolean;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    if (remember && !hasSignedOutHere()) rememberIntended(safeStorage('session'), remember);
    const state: OnboardingNoticeState | null = notice ? { onboardingNotice: true } : null;
    void navigate(to, { replace: true, state });
  }, [to, remember, notice, navigate]);
  return null;
}

/**
 * The page under the gate. Memoized: the gate renders again at each splash step and session
 * change, and the screen, the tab bar and the banner have nothing new to show then (issue 17).
 */
const AppContent = memo(function AppContent({ me }: { me: Me | null }) {
  const { pathname } = useLocation();
  const signedIn = me !== null;
  const showTabs = signedIn && isTabBarVisible(pathname);
  // Nothing to show at first: the waiting uploads mount in a background render after the screen's.
  const uploadsUser = useDeferredValue(me?.id ?? null, null);

  useEffect(() => {
    // A signed-in user who reached a screen no longer needs the intended URL; / consumes it
    // itself, and onboarding when it is done.
    if (signedIn && pathname !== '/' && pathname !== '/onboarding') {
      clearIntended(safeStorage('session'));
    }
  }, [signedIn, pathname]);

  return (
    <>
      {signedIn && <ConnectionBanner />}
      <main id="main" className={showTabs ? 'app-main app-main--tabs' : 'app-main'}>
        <ScreenErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>
            <ScreenFrame key={pathname}>
              <RouteSwitch />
            </ScreenFrame>
          </Suspense>
        </ScreenErrorBoundary>
      </main>
      {showTabs && (
        <Suspense fallback={null}>
          <TabBar />
        </Suspense>
      )}
      {me && uploadsUser === me.id && (
        <Suspense fallback={null}>
          <BackgroundUploads userId={me.id} />
        </Suspense>
      )}
    </>
  );
});

/** Whether a screen has shown in this page load: the first one does not fade in. */
let screenShown = false;

/**
 * A screen fades in when the visitor moves to it; the first screen of a load (a redirect on the
 * way to it included) shows at once. Chromium does not count content painted at opacity 0 as a
 * contentful paint, and the fade runs on the compositor without painting again: a faded-in
 * first screen recorded its first and largest contentful paints late or never (issue 17), and
 * stayed hidden 200 ms longer. Whether it fades is fixed when it mounts: a class added later
 * would start the fade then. The first screen is also where the wait for it to be in starts
 * (`lib/first-screen.ts`): work nothing on it shows waits for that.
 */
function ScreenFrame({ children }: { children: ReactNode }) {
  const [fade] = useState(() => screenShown);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!fade) {
      // In once shown: index.html's launch screen and the splash (both `.splash`) gone.
      const covered = () => document.querySelector('.splash') !== null;
      watchFirstScreen(queryClient, () => document.getElementById('main'), covered);
    }
    // A frame later: a redirect on the way (/ to the landing screen) mounts its target first.
    afterNextFrame(() => {
      screenShown = true;
    });
  }, [fade, queryClient]);
  return <div className={fade ? 'page-fade' : undefined}>{children}</div>;
}

/** Real start-up work behind the splash steps. */
function useStartupSteps(me: ReturnType<typeof useMe>) {
  const config = useConfigQuery();
  const realtime = useRealtimeState();
  const preload = routeFor(useLocation().pathname)?.preload ?? null;
  const [loaded, setLoaded] = useState<(() => Promise<unknown>) | null>(null);

  useEffect(() => {
    if (!preload) return;
    let active = true;
    preload().then(
      () => active && setLoaded(() => preload),
      // A failed chunk surfaces in the screen's error boundary; the splash must not hang on it.
      () => active && setLoaded(() => preload),
    );
    return () => {
      active = false;
    };
  }, [preload]);

  return splashSteps({
    sessionSettled: me !== undefined,
    configSettled: !config.isPending,
    realtimeStarted: me === null || realtime.status !== 'idle',
    screenLoaded: !preload || loaded === preload,
  });
}
