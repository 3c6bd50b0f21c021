import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Each person's settings (spec/3 §3 settings object, spec/2 §3 profiles.discovery_visibility),
    -- stored on the server and enforced there. A row exists once someone changes a setting;
    -- until then every column's default is the spec's (spec/3 §9). Discover (issue 14) reads
    -- discovery_visibility, show_age and hide_from_search; the settings screen (issue 15) adds
    -- the controls and enforces the rest.
    create table user_settings (
      user_id uuid primary key references users (id) on delete cascade,
      discovery_visibility text not null default '1st_2nd'
        check (discovery_visibility in ('1st_only', '1st_2nd', '1st_2nd_3rd')),
      location_sharing boolean not null default true,
      online_status boolean not null default true,
      show_age boolean not null default true,
      notify_new_matches boolean not null default true,
      notify_messages boolean not null default true,
      notify_connection_requests boolean not null default true,
      notify_promotions boolean not null default false,
      block_unverified boolean not null default false,
      require_mutual_connections boolean not null default true,
      hide_from_search boolean not null default false,
      read_receipts boolean not null default true,
      typing_indicators boolean not null default true,
      updated_at timestamptz not null default now()
    );
  `.execute(db);
}
