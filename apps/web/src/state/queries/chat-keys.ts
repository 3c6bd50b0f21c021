/**
 * Query keys of chat, apart from the queries so the realtime router and the tab bar can name
 * them without the screens' code. Every key carries the signed-in user's id: a cache that
 * outlived its user (restored from storage, another sign-in) is never read for someone else.
 */
export const chatKeys = {
  /** Every user's chat data (sign-out, gaps). */
  all: ['chats'] as const,
  list: (userId: string) => ['chats', userId, 'list'] as const,
  chats: (userId: string) => ['chats', userId, 'chat'] as const,
  chat: (userId: string, chatId: string) => ['chats', userId, 'chat', chatId] as const,
  allMessages: (userId: string) => ['chats', userId, 'messages'] as const,
  messages: (userId: string, chatId: string) => ['chats', userId, 'messages', chatId] as const,
};
