import type { Query, QueryCache } from '@tanstack/react-query';

const fetchedHere = new WeakSet<object>();

/**
 * Marks each query whose whole answer this page fetched itself: not restored from storage, not
 * written by hand, and not only a next page loaded onto a restored first one. Such an answer
 * was read after the page began (issue 17: a first realtime contact need not refetch it,
 * `refetchAfterGap`).
 */
export function trackFetches(cache: QueryCache): () => void {
  return cache.subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    if (event.query.state.fetchMeta?.fetchMore) return;
    fetchedHere.add(event.query);
  });
}

export function fetchedInThisPage(query: Query): boolean {
  return fetchedHere.has(query);
}
