import {
  CHAT_PAGE_MAX,
  chatListSchema,
  chatSummarySchema,
  errorCodes,
  messagePageSchema,
  muteStateSchema,
  readStateSchema,
  type ChatList,
  type ChatSummary,
  type MessagePage,
} from '@heartline/domain';
import {
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError, apiRequest, isRetryable } from '../../lib/api.ts';
import {
  badgeCount,
  lastLoadedSeq,
  mergeMessages,
  patchChat,
  storeOwnReadSeq,
  storeSummary,
  type MessagesData,
} from '../chat/chat-cache.ts';
import { announceUnread, announceUnreadRefreshed } from '../chat/unread-badge.ts';
import { chatKeys } from './chat-keys.ts';
import { useMe } from './session.ts';

/** spec/3 §9: conversations are fresh for 5 minutes; realtime events keep them current. */
const CHATS_FRESH_MS = 5 * 60_000;
/** spec/3 §4: the server's unread total is asked for again every 60 s. */
export const UNREAD_REFRESH_MS = 60_000;
/** A catch-up longer than this many pages is read as a fresh start instead. */
const CATCH_UP_MAX_PAGES = 5;

/** A missing chat stays missing: only network and server failures are asked again. */
const retryUnlessMissing = (failureCount: number, error: Error) =>
  failureCount < 2 && isRetryable(error);

async function fetchChats(signal: AbortSignal): Promise<ChatList> {
  const list = await apiRequest('/api/chats', chatListSchema, { signal });
  // The server's total now counts everything the local counter counted (spec/3 §4).
  announceUnreadRefreshed();
  return list;
}

/** The chat list (spec/3 §2), newest activity first; `select` for the tab badge. */
export function useChatsQuery<T = ChatList>(
  options: { select?: (list: ChatList) => T; refetchInterval?: number; enabled?: boolean } = {},
) {
  const userId = useMe()?.id;
  return useQuery({
    queryKey: chatKeys.list(userId ?? ''),
    queryFn: userId ? ({ signal }) => fetchChats(signal) : skipToken,
    staleTime: CHATS_FRESH_MS,
    ...options,
  });
}

/** One chat: from the list while that is all there is, then from the server. */
export function useChatQuery(chatId: string) {
  const userId = useMe()?.id;
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: chatKeys.chat(userId ?? '', chatId),
    queryFn: userId
      ? ({ signal }): Promise<ChatSummary> =>
          apiRequest(`/api/chats/${chatId}`, chatSummarySchema, { signal })
      : skipToken,
    initialData: () =>
      queryClient
        .getQueryData<ChatList>(chatKeys.list(userId ?? ''))
        ?.chats.find((c) => c.id === chatId),
    initialDataUpdatedAt: () =>
      queryClient.getQueryState(chatKeys.list(userId ?? ''))?.dataUpdatedAt,
    staleTime: 30_000,
    retry: retryUnlessMissing,
  });
}

/** A chat that is missing, hidden by a block, or not a chat id at all (a mistyped address). */
export function isChatNotFound(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 404 || error.code === errorCodes.validation;
}

function messagesUrl(chatId: string, cursor: { before?: number; after?: number; limit?: number }) {
  const params = new URLSearchParams();
  if (cursor.before !== undefined) params.set('before', String(cursor.before));
  if (cursor.after !== undefined) params.set('after', String(cursor.after));
  if (cursor.limit !== undefined) params.set('limit', String(cursor.limit));
  const query = params.toString();
  return `/api/chats/${chatId}/messages${query ? `?${query}` : ''}`;
}

/**
 * A chat's messages, the newest 100 first (spec/3 §9); older pages, 100 at a time, as the
 * reader scrolls up. Not kept across reloads: conversations stay off the device's storage.
 */
export function useMessagesQuery(chatId: string, enabled: boolean) {
  const userId = useMe()?.id;
  return useInfiniteQuery({
    queryKey: chatKeys.messages(userId ?? '', chatId),
    queryFn:
      userId && enabled
        ? ({ pageParam, signal }): Promise<MessagePage> =>
            apiRequest(
              messagesUrl(chatId, pageParam === null ? {} : { before: pageParam }),
              messagePageSchema,
              { signal },
            )
        : skipToken,
    initialPageParam: null as number | null,
    getNextPageParam: (last) =>
      last.hasMore && last.messages[0] ? last.messages[0].seq : undefined,
    staleTime: CHATS_FRESH_MS,
    retry: retryUnlessMissing,
    meta: { persist: false },
  });
}

/**
 * Fetches what came after a position (`after` pages; by default the newest loaded message)
 * and merges it in. When the gap is longer than a few pages, or a read fails, the loaded pages
 * are read again from the newest one: an open conversation stays on screen meanwhile, and after
 * a failure too (the screen shows an error only when it has no messages; the query retries,
 * then reads again on reconnect, focus or reopening); a closed one is only marked stale. Never
 * a reset: it would blank an open conversation, and the sending messages drawn in it, until a
 * read succeeded.
 */
export async function catchUpMessages(
  queryClient: QueryClient,
  userId: string,
  chatId: string,
  from?: number,
): Promise<void> {
  const key = chatKeys.messages(userId, chatId);
  const data = queryClient.getQueryData<MessagesData>(key);
  if (!data) return;
  let after = from ?? lastLoadedSeq(data);
  try {
    for (let page = 0; page < CATCH_UP_MAX_PAGES; page++) {
      const result = await apiRequest(
        messagesUrl(chatId, { after, limit: CHAT_PAGE_MAX }),
        messagePageSchema,
      );
      queryClient.setQueryData<MessagesData>(key, (old) =>
        old ? mergeMessages(old, result.messages) : old,
      );
      const last = result.messages.at(-1);
      if (!result.hasMore || !last) return;
      after = last.seq;
    }
  } catch {
    // Offline or the server away: the read below settles it, now or once it can.
  }
  await queryClient.invalidateQueries({ queryKey: key, exact: true });
}

/** Every conversation this page holds messages of catches up (after a reconnect gap). */
export function catchUpAllMessages(
  queryClient: QueryClient,
  only: (query: Query) => boolean = () => true,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: chatKeys.all })) {
    if (!only(query)) continue;
    const [, userId, part, chatId] = query.queryKey;
    if (part === 'messages' && typeof userId === 'string' && typeof chatId === 'string') {
      void catchUpMessages(queryClient, userId, chatId);
    }
  }
}

/** The chat with a friend or match, created if it does not exist yet (POST /api/chats). */
export function useOpenChatMutation() {
  const queryClient = useQueryClient();
  const userId = useMe()?.id;
  return useMutation({
    mutationFn: (otherUserId: string) =>
      apiRequest('/api/chats', chatSummarySchema, {
        method: 'POST',
        body: { userId: otherUserId },
      }),
    onSuccess: (summary) => {
      if (userId) storeSummary(queryClient, userId, summary);
    },
  });
}

/**
 * Marks everything from the other person up to `seq` read (spec/3 §4: opening a chat reads it).
 * The badge follows at once; the server's receipt confirms it on every device.
 */
export function useMarkReadMutation(chatId: string) {
  const queryClient = useQueryClient();
  const userId = useMe()?.id;
  return useMutation({
    mutationFn: (seq: number) =>
      apiRequest(`/api/chats/${chatId}/read`, readStateSchema, { method: 'POST', body: { seq } }),
    onSuccess: ({ readSeq }) => {
      if (!userId) return;
      const listKey = chatKeys.list(userId);
      const counted = (list: ChatList | undefined) => {
        const chat = list?.chats.find((c) => c.id === chatId);
        return chat ? badgeCount(chat) : 0;
      };
      const unreadBefore = counted(queryClient.getQueryData<ChatList>(listKey));
      storeOwnReadSeq(queryClient, userId, chatId, readSeq);
      const unreadAfter = counted(queryClient.getQueryData<ChatList>(listKey));
      if (unreadAfter < unreadBefore) announceUnread(unreadAfter - unreadBefore);
    },
  });
}

/** Mutes or unmutes this chat's notifications (for me only). */
export function useMuteChatMutation(chatId: string) {
  const queryClient = useQueryClient();
  const userId = useMe()?.id;
  return useMutation({
    mutationFn: (muted: boolean) =>
      apiRequest(`/api/chats/${chatId}/mute`, muteStateSchema, { method: 'PUT', body: { muted } }),
    onSuccess: ({ muted }) => {
      if (userId) patchChat(queryClient, userId, chatId, (chat) => ({ ...chat, muted }));
      // The list's total now counts this chat or not: the local counter starts over from it.
      announceUnreadRefreshed();
    },
  });
}
