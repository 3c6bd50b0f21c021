import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- "Pause my profile" (issue 48): out of everyone's Discover, and Discover shows the person
    -- nobody, until they resume; friends, chats and the Network are untouched.
    alter table user_settings add column discover_paused boolean not null default false;

    -- Super likes (issue 48): one in any 24 hours, counted by when each was given, which a
    -- later like or pass of the same person does not erase. Who super liked a person: their
    -- cards say so in that person's Discover (read on every page, so an index of its own; the
    -- table is small enough at this point to build it without CONCURRENTLY).
    alter table swipes add column superliked_at timestamptz;
    update swipes set superliked_at = created_at where action = 'superlike';
    create index swipes_superliked_idx on swipes (target_seq) where action = 'superlike';
  `.execute(db);
}
