import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Notifications (issue 16). What a message notification may show on the lock screen.
    alter table user_settings add column notify_preview text not null default 'full'
      check (notify_preview in ('full', 'sender', 'none'));
    -- A short tone with a notification shown in the page (spec/3 §4); off by this setting.
    alter table user_settings add column notify_sound boolean not null default true;

    -- The server's own keys, made on first start (the VAPID key pair).
    create table app_keys (
      name text primary key,
      value jsonb not null,
      created_at timestamptz not null default now()
    );

    -- One push subscription per device (browser), bound to the session that made it: a
    -- sign-out, expiry or revocation deletes the session and its subscription with it, so a
    -- signed-out device gets nothing.
    create table push_subscriptions (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      session_hash text not null references sessions (token_hash) on delete cascade,
      endpoint text not null unique,
      p256dh text not null,
      auth text not null,
      created_at timestamptz not null default now()
    );
    create index push_subscriptions_user on push_subscriptions (user_id);
  `.execute(db);
}
