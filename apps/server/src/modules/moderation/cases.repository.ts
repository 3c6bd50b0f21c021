import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';

/** What a merged report keeps of everything said in it. */
const REPORT_DETAILS_MAX = 4000;
/** How many cases a page of the queue holds. */
export const QUEUE_PAGE = 50;

/**
 * How grave each report reason is: the queue's first key. `underage` and harassment (threats)
 * first; 'blocked' is the report a block files without a reason.
 */
const SEVERITY: Record<string, number> = {
  underage: 6,
  harassment: 5,
  fake_profile: 4,
  inappropriate_content: 3,
  spam: 2,
  other: 1,
  blocked: 0,
};
/** The reasons for which several reporters hold a person out of Discover (the automatic hold). */
export const HOLD_REASONS = ['underage', 'harassment', 'fake_profile'] as const;
/** How many distinct reporters in good standing, within how long, place the hold. */
export const HOLD_REPORTERS = 3;
const HOLD_WINDOW = '24 hours';
/** A reporter with a warning or worse in this time is not in good standing. */
const STANDING_WINDOW = '90 days';

const severityOf = (column: string) =>
  `(case ${column} ${Object.entries(SEVERITY)
    .map(([reason, n]) => `when '${reason}' then ${n}`)
    .join(' ')} else 0 end)`;

/**
 * A reporter's standing as a number (the queue's tie-break after the count of reporters):
 * signed in through the provider 2, an account older than 30 days 1, three friends or more 1.
 * `ru` is the reporter's users row.
 */
const REPORTER_STANDING = `((case when exists (select 1 from oauth_identities oi where oi.user_id = ru.id)
      then 2 else 0 end)
    + (case when ru.created_at < now() - interval '30 days' then 1 else 0 end)
    + (case when ru.friend_count >= 3 then 1 else 0 end))`;

/** What the reported profile showed when the report was made (kept as evidence). */
export type ProfileSnapshot = {
  name: string | null;
  bio: string;
  age: number | null;
  location: string;
  interests: string[];
  photoKey: string | null;
};

export type QueueFilter = {
  state: 'open' | 'urgent' | 'closed';
  reason?: string | undefined;
  offset: number;
};

/** SQL of reports, the cases they form, staff notes and the automatic hold. */
export function createCasesRepository(db: Db) {
  return {
    /** The reported profile as it is now, in the report's transaction. */
    async snapshot(trx: Trx, userId: string): Promise<ProfileSnapshot | undefined> {
      const row = await trx
        .selectFrom('users as u')
        .leftJoin('photos as p', 'p.id', 'u.photoId')
        .select([
          'u.name',
          'u.bio',
          'u.location',
          'u.interests',
          'p.mainKey',
          sql<number | null>`extract(year from age(u.dob::date))::int`.as('age'),
        ])
        .where('u.id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        name: row.name,
        bio: row.bio,
        age: row.age,
        location: row.location,
        interests: row.interests,
        photoKey: row.mainKey ?? null,
      };
    },

    /** The person's open case, opened if there is none, locked until the transaction ends. */
    async openCase(trx: Trx, userId: string, newId: string): Promise<{ id: string }> {
      await sql`insert into moderation_cases (id, user_id) values (${newId}, ${userId})
        on conflict (user_id) where status = 'open' do nothing`.execute(trx);
      return trx
        .selectFrom('moderationCases')
        .select('id')
        .where('userId', '=', userId)
        .where('status', '=', 'open')
        .forUpdate()
        .executeTakeFirstOrThrow();
    },

    /**
     * Files the report in the case: one row per reporter in a case, a repeat adding its words
     * to it and keeping the gravest reason. Returns the row's id.
     */
    async insertReport(
      trx: Trx,
      row: {
        id: string;
        caseId: string;
        reporterId: string;
        reportedId: string;
        reason: string;
        context: string;
        details: string;
        snapshot: ProfileSnapshot;
      },
    ): Promise<string> {
      const stored = await trx
        .insertInto('reports')
        .values({ ...row, snapshot: JSON.stringify(row.snapshot) })
        .onConflict((oc) =>
          oc.columns(['caseId', 'reporterId']).doUpdateSet({
            reason: sql<string>`case when ${sql.raw(severityOf('excluded.reason'))}
              > ${sql.raw(severityOf('reports.reason'))} then excluded.reason else reports.reason end`,
            context: sql<string>`case when ${sql.raw(severityOf('excluded.reason'))}
              > ${sql.raw(severityOf('reports.reason'))} then excluded.context else reports.context end`,
            details: sql<string>`right(reports.details || E'\n' || excluded.reason
              || case when excluded.details = '' then '' else ': ' || excluded.details end, ${REPORT_DETAILS_MAX})`,
            snapshot: sql`excluded.snapshot`,
            reportCount: sql<number>`reports.report_count + 1`,
            updatedAt: sql<Date>`now()`,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      if (row.snapshot.photoKey) {
        await trx
          .insertInto('evidenceMedia')
          .values({ reportId: stored.id, mediaKey: row.snapshot.photoKey })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      return stored.id;
    },

    /** Brings the case's queue columns up to date with its reports. */
    async refreshCase(trx: Trx, caseId: string): Promise<void> {
      await sql`update moderation_cases c set
          reporters = x.reporters, reasons = x.reasons, severity = x.severity, standing = x.standing
        from (select count(distinct r.reporter_id)::int as reporters,
                     array_agg(distinct r.reason) as reasons,
                     max(${sql.raw(severityOf('r.reason'))})::int as severity,
                     coalesce(sum(${sql.raw(REPORTER_STANDING)}), 0)::int as standing
                from reports r left join users ru on ru.id = r.reporter_id
               where r.case_id = ${caseId}) x
        where c.id = ${caseId}`.execute(trx);
    },

    /**
     * Places the automatic hold when enough distinct reporters in good standing (active, no
     * action against them in 90 days) reported the person for a hold reason within 24 hours.
     * True when the hold was placed now.
     */
    async holdIfReported(trx: Trx, caseId: string, userId: string): Promise<boolean> {
      const result = await sql<{ held: boolean }>`
        with enough as (
          select count(distinct r.reporter_id) >= ${HOLD_REPORTERS} as ok
            from reports r join users ru on ru.id = r.reporter_id
           where r.reported_id = ${userId}
             and r.reason in (${sql.join(HOLD_REASONS)})
             and r.updated_at > now() - interval '${sql.raw(HOLD_WINDOW)}'
             and ru.account_status = 'ACTIVE'
             and not exists (select 1 from moderation_actions a
                              where a.user_id = ru.id and a.overturned_at is null
                                and a.kind <> 'lift'
                                and a.created_at > now() - interval '${sql.raw(STANDING_WINDOW)}')
        ), held as (
          update users set discover_held_at = now()
           where id = ${userId} and discover_held_at is null and (select ok from enough)
          returning 1
        )
        update moderation_cases set urgent = true
         where id = ${caseId} and (select ok from enough)
        returning exists (select 1 from held) as held`.execute(trx);
      return result.rows[0]?.held ?? false;
    },

    /** Ends the hold (a decision on the case); the person's seq when there was one. */
    async releaseHoldOf(trx: Trx, userId: string): Promise<number | null> {
      const row = await trx
        .updateTable('users')
        .set({ discoverHeldAt: null })
        .where('id', '=', userId)
        .where('discoverHeldAt', 'is not', null)
        .returning('seq')
        .executeTakeFirst();
      return row?.seq ?? null;
    },

    /** A page of the queue, in its order, with the person as they are now. */
    queue(filter: QueueFilter) {
      let query = db
        .selectFrom('moderationCases as c')
        .leftJoin('users as u', 'u.id', 'c.userId')
        .select([
          'c.id',
          'c.userId',
          'c.status',
          'c.urgent',
          'c.severity',
          'c.reporters',
          'c.standing',
          'c.reasons',
          'c.openedAt',
          'c.closedAt',
          'c.outcome',
          'u.name',
          'u.avatarUrl',
          'u.accountStatus',
          'u.discoverHeldAt',
          sql<Date>`(select min(r.created_at) from reports r where r.case_id = c.id)`.as(
            'oldestAt',
          ),
        ])
        .limit(QUEUE_PAGE + 1)
        .offset(filter.offset);
      if (filter.reason) query = query.where(sql<boolean>`c.reasons @> array[${filter.reason}]`);
      if (filter.state === 'closed') {
        return query.where('c.status', '=', 'closed').orderBy('c.closedAt', 'desc').execute();
      }
      query = query.where('c.status', '=', 'open');
      if (filter.state === 'urgent') query = query.where('c.urgent', '=', true);
      return query
        .orderBy('c.status')
        .orderBy('c.urgent', 'desc')
        .orderBy('c.severity', 'desc')
        .orderBy('c.reporters', 'desc')
        .orderBy('c.standing', 'desc')
        .orderBy('c.openedAt')
        .orderBy('c.id')
        .execute();
    },

    /** The queue's counts: open and urgent cases, and open cases by reason. */
    async counts() {
      const totals = await db
        .selectFrom('moderationCases')
        .select([
          sql<number>`count(*)::int`.as('open'),
          sql<number>`(count(*) filter (where urgent))::int`.as('urgent'),
        ])
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow();
      const byReason = await sql<{ reason: string; n: number }>`
        select reason, count(*)::int as n
          from moderation_cases, unnest(reasons) as reason
         where status = 'open' group by reason`.execute(db);
      return { ...totals, byReason: byReason.rows };
    },

    findCase(caseId: string, trx: Trx | Db = db) {
      return trx
        .selectFrom('moderationCases as c')
        .leftJoin('users as u', 'u.id', 'c.userId')
        .select([
          'c.id',
          'c.userId',
          'c.status',
          'c.urgent',
          'c.reasons',
          'c.openedAt',
          'c.closedAt',
          'c.outcome',
          'c.actionId',
          'u.name',
          'u.avatarUrl',
          'u.accountStatus',
          'u.createdAt as joinedAt',
          'u.discoverHeldAt',
        ])
        .where('c.id', '=', caseId)
        .executeTakeFirst();
    },

    /** The case, locked (a decision and a new report go one after the other). */
    lockCase(trx: Trx, caseId: string) {
      return trx
        .selectFrom('moderationCases')
        .select(['id', 'userId', 'status'])
        .where('id', '=', caseId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** The case's reports with their reporters (staff only), oldest first. */
    reportsOf(caseId: string) {
      return db
        .selectFrom('reports as r')
        .leftJoin('users as ru', 'ru.id', 'r.reporterId')
        .select([
          'r.id',
          'r.reason',
          'r.context',
          'r.details',
          'r.reportCount',
          'r.snapshot',
          'r.createdAt',
          'r.updatedAt',
          'ru.id as reporterId',
          'ru.name as reporterName',
          'ru.createdAt as reporterJoinedAt',
          'ru.friendCount as reporterFriends',
          'ru.accountStatus as reporterState',
          sql<boolean>`exists (select 1 from oauth_identities oi where oi.user_id = ru.id)`.as(
            'reporterVerified',
          ),
        ])
        .where('r.caseId', '=', caseId)
        .orderBy('r.createdAt')
        .execute();
    },

    /** The messages kept with these reports, as they were when reported. */
    evidenceOf(reportIds: readonly string[]) {
      if (reportIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('reportEvidence')
        .select(['reportId', 'messageId', 'senderId', 'content', 'sentAt'])
        .where('reportId', 'in', reportIds)
        .orderBy('sentAt')
        .execute();
    },

    /** The person's other cases, newest first. */
    casesOf(userId: string, exceptId: string) {
      return db
        .selectFrom('moderationCases')
        .select(['id', 'status', 'reasons', 'openedAt', 'closedAt', 'outcome'])
        .where('userId', '=', userId)
        .where('id', '<>', exceptId)
        .orderBy('openedAt', 'desc')
        .limit(50)
        .execute();
    },

    /** Every action staff took on the person, newest first. */
    actionsOn(userId: string) {
      return db
        .selectFrom('moderationActions as a')
        .leftJoin('users as s', 's.id', 'a.staffId')
        .select([
          'a.id',
          'a.kind',
          'a.reason',
          'a.message',
          'a.endsAt',
          'a.overturnedAt',
          'a.createdAt',
          's.name as staffName',
        ])
        .where('a.userId', '=', userId)
        .orderBy('a.createdAt', 'desc')
        .limit(100)
        .execute();
    },

    notesOf(caseId: string) {
      return db
        .selectFrom('caseNotes as n')
        .leftJoin('users as s', 's.id', 'n.staffId')
        .select(['n.id', 'n.text', 'n.createdAt', 's.name as staffName'])
        .where('n.caseId', '=', caseId)
        .orderBy('n.createdAt')
        .execute();
    },

    async addNote(
      trx: Trx,
      row: { id: string; caseId: string; staffId: string; text: string },
    ): Promise<void> {
      await trx.insertInto('caseNotes').values(row).execute();
    },

    /**
     * Closes an open case with its outcome and tells each report so; returns the reporters
     * (empty when the case was not open).
     */
    async closeCase(
      trx: Trx,
      caseId: string,
      outcome: { kind: 'dismissed' | 'actioned'; staffId: string; actionId: string | null },
    ): Promise<{ reportId: string; reporterId: string | null }[]> {
      const closed = await trx
        .updateTable('moderationCases')
        .set({
          status: 'closed',
          closedAt: new Date(),
          outcome: outcome.kind,
          decidedBy: outcome.staffId,
          actionId: outcome.actionId,
        })
        .where('id', '=', caseId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (closed.numUpdatedRows === 0n) return [];
      const reports = await trx
        .updateTable('reports')
        .set({ reviewedAt: new Date(), actionTaken: outcome.kind === 'actioned' })
        .where('caseId', '=', caseId)
        .returning(['id as reportId', 'reporterId'])
        .execute();
      return reports;
    },

    /** The reports a person made, newest first, with their outcome (never what or by whom). */
    reportsBy(reporterId: string) {
      return db
        .selectFrom('reports')
        .select(['id', 'reason', 'snapshot', 'createdAt', 'reviewedAt', 'actionTaken'])
        .where('reporterId', '=', reporterId)
        .where('reason', '<>', 'blocked')
        .orderBy('createdAt', 'desc')
        .limit(100)
        .execute();
    },

    /**
     * Reports of cases decided before `before` whose decision is not under appeal, and the
     * photo files their snapshots kept: deleted (with their evidence). A batch at a time.
     */
    async deleteExpiredReports(
      before: Date,
      batch: number,
    ): Promise<{ reports: number; media: string[] }> {
      return db.transaction().execute(async (trx) => {
        const expired = await trx
          .selectFrom('reports as r')
          .innerJoin('moderationCases as c', 'c.id', 'r.caseId')
          .select('r.id')
          .where('c.status', '=', 'closed')
          .where('c.closedAt', '<', before)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('appeals as a')
                  .select('a.id')
                  .whereRef('a.actionId', '=', 'c.actionId')
                  .where('a.status', '=', 'open'),
              ),
            ),
          )
          .limit(batch)
          .execute();
        const ids = expired.map((r) => r.id);
        if (ids.length === 0) return { reports: 0, media: [] };
        const media = await trx
          .deleteFrom('evidenceMedia')
          .where('reportId', 'in', ids)
          .returning('mediaKey')
          .execute();
        await trx.deleteFrom('reports').where('id', 'in', ids).execute();
        return { reports: ids.length, media: [...new Set(media.map((m) => m.mediaKey))] };
      });
    },
  };
}

export type CasesRepository = ReturnType<typeof createCasesRepository>;
