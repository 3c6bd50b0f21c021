import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Several photos (issue 48): up to six current photos per person, in the order they chose;
    -- position 0 is the main one (users.photo_id, the avatar everywhere). Replaced rows keep
    -- their position until the cleanup job deletes them, so only current rows are unique.
    alter table photos add column position smallint not null default 0;
    -- A reorder moves the rows to -1 - position first (photos.repository.ts setPositions).
    alter table photos add constraint photos_position_range check (position between -6 and 5);
    drop index photos_current_idx;
    create unique index photos_current_idx on photos (user_id, position) where replaced_at is null;

    -- Prompts (issue 48): up to three { prompt, answer } pairs, the prompt an id of the
    -- domain's list (packages/domain/src/prompts.ts).
    alter table users add column prompts jsonb not null default '[]';
  `.execute(db);
}
