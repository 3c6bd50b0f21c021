import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The account states the interaction rule reads (modules/access/access.policy.ts); a value
    -- outside them would read as a state nobody wrote a rule for (issue 46).
    alter table users add constraint users_account_status_known
      check (account_status in ('ACTIVE', 'SUSPENDED', 'BANNED'));
  `.execute(db);
}
