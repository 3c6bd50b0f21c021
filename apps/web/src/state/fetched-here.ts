import type { Query, QueryCache } from '@tanstack/react-query';

/** When this page began, by the wall clock (`Date.now()`'s). */
export const pageStartedAt = Date.now() - performance.now();

const fetchedHere = new WeakSet<object>();

/**
 * Marks each query whose answer this page fetched itself: not restored from storage, not
 * written by hand. Such an answer was read after `pageStartedAt` (issue 17: a first realtime
 * contact need not refetch it, `refetchAfterGap`).
 */
export function trackFetches(cache: QueryCache): () => void {
  return cache.subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && !event.action.manual) {
      fetchedHere.add(event.query);
    }
  });
}

export function fetchedInThisPage(query: Query): boolean {
  return fetchedHere.has(query);
}
