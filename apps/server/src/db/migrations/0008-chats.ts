import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- One conversation per pair of people (issue 13): a friend chat, or a match chat once they
    -- matched. The pair is unique, so opening it twice (two taps, two devices) finds one chat.
    -- last_seq hands out the per-chat message sequence; its row lock orders a chat's senders.
    create table chats (
      id uuid primary key,
      user_low bigint not null references users (seq) on delete cascade,
      user_high bigint not null references users (seq) on delete cascade,
      kind text not null default 'friend' check (kind in ('friend', 'match')),
      last_seq bigint not null default 0,
      last_message_at timestamptz,
      created_at timestamptz not null default now(),
      unique (user_low, user_high),
      check (user_low < user_high)
    );

    -- Each member's own state: how far their devices have received and read, and the mute.
    create table chat_members (
      user_id uuid not null references users (id) on delete cascade,
      chat_id uuid not null references chats (id) on delete cascade,
      delivered_seq bigint not null default 0,
      read_seq bigint not null default 0,
      muted boolean not null default false,
      primary key (user_id, chat_id)
    );
    create index chat_members_chat_idx on chat_members (chat_id);

    -- Messages, numbered 1, 2, 3 ... per chat. client_id makes a sender's retry idempotent.
    -- kind 'system' is the automatic match greeting (no sender).
    create table messages (
      id uuid primary key,
      chat_id uuid not null references chats (id) on delete cascade,
      seq bigint not null,
      sender_id uuid references users (id) on delete set null,
      client_id uuid,
      kind text not null default 'text' check (kind in ('text', 'system')),
      content text not null,
      created_at timestamptz not null default now(),
      read_at timestamptz,
      unique (chat_id, seq)
    );
    create unique index messages_client_idx on messages (sender_id, client_id)
      where client_id is not null;

    -- Reported messages copied for the moderators: they stay as evidence whatever happens to
    -- the chat afterwards.
    create table report_evidence (
      report_id uuid not null references reports (id) on delete cascade,
      message_id uuid not null,
      chat_id uuid not null,
      sender_id uuid,
      content text not null,
      sent_at timestamptz not null,
      added_at timestamptz not null default now(),
      primary key (report_id, message_id)
    );
  `.execute(db);
}
