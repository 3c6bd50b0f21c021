import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- When the person last changed their date of birth after onboarding (null: never). The
    -- birth date sets the age Discover filters on, so it may change once per 30 days
    -- (issue 18; modules/users/profile.service.ts).
    alter table users add column dob_changed_at timestamptz;
  `.execute(db);
}
