import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- When the person last used the app (a session created or used; kept current to within the
    -- sessions' touch interval). The legal texts promise that accounts never verified and
    -- inactive for 90 days are deleted (spec/3 §9): the sweep in modules/account reads this.
    alter table users add column last_active_at timestamptz not null default now();
    create index users_last_active_at on users (last_active_at);
  `.execute(db);
}
