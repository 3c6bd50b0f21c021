import type { QueryClient } from '@tanstack/react-query';

/**
 * Discover's cache keys and invalidation, apart from discover.ts: the event router (in the
 * start-up bundle) needs only these, and the Discover screen's code loads with its route.
 */
export const discoverKeys = {
  all: ['discover'] as const,
  feed: ['discover', 'feed'] as const,
  swipe: ['discover', 'swipe'] as const,
  friendCount: (userId: string) => ['discover', 'friend-count', userId] as const,
};

/** Who is in the feed changed (a friendship, a block, a match): read it again when shown. */
export function invalidateDiscover(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: discoverKeys.feed });
}
