import type { ChatList, MessageView, ServerEventPayload } from '@heartline/domain';
import type { QueryClient } from '@tanstack/react-query';
import { catchUpMessages } from '../queries/chat.ts';
import { chatKeys } from '../queries/chat-keys.ts';
import {
  badgeCount,
  lastLoadedSeq,
  storeMessage,
  storeReceipt,
  type MessagesData,
} from './chat-cache.ts';

/** What the event router needs from the chat runtime around it. */
export type ChatRouterHooks = {
  /** The chat on screen and visible: its new messages are read, not counted as unread. */
  activeChatId: () => string | null;
  /**
   * A stored message reached this device: the outbox settles mine; theirs is acknowledged as
   * delivered, ends their typing and, when `counted`, raises the unread counter.
   */
  messageArrived: (message: MessageView, counted: boolean) => void;
  /** This device's unread count moved by `delta` (read on another device: negative). */
  unreadChanged: (delta: number) => void;
};

export function routeMessageCreated(
  queryClient: QueryClient,
  message: MessageView,
  userId: string,
  hooks: ChatRouterHooks | undefined,
): void {
  const active = hooks?.activeChatId() === message.chatId;
  const pages = queryClient.getQueryData<MessagesData>(chatKeys.messages(userId, message.chatId));
  // Seqs have no gaps: a jump means these pages missed messages (read before they were sent).
  const loaded = lastLoadedSeq(pages);
  const hole = pages !== undefined && message.seq > loaded + 1;
  const { counted } = storeMessage(queryClient, userId, message, { active });
  if (hole) void catchUpMessages(queryClient, userId, message.chatId, loaded);
  hooks?.messageArrived(message, counted);
}

export function routeChatReceipt(
  queryClient: QueryClient,
  receipt: ServerEventPayload<'chat.receipt'>,
  userId: string,
  hooks: ChatRouterHooks | undefined,
): void {
  const before = unreadOf(queryClient, userId, receipt.chatId);
  storeReceipt(queryClient, userId, receipt);
  const after = unreadOf(queryClient, userId, receipt.chatId);
  if (before !== null && after !== null && after !== before) hooks?.unreadChanged(after - before);
}

/** What the chat adds to the badge, or null when it is not listed. */
function unreadOf(queryClient: QueryClient, userId: string, chatId: string): number | null {
  const list = queryClient.getQueryData<ChatList>(chatKeys.list(userId));
  const chat = list?.chats.find((c) => c.id === chatId);
  return chat ? badgeCount(chat) : null;
}
