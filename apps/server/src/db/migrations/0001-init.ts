import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id uuid primary key,
      seq bigint generated always as identity unique,
      email text,
      name text,
      dob date,
      gender text not null default 'other',
      interested_in text not null default 'everyone',
      bio text not null default '',
      location text not null default '',
      dating_goal text not null default 'both',
      interests text[] not null default '{}',
      photo_url text,
      account_status text not null default 'ACTIVE',
      trust_score integer not null default 0,
      friend_count integer not null default 0,
      second_degree_count integer not null default 0,
      show_in_paths boolean not null default true,
      is_staff boolean not null default false,
      is_demo boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index users_email_idx on users (lower(email));

    create table oauth_identities (
      provider text not null,
      subject text not null,
      user_id uuid not null references users (id) on delete cascade,
      email text,
      created_at timestamptz not null default now(),
      primary key (provider, subject)
    );
    create index oauth_identities_user_idx on oauth_identities (user_id);

    create table password_credentials (
      user_id uuid primary key references users (id) on delete cascade,
      email text not null unique,
      password_hash text not null,
      created_at timestamptz not null default now()
    );

    create table sessions (
      token_hash text primary key,
      user_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      idle_expires_at timestamptz not null,
      expires_at timestamptz not null,
      user_agent text not null default ''
    );
    create index sessions_user_idx on sessions (user_id);

    create table auth_flows (
      id_hash text primary key,
      state text not null,
      nonce text not null,
      code_verifier text not null,
      return_to text,
      expires_at timestamptz not null
    );

    create table dev_idp_accounts (
      subject text primary key,
      name text not null,
      email text not null,
      created_at timestamptz not null default now()
    );
    create index dev_idp_accounts_email_idx on dev_idp_accounts (lower(email));

    create table user_onboarding_status (
      user_id uuid primary key references users (id) on delete cascade,
      onboarding_completed boolean not null default false,
      completion_date timestamptz,
      profile_step_completed boolean not null default false,
      photo_step_completed boolean not null default false,
      preferences_step_completed boolean not null default false,
      updated_at timestamptz not null default now()
    );

    -- Undirected friendship stored once, keyed by the users' compact seq ids in sorted order.
    create table friendships (
      user_low bigint not null references users (seq) on delete cascade,
      user_high bigint not null references users (seq) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_low, user_high),
      check (user_low < user_high)
    );
    create index friendships_high_idx on friendships (user_high, user_low);

    create table media_objects (
      key text primary key,
      owner_id uuid references users (id) on delete set null,
      content_type text not null,
      bytes integer not null,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}
