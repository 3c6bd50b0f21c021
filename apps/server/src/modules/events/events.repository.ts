import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import type { CommittedEvent } from './events.live.ts';

export type NewEvent = { stream: string; type: string; actorId: string | null; payload: unknown };
export type StoredEvent = {
  id: number;
  stream: string;
  seq: number;
  type: string;
  payload: unknown;
};
/** An event without its payload: what the dispatcher reads first (events.dispatcher.ts). */
export type EventHead = Omit<StoredEvent, 'payload'>;

/** Only one instance dispatches at a time, so each stream goes out in order. */
const DISPATCH_LOCK = 0x4856_4e54; // "HVNT"

/** SQL of the event outbox: appending inside a writer's transaction, dispatching, resuming. */
export function createEventsRepository(db: Db) {
  return {
    /**
     * Appends events, numbering each stream on from its last seq, and answers them with their
     * seqs. Streams are locked in sorted order, so two writers that both touch streams A and B
     * cannot deadlock on them.
     */
    async append(trx: Trx, events: readonly NewEvent[]): Promise<CommittedEvent[]> {
      if (events.length === 0) return [];
      const perStream = new Map<string, number>();
      for (const e of events) perStream.set(e.stream, (perStream.get(e.stream) ?? 0) + 1);
      const streams = [...perStream.keys()].sort();
      const { rows } = await sql<{ stream: string; lastSeq: number }>`
        insert into event_streams (stream, last_seq)
        select s, n from unnest(${streams}::text[], ${streams.map((s) => perStream.get(s)!)}::bigint[]) as t(s, n)
        on conflict (stream) do update set last_seq = event_streams.last_seq + excluded.last_seq
        returning stream, last_seq as "lastSeq"`.execute(trx);
      const next = new Map(rows.map((r) => [r.stream, r.lastSeq - perStream.get(r.stream)! + 1]));
      const numbered = events.map((e) => {
        const seq = next.get(e.stream)!;
        next.set(e.stream, seq + 1);
        return { ...e, seq };
      });
      await trx
        .insertInto('events')
        .values(
          numbered.map((e) => ({
            stream: e.stream,
            seq: e.seq,
            type: e.type,
            actorId: e.actorId,
            payload: JSON.stringify(e.payload),
          })),
        )
        .execute();
      return numbered.map(({ stream, seq, type, payload }) => ({ stream, seq, type, payload }));
    },

    /**
     * Runs `deliver` over the oldest undelivered events while holding the dispatch lock, and
     * marks them delivered in the same transaction. Null when another instance holds the lock.
     * A crash before the commit leaves them undelivered: they go out again (at least once).
     * `deliver` gets the events' heads and reads the payloads of those it still has work for
     * with `read`: most events of a busy chat went out at once from their writer (events.live.ts),
     * and the pass only marks them.
     */
    async dispatchBatch(
      limit: number,
      deliver: (
        heads: EventHead[],
        trx: Trx,
        read: (ids: readonly number[]) => Promise<StoredEvent[]>,
      ) => Promise<void>,
    ): Promise<number | null> {
      return db.transaction().execute(async (trx) => {
        const { rows: locked } = await sql<{ ok: boolean }>`
          select pg_try_advisory_xact_lock(${DISPATCH_LOCK}) as ok`.execute(trx);
        if (!locked[0]?.ok) return null;
        const rows = await trx
          .selectFrom('events')
          .select(['id', 'stream', 'seq', 'type'])
          .where('dispatchedAt', 'is', null)
          .orderBy('id')
          .limit(limit)
          .execute();
        if (rows.length === 0) return 0;
        const ids = rows.map((r) => r.id);
        await deliver(rows, trx, async (wanted) => {
          if (wanted.length === 0) return [];
          const { rows: full } = await sql<StoredEvent>`
            select id, stream, seq, type, payload from events
             where id = any(${wanted}::bigint[]) order by id`.execute(trx);
          return full;
        });
        await sql`update events set dispatched_at = now()
                   where id = any(${ids}::bigint[])`.execute(trx);
        return rows.length;
      });
    },

    /** Up to `limit` events of a stream after `afterSeq`, in order. */
    async after(stream: string, afterSeq: number, limit: number): Promise<StoredEvent[]> {
      return db
        .selectFrom('events')
        .select(['id', 'stream', 'seq', 'type', 'payload'])
        .where('stream', '=', stream)
        .where('seq', '>', afterSeq)
        .orderBy('seq')
        .limit(limit)
        .execute();
    },

    /** The last seq handed out per stream (0 for a stream with no events yet). */
    async heads(streams: readonly string[]): Promise<Map<string, number>> {
      const out = new Map(streams.map((s) => [s, 0]));
      if (streams.length === 0) return out;
      const rows = await db
        .selectFrom('eventStreams')
        .select(['stream', 'lastSeq'])
        .where('stream', 'in', [...streams])
        .execute();
      for (const r of rows) out.set(r.stream, r.lastSeq);
      return out;
    },

    /**
     * Per stream, how many ms ago its newest kept event was recorded (by the database's clock,
     * when its row was written: migration 0015). A stream that keeps no event is absent.
     */
    async quietFor(streams: readonly string[]): Promise<Map<string, number>> {
      if (streams.length === 0) return new Map();
      const { rows } = await sql<{ stream: string; quietMs: string }>`
        select stream, floor(extract(epoch from (now() - max(created_at))) * 1000) as "quietMs"
        from events where stream = any(${[...streams]}::text[]) group by stream`.execute(db);
      return new Map(rows.map((r) => [r.stream, Math.max(0, Number(r.quietMs))]));
    },

    /** Seconds the oldest undispatched event has waited (0: the outbox is empty). */
    async outboxLagSeconds(): Promise<number> {
      const { rows } = await sql<{ lag: number | string | null }>`
        select extract(epoch from now() - min(created_at)) as lag
        from (select created_at from events where dispatched_at is null order by id limit 1) e`.execute(
        db,
      );
      return Math.max(0, Number(rows[0]?.lag ?? 0));
    },

    /**
     * Delivered events older than `before` go (a client further behind refetches), and so do
     * the counters of session streams with no events left (a session's stream ends with it).
     */
    async prune(before: Date): Promise<void> {
      await db
        .deleteFrom('events')
        .where('createdAt', '<', before)
        .where('dispatchedAt', 'is not', null)
        .execute();
      await sql`
        delete from event_streams s
        where s.stream like 'session:%'
          and not exists (select 1 from events e where e.stream = s.stream)`.execute(db);
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
