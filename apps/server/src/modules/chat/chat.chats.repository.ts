import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { CHAT_UNREAD_CAP, DELETED_USER_ID } from '@heartline/domain';
import type { Db, Trx } from '../../db/database.ts';
import type { Tie } from '../access/access.policy.ts';
import { tieFacts } from '../access/access.sql.ts';
import { unreadSince } from './chat.receipts.repository.ts';

/** The rule's facts as a chat row carries them (`matched` is always known here). */
export type RuleFacts = Tie & { matched: boolean; needsVerified: boolean; requiresMutual: boolean };

/** A chat as one member sees it, with the facts the interaction rule decides on. */
export type ChatRow = RuleFacts & {
  id: string;
  kind: 'friend' | 'match';
  lastSeq: number;
  lastMessageAt: Date | null;
  createdAt: Date;
  readSeq: number;
  deliveredSeq: number;
  muted: boolean;
  otherId: string;
  otherName: string | null;
  otherAvatar: string | null;
  otherDeliveredSeq: number;
  otherReadSeq: number;
  /** Both have read receipts on: each may see when the other read (else neither does). */
  receipts: boolean;
  /** Both have typing indicators on: typing signals pass between them (else in neither way). */
  typing: boolean;
  /** Unread messages from the other person (last 30 days), counted up to 100. */
  unreadCount: number;
};

/** SQL of chats and their members: the member view, a pair's chat, mute. */
export function createChatsRepository(db: Db) {
  /**
   * The member view of chats: `where` narrows `me` (the viewer's membership row). One query
   * reads the chat, both members' positions, the other person and the policy's facts.
   */
  async function chatsOf(
    viewerId: string,
    filter: { chatId?: string; otherId?: string; withUnread?: boolean },
    trx: Trx | Db = db,
  ): Promise<ChatRow[]> {
    // The unread count is for lists and headers; the send path only needs the policy's facts.
    const unread =
      filter.withUnread === false
        ? sql`0`
        : sql`(select count(*) from (
           select 1 from messages x
            where x.chat_id = c.id and x.seq > me.read_seq
              and x.sender_id is distinct from me.user_id
              and x.created_at > ${unreadSince()}
            limit ${CHAT_UNREAD_CAP + 1}) unread)`;
    const { rows } = await sql<ChatRow>`
      select c.id, c.kind, c.last_seq as "lastSeq", c.last_message_at as "lastMessageAt",
        c.created_at as "createdAt",
        me.read_seq as "readSeq", me.delivered_seq as "deliveredSeq", me.muted,
        coalesce(o.user_id, ${DELETED_USER_ID}::uuid) as "otherId", u.name as "otherName",
        u.avatar_url as "otherAvatar",
        coalesce(o.delivered_seq, c.departed_delivered_seq) as "otherDeliveredSeq",
        coalesce(o.read_seq, c.departed_read_seq) as "otherReadSeq",
        ${sql.raw(tieFacts('v', 'u'))},
        (coalesce(sv.read_receipts, true) and coalesce(so.read_receipts, true)) as receipts,
        (coalesce(sv.typing_indicators, true) and coalesce(so.typing_indicators, true)) as typing,
        ${unread} as "unreadCount"
      from chat_members me
      join users v on v.id = me.user_id
      join chats c on c.id = me.chat_id
      -- The other person may have deleted their account: the chat stays, as 'Unknown User'.
      left join chat_members o on o.chat_id = c.id and o.user_id <> me.user_id
      left join users u on u.id = o.user_id
      left join user_settings sv on sv.user_id = v.id
      left join user_settings so on so.user_id = u.id
      where me.user_id = ${viewerId}
        ${filter.chatId ? sql`and me.chat_id = ${filter.chatId}` : sql``}
        ${filter.otherId ? sql`and o.user_id = ${filter.otherId}` : sql``}
      order by coalesce(c.last_message_at, c.created_at) desc, c.id desc`.execute(trx);
    return rows;
  }

  return {
    chatsOf,

    /** One chat as its member sees it; `withUnread: false` skips counting (the send path). */
    async chat(
      viewerId: string,
      chatId: string,
      opts: { withUnread?: boolean } = {},
      trx: Trx | Db = db,
    ): Promise<ChatRow | undefined> {
      const [row] = await chatsOf(viewerId, { chatId, ...opts }, trx);
      return row;
    },

    async chatWith(viewerId: string, otherId: string): Promise<ChatRow | undefined> {
      const [row] = await chatsOf(viewerId, { otherId });
      return row;
    },

    /** Creates the pair's chat unless it exists; true when this call created it. */
    async createChat(
      trx: Trx,
      chat: { id: string; low: { id: string; seq: number }; high: { id: string; seq: number } },
      kind: 'friend' | 'match',
    ): Promise<boolean> {
      const created = await trx
        .insertInto('chats')
        .values({
          id: chat.id,
          userLow: chat.low.seq,
          userHigh: chat.high.seq,
          kind,
        })
        .onConflict((oc) => oc.columns(['userLow', 'userHigh']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!created) return false;
      await trx
        .insertInto('chatMembers')
        .values([
          { userId: chat.low.id, chatId: chat.id },
          { userId: chat.high.id, chatId: chat.id },
        ])
        .execute();
      return true;
    },

    /**
     * The pair's chat as a match chat: created if absent, else turned into one (friends who
     * match keep their one conversation). Answers its id.
     */
    async matchChat(
      trx: Trx,
      low: { id: string; seq: number },
      high: { id: string; seq: number },
    ): Promise<string> {
      const id = uuidv7();
      const { rows } = await sql<{ id: string; inserted: boolean }>`
        insert into chats (id, user_low, user_high, kind)
        values (${id}, ${low.seq}, ${high.seq}, 'match')
        on conflict (user_low, user_high) do update set kind = 'match'
        returning id, (xmax = 0) as inserted`.execute(trx);
      const chat = rows[0]!;
      if (chat.inserted) {
        await trx
          .insertInto('chatMembers')
          .values([
            { userId: low.id, chatId: chat.id },
            { userId: high.id, chatId: chat.id },
          ])
          .execute();
      }
      return chat.id;
    },

    async chatIdOfPair(trx: Trx, a: number, b: number): Promise<string | undefined> {
      const row = await trx
        .selectFrom('chats')
        .select('id')
        .where('userLow', '=', Math.min(a, b))
        .where('userHigh', '=', Math.max(a, b))
        .executeTakeFirst();
      return row?.id;
    },

    async setMuted(trx: Trx, userId: string, chatId: string, muted: boolean): Promise<void> {
      await trx
        .updateTable('chatMembers')
        .set({ muted })
        .where('userId', '=', userId)
        .where('chatId', '=', chatId)
        .execute();
    },
  };
}
