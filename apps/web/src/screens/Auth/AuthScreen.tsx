import { authErrorMessage, inviteMessages, shellMessages } from '@heartline/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from '../../app/navigation.tsx';
import { HeartLogo } from '../../components/HeartLogo.tsx';
import { GoogleIcon, WarningIcon } from '../../components/Icons.tsx';
import { legalModalFrom, readIntended, signInStartUrl } from '../../lib/intended-url.ts';
import { safeStorage, storageKeys } from '../../lib/storage-keys.ts';
import { useConfig } from '../../state/queries/session.ts';
import { usePendingInvite } from '../Invite/use-pending-invite.ts';

// Only opened from a link (?modal=terms|privacy): the documents stay off this screen's load.
const LegalDialog = lazy(() =>
  import('../Legal/LegalScreen.tsx').then((m) => ({ default: m.LegalDialog })),
);

/**
 * Sign-in (spec/1 §2). "Continue with Google" is a full-page navigation to the server, which
 * runs OpenID Connect and redirects back to the intended path (or /).
 */
export function AuthScreen() {
  const { productName } = useConfig();
  const [searchParams] = useSearchParams();
  const { search, state } = useLocation();
  const deleted = (state as { accountDeleted?: unknown } | null)?.accountDeleted === true;
  const navigate = useNavigate();
  const error = authErrorMessage(searchParams.get('error'));
  const modal = legalModalFrom(search);
  // A visitor the gate sent here from a protected screen is "connecting" back to it.
  const [intended] = useState(() => readIntended(safeStorage('session')));
  const [navigating, setNavigating] = useState(false);
  const invite = usePendingInvite();

  useEffect(() => {
    // Coming back with the browser's back button restores this page from the bfcache.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setNavigating(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const signIn = () => {
    setNavigating(true);
    safeStorage('session')?.setItem(storageKeys.signingIn, '1');
    window.location.assign(signInStartUrl(intended));
  };

  return (
    <div className="auth">
      <div className="auth__glow" aria-hidden="true" />
      <section className="auth__card" aria-labelledby="auth-title">
        <HeartLogo size={80} />
        <h1 id="auth-title" className="auth__title">
          {shellMessages.welcomeHeading(productName)}
        </h1>
        <p className="auth__tagline">Meet people through the people you already know.</p>

        {error && (
          <div className="banner banner--error" role="alert">
            <WarningIcon size={20} />
            <span>{error}</span>
          </div>
        )}

        {deleted && (
          <p className="banner banner--info" role="status">
            {shellMessages.accountDeleted}
          </p>
        )}

        {invite && (
          <p className="banner banner--info" data-testid="auth-invite">
            {inviteMessages.signInToJoin(invite.inviterName)}
          </p>
        )}
        <p className="auth__subtitle">{shellMessages.signInSubtitle}</p>
        <button
          type="button"
          className="btn btn--google btn--block"
          onClick={signIn}
          disabled={navigating}
          aria-busy={navigating}
        >
          {navigating ? (
            <>
              <span className="spinner spinner--sm" aria-hidden="true" />
              {intended ? shellMessages.connecting : shellMessages.authenticating}
            </>
          ) : (
            <>
              <GoogleIcon size={20} />
              {shellMessages.continueWithGoogle}
            </>
          )}
        </button>

        <p className="auth__legal">
          By continuing you agree to our{' '}
          <a href="/terms" target="_blank" rel="noopener" className="text-link">
            Terms of Service<span className="visually-hidden"> (opens in a new tab)</span>
          </a>{' '}
          and{' '}
          <a href="/privacy" target="_blank" rel="noopener" className="text-link">
            Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          .
        </p>
      </section>
      <p className="auth__footnote">For adults aged 18 and over.</p>

      {modal && (
        <Suspense fallback={null}>
          <LegalDialog kind={modal} onClose={() => void navigate('/', { replace: true })} />
        </Suspense>
      )}
    </div>
  );
}
