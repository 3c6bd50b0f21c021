import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The report queue (issue 47): one open case per reported person; a decision closes it and
    -- the next report opens a new one. Kept when the person deletes their account.
    create table moderation_cases (
      id uuid primary key,
      user_id uuid references users (id) on delete set null,
      status text not null default 'open' check (status in ('open', 'closed')),
      -- Several reporters in good standing for a severe reason (the automatic hold).
      urgent boolean not null default false,
      -- The queue's order, kept up to date as reports come in (the queue reads one index):
      -- the gravest reason, distinct reporters, the sum of their standing, the oldest report.
      severity integer not null default 0,
      reporters integer not null default 0,
      standing integer not null default 0,
      reasons text[] not null default '{}',
      opened_at timestamptz not null default now(),
      closed_at timestamptz,
      outcome text check (outcome in ('dismissed', 'actioned')),
      decided_by uuid references users (id) on delete set null,
      action_id uuid references moderation_actions (id) on delete set null
    );
    create unique index moderation_cases_open_idx on moderation_cases (user_id)
      where status = 'open';
    create index moderation_cases_user_idx on moderation_cases (user_id, opened_at desc);
    create index moderation_cases_queue_idx on moderation_cases
      (status, urgent desc, severity desc, reporters desc, standing desc, opened_at, id);

    create table case_notes (
      id uuid primary key,
      case_id uuid not null references moderation_cases (id) on delete cascade,
      staff_id uuid references users (id) on delete set null,
      text text not null check (char_length(text) between 1 and 2000),
      created_at timestamptz not null default now()
    );
    create index case_notes_case_idx on case_notes (case_id, created_at);

    -- Reporters hear back: a notification kind of its own (Settings → Notifications).
    alter table user_settings add column notify_report_updates boolean not null default true;

    -- Held out of Discover pending review (the automatic hold); the graph's facts read it.
    alter table users add column discover_held_at timestamptz;

    -- Removing a photo or a bio is an action the person is told of, like a warning.
    alter table moderation_actions drop constraint moderation_actions_kind_check;
    alter table moderation_actions add constraint moderation_actions_kind_check
      check (kind in ('warn', 'suspend', 'ban', 'lift', 'remove_photo', 'remove_bio'));

    -- A report belongs to a case, keeps what the reported profile showed when it was made, and
    -- tells its reporter the outcome. Reports outlive both accounts (evidence).
    alter table reports add column case_id uuid references moderation_cases (id);
    alter table reports add column snapshot jsonb not null default '{}';
    alter table reports add column reviewed_at timestamptz;
    alter table reports add column action_taken boolean;
    alter table reports drop constraint reports_reporter_id_fkey;
    alter table reports drop constraint reports_reported_id_fkey;
    alter table reports alter column reporter_id drop not null;
    alter table reports alter column reported_id drop not null;
    alter table reports add constraint reports_reporter_id_fkey
      foreign key (reporter_id) references users (id) on delete set null;
    alter table reports add constraint reports_reported_id_fkey
      foreign key (reported_id) references users (id) on delete set null;

    -- The reports made so far become one open case per reported person.
    insert into moderation_cases (id, user_id, opened_at)
    select gen_random_uuid(), reported_id, min(created_at) from reports group by reported_id;
    update reports r set case_id = c.id from moderation_cases c where c.user_id = r.reported_id;
    update moderation_cases c set
      reporters = x.reporters,
      reasons = x.reasons,
      severity = x.severity
    from (select case_id, count(distinct reporter_id)::int as reporters,
                 array_agg(distinct reason) as reasons,
                 max(case reason when 'underage' then 6 when 'harassment' then 5
                   when 'fake_profile' then 4 when 'inappropriate_content' then 3
                   when 'spam' then 2 when 'other' then 1 else 0 end) as severity
            from reports group by case_id) x
    where x.case_id = c.id;
    alter table reports alter column case_id set not null;

    -- One row per reporter in a case: a repeat within the case adds to it.
    drop index reports_pair_idx;
    create unique index reports_case_reporter_idx on reports (case_id, reporter_id);
    create index reports_reporter_idx on reports (reporter_id, created_at desc);

    -- The photo a snapshot shows stays in storage while the report exists.
    create table evidence_media (
      report_id uuid not null references reports (id) on delete cascade,
      media_key text not null,
      primary key (report_id, media_key)
    );
    create index evidence_media_key_idx on evidence_media (media_key);
  `.execute(db);
}
