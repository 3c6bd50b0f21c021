import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { safeStorage, storageKeys } from '../lib/storage-keys.ts';
import { trackFetches } from '../state/fetched-here.ts';
import { profileKeys } from '../state/queries/profile-keys.ts';
import { sessionKeys } from '../state/queries/session.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Bump when a persisted query's shape changes, so old caches are dropped instead of misread. */
const CACHE_VERSION = '2';

export const queryClient = new QueryClient({
  defaultOptions: {
    // gcTime must cover the persisted age, or restored entries would be collected at once.
    queries: { gcTime: DAY_MS, staleTime: 60_000 },
  },
});
trackFetches(queryClient.getQueryCache());

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: createSyncStoragePersister({
    storage: safeStorage('local'),
    key: storageKeys.queryCache,
    throttleTime: 1_000,
  }),
  maxAge: DAY_MS,
  buster: CACHE_VERSION,
  dehydrateOptions: {
    // Successful queries only (the library default); a query opts out with meta.persist = false
    // (e.g. realtime-only badge counts). A signed-out session is never persisted: after the
    // sign-in redirect a restored "nobody" would bounce the new user back to /auth. The
    // predicate is written out because the persist package resolves its own copy of
    // query-core, whose Query type differs nominally.
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' &&
      query.meta?.persist !== false &&
      !(query.queryKey[0] === sessionKeys.session[0] && !hasUser(query.state.data)),
  },
};

function hasUser(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'user' in data && data.user !== null;
}

/**
 * A restored session is only a guess: ask the server once after every start. So is the own
 * profile, which may have changed on another device while this one was closed.
 */
export function revalidateAfterRestore(): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionKeys.session }),
    queryClient.invalidateQueries({ queryKey: profileKeys.own }),
  ]).then(() => undefined);
}
