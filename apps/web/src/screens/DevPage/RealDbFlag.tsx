import type { ReactNode } from 'react';
import { useLocation } from '../../app/navigation.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useDevAccessQuery } from '../../state/queries/dev.ts';
import { useMe } from '../../state/queries/session.ts';
import { hasRealDbFlag } from './dev-view.ts';

/**
 * `?realdb=true` (spec/1 §2 "App gate"): any screen shows the developer page instead, for a
 * signed-in user it is open to. For everyone else the flag means nothing and the screen shows.
 */
export function RealDbFlag({ screen, devPage }: { screen: ReactNode; devPage: ReactNode }) {
  const { search } = useLocation();
  const signedIn = Boolean(useMe());
  const flagged = signedIn && hasRealDbFlag(search);
  const access = useDevAccessQuery(flagged);
  if (!flagged) return screen;
  if (access.data === true) return devPage;
  if (access.isPending) return <PageLoading label="Loading the developer page..." />;
  return screen;
}
