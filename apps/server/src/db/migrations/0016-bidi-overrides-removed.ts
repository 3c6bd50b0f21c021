import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The bidirectional embeddings and overrides (U+202A–U+202E) were refused in names only, so a
  // bio, a city, a message or an invitation message could read as other text to its reader
  // ('\u202Eevil\u202C' shows as 'live'). Every text now refuses them (domain text.ts); what was
  // stored before has them taken out. Report evidence keeps what was reported, as it was.
  const overrides = sql`('[' || chr(8234) || '-' || chr(8238) || ']')`;
  await sql`
    update users
       set bio = regexp_replace(bio, ${overrides}, '', 'g'),
           location = regexp_replace(location, ${overrides}, '', 'g')
     where bio ~ ${overrides} or location ~ ${overrides}
  `.execute(db);
  await sql`
    update messages set content = regexp_replace(content, ${overrides}, '', 'g')
     where content ~ ${overrides}
  `.execute(db);
  await sql`
    update invitations set message = regexp_replace(message, ${overrides}, '', 'g')
     where message ~ ${overrides}
  `.execute(db);
}
