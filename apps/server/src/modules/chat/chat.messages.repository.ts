import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Db, Trx } from '../../db/database.ts';
import type { ChatRow } from './chat.chats.repository.ts';

export type MessageRow = {
  id: string;
  chatId: string;
  seq: number;
  /** 'system': the match greeting, worded for each reader (chat.presenter.ts). */
  kind: string;
  senderId: string | null;
  clientId: string | null;
  content: string;
  createdAt: Date;
  readAt: Date | null;
};

const messageColumns = [
  'id',
  'chatId',
  'seq',
  'kind',
  'senderId',
  'clientId',
  'content',
  'createdAt',
  'readAt',
] as const;

/** SQL of messages: the greeting, pages, last messages, retries' lookups, report evidence. */
export function createMessagesRepository(db: Db) {
  return {
    /** A system message (the match greeting) under the chat's next seq. */
    async insertSystemMessage(trx: Trx, chatId: string, content: string): Promise<MessageRow> {
      const { rows } = await sql<MessageRow>`
        with next as (
          update chats set last_seq = last_seq + 1, last_message_at = now()
           where id = ${chatId}
          returning last_seq
        )
        insert into messages (id, chat_id, seq, kind, content)
        select ${uuidv7()}, ${chatId}, next.last_seq, 'system', ${content} from next
        returning id, chat_id as "chatId", seq, kind, sender_id as "senderId",
          client_id as "clientId", content, created_at as "createdAt", read_at as "readAt"`.execute(
        trx,
      );
      return rows[0]!;
    },

    /** The message a sender already stored under `clientId` (a retry). */
    async byClientId(senderId: string, clientId: string, trx: Trx | Db = db) {
      const row = await trx
        .selectFrom('messages')
        .select(messageColumns)
        .where('senderId', '=', senderId)
        .where('clientId', '=', clientId)
        .executeTakeFirst();
      return row;
    },

    /** The last message of each chat (by its last seq). */
    async lastMessages(chats: readonly ChatRow[]): Promise<Map<string, MessageRow>> {
      const withMessages = chats.filter((c) => c.lastSeq > 0);
      if (withMessages.length === 0) return new Map();
      const { rows } = await sql<MessageRow>`
        select m.id, m.chat_id as "chatId", m.seq, m.kind, m.sender_id as "senderId",
          m.client_id as "clientId", m.content, m.created_at as "createdAt", m.read_at as "readAt"
        from unnest(${withMessages.map((c) => c.id)}::uuid[],
                    ${withMessages.map((c) => c.lastSeq)}::bigint[]) as last(chat_id, seq)
        join messages m on m.chat_id = last.chat_id and m.seq = last.seq`.execute(db);
      return new Map(rows.map((r) => [r.chatId, r]));
    },

    /** A page of a chat's messages, oldest first. */
    async page(
      chatId: string,
      cursor: { before?: number | undefined; after?: number | undefined },
      limit: number,
    ): Promise<{ messages: MessageRow[]; hasMore: boolean }> {
      let q = db.selectFrom('messages').select(messageColumns).where('chatId', '=', chatId);
      if (cursor.after !== undefined) {
        const rows = await q
          .where('seq', '>', cursor.after)
          .orderBy('seq', 'asc')
          .limit(limit + 1)
          .execute();
        return { messages: rows.slice(0, limit), hasMore: rows.length > limit };
      }
      if (cursor.before !== undefined) q = q.where('seq', '<', cursor.before);
      const rows = await q
        .orderBy('seq', 'desc')
        .limit(limit + 1)
        .execute();
      return {
        messages: rows.slice(0, limit).reverse(),
        hasMore: rows.length > limit,
      };
    },

    /** Messages by id (for report evidence): only those of `chatIds`. */
    async messagesByIds(ids: readonly string[], chatIds: readonly string[]) {
      if (ids.length === 0 || chatIds.length === 0) return [];
      const rows = await db
        .selectFrom('messages')
        .select(messageColumns)
        .where('id', 'in', [...ids])
        .where('chatId', 'in', [...chatIds])
        .execute();
      return rows;
    },

    async insertEvidence(messages: readonly MessageRow[], reportId: string) {
      if (messages.length === 0) return;
      await db
        .insertInto('reportEvidence')
        .values(
          messages.map((m) => ({
            reportId,
            messageId: m.id,
            chatId: m.chatId,
            senderId: m.senderId,
            content: m.content,
            sentAt: m.createdAt,
          })),
        )
        .onConflict((oc) => oc.columns(['reportId', 'messageId']).doNothing())
        .execute();
    },
  };
}
