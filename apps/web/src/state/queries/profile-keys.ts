import type { Query, QueryClient } from '@tanstack/react-query';
import { sessionKeys } from './session.ts';

/**
 * The own profile's cache key and invalidation, apart from profile.ts: the app shell needs only
 * these, and importing profile.ts would bring its schemas into the start-up bundle.
 */
export const profileKeys = {
  own: ['profile', 'own'] as const,
};

/** After a change made elsewhere (realtime event, photo upload): ask the server again. */
export function invalidateOwnProfile(
  queryClient: QueryClient,
  only: (query: Query) => boolean = () => true,
): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: profileKeys.own, predicate: only }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.session, predicate: only }),
  ]).then(() => undefined);
}
