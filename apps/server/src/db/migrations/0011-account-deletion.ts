import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Account deletion (issue 15, docs/API-account.md): the other person keeps the
    -- conversation. A chat no longer goes with either of its people; the deleted person's side
    -- becomes null (their chat_members row goes, their messages' sender_id is set null), and
    -- the chat is shown to the one left as 'Unknown User', read-only.
    alter table chats alter column user_low drop not null;
    alter table chats alter column user_high drop not null;
    alter table chats drop constraint chats_user_low_fkey;
    alter table chats drop constraint chats_user_high_fkey;
    alter table chats add constraint chats_user_low_fkey
      foreign key (user_low) references users (seq) on delete set null;
    alter table chats add constraint chats_user_high_fkey
      foreign key (user_high) references users (seq) on delete set null;
  `.execute(db);
}
