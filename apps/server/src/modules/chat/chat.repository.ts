import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { CHAT_UNREAD_CAP, CHAT_UNREAD_WINDOW_MS, DELETED_USER_ID } from '@heartline/domain';
import type { Db, Trx } from '../../db/database.ts';
import type { RunPrepared } from '../../db/prepared.ts';
import type { Tie } from '../access/access.policy.ts';
import { canMessageSql, tieFacts, tieFactsOf } from '../access/access.sql.ts';

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

type RawChat = Omit<
  ChatRow,
  'lastSeq' | 'readSeq' | 'deliveredSeq' | 'otherDeliveredSeq' | 'otherReadSeq' | 'unreadCount'
> & {
  lastSeq: string;
  readSeq: string;
  deliveredSeq: string;
  otherDeliveredSeq: string;
  otherReadSeq: string;
  unreadCount: string | number;
};

const toChat = (r: RawChat): ChatRow => ({
  ...r,
  lastSeq: Number(r.lastSeq),
  readSeq: Number(r.readSeq),
  deliveredSeq: Number(r.deliveredSeq),
  otherDeliveredSeq: Number(r.otherDeliveredSeq),
  otherReadSeq: Number(r.otherReadSeq),
  unreadCount: Number(r.unreadCount),
});

type RawMessage = Omit<MessageRow, 'seq'> & { seq: string };
const toMessage = (r: RawMessage): MessageRow => ({ ...r, seq: Number(r.seq) });

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

/** The unread window's start, as a parameter (spec/3 §9: 30 days). */
const unreadSince = () => new Date(Date.now() - CHAT_UNREAD_WINDOW_MS);

/** The rule's facts as a chat row carries them (`matched` is always known here). */
type RuleFacts = Tie & { matched: boolean; needsVerified: boolean; requiresMutual: boolean };

/** What one send statement found and did (chat.repository.ts `send`). */
export type SendOutcome = RuleFacts & {
  otherId: string;
  /** The stored message's seq; null when the client id was already used (a retry). */
  seq: number | null;
  /** The `message.created` events' seqs in the sender's and the other's stream (when stored). */
  senderEventSeq: number | null;
  otherEventSeq: number | null;
};

/** One send of a group commit (chat.repository.ts `sendMany`). */
export type NewMessage = {
  id: string;
  chatId: string;
  senderId: string;
  clientId: string;
  content: string;
  createdAt: string;
  /** The message view without its seq: the events' payload. */
  payload: unknown;
};

type RawOutcome = Omit<SendOutcome, 'seq' | 'senderEventSeq' | 'otherEventSeq'> & {
  seq: string | number | null;
  senderEventSeq: string | number | null;
  otherEventSeq: string | number | null;
};

const toOutcome = ({ seq, senderEventSeq, otherEventSeq, ...facts }: RawOutcome): SendOutcome => ({
  ...facts,
  seq: seq === null ? null : Number(seq),
  senderEventSeq: senderEventSeq === null ? null : Number(senderEventSeq),
  otherEventSeq: otherEventSeq === null ? null : Number(otherEventSeq),
});

/**
 * The whole send as one statement (one round trip, one commit; the benchmark showed a send's
 * connection idle in its transaction between six statements): the policy's facts, the chat's
 * next seq under the chat row's lock, the message, and its `message.created` event for both
 * members' streams in the outbox. Nothing is written when the policy says no or the client id
 * was used: the seq is taken from the locked row and bumped only after the insert succeeded,
 * so a retry leaves no hole. Streams are locked in sorted order, as `append` does.
 */
const SEND_SQL = `
with chat as (
  select c.id, c.last_seq, o.user_id as other_id,
    ${tieFacts('v', 'u')}
  from chats c
  join chat_members me on me.chat_id = c.id and me.user_id = $1
  join chat_members o on o.chat_id = c.id and o.user_id <> $1
  join users v on v.id = $1
  join users u on u.id = o.user_id
  where c.id = $2
  for update of c
), allowed as (
  select * from chat where ${canMessageSql('chat')}
), msg as (
  insert into messages (id, chat_id, seq, sender_id, client_id, content, created_at)
  select $3, allowed.id, allowed.last_seq + 1, $1, $4, $5, $6::timestamptz from allowed
  on conflict (sender_id, client_id) where client_id is not null do nothing
  returning seq
), bump as (
  update chats set last_seq = msg.seq, last_message_at = $6::timestamptz
    from msg where chats.id = $2
  returning chats.id
), streams as (
  insert into event_streams (stream, last_seq)
  select s, 1 from msg, allowed, unnest(array['user:' || $1::text, 'user:' || allowed.other_id::text]) s
  order by s
  on conflict (stream) do update set last_seq = event_streams.last_seq + 1
  returning stream, last_seq
), ev as (
  insert into events (stream, seq, type, actor_id, payload)
  select st.stream, st.last_seq, 'message.created', $1,
         jsonb_build_object('message', $7::jsonb || jsonb_build_object('seq', msg.seq))
    from streams st, msg
  returning 1
)
select chat.other_id as "otherId", ${tieFactsOf('chat')}, (select seq from msg) as seq,
  (select last_seq from streams where stream = 'user:' || $1::text) as "senderEventSeq",
  (select last_seq from streams where stream <> 'user:' || $1::text) as "otherEventSeq",
  (select count(*) from ev) as events,
  (select count(*) from bump) as bumped
from chat`;

/**
 * Group commit: many sends as one statement (one round trip, one transaction, one WAL flush
 * for all of them), each decided on its own like SEND_SQL. `ord` is the arrival order: a
 * chat's new messages are numbered in it, on from the chat's last seq read under its row lock
 * (chats are locked in id order and streams in name order, so two batches never deadlock).
 * A send the policy refuses, or whose client id is already stored (a retry), is simply left
 * out, so it takes no seq and the others still commit. The caller never puts one client id
 * twice in a batch; if a concurrent transaction (another instance) stores the same client id
 * meanwhile, the insert fails on the unique index and the whole statement rolls back, and the
 * caller sends each on its own (SEND_SQL) instead: never a hole in a chat's seqs.
 */
const SEND_MANY_SQL = `
with input as (
  select * from unnest($1::int[], $2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::text[],
                       $7::timestamptz[], $8::jsonb[])
    as t(ord, sender_id, chat_id, id, client_id, content, created_at, payload)
), locked as materialized (
  select c.id, c.last_seq from chats c
   where c.id = any($3::uuid[])
   order by c.id
   for update
), facts as (
  select i.*, l.last_seq, o.user_id as other_id,
    ${tieFacts('v', 'u')},
    exists (select 1 from messages m
             where m.sender_id = i.sender_id and m.client_id = i.client_id) as used
  from input i
  join locked l on l.id = i.chat_id
  join chat_members me on me.chat_id = i.chat_id and me.user_id = i.sender_id
  join chat_members o on o.chat_id = i.chat_id and o.user_id <> i.sender_id
  join users v on v.id = i.sender_id
  join users u on u.id = o.user_id
), fresh as (
  select f.*, f.last_seq + row_number() over (partition by f.chat_id order by f.ord) as seq
    from facts f
   where ${canMessageSql('f')} and not f.used
), msg as (
  insert into messages (id, chat_id, seq, sender_id, client_id, content, created_at)
  select id, chat_id, seq, sender_id, client_id, content, created_at from fresh order by ord
  returning 1
), bump as (
  update chats c set last_seq = b.seq, last_message_at = b.at
    from (select chat_id, max(seq) as seq, max(created_at) as at from fresh group by chat_id) b
   where c.id = b.chat_id
  returning 1
), fanout as (
  select f.ord, f.seq, f.sender_id, f.payload, s.stream, s.own,
    row_number() over (partition by s.stream order by f.ord) as k,
    count(*) over (partition by s.stream) as n
  from fresh f
  cross join lateral (values ('user:' || f.sender_id::text, true),
                             ('user:' || f.other_id::text, false)) as s(stream, own)
), streams as (
  insert into event_streams (stream, last_seq)
  select stream, count(*) from fanout group by stream order by stream
  on conflict (stream) do update set last_seq = event_streams.last_seq + excluded.last_seq
  returning stream, last_seq
), numbered as (
  select fo.*, st.last_seq - fo.n + fo.k as event_seq
    from fanout fo join streams st on st.stream = fo.stream
), ev as (
  insert into events (stream, seq, type, actor_id, payload)
  select stream, event_seq, 'message.created', sender_id,
         jsonb_build_object('message', payload || jsonb_build_object('seq', seq))
    from numbered order by ord, own desc
  returning 1
)
select f.ord, f.other_id as "otherId", ${tieFactsOf('f')}, fr.seq,
  (select event_seq from numbered n where n.ord = f.ord and n.own) as "senderEventSeq",
  (select event_seq from numbered n where n.ord = f.ord and not n.own) as "otherEventSeq",
  (select count(*) from msg) + (select count(*) from bump) + (select count(*) from ev) as written
from facts f left join fresh fr on fr.ord = f.ord`;

/** SQL of chats, members and messages. */
export function createChatRepository(db: Db, run: RunPrepared) {
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
    const { rows } = await sql<RawChat>`
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
    return rows.map(toChat);
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
          userLow: String(chat.low.seq),
          userHigh: String(chat.high.seq),
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
        .where('userLow', '=', String(Math.min(a, b)))
        .where('userHigh', '=', String(Math.max(a, b)))
        .executeTakeFirst();
      return row?.id;
    },

    /** A system message (the match greeting) under the chat's next seq. */
    async insertSystemMessage(trx: Trx, chatId: string, content: string): Promise<MessageRow> {
      const { rows } = await sql<RawMessage>`
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
      return toMessage(rows[0]!);
    },

    /**
     * Sends as one statement (SEND_SQL). `payload` is the message view without its seq.
     * Undefined when the sender is not a member of the chat (or it does not exist).
     */
    async send(m: NewMessage): Promise<SendOutcome | undefined> {
      const [row] = await run<RawOutcome>('chat-send', SEND_SQL, [
        m.senderId,
        m.chatId,
        m.id,
        m.clientId,
        m.content,
        m.createdAt,
        JSON.stringify(m.payload),
      ]);
      return row && toOutcome(row);
    },

    /**
     * Sends a batch as one statement (SEND_MANY_SQL), in the array's order. Answers each
     * send's outcome at its index; undefined where the sender is not a member of the chat.
     */
    async sendMany(sends: readonly NewMessage[]): Promise<(SendOutcome | undefined)[]> {
      type Row = RawOutcome & { ord: number; written: unknown };
      const rows = await run<Row>('chat-send-many', SEND_MANY_SQL, [
        sends.map((_, i) => i),
        sends.map((m) => m.senderId),
        sends.map((m) => m.chatId),
        sends.map((m) => m.id),
        sends.map((m) => m.clientId),
        sends.map((m) => m.content),
        sends.map((m) => m.createdAt),
        sends.map((m) => JSON.stringify(m.payload)),
      ]);
      const out: (SendOutcome | undefined)[] = sends.map(() => undefined);
      // `written` only makes the statement wait for its inserts; it is not an outcome.
      for (const { ord, written: _written, ...row } of rows) out[ord] = toOutcome(row);
      return out;
    },

    /** The message a sender already stored under `clientId` (a retry). */
    async byClientId(senderId: string, clientId: string, trx: Trx | Db = db) {
      const row = await trx
        .selectFrom('messages')
        .select(messageColumns)
        .where('senderId', '=', senderId)
        .where('clientId', '=', clientId)
        .executeTakeFirst();
      return row && toMessage(row);
    },

    /** The last message of each chat (by its last seq). */
    async lastMessages(chats: readonly ChatRow[]): Promise<Map<string, MessageRow>> {
      const withMessages = chats.filter((c) => c.lastSeq > 0);
      if (withMessages.length === 0) return new Map();
      const { rows } = await sql<RawMessage>`
        select m.id, m.chat_id as "chatId", m.seq, m.kind, m.sender_id as "senderId",
          m.client_id as "clientId", m.content, m.created_at as "createdAt", m.read_at as "readAt"
        from unnest(${withMessages.map((c) => c.id)}::uuid[],
                    ${withMessages.map((c) => c.lastSeq)}::bigint[]) as last(chat_id, seq)
        join messages m on m.chat_id = last.chat_id and m.seq = last.seq`.execute(db);
      return new Map(rows.map((r) => [r.chatId, toMessage(r)]));
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
          .where('seq', '>', String(cursor.after))
          .orderBy('seq', 'asc')
          .limit(limit + 1)
          .execute();
        return { messages: rows.slice(0, limit).map(toMessage), hasMore: rows.length > limit };
      }
      if (cursor.before !== undefined) q = q.where('seq', '<', String(cursor.before));
      const rows = await q
        .orderBy('seq', 'desc')
        .limit(limit + 1)
        .execute();
      return {
        messages: rows.slice(0, limit).reverse().map(toMessage),
        hasMore: rows.length > limit,
      };
    },

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
      const { rows } = await sql<{ deliveredSeq: string; readSeq: string; lastSeq: string }>`
        select m.delivered_seq as "deliveredSeq", m.read_seq as "readSeq", c.last_seq as "lastSeq"
          from chat_members m join chats c on c.id = m.chat_id
         where m.user_id = ${userId} and m.chat_id = ${chatId}
         for update of m`.execute(trx);
      const row = rows[0];
      if (!row) return undefined;
      const last = Number(row.lastSeq);
      const prevRead = Number(row.readSeq);
      const readSeq = Math.max(prevRead, Math.min(to.read ?? 0, last));
      const deliveredSeq = Math.max(
        Number(row.deliveredSeq),
        Math.min(Math.max(to.delivered ?? 0, readSeq), last),
      );
      if (readSeq === prevRead && deliveredSeq === Number(row.deliveredSeq)) return undefined;
      await trx
        .updateTable('chatMembers')
        .set({ deliveredSeq: String(deliveredSeq), readSeq: String(readSeq) })
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
          .where('seq', '>', String(prevRead))
          .where('seq', '<=', String(readSeq))
          .where('senderId', 'is distinct from', userId)
          .where('readAt', 'is', null)
          .execute();
      }
      return { deliveredSeq, readSeq, readAt };
    },

    async setMuted(trx: Trx, userId: string, chatId: string, muted: boolean): Promise<void> {
      await trx
        .updateTable('chatMembers')
        .set({ muted })
        .where('userId', '=', userId)
        .where('chatId', '=', chatId)
        .execute();
    },

    /**
     * Unread messages from others across a user's chats (last 30 days): the Chat tab's badge,
     * which leaves muted chats out (each keeps its own count in the list).
     */
    async unreadTotal(userId: string, trx: Trx | Db = db): Promise<number> {
      const { rows } = await sql<{ n: string }>`
        select count(*) as n
          from chat_members me
          join messages x on x.chat_id = me.chat_id and x.seq > me.read_seq
         where me.user_id = ${userId}
           and not me.muted
           and x.sender_id is distinct from ${userId}
           and x.created_at > ${unreadSince()}`.execute(trx);
      return Number(rows[0]?.n ?? 0);
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
      return rows.map(toMessage);
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

export type ChatRepository = ReturnType<typeof createChatRepository>;
