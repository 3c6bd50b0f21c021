import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Trust and safety (issue 47, DESIGN.md §6). A suspension ends at suspended_until; the
    -- account_status of a suspended or banned person is what the interaction rule reads.
    alter table users add column suspended_until timestamptz;

    -- Staff: a member with a role. The first admins come from STAFF_ADMINS; admins grant the rest.
    create table staff_roles (
      user_id uuid primary key references users (id) on delete cascade,
      role text not null check (role in ('moderator', 'admin')),
      granted_by uuid references users (id) on delete set null,
      granted_at timestamptz not null default now()
    );

    -- Staff sign in as members, then prove a passkey (WebAuthn) as a second factor: its time
    -- is kept on the session, and staff routes ask for one younger than 12 hours. The
    -- ceremony's challenge waits on the session too (one at a time).
    create table staff_passkeys (
      credential_id text primary key,
      user_id uuid not null references users (id) on delete cascade,
      public_key bytea not null,
      counter bigint not null default 0,
      transports text[] not null default '{}',
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    );
    create index staff_passkeys_user_idx on staff_passkeys (user_id);
    alter table sessions add column staff_verified_at timestamptz;
    alter table sessions add column webauthn_challenge text;
    alter table sessions add column webauthn_challenge_expires_at timestamptz;

    -- What staff did to a person: the person sees the kind, the reason and the message, and may
    -- appeal each action once. Kept when the person or the staff member deletes their account.
    create table moderation_actions (
      id uuid primary key,
      user_id uuid references users (id) on delete set null,
      staff_id uuid references users (id) on delete set null,
      kind text not null check (kind in ('warn', 'suspend', 'ban', 'lift')),
      reason text not null,
      message text not null default '',
      ends_at timestamptz,
      acknowledged_at timestamptz,
      overturned_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index moderation_actions_user_idx on moderation_actions (user_id, created_at desc);

    create table appeals (
      id uuid primary key,
      action_id uuid not null unique references moderation_actions (id) on delete cascade,
      user_id uuid references users (id) on delete set null,
      text text not null check (char_length(text) between 1 and 2000),
      status text not null default 'open' check (status in ('open', 'upheld', 'overturned')),
      decision_reason text,
      decided_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      decided_at timestamptz
    );
    create index appeals_open_idx on appeals (created_at) where status = 'open';

    -- Who may not sign up again (ban evasion): the provider identity ('identity',
    -- 'issuer subject') and the normalized e-mail ('email') of a banned account. No foreign key
    -- to users: the rows outlive the account (the Privacy Policy says so).
    create table banned_identities (
      kind text not null check (kind in ('identity', 'email')),
      value text not null,
      action_id uuid references moderation_actions (id) on delete set null,
      created_at timestamptz not null default now(),
      primary key (kind, value)
    );

    -- Every staff action and role change, append-only: no statement may change or remove a row.
    create table audit_log (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      staff_id uuid,
      action text not null,
      subject_id uuid,
      detail jsonb not null default '{}'
    );
    create index audit_log_at_idx on audit_log (at desc);
    create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only';
      end
    $$;
    create trigger audit_log_no_update before update or delete on audit_log
      for each row execute function audit_log_append_only();
    create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only();
  `.execute(db);
}
