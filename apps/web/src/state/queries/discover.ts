import {
  connectionCountSchema,
  discoverPageSchema,
  likeResultSchema,
  okSchema,
  undoResultSchema,
  type DiscoverPage,
  type DiscoverProfile,
} from '@heartline/domain';
import {
  useInfiniteQuery,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { preload } from 'react-dom';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { discoverKeys } from './discover-keys.ts';

export { discoverKeys };

/** spec/2 §9: the discover feed is fresh for 5 minutes and kept for 10. */
const DISCOVER_FRESH_MS = 5 * 60_000;
const DISCOVER_KEEP_MS = 10 * 60_000;

/**
 * A page as the cache holds it. The first page also counts the cards acted on since it was
 * loaded (`acted`, for '#n of total'); its `skipped` grows with each skip. A refetch of the
 * first page starts both afresh from the server's answer.
 */
export type DeckPage = DiscoverPage & { acted?: number };
export type DeckData = InfiniteData<DeckPage, string | null>;

export function discoverUrl(cursor: string | null): string {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/api/discover?${query}` : '/api/discover';
}

/** The ranked candidates, a page at a time (the screen asks for more 5 cards before the end). */
export function useDiscoverQuery() {
  return useInfiniteQuery<DeckPage, Error, DeckData, typeof discoverKeys.feed, string | null>({
    queryKey: discoverKeys.feed,
    queryFn: async ({ pageParam, signal }) => {
      const page = await apiRequest(discoverUrl(pageParam), discoverPageSchema, { signal });
      // The top card's photo is the screen's largest paint: its request starts with the
      // answer, not after the deck has rendered (issue 17). React DOM preloads each once.
      const top = pageParam === null ? page.items[0]?.photoUrl : null;
      if (top) preload(top, { as: 'image', fetchPriority: 'high' });
      return page;
    },
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: DISCOVER_FRESH_MS,
    gcTime: DISCOVER_KEEP_MS,
  });
}

/** A card's friend count, which splits their trust score into its two parts. */
export function useFriendCountQuery(userId: string) {
  return useQuery({
    queryKey: discoverKeys.friendCount(userId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/connections/user/${userId}/count`, connectionCountSchema, { signal }),
    staleTime: DISCOVER_FRESH_MS,
    meta: { persist: false },
  });
}

// ---------------------------------------------------------------------------------------------
// The deck in the cache (pure; discover.test.ts)
// ---------------------------------------------------------------------------------------------

/** Where a card was, so a failed action can put it back in its place. */
export type TakenCard = { profile: DiscoverProfile; page: number; index: number };

function withFirstPage(data: DeckData, patch: (page: DeckPage) => DeckPage): DeckData {
  const [first, ...rest] = data.pages;
  return first ? { ...data, pages: [patch(first), ...rest] } : data;
}

/** Takes a card out of the deck, counting it as acted on (and skipped, for a skip). */
export function takeCard(
  data: DeckData,
  userId: string,
  skip: boolean,
): { data: DeckData; taken: TakenCard | null } {
  const p = data.pages.findIndex((page) => page.items.some((item) => item.id === userId));
  const page = data.pages[p];
  if (!page) return { data, taken: null };
  const index = page.items.findIndex((item) => item.id === userId);
  const taken: TakenCard = { profile: page.items[index]!, page: p, index };
  const pages = data.pages.map((each, i) =>
    i === p ? { ...each, items: each.items.filter((_, j) => j !== index) } : each,
  );
  const next = withFirstPage({ ...data, pages }, (first) => ({
    ...first,
    acted: (first.acted ?? 0) + 1,
    skipped: first.skipped + (skip ? 1 : 0),
  }));
  return { data: next, taken };
}

/** Undoes takeCard after the server refused the action. */
export function putCardBack(data: DeckData, taken: TakenCard, skip: boolean): DeckData {
  if (data.pages.some((page) => page.items.some((item) => item.id === taken.profile.id))) {
    return data;
  }
  const pages = data.pages.map((page, p) => {
    if (p !== taken.page) return page;
    const items = [...page.items];
    items.splice(Math.min(taken.index, items.length), 0, taken.profile);
    return { ...page, items };
  });
  if (taken.page >= pages.length) return data;
  return withFirstPage({ ...data, pages }, (first) => ({
    ...first,
    acted: Math.max(0, (first.acted ?? 0) - 1),
    skipped: Math.max(0, first.skipped - (skip ? 1 : 0)),
  }));
}

/** A passed card brought back by undo becomes the current card again. */
export function bringBack(data: DeckData, profile: DiscoverProfile): DeckData {
  if (data.pages.some((page) => page.items.some((item) => item.id === profile.id))) return data;
  return withFirstPage(data, (first) => ({
    ...first,
    items: [profile, ...first.items],
    acted: Math.max(0, (first.acted ?? 0) - 1),
  }));
}

/** Patches one card wherever it is (e.g. no more "Connect" once a request is sent). */
export function patchCard(
  data: DeckData,
  userId: string,
  patch: Partial<DiscoverProfile>,
): DeckData {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (item.id === userId ? { ...item, ...patch } : item)),
    })),
  };
}

/** The cards not yet acted on, best first. */
export function deckCards(data: DeckData | undefined): DiscoverProfile[] {
  return data ? data.pages.flatMap((page) => page.items) : [];
}

// ---------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------

export type SwipeKind = 'like' | 'superlike' | 'pass' | 'skip';
export type SwipeVars = { kind: SwipeKind; profile: DiscoverProfile };

function swipeRequest({ kind, profile }: SwipeVars) {
  if (kind === 'like' || kind === 'superlike') {
    return apiRequest(`/api/discover/${profile.id}/like`, likeResultSchema, {
      method: 'POST',
      body: kind === 'superlike' ? { superlike: true } : {},
    });
  }
  return apiRequest(`/api/discover/${profile.id}/${kind}`, okSchema, { method: 'POST' }).then(
    () => null,
  );
}

function updateDeck(queryClient: QueryClient, update: (data: DeckData) => DeckData) {
  queryClient.setQueryData<DeckData>(discoverKeys.feed, (old) => (old ? update(old) : old));
}

/**
 * Like, pass or skip. The card leaves the deck at once; a refusal puts it back where it was
 * (unless the person is gone). The answer of a like says whether it made a match.
 */
export function useSwipeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: discoverKeys.swipe,
    mutationFn: swipeRequest,
    onMutate: async ({ kind, profile }) => {
      // A page fetch under way would write back the deck as it was before this card left.
      await queryClient.cancelQueries({ queryKey: discoverKeys.feed });
      const data = queryClient.getQueryData<DeckData>(discoverKeys.feed);
      if (!data) return { taken: null };
      const result = takeCard(data, profile.id, kind === 'skip');
      queryClient.setQueryData<DeckData>(discoverKeys.feed, result.data);
      return { taken: result.taken };
    },
    onError: (error, { kind }, context) => {
      const taken = context?.taken;
      // 404: they are gone (deleted, or a block either way); their card would only fail again.
      if (error instanceof ApiError && error.status === 404) return;
      if (taken) updateDeck(queryClient, (data) => putCardBack(data, taken, kind === 'skip'));
    },
  });
}

/**
 * The ids of cards whose action is still on its way: kept out of the deck even if a refetch
 * answers before the server has recorded the action.
 */
export function usePendingSwipeIds(): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: discoverKeys.swipe, status: 'pending' },
    select: (mutation) => (mutation.state.variables as SwipeVars | undefined)?.profile.id,
  });
  return new Set(ids.filter((id): id is string => typeof id === 'string'));
}

/**
 * Undo the last pass. The passed card (kept by the screen) comes back as the current card; if
 * the server brought back someone else (a pass from another device), the feed is reloaded.
 */
export function useUndoPassMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_profile: DiscoverProfile) =>
      apiRequest('/api/discover/undo', undoResultSchema, { method: 'POST' }),
    onSuccess: ({ userId }, profile) => {
      if (userId === profile.id) updateDeck(queryClient, (data) => bringBack(data, profile));
      else void queryClient.invalidateQueries({ queryKey: discoverKeys.feed });
    },
  });
}

/** Discovery reset: skipped people come back; the feed starts again from its first page. */
export function useResetDiscoverMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/discover/reset', okSchema, { method: 'POST' }),
    onSuccess: () => reloadDiscover(queryClient),
  });
}

/** Drops the loaded pages and asks for the first one again. */
export function reloadDiscover(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({ queryKey: discoverKeys.feed });
}

/** Someone blocked from their card leaves the deck as after a pass (counted as acted on). */
export function dropCard(queryClient: QueryClient, userId: string): void {
  updateDeck(queryClient, (data) => takeCard(data, userId, false).data);
}

/** After a connection request from a card: the card no longer offers Connect. */
export function markConnectRequested(queryClient: QueryClient, userId: string): void {
  updateDeck(queryClient, (data) => patchCard(data, userId, { canConnect: false }));
}
