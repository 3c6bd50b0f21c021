import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Photo files are content-addressed, so several photos rows may share a file. The cleanup
    -- job deletes a file only when no row references it any more; these indexes answer that
    -- question without reading the whole table.
    create index photos_main_key_idx on photos (main_key);
    create index photos_avatar_keys_idx on photos using gin (avatar_keys jsonb_path_ops);

    -- A job that exhausted its attempts stays for inspection instead of being retried forever.
    alter table jobs add column failed_at timestamptz;
    create index jobs_claim_idx on jobs (run_at) where failed_at is null;
  `.execute(db);
}
