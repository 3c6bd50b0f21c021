import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A member who deleted their account leaves with their chat_members row, and with it how far
    -- they had received and read: the one left saw their own messages fall back to 'Sent'
    -- (issue 45). The positions are kept on the chat when the member goes.
    alter table chats add column departed_delivered_seq bigint not null default 0;
    alter table chats add column departed_read_seq bigint not null default 0;
  `.execute(db);
}
