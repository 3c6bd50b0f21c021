import { sql } from 'kysely';
import { CHAT_UNREAD_WINDOW_MS } from '@heartline/domain';
import type { Db, Trx } from '../../db/database.ts';

/** The unread window's start, as a parameter (spec/3 §9: 30 days). */
export const unreadSince = () => new Date(Date.now() - CHAT_UNREAD_WINDOW_MS);

/** SQL of receipts: each member's delivered and read positions, and what they leave unread. */
export function createReceiptsRepository(db: Db) {
  return {
    /**
     * Moves a member's positions forward (never back, never past the chat's last seq). Read
     * implies delivered. Marking read stamps read_at on the messages it covers. Answers the new
     * positions, or undefined when nothing moved.
     */
    async advance(
      trx: Trx,
      userId: string,
      chatId: string,
      to: { delivered?: number; read?: number },
    ): Promise<{ deliveredSeq: number; readSeq: number; readAt: Date | null } | undefined> {
      const { rows } = await sql<{ deliveredSeq: number; readSeq: number; lastSeq: number }>`
        select m.delivered_seq as "deliveredSeq", m.read_seq as "readSeq", c.last_seq as "lastSeq"
          from chat_members m join chats c on c.id = m.chat_id
         where m.user_id = ${userId} and m.chat_id = ${chatId}
         for update of m`.execute(trx);
      const row = rows[0];
      if (!row) return undefined;
      const last = row.lastSeq;
      const prevRead = row.readSeq;
      const readSeq = Math.max(prevRead, Math.min(to.read ?? 0, last));
      const deliveredSeq = Math.max(
        row.deliveredSeq,
        Math.min(Math.max(to.delivered ?? 0, readSeq), last),
      );
      if (readSeq === prevRead && deliveredSeq === row.deliveredSeq) return undefined;
      await trx
        .updateTable('chatMembers')
        .set({ deliveredSeq, readSeq })
        .where('userId', '=', userId)
        .where('chatId', '=', chatId)
        .execute();
      let readAt: Date | null = null;
      if (readSeq > prevRead) {
        readAt = new Date();
        await trx
          .updateTable('messages')
          .set({ readAt })
          .where('chatId', '=', chatId)
          .where('seq', '>', prevRead)
          .where('seq', '<=', readSeq)
          .where('senderId', 'is distinct from', userId)
          .where('readAt', 'is', null)
          .execute();
      }
      return { deliveredSeq, readSeq, readAt };
    },

    /**
     * Unread messages from others across a user's chats (last 30 days): the Chat tab's badge,
     * which leaves muted chats out (each keeps its own count in the list).
     */
    async unreadTotal(userId: string, trx: Trx | Db = db): Promise<number> {
      const { rows } = await sql<{ n: number }>`
        select count(*) as n
          from chat_members me
          join messages x on x.chat_id = me.chat_id and x.seq > me.read_seq
         where me.user_id = ${userId}
           and not me.muted
           and x.sender_id is distinct from ${userId}
           and x.created_at > ${unreadSince()}`.execute(trx);
      return rows[0]?.n ?? 0;
    },
  };
}
