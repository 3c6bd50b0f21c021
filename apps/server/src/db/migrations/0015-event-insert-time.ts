import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- An event's time is when its row was written, not when its transaction began (now()):
    -- every writer appends its events last, just before the commit, so an event recorded
    -- longer than a moment ago is visible to every read since. A first realtime contact
    -- relies on it to know that a page's answers already hold a stream's events (issue 17).
    alter table events alter column created_at set default clock_timestamp();
  `.execute(db);
}
