import { useSyncExternalStore } from 'react';
import { useFirstScreenIn } from '../../lib/first-screen.ts';
import { UNREAD_REFRESH_MS, useChatsQuery } from '../queries/chat.ts';
import { chatBadgeCount, localUnreadCounter } from './unread-badge.ts';

/**
 * The Chat tab's count (spec/3 §4): the larger of the server's unread total (the chat list,
 * asked again every 60 s and patched by realtime events) and the local counter. The list is
 * asked for once the first screen is in (issue 17), as the Network badge's summary is.
 */
export function useChatUnreadCount(pushedTotal: number | undefined): number {
  const { data: serverTotal } = useChatsQuery({
    select: (list) => list.unreadTotal,
    refetchInterval: UNREAD_REFRESH_MS,
    enabled: useFirstScreenIn(),
  });
  const local = useSyncExternalStore(localUnreadCounter.subscribe, localUnreadCounter.getSnapshot);
  return chatBadgeCount(serverTotal ?? pushedTotal, local);
}
