import {
  blockListSchema,
  connectionPathSchema,
  connectionsPageSchema,
  favoriteStateSchema,
  networkSummarySchema,
  okSchema,
  reportCreatedSchema,
  type ConnectionPath,
  type ConnectionsPage,
  type CreateReportInput,
  type NetworkSummary,
  type NetworkTab,
} from '@heartline/domain';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFirstScreenIn } from '../../lib/first-screen.ts';
import { apiRequest } from '../../lib/api.ts';
import { invalidateChats } from '../chat/chat-cache.ts';
import { applyBadgesUpdate } from './badges.ts';
import { invalidateDiscover } from './discover-keys.ts';
import { sessionKeys } from './session.ts';
import { trustKeys } from './trust.ts';

/** Everything under 'network' (lists, counts, paths, requests) is invalidated together. */
export const networkKeys = {
  all: ['network'] as const,
  summary: ['network', 'summary'] as const,
  connectionLists: ['network', 'connections'] as const,
  connections: (tab: NetworkTab, q: string) => ['network', 'connections', tab, q] as const,
  path: (userId: string) => ['network', 'path', userId] as const,
  blocks: ['network', 'blocks'] as const,
};

/** spec/2 §9: network connections are fresh for 3 minutes; realtime events refresh sooner. */
const CONNECTIONS_FRESH_MS = 3 * 60_000;
const SUMMARY_FRESH_MS = 30_000;

type ConnectionsData = InfiniteData<ConnectionsPage, string | null>;

const fetchSummary = (signal?: AbortSignal) =>
  apiRequest('/api/network/summary', networkSummarySchema, { signal });

export function useNetworkSummaryQuery() {
  return useQuery({
    queryKey: networkKeys.summary,
    queryFn: ({ signal }) => fetchSummary(signal),
    staleTime: SUMMARY_FRESH_MS,
  });
}

/**
 * Keeps the Network tab's badge fed from the summary (on start, on focus, after changes);
 * the realtime 'badges.updated' event feeds it in between (events missed while offline are
 * replayed on reconnect by the realtime client). Asked once the first screen is in (issue 17):
 * the badge is not what the person came for, a warm start's cached count shows meanwhile, and
 * Network's own screen asks at once.
 */
export function usePendingRequestsBadge(): void {
  const queryClient = useQueryClient();
  const { data: pendingRequests } = useQuery({
    queryKey: networkKeys.summary,
    queryFn: ({ signal }) => fetchSummary(signal),
    staleTime: SUMMARY_FRESH_MS,
    select: (summary) => summary.pendingRequests,
    enabled: useFirstScreenIn(),
  });
  useEffect(() => {
    if (pendingRequests !== undefined) applyBadgesUpdate(queryClient, { pendingRequests });
  }, [pendingRequests, queryClient]);
}

/** The realtime badge count is newer than the summary: keep the summary in step with it. */
export function setSummaryPendingRequests(queryClient: QueryClient, pendingRequests: number) {
  queryClient.setQueryData<NetworkSummary>(networkKeys.summary, (old) =>
    old ? { ...old, pendingRequests } : old,
  );
}

export function connectionsUrl(tab: NetworkTab, q: string, cursor: string | null): string {
  const params = new URLSearchParams({ tab });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return `/api/network/connections?${params.toString()}`;
}

/** One tab's list, a page at a time (cursor pagination; never the whole set). */
export function useConnectionsQuery(tab: NetworkTab, q: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: networkKeys.connections(tab, q),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(connectionsUrl(tab, q, pageParam), connectionsPageSchema, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: CONNECTIONS_FRESH_MS,
    enabled,
    // Search results are throwaway; only the plain tab lists are kept for the next start.
    meta: { persist: q === '' },
  });
}

export function useConnectionPathQuery(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: networkKeys.path(userId),
    queryFn: ({ signal }): Promise<ConnectionPath> =>
      apiRequest(`/api/network/path/${userId}`, connectionPathSchema, { signal }),
    staleTime: CONNECTIONS_FRESH_MS,
    enabled,
  });
}

function patchConnectionLists(
  queryClient: QueryClient,
  patch: (page: ConnectionsPage) => ConnectionsPage,
): void {
  queryClient.setQueriesData<ConnectionsData>({ queryKey: networkKeys.connectionLists }, (old) =>
    old ? { ...old, pages: old.pages.map(patch) } : old,
  );
}

/** Takes a person out of every cached list (after disconnect or block). */
export function removeFromConnectionLists(queryClient: QueryClient, userId: string): void {
  patchConnectionLists(queryClient, (page) => ({
    ...page,
    items: page.items.filter((item) => item.userId !== userId),
  }));
}

/**
 * After the graph changed: lists, counts, trust and the session's trust all refresh, and so do
 * chats (who may message whom follows friendships and blocks).
 */
export function invalidateNetwork(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: networkKeys.all }),
    invalidateChats(queryClient),
    queryClient.invalidateQueries({ queryKey: trustKeys.all }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.session }),
  ]).then(() => undefined);
}

type FavoriteVars = { userId: string; favorite: boolean };

/**
 * Favorite star (1st degree only). Optimistic in every cached list, rolled back on error.
 * Explicit add/remove rather than the toggle endpoint, so a double tap cannot invert intent.
 */
export function useSetFavoriteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, favorite }: FavoriteVars) =>
      apiRequest(`/api/favorites/${userId}`, favoriteStateSchema, {
        method: favorite ? 'POST' : 'DELETE',
      }),
    onMutate: async ({ userId, favorite }) => {
      await queryClient.cancelQueries({ queryKey: networkKeys.connectionLists });
      const snapshot = queryClient.getQueriesData<ConnectionsData>({
        queryKey: networkKeys.connectionLists,
      });
      patchConnectionLists(queryClient, (page) => ({
        ...page,
        items: page.items.map((item) =>
          item.userId === userId ? { ...item, isFavorited: favorite } : item,
        ),
      }));
      return { snapshot };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => {
      // Re-ranking the list under the finger would move rows; mark stale, refetch on next view.
      void queryClient.invalidateQueries({
        queryKey: networkKeys.connectionLists,
        refetchType: 'none',
      });
      void queryClient.invalidateQueries({ queryKey: networkKeys.summary });
    },
  });
}

export function useDisconnectMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest(`/api/connections/${userId}/disconnect`, okSchema, { method: 'POST' }),
    onSuccess: (_ok, userId) => {
      removeFromConnectionLists(queryClient, userId);
      void invalidateNetwork(queryClient);
    },
  });
}

export function useBlockMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest(`/api/blocks/${userId}`, okSchema, { method: 'POST' }),
    onSuccess: (_ok, userId) => {
      removeFromConnectionLists(queryClient, userId);
      // Also drops pending requests between the two (the request keys live under 'network').
      void invalidateNetwork(queryClient);
      // Neither is in the other's Discover any more, wherever the block was made.
      void invalidateDiscover(queryClient);
    },
  });
}

/** The people the viewer has blocked (under 'network': a block elsewhere refreshes it). */
export function useBlockListQuery() {
  return useQuery({
    queryKey: networkKeys.blocks,
    queryFn: ({ signal }) => apiRequest('/api/blocks', blockListSchema, { signal }),
  });
}

/** Unblocking hides nothing any more; no friendship comes back (docs/API-network.md). */
export function useUnblockMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest(`/api/blocks/${userId}`, okSchema, { method: 'DELETE' }),
    onSuccess: () => void invalidateNetwork(queryClient),
  });
}

export function useReportMutation() {
  return useMutation({
    mutationFn: (input: CreateReportInput) =>
      apiRequest('/api/reports', reportCreatedSchema, { method: 'POST', body: input }),
  });
}
