import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A person may hold several links now (issue 12): the one the Invite Friends dialog shares
    -- (is_default: unlimited, no expiry, created on first use) and any with a use limit or an
    -- expiry. Still one default per person, so "create on first call" cannot race into two.
    drop index invitations_creator_active_idx;
    alter table invitations add column is_default boolean not null default false;
    alter table invitations add column updated_at timestamptz not null default now();
    update invitations set is_default = true where is_active;
    create unique index invitations_creator_default_idx on invitations (creator_id)
      where is_default and is_active;
    create index invitations_creator_idx on invitations (creator_id, created_at);
    alter table invitations add constraint invitations_max_uses_check
      check (max_uses is null or max_uses > 0);

    -- The consent chain keeps a pair's request open through approved and
    -- FINAL_APPROVAL_PENDING, so "one open request per pair" covers those too.
    drop index connection_requests_open_pair_idx;
    create unique index connection_requests_open_pair_idx on connection_requests
      (least(from_user_id, to_user_id), greatest(from_user_id, to_user_id))
      where status in ('PENDING', 'approved', 'FINAL_APPROVAL_PENDING');
    -- Per-user answers of an invitation ("You have already used this invitation" ...).
    create index connection_requests_invitation_idx on connection_requests (invitation_id)
      where invitation_id is not null;
  `.execute(db);
}
