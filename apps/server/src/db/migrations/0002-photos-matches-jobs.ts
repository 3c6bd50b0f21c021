import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- One current photo per user (DESIGN.md §3.5); replaced rows keep replaced_at until the
    -- cleanup job has removed their files, then the row is deleted.
    create table photos (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      main_key text not null,
      avatar_keys jsonb not null,
      width integer not null,
      height integer not null,
      created_at timestamptz not null default now(),
      replaced_at timestamptz
    );
    create unique index photos_current_idx on photos (user_id) where replaced_at is null;

    -- Denormalised for list screens: the 128 px avatar of the current photo.
    alter table users add column avatar_url text;
    alter table users add column photo_id uuid references photos (id) on delete set null;

    -- Matches (filled by the discover issue); the profile's Matches tile counts them.
    create table matches (
      id uuid primary key,
      user_low bigint not null references users (seq) on delete cascade,
      user_high bigint not null references users (seq) on delete cascade,
      status text not null default 'active',
      created_at timestamptz not null default now(),
      unique (user_low, user_high),
      check (user_low < user_high)
    );
    create index matches_high_idx on matches (user_high);

    -- Postgres-backed job queue (DESIGN.md §1): photo cleanup now, more kinds later.
    create table jobs (
      id bigint generated always as identity primary key,
      kind text not null,
      payload jsonb not null,
      run_at timestamptz not null default now(),
      attempts integer not null default 0,
      locked_until timestamptz,
      last_error text,
      created_at timestamptz not null default now()
    );
    create index jobs_due_idx on jobs (run_at) where locked_until is null;
  `.execute(db);
}
