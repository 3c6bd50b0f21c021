import { useSyncExternalStore } from 'react';
import { UNREAD_REFRESH_MS, useChatsQuery } from '../queries/chat.ts';
import { chatBadgeCount, localUnreadCounter } from './unread-badge.ts';

/**
 * The Chat tab's count (spec/3 §4): the larger of the server's unread total (the chat list,
 * asked again every 60 s and patched by realtime events) and the local counter.
 */
export function useChatUnreadCount(pushedTotal: number | undefined): number {
  const { data: serverTotal } = useChatsQuery({
    select: (list) => list.unreadTotal,
    refetchInterval: UNREAD_REFRESH_MS,
  });
  const local = useSyncExternalStore(localUnreadCounter.subscribe, localUnreadCounter.getSnapshot);
  return chatBadgeCount(serverTotal ?? pushedTotal, local);
}
