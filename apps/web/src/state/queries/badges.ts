import type { ServerEventPayload } from '@heartline/domain';
import { skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Badges } from '../../lib/tab-bar.ts';

export const badgesKey = ['badges'] as const;

/**
 * Badge counts live only in the cache, fed by the realtime 'badges.updated' event. A count the
 * server has not sent is absent, and an absent count shows no badge.
 */
export function useBadgesQuery() {
  return useQuery<Badges>({
    queryKey: badgesKey,
    queryFn: skipToken,
    staleTime: Infinity,
    meta: { persist: false },
  });
}

export function applyBadgesUpdate(
  queryClient: QueryClient,
  update: ServerEventPayload<'badges.updated'>,
): void {
  queryClient.setQueryData<Badges>(badgesKey, (old) => ({ ...old, ...definedOnly(update) }));
}

function definedOnly(update: Badges): Badges {
  const result: Badges = {};
  if (update.pendingRequests !== undefined) result.pendingRequests = update.pendingRequests;
  if (update.unreadMessages !== undefined) result.unreadMessages = update.unreadMessages;
  return result;
}
