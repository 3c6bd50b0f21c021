import type { RunPrepared } from '../../db/prepared.ts';
import { canMessageSql, tieFacts, tieFactsOf } from '../access/access.sql.ts';
import type { RuleFacts } from './chat.chats.repository.ts';

/** What one send statement found and did (`send` below). */
export type SendOutcome = RuleFacts & {
  otherId: string;
  /** The stored message's seq; null when the client id was already used (a retry). */
  seq: number | null;
  /** The `message.created` events' seqs in the sender's and the other's stream (when stored). */
  senderEventSeq: number | null;
  otherEventSeq: number | null;
};

/** One send of a group commit (`sendMany` below). */
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

/** SQL of sends: one message, or a group commit's batch, each as one statement. */
export function createSendsRepository(run: RunPrepared) {
  return {
    /**
     * Sends as one statement (SEND_SQL). `payload` is the message view without its seq.
     * Undefined when the sender is not a member of the chat (or it does not exist).
     */
    async send(m: NewMessage): Promise<SendOutcome | undefined> {
      const [row] = await run<SendOutcome>('chat-send', SEND_SQL, [
        m.senderId,
        m.chatId,
        m.id,
        m.clientId,
        m.content,
        m.createdAt,
        JSON.stringify(m.payload),
      ]);
      return row;
    },

    /**
     * Sends a batch as one statement (SEND_MANY_SQL), in the array's order. Answers each
     * send's outcome at its index; undefined where the sender is not a member of the chat.
     */
    async sendMany(sends: readonly NewMessage[]): Promise<(SendOutcome | undefined)[]> {
      type Row = SendOutcome & { ord: number; written: unknown };
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
      for (const { ord, written: _written, ...row } of rows) out[ord] = row;
      return out;
    },
  };
}
