import { v7 as uuidv7 } from 'uuid';
import {
  type CaseDecisionInput,
  type CaseQueueQuery,
  EVIDENCE_RETENTION_DAYS,
  moderationMessages,
  userRoom,
} from '@heartline/domain';
import type { Trx } from '../../db/database.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { Emit } from '../events/events.outbox.ts';
import type { Graph, RecordChange } from '../graph/graph.service.ts';
import { QUEUE_PAGE, type CasesRepository, type ProfileSnapshot } from './cases.repository.ts';
import type { ModerationService } from './moderation.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

export type CasesDeps = {
  repo: CasesRepository;
  moderation: ModerationService;
  graph: Pick<Graph, 'write'>;
  /** The public address of a stored photo. */
  urlFor: (key: string) => string;
  /** Removes those of these photo files that nothing uses any more (the photos service). */
  eraseFiles: (files: { mainKey: string; avatarKeys: Record<string, string> }[]) => Promise<void>;
};

/** A report as the reported person's case receives it. */
export type NewReport = {
  reporterId: string;
  reported: { id: string; seq: number };
  reason: string;
  context: string;
  details: string;
};

/**
 * The report queue (issue 47, DESIGN.md §6): every report joins the reported person's open case
 * with a snapshot of their profile; staff read a case whole and decide it — dismissed, or an
 * action on the person — and each reporter hears that it was reviewed and whether action was
 * taken. Several reporters in good standing for a grave reason hold the person out of Discover
 * until the decision (the automatic hold).
 */
export function createCasesService(deps: CasesDeps) {
  const { repo, moderation } = deps;

  const snapshotView = (snapshot: ProfileSnapshot) => ({
    name: snapshot.name,
    bio: snapshot.bio,
    age: snapshot.age,
    location: snapshot.location,
    interests: snapshot.interests,
    photoUrl: snapshot.photoKey ? deps.urlFor(snapshot.photoKey) : null,
  });

  /** Closes the case in the decision's transaction and tells its reporters (live and later). */
  async function close(
    trx: Trx,
    emit: Emit,
    caseId: string,
    outcome: { kind: 'dismissed' | 'actioned'; staffId: string; actionId: string | null },
  ) {
    const reports = await repo.closeCase(trx, caseId, outcome);
    if (reports.length === 0) throw new ConflictError(moderationMessages.caseDecided);
    const actionTaken = outcome.kind === 'actioned';
    for (const { reportId, reporterId } of reports) {
      if (reporterId)
        emit(userRoom(reporterId), 'report.reviewed', { reportId, actionTaken }, outcome.staffId);
    }
  }

  return {
    /**
     * Files a report in the graph write's transaction (the reported person's facts are read
     * again when the hold is placed). Returns the report's id.
     */
    async file(trx: Trx, record: RecordChange, report: NewReport): Promise<string> {
      const snapshot = await repo.snapshot(trx, report.reported.id);
      if (!snapshot) throw new NotFoundError();
      const kase = await repo.openCase(trx, report.reported.id, uuidv7());
      const id = await repo.insertReport(trx, {
        id: uuidv7(),
        caseId: kase.id,
        reporterId: report.reporterId,
        reportedId: report.reported.id,
        reason: report.reason,
        context: report.context,
        details: report.details,
        snapshot,
      });
      await repo.refreshCase(trx, kase.id);
      if (await repo.holdIfReported(trx, kase.id, report.reported.id)) {
        await record('user', report.reported.seq);
      }
      return id;
    },

    /** A page of the queue and its counts. */
    async queue(query: CaseQueueQuery) {
      const offset = query.offset ?? 0;
      const [rows, counts] = await Promise.all([
        repo.queue({ state: query.state ?? 'open', reason: query.reason, offset }),
        repo.counts(),
      ]);
      return {
        items: rows.slice(0, QUEUE_PAGE).map((row) => ({
          id: row.id,
          status: row.status,
          urgent: row.urgent,
          held: row.discoverHeldAt !== null,
          reasons: row.reasons,
          reporters: row.reporters,
          standing: row.standing,
          openedAt: iso(row.openedAt),
          oldestReportAt: iso(row.oldestAt),
          closedAt: iso(row.closedAt),
          outcome: row.outcome,
          person: row.userId
            ? {
                id: row.userId,
                name: row.name,
                avatarUrl: row.avatarUrl,
                accountStatus: row.accountStatus,
              }
            : null,
        })),
        nextOffset: rows.length > QUEUE_PAGE ? offset + QUEUE_PAGE : null,
        counts: {
          open: counts.open,
          urgent: counts.urgent,
          byReason: Object.fromEntries(counts.byReason.map((r) => [r.reason, r.n])),
        },
      };
    },

    /** A case whole: its reports with reporters and evidence, the person's history, notes. */
    async caseById(caseId: string) {
      const kase = await repo.findCase(caseId);
      if (!kase) throw new NotFoundError(moderationMessages.caseNotFound);
      const reports = await repo.reportsOf(caseId);
      const evidence = await repo.evidenceOf(reports.map((r) => r.id));
      const [otherCases, actions, notes] = kase.userId
        ? await Promise.all([
            repo.casesOf(kase.userId, caseId),
            repo.actionsOn(kase.userId),
            repo.notesOf(caseId),
          ])
        : [[], [], await repo.notesOf(caseId)];
      const now = Date.now();
      return {
        id: kase.id,
        status: kase.status,
        urgent: kase.urgent,
        held: kase.discoverHeldAt !== null,
        reasons: kase.reasons,
        openedAt: iso(kase.openedAt),
        closedAt: iso(kase.closedAt),
        outcome: kase.outcome,
        person: kase.userId
          ? {
              id: kase.userId,
              name: kase.name,
              avatarUrl: kase.avatarUrl,
              accountStatus: kase.accountStatus,
              joinedAt: iso(kase.joinedAt),
            }
          : null,
        reports: reports.map((r) => ({
          id: r.id,
          reason: r.reason,
          context: r.context,
          details: r.details,
          count: r.reportCount,
          createdAt: iso(r.createdAt),
          updatedAt: iso(r.updatedAt),
          reporter: r.reporterId
            ? {
                id: r.reporterId,
                name: r.reporterName,
                verified: r.reporterVerified,
                accountAgeDays: r.reporterJoinedAt
                  ? Math.floor((now - new Date(r.reporterJoinedAt).getTime()) / DAY_MS)
                  : null,
                friends: r.reporterFriends,
                accountStatus: r.reporterState,
              }
            : null,
          snapshot: snapshotView(r.snapshot as ProfileSnapshot),
          messages: evidence
            .filter((m) => m.reportId === r.id)
            .map((m) => ({
              id: m.messageId,
              fromReported: m.senderId !== null && m.senderId === kase.userId,
              content: m.content,
              sentAt: iso(m.sentAt),
            })),
        })),
        history: {
          cases: otherCases.map((c) => ({
            id: c.id,
            status: c.status,
            reasons: c.reasons,
            openedAt: iso(c.openedAt),
            closedAt: iso(c.closedAt),
            outcome: c.outcome,
          })),
          actions: actions.map((a) => ({
            id: a.id,
            kind: a.kind,
            reason: a.reason,
            message: a.message,
            endsAt: iso(a.endsAt),
            overturnedAt: iso(a.overturnedAt),
            createdAt: iso(a.createdAt),
            staffName: a.staffName,
          })),
        },
        notes: notes.map((n) => ({
          id: n.id,
          text: n.text,
          createdAt: iso(n.createdAt),
          staffName: n.staffName,
        })),
      };
    },

    async addNote(staffId: string, caseId: string, text: string): Promise<void> {
      await deps.graph.write(async (trx) => {
        const kase = await repo.lockCase(trx, caseId);
        if (!kase) throw new NotFoundError(moderationMessages.caseNotFound);
        await repo.addNote(trx, { id: uuidv7(), caseId, staffId, text });
        await moderation.audit(trx, {
          staffId,
          action: 'case_note',
          subjectId: kase.userId ?? caseId,
          detail: { caseId },
        });
      });
    },

    /**
     * Decides an open case: dismissed, or an action on the person (moderation.act) in the same
     * transaction as the case's closing. The automatic hold ends with the decision. Staff who
     * reported the person, or are the person, leave the case to someone else.
     */
    async decide(staffId: string, caseId: string, input: CaseDecisionInput): Promise<void> {
      const kase = await repo.findCase(caseId);
      if (!kase) throw new NotFoundError(moderationMessages.caseNotFound);
      if (kase.status !== 'open') throw new ConflictError(moderationMessages.caseDecided);
      const userId = kase.userId;
      if (userId === staffId) throw new ForbiddenError(moderationMessages.notOnOwnAccount);
      if (userId && (await moderation.hasReported(staffId, userId))) {
        throw new ForbiddenError(moderationMessages.ownReport);
      }
      if (input.kind === 'dismiss' || !userId) {
        await deps.graph.write(async (trx, record, emit) => {
          await close(trx, emit, caseId, { kind: 'dismissed', staffId, actionId: null });
          if (userId) {
            const seq = await repo.releaseHoldOf(trx, userId);
            if (seq !== null) await record('user', seq);
          }
          await moderation.audit(trx, {
            staffId,
            action: 'case_dismissed',
            subjectId: userId ?? caseId,
            detail: { caseId, reason: input.reason, message: input.message },
          });
        });
        return;
      }
      const action =
        input.kind === 'suspend' ? { kind: input.kind, days: input.days } : { kind: input.kind };
      await moderation.act({
        staffId,
        userId,
        action,
        reason: input.reason,
        message: input.message,
        also: async (trx, emit, actionId) => {
          await close(trx, emit, caseId, { kind: 'actioned', staffId, actionId });
          await repo.releaseHoldOf(trx, userId);
        },
      });
    },

    /**
     * The Privacy Policy's promise: a decided report and its evidence go EVIDENCE_RETENTION_DAYS
     * after the decision (not while it is appealed). Answers how many went.
     */
    async sweepExpiredEvidence(now = new Date(), batch = 500): Promise<number> {
      const before = new Date(now.getTime() - EVIDENCE_RETENTION_DAYS * DAY_MS);
      let gone = 0;
      for (;;) {
        const keys = await repo.deleteExpiredReports(before, batch);
        gone += keys.reports;
        await deps.eraseFiles(keys.media.map((mainKey) => ({ mainKey, avatarKeys: {} })));
        if (keys.reports < batch) return gone;
      }
    },

    /** The reports the person made, and what became of each (never what action, nor who). */
    async mine(reporterId: string) {
      const rows = await repo.reportsBy(reporterId);
      return {
        items: rows.map((r) => ({
          id: r.id,
          name: (r.snapshot as ProfileSnapshot).name,
          reason: r.reason,
          createdAt: new Date(r.createdAt).toISOString(),
          status: r.reviewedAt ? ('reviewed' as const) : ('open' as const),
          actionTaken: r.reviewedAt ? r.actionTaken === true : null,
        })),
      };
    },
  };
}

export type CasesService = ReturnType<typeof createCasesService>;
