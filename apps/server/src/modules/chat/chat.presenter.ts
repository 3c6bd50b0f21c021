import {
  chatMessages,
  DELETED_USER_ID,
  discoverMessages,
  type ChatSummary,
  type MessageView,
} from '@heartline/domain';
import type { ChatRow } from './chat.chats.repository.ts';
import type { MessageRow } from './chat.messages.repository.ts';
import { can, inChat, isVisible } from '../access/access.policy.ts';

/** A chat row as its member reads it (`memberView`). */
export type MemberChat = ChatRow & {
  /** The other member is suspended or banned: their id, so their messages read as a leaver's. */
  departedId?: string;
};

/**
 * A chat row as its member reads it: by the rule's `inChat`, an other member who is suspended or
 * banned reads as one who deleted their account — no name, no photo, no id, nothing to send.
 */
export function memberView(row: ChatRow): MemberChat {
  const seen = inChat(row);
  if (seen === row) return row;
  return {
    ...seen,
    otherId: DELETED_USER_ID,
    otherName: null,
    otherAvatar: null,
    departedId: row.otherId,
  };
}

/**
 * A message as one reader sees it. The match greeting names the other person of the chat
 * (`otherName`), so each of the two reads 'Say hello to' the other.
 */
export function presentMessage(
  m: MessageRow,
  otherName: string | null,
  /** Read receipts pass between the two (both have them on): else no read time is shown. */
  receipts = true,
  /** The other member reads as one who left (MemberChat.departedId). */
  departedId?: string,
): MessageView {
  // A text without a sender: its sender deleted their account ('Unknown User'); one whose
  // sender is suspended or banned reads the same, down to the client id a deletion erases.
  const departed = m.kind !== 'system' && (m.senderId === null || m.senderId === departedId);
  return {
    id: m.id,
    chatId: m.chatId,
    seq: m.seq,
    clientId: departed ? null : m.clientId,
    senderId: m.kind === 'system' ? null : departed ? DELETED_USER_ID : m.senderId,
    content:
      m.kind === 'system'
        ? discoverMessages.greeting(otherName ?? chatMessages.someone)
        : m.content,
    createdAt: m.createdAt.toISOString(),
    readAt: receipts && m.readAt ? m.readAt.toISOString() : null,
  };
}

/** spec/3 §3 conversation summary, as the viewer of `row` sees it. */
export function presentChat(row: MemberChat, lastMessage: MessageRow | undefined): ChatSummary {
  return {
    id: row.id,
    kind: row.kind,
    name: row.otherName ?? chatMessages.unknownUser,
    avatar: row.otherAvatar,
    otherUserId: row.otherId,
    isMatch: row.kind === 'match' || row.matched,
    isFriend: row.friends,
    canMessage: can('message', row),
    closedReason: isVisible('message', row) && row.needsVerified ? 'needs_verified' : null,
    lastMessage: lastMessage
      ? presentMessage(lastMessage, row.otherName, row.receipts, row.departedId)
      : null,
    timestamp: (row.lastMessageAt ?? row.createdAt).toISOString(),
    unreadCount: row.unreadCount,
    lastSeq: row.lastSeq,
    readSeq: row.readSeq,
    otherDeliveredSeq: row.otherDeliveredSeq,
    // Without receipts both ways, how far the other has read is theirs alone.
    otherReadSeq: row.receipts ? row.otherReadSeq : 0,
    muted: row.muted,
  };
}
