import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- What each person did with each other person in Discover (issue 14): a like or superlike,
    -- a pass (declined: never shown again), or a skip (shown again after a discovery reset).
    create table swipes (
      user_seq bigint not null references users (seq) on delete cascade,
      target_seq bigint not null references users (seq) on delete cascade,
      action text not null check (action in ('like', 'superlike', 'pass', 'skip')),
      created_at timestamptz not null default now(),
      primary key (user_seq, target_seq)
    );
    create index swipes_recent_idx on swipes (user_seq, created_at desc);

    -- The match of a pair (spec/2 §4): pending after one like (initiator_seq: who liked first;
    -- never shown to the other), active once both liked, declined after a pass or an unmatch.
    alter table matches add column initiator_seq bigint references users (seq) on delete cascade;
    alter table matches add column matched_at timestamptz;
    alter table matches add column declined_at timestamptz;
    alter table matches add column last_activity_at timestamptz not null default now();
    alter table matches add constraint matches_status_check
      check (status in ('pending', 'active', 'declined'));
  `.execute(db);
}
