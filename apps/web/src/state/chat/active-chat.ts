let openChat: string | null = null;

/** The chat screen says which chat it shows (null when it closes). */
export function setOpenChat(chatId: string | null): void {
  openChat = chatId;
}

/**
 * The chat the user is looking at: open, and the page on screen. Its new messages are read
 * as they arrive, so they do not count as unread.
 */
export function activeChatId(): string | null {
  if (typeof document !== 'undefined' && document.visibilityState !== 'visible') return null;
  return openChat;
}
