import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The event outbox: a service writes its events in the same transaction as the change, one
    -- row per recipient stream ('user:<id>', 'session:<hash>'), numbered without gaps per stream
    -- so a client can tell exactly what it missed. The dispatcher marks what it has delivered;
    -- rows stay for a while after that so reconnecting clients can resume from them.
    create table events (
      id bigint generated always as identity primary key,
      stream text not null,
      seq bigint not null,
      type text not null,
      actor_id uuid,
      payload jsonb not null,
      created_at timestamptz not null default now(),
      dispatched_at timestamptz,
      unique (stream, seq)
    );
    create index events_undispatched_idx on events (id) where dispatched_at is null;
    create index events_created_idx on events (created_at);

    -- The last sequence number handed out per stream; its row lock orders writers of a stream.
    create table event_streams (
      stream text primary key,
      last_seq bigint not null
    );
  `.execute(db);
}
