import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- One report per reporter and reported person (issue 18): reporting again, or blocking
    -- after a report, adds its reason and details to the same row and counts it, so one person
    -- cannot bury another under rows. Earlier duplicates are merged into the oldest row.
    alter table reports add column report_count integer not null default 1;
    alter table reports add column updated_at timestamptz not null default now();
    with ranked as (
      select id, reporter_id, reported_id,
             row_number() over (partition by reporter_id, reported_id order by created_at, id) as n
      from reports
    ), merged as (
      select r.reporter_id, r.reported_id, count(*)::int as total,
             left(string_agg(r.reason || ': ' || r.details, E'\n' order by r.created_at, r.id), 4000)
               as details,
             max(r.created_at) as last_at
      from reports r
      group by r.reporter_id, r.reported_id
      having count(*) > 1
    )
    update reports k
       set report_count = m.total, details = m.details, updated_at = m.last_at
      from merged m, ranked x
     where x.id = k.id and x.n = 1
       and k.reporter_id = m.reporter_id and k.reported_id = m.reported_id;
    delete from reports k
     using (select id, row_number() over (partition by reporter_id, reported_id
                                          order by created_at, id) as n from reports) x
     where x.id = k.id and x.n > 1;
    create unique index reports_pair_idx on reports (reporter_id, reported_id);
  `.execute(db);
}
