import type { ChatSummary, MessageView } from '@heartline/domain';

/** Chat test data: me, Bob, and our friend chat, as the server presents them. */
export const ME = '0190d6a0-0000-7000-8000-00000000000a';
export const BOB = '0190d6a0-0000-7000-8000-00000000000b';
export const CHAT = '0190d6a0-0000-7000-8000-0000000000c1';

/** Message `seq` of our chat ('m<seq>', written on 1 Jan 2026 at 12:<seq> UTC). */
export function testMessage(
  seq: number,
  senderId: string | null,
  patch: Partial<MessageView> = {},
): MessageView {
  return {
    id: `0190d6a0-0000-7000-8000-${String(100 + seq).padStart(12, '0')}`,
    chatId: CHAT,
    seq,
    clientId: null,
    senderId,
    content: `m${seq}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, seq)).toISOString(),
    readAt: null,
    ...patch,
  };
}

/** Our chat's summary, without messages unless `patch` gives them. */
export function testChat(patch: Partial<ChatSummary> = {}): ChatSummary {
  return {
    id: CHAT,
    kind: 'friend',
    name: 'Bob Bakker',
    avatar: null,
    otherUserId: BOB,
    isMatch: false,
    isFriend: true,
    canMessage: true,
    closedReason: null,
    lastMessage: null,
    timestamp: '2026-01-01T10:00:00.000Z',
    unreadCount: 0,
    lastSeq: 0,
    readSeq: 0,
    otherDeliveredSeq: 0,
    otherReadSeq: 0,
    muted: false,
    ...patch,
  };
}
