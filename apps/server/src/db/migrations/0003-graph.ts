import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Favorites and blocks are read by the in-process graph index, so they use the compact seq
    -- keys like friendships do.
    create table favorites (
      user_seq bigint not null references users (seq) on delete cascade,
      favorite_seq bigint not null references users (seq) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_seq, favorite_seq),
      check (user_seq <> favorite_seq)
    );
    create index favorites_favorite_idx on favorites (favorite_seq);

    create table blocks (
      blocker_seq bigint not null references users (seq) on delete cascade,
      blocked_seq bigint not null references users (seq) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (blocker_seq, blocked_seq),
      check (blocker_seq <> blocked_seq)
    );
    create index blocks_blocked_idx on blocks (blocked_seq);

    create table reports (
      id uuid primary key,
      reporter_id uuid not null references users (id) on delete cascade,
      reported_id uuid not null references users (id) on delete cascade,
      reason text not null,
      context text not null,
      details text not null default '',
      created_at timestamptz not null default now()
    );
    create index reports_reported_idx on reports (reported_id, created_at);

    create table invitations (
      id uuid primary key,
      -- At least 96 random bits, base64url (DESIGN.md §3.13).
      code text not null unique check (length(code) >= 16),
      creator_id uuid not null references users (id) on delete cascade,
      message text,
      max_uses integer,
      current_uses integer not null default 0,
      expires_at timestamptz,
      is_active boolean not null default true,
      created_at timestamptz not null default now()
    );
    -- One general link per person, so "create on first call" cannot race into two.
    create unique index invitations_creator_active_idx on invitations (creator_id) where is_active;

    create table connection_requests (
      id uuid primary key,
      kind text not null default 'connect' check (kind in ('connect', 'invite')),
      from_user_id uuid not null references users (id) on delete cascade,
      to_user_id uuid not null references users (id) on delete cascade,
      invitation_id uuid references invitations (id) on delete set null,
      status text not null default 'PENDING' check (status in ('PENDING', 'accepted', 'rejected',
        'approved', 'declined', 'mutual_consent_given', 'FINAL_APPROVAL_PENDING', 'final_declined')),
      created_at timestamptz not null default now(),
      decided_at timestamptz,
      check (from_user_id <> to_user_id)
    );
    -- One open request per pair, whichever direction it goes.
    create unique index connection_requests_open_pair_idx on connection_requests
      (least(from_user_id, to_user_id), greatest(from_user_id, to_user_id))
      where status = 'PENDING';
    create index connection_requests_to_idx on connection_requests (to_user_id, status);
    create index connection_requests_from_idx on connection_requests (from_user_id, status, created_at);

    -- Outbox of graph changes: written in the same transaction as the change, numbered in
    -- commit order (writers hold one advisory lock), so every server instance applies them in
    -- order and a gap in the numbers means a missed message.
    create table graph_changes (
      id bigint generated always as identity primary key,
      kind text not null,
      a_seq bigint not null,
      b_seq bigint,
      created_at timestamptz not null default now(),
      trust_applied_at timestamptz
    );
    create index graph_changes_trust_pending_idx on graph_changes (id) where trust_applied_at is null;

    -- The graph change number the stored trust figures were computed at; a late, older write
    -- can then never overwrite a newer one.
    alter table users add column trust_version bigint not null default 0;
  `.execute(db);
}
