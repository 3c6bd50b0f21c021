import type {
  ChatList,
  ChatSummary,
  MessagePage,
  MessageView,
  ServerEventPayload,
} from '@heartline/domain';
import type { InfiniteData, Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { chatKeys } from '../queries/chat-keys.ts';

/** A chat's messages: pages[0] is the newest page, each later one older (`before` cursors). */
export type MessagesData = InfiniteData<MessagePage, number | null>;

export type Receipt = ServerEventPayload<'chat.receipt'>;

/**
 * Puts messages into a chat's pages. A message already there (same id or same seq: a replayed
 * event, an ack after the event) is left alone; new ones join the newest page in seq order.
 */
export function mergeMessages(data: MessagesData, incoming: readonly MessageView[]): MessagesData {
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  const ids = new Set<string>();
  const seqs = new Set<number>();
  for (const page of data.pages) {
    for (const m of page.messages) {
      ids.add(m.id);
      seqs.add(m.seq);
    }
  }
  const fresh = incoming.filter((m) => {
    if (ids.has(m.id) || seqs.has(m.seq)) return false;
    ids.add(m.id);
    seqs.add(m.seq);
    return true;
  });
  if (fresh.length === 0) return data;
  const messages = [...newest.messages, ...fresh].sort((a, b) => a.seq - b.seq);
  return { ...data, pages: [{ ...newest, messages }, ...older] };
}

/** The highest seq among the loaded messages (0 when none). */
export function lastLoadedSeq(data: MessagesData | undefined): number {
  return data?.pages[0]?.messages.at(-1)?.seq ?? 0;
}

/** The newest message from the other person (what reading and delivery acknowledge). */
export function latestFromOther(messages: readonly MessageView[], userId: string): number {
  let latest = 0;
  for (const m of messages) if (m.senderId !== userId && m.seq > latest) latest = m.seq;
  return latest;
}

/**
 * A new message in a chat's summary: last message, time and position, and one more unread
 * when it counts. A message the summary already covers (seq <= lastSeq) changes nothing, so a
 * replayed event or a list fetched after the message is never counted twice.
 */
export function applyMessageToSummary(
  summary: ChatSummary,
  message: MessageView,
  countsAsUnread: boolean,
): ChatSummary {
  if (message.seq <= summary.lastSeq) return summary;
  return {
    ...summary,
    lastMessage: message,
    timestamp: message.createdAt,
    lastSeq: message.seq,
    unreadCount: summary.unreadCount + (countsAsUnread && message.seq > summary.readSeq ? 1 : 0),
  };
}

/** A member's receipt: mine moves my read position, theirs the ticks on my messages. */
export function applyReceiptToSummary(
  summary: ChatSummary,
  receipt: Receipt,
  userId: string,
): ChatSummary {
  if (receipt.userId === userId) {
    const readSeq = Math.max(summary.readSeq, receipt.readSeq);
    if (readSeq === summary.readSeq) return summary;
    return {
      ...summary,
      readSeq,
      unreadCount: readSeq >= summary.lastSeq ? 0 : summary.unreadCount,
    };
  }
  const otherDeliveredSeq = Math.max(summary.otherDeliveredSeq, receipt.deliveredSeq);
  const otherReadSeq = Math.max(summary.otherReadSeq, receipt.readSeq);
  if (otherDeliveredSeq === summary.otherDeliveredSeq && otherReadSeq === summary.otherReadSeq) {
    return summary;
  }
  return { ...summary, otherDeliveredSeq, otherReadSeq };
}

/** Newest activity first, as the server orders the list. */
export function sortChats(chats: readonly ChatSummary[]): ChatSummary[] {
  return [...chats].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
}

/** What one chat adds to the Chat tab's badge. */
/** What a chat adds to the Chat tab's badge: a muted chat nothing (issue 45). */
export const badgeCount = (chat: ChatSummary) => (chat.muted ? 0 : chat.unreadCount);

/**
 * Replaces one chat in the list (and the total by its unread change: a muted chat's count is
 * not in the total); null when not listed.
 */
export function patchListChat(
  list: ChatList,
  chatId: string,
  patch: (chat: ChatSummary) => ChatSummary,
): ChatList | null {
  const index = list.chats.findIndex((c) => c.id === chatId);
  const old = list.chats[index];
  if (!old) return null;
  const next = patch(old);
  if (next === old) return list;
  const chats = list.chats.with(index, next);
  return {
    chats: next.timestamp === old.timestamp ? chats : sortChats(chats),
    unreadTotal: Math.max(0, list.unreadTotal + badgeCount(next) - badgeCount(old)),
  };
}

/**
 * Patches cached data; if a fetch of it is under way, its answer (read before the patch)
 * would overwrite the patch, so that fetch starts again.
 */
function patchQuery<T>(queryClient: QueryClient, key: QueryKey, patch: (old: T) => T): void {
  const old = queryClient.getQueryData<T>(key);
  if (old === undefined) return;
  const next = patch(old);
  if (next === old) return;
  queryClient.setQueryData<T>(key, next);
  if (queryClient.getQueryState(key)?.fetchStatus === 'fetching') {
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}

export type StoredOutcome = {
  /** The message was new to this device's unread count (it went up by one). */
  counted: boolean;
};

/**
 * A stored message, from the socket (either member's) or from the ack of one's own send:
 * into the chat's pages, its summary and the list. Unknown chats (a first message, a chat
 * that was hidden) make the list load again.
 */
export function storeMessage(
  queryClient: QueryClient,
  userId: string,
  message: MessageView,
  options: { active: boolean },
): StoredOutcome {
  const fromOther = message.senderId !== null && message.senderId !== userId;
  const countsAsUnread = fromOther && !options.active;
  patchQuery<MessagesData>(queryClient, chatKeys.messages(userId, message.chatId), (old) =>
    mergeMessages(old, [message]),
  );

  const listKey = chatKeys.list(userId);
  const list = queryClient.getQueryData<ChatList>(listKey);
  const summaryKey = chatKeys.chat(userId, message.chatId);
  const known =
    list?.chats.find((c) => c.id === message.chatId) ??
    queryClient.getQueryData<ChatSummary>(summaryKey);
  // A muted chat keeps its own count but adds nothing to the Chat tab's badge (issue 45).
  const counted =
    countsAsUnread &&
    !known?.muted &&
    (!known || (message.seq > known.lastSeq && message.seq > known.readSeq));

  patchQuery<ChatSummary>(queryClient, summaryKey, (old) =>
    applyMessageToSummary(old, message, countsAsUnread),
  );
  const patched = list
    ? patchListChat(list, message.chatId, (c) => applyMessageToSummary(c, message, countsAsUnread))
    : null;
  if (patched) patchQuery<ChatList>(queryClient, listKey, () => patched);
  else void queryClient.invalidateQueries({ queryKey: listKey });
  return { counted };
}

/** A receipt into the summary, the list, and (theirs) the read time of my messages. */
export function storeReceipt(queryClient: QueryClient, userId: string, receipt: Receipt): void {
  const listKey = chatKeys.list(userId);
  const summaryKey = chatKeys.chat(userId, receipt.chatId);
  patchQuery<ChatSummary>(queryClient, summaryKey, (old) =>
    applyReceiptToSummary(old, receipt, userId),
  );
  patchQuery<ChatList>(
    queryClient,
    listKey,
    (old) =>
      patchListChat(old, receipt.chatId, (c) => applyReceiptToSummary(c, receipt, userId)) ?? old,
  );
  if (receipt.userId === userId) {
    // Read up to a position short of the last message: only the server knows how many remain.
    const row = queryClient
      .getQueryData<ChatList>(listKey)
      ?.chats.find((c) => c.id === receipt.chatId);
    if (row && row.unreadCount > 0 && receipt.readSeq < row.lastSeq) {
      void queryClient.invalidateQueries({ queryKey: listKey });
    }
    return;
  }
  if (receipt.readAt === null) return;
  const readAt = receipt.readAt;
  patchQuery<MessagesData>(queryClient, chatKeys.messages(userId, receipt.chatId), (old) => {
    let changed = false;
    const pages = old.pages.map((page) => {
      const messages = page.messages.map((m) => {
        if (m.senderId !== userId || m.readAt !== null || m.seq > receipt.readSeq) return m;
        changed = true;
        return { ...m, readAt };
      });
      return changed ? { ...page, messages } : page;
    });
    return changed ? { ...old, pages } : old;
  });
}

/** My read position moved here (this device marked the chat read). */
export function storeOwnReadSeq(
  queryClient: QueryClient,
  userId: string,
  chatId: string,
  readSeq: number,
): void {
  storeReceipt(queryClient, userId, { chatId, userId, readSeq, deliveredSeq: 0, readAt: null });
}

/** A summary from the server (opening a chat, mute) replaces the cached one everywhere. */
export function storeSummary(queryClient: QueryClient, userId: string, summary: ChatSummary): void {
  queryClient.setQueryData(chatKeys.chat(userId, summary.id), summary);
  queryClient.setQueryData<ChatList>(chatKeys.list(userId), (old) =>
    old ? (patchListChat(old, summary.id, () => summary) ?? old) : old,
  );
}

/** Changes one chat's summary wherever it is cached (the chat screen's and the list's). */
export function patchChat(
  queryClient: QueryClient,
  userId: string,
  chatId: string,
  patch: (chat: ChatSummary) => ChatSummary,
): void {
  patchQuery<ChatSummary>(queryClient, chatKeys.chat(userId, chatId), patch);
  patchQuery<ChatList>(
    queryClient,
    chatKeys.list(userId),
    (old) => patchListChat(old, chatId, patch) ?? old,
  );
}

/** The server's unread total (a badge push) is newer than the list's. */
export function storeUnreadTotal(queryClient: QueryClient, unreadTotal: number): void {
  queryClient.setQueriesData<ChatList>(
    { queryKey: chatKeys.all, predicate: (q) => q.queryKey[2] === 'list' },
    (old) => (old ? { ...old, unreadTotal } : old),
  );
}

/** Something about chats changed that only a fetch can tell (kind, canMessage, mute). */
export function invalidateChats(
  queryClient: QueryClient,
  chatId?: string,
  only: (query: Query) => boolean = () => true,
): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: chatKeys.all,
    // The message pages stay: who may send does not change what was said.
    predicate: (q) =>
      only(q) &&
      (q.queryKey[2] === 'list' ||
        (q.queryKey[2] === 'chat' && (chatId === undefined || q.queryKey[3] === chatId))),
  });
}
