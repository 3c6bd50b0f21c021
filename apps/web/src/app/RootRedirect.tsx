import { landingPathFor, timing } from '@heartline/domain';
import { useEffect } from 'react';
import { Redirect, useLocation, useNavigate } from './navigation.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import { clearIntended, readIntended, rootTarget } from '../lib/intended-url.ts';
import { safeStorage } from '../lib/storage-keys.ts';
import { useMe } from '../state/queries/session.ts';

/**
 * `/` for a signed-in user (the gate already sent everyone else to /auth): back to the intended
 * URL after a short delay, with a hard navigation as the fallback, else the landing page.
 */
export function RootRedirect() {
  const me = useMe();
  const { search } = useLocation();
  const navigate = useNavigate();
  const target = rootTarget({
    search,
    intended: readIntended(safeStorage('session')),
    landingPath: me ? landingPathFor(me) : '/profile',
  });

  useEffect(() => {
    if (!target.delayed) return;
    const to = target.to;
    const soon = setTimeout(() => {
      clearIntended(safeStorage('session'));
      void navigate(to, { replace: true });
    }, timing.intendedUrlDelayMs);
    // If the client-side navigation did not take us away, the browser does it.
    const fallback = setTimeout(() => window.location.replace(to), timing.intendedUrlFallbackMs);
    return () => {
      clearTimeout(soon);
      clearTimeout(fallback);
    };
  }, [target.delayed, target.to, navigate]);

  if (!target.delayed) return <Redirect to={target.to} replace />;
  return <PageLoading />;
}
