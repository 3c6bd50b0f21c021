import type { REPORT_CONTEXTS, REPORT_REASONS } from './relations.ts';
import {
  MODERATION_REASONS,
  STAFF_TEXT_MAX,
  type DismissReason,
  type SuspensionDays,
} from './standing.ts';
import { z } from './zod.ts';

// The staff API's answers as the console reads them (docs/API-moderation.md, "Staff"). The
// inputs' schemas are the server's, in moderation.ts.

export const STAFF_ROLES = ['moderator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** `GET /api/staff/me`, and the answer of a passkey ceremony. */
export const staffStatusSchema = z.lazy(() =>
  z.object({
    role: z.enum(STAFF_ROLES),
    /** How many passkeys the person has enrolled: 0 on the first staff visit. */
    passkeys: z.number(),
    /** Until when this session's passkey confirmation opens the staff routes (ISO); null: confirm. */
    verifiedUntil: z.nullable(z.string()),
  }),
);
export type StaffStatus = z.infer<typeof staffStatusSchema>;

/**
 * WebAuthn options for the browser's ceremony: only what the console reads is named here; the
 * browser's WebAuthn library reads the rest, and the server checks the answer.
 */
export const passkeyOptionsSchema = z.lazy(() => z.looseObject({ challenge: z.string() }));

/** One open appeal with the decision it appeals. */
export const openAppealSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    /** Null once the person's account is gone. */
    userId: z.nullable(z.string()),
    name: z.nullable(z.string()),
    text: z.string(),
    createdAt: z.string(),
    actionId: z.string(),
    /** What is appealed: a restriction, or a notice (a warning, content removed). */
    kind: z.enum(['warn', 'remove_photo', 'remove_bio', 'suspend', 'ban']),
    reason: z.enum(MODERATION_REASONS),
    message: z.string(),
    actedAt: z.string(),
  }),
);
export type OpenAppeal = z.infer<typeof openAppealSchema>;

export const openAppealListSchema = z.lazy(() => z.object({ items: z.array(openAppealSchema) }));

/** A row of the append-only audit log; `staffId` null: the system (STAFF_ADMINS, a timer). */
export const auditEntrySchema = z.lazy(() =>
  z.object({
    id: z.number(),
    at: z.string(),
    staffId: z.nullable(z.string()),
    action: z.string(),
    subjectId: z.nullable(z.string()),
    detail: z.record(z.string(), z.unknown()),
  }),
);
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A page of the audit log, newest first (100 a page: the next starts `before` the last id). */
export const auditPageSchema = z.lazy(() => z.object({ items: z.array(auditEntrySchema) }));

export const AUDIT_PAGE_SIZE = 100;

export const staffMemberSchema = z.lazy(() =>
  z.object({
    userId: z.string(),
    name: z.nullable(z.string()),
    email: z.nullable(z.string()),
    role: z.enum(STAFF_ROLES),
    grantedAt: z.string(),
  }),
);
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffMemberListSchema = z.lazy(() => z.object({ items: z.array(staffMemberSchema) }));

// The report queue (docs/API-moderation.md, "Reports and cases").

/** A case's reasons as reports name them: the report reasons, and 'blocked' (a block's report). */
export type CaseReason = (typeof REPORT_REASONS)[number] | 'blocked';

/**
 * The report reasons, gravest first: the order the queue sorts by (the server's `SEVERITY` in
 * modules/moderation/cases.repository.ts, as docs/API-moderation.md lists it).
 */
export const CASE_REASONS_BY_GRAVITY = [
  'underage',
  'harassment',
  'fake_profile',
  'inappropriate_content',
  'spam',
  'other',
  'blocked',
] as const satisfies readonly CaseReason[];

export const CASE_STATES = ['open', 'urgent', 'closed'] as const;
export type CaseState = (typeof CASE_STATES)[number];

const caseOutcome = () => z.nullable(z.enum(['dismissed', 'actioned']));

/** What the queue and a case both say of the case. */
const caseFields = () => ({
  id: z.string(),
  status: z.enum(['open', 'closed']),
  urgent: z.boolean(),
  /** Held out of Discover until the decision (the automatic hold). */
  held: z.boolean(),
  reasons: z.array(z.string()),
  openedAt: z.string(),
  closedAt: z.nullable(z.string()),
  outcome: caseOutcome(),
});

/** The reported person as they are now (null once the account is gone; the case stays). */
const casePersonFields = () => ({
  id: z.string(),
  name: z.nullable(z.string()),
  avatarUrl: z.nullable(z.string()),
  accountStatus: z.string(),
});

/** One case of the queue: the reported person as they are now, and the case's reports in sum. */
export const caseQueueItemSchema = z.lazy(() =>
  z.object({
    ...caseFields(),
    /** Distinct reporters. */
    reporters: z.number(),
    person: z.nullable(z.object(casePersonFields())),
  }),
);
export type CaseQueueItem = z.infer<typeof caseQueueItemSchema>;

/** `GET /api/staff/cases`: a page of 50, the offset of the next, the open cases' counts. */
export const caseQueuePageSchema = z.lazy(() =>
  z.object({
    items: z.array(caseQueueItemSchema),
    nextOffset: z.nullable(z.number()),
    counts: z.object({
      open: z.number(),
      urgent: z.number(),
      byReason: z.record(z.string(), z.number()),
    }),
  }),
);
export type CaseQueuePage = z.infer<typeof caseQueuePageSchema>;

/**
 * What the reported profile showed when the report was made. Reports filed before snapshots
 * were kept carry none (`{}`), so every field may be missing.
 */
export const profileSnapshotSchema = z.lazy(() =>
  z.object({
    name: z.optional(z.nullable(z.string())),
    bio: z.optional(z.string()),
    age: z.optional(z.nullable(z.number())),
    location: z.optional(z.string()),
    interests: z.optional(z.array(z.string())),
    photoUrl: z.optional(z.nullable(z.string())),
  }),
);
export type ProfileSnapshotView = z.infer<typeof profileSnapshotSchema>;

export const caseReportSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    reason: z.string(),
    /** Where the report was made: network, discover, chat, profile, matches. */
    context: z.string(),
    /** The reporter's words; a repeat adds its reason and words on a line of their own. */
    details: z.string(),
    /** How many times this reporter reported the person in this case. */
    count: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Staff only; null once the reporter's account is gone. */
    reporter: z.nullable(
      z.object({
        id: z.string(),
        name: z.nullable(z.string()),
        /** Signed in through the provider. */
        verified: z.boolean(),
        accountAgeDays: z.nullable(z.number()),
        friends: z.nullable(z.number()),
        accountStatus: z.nullable(z.string()),
      }),
    ),
    snapshot: profileSnapshotSchema,
    /** The chat messages the reporter attached, as they were sent. */
    messages: z.array(
      z.object({
        id: z.string(),
        fromReported: z.boolean(),
        content: z.string(),
        sentAt: z.nullable(z.string()),
      }),
    ),
  }),
);
export type CaseReport = z.infer<typeof caseReportSchema>;

/** `GET /api/staff/cases/:caseId`: the case whole. */
export const caseViewSchema = z.lazy(() =>
  z.object({
    ...caseFields(),
    person: z.nullable(z.object({ ...casePersonFields(), joinedAt: z.nullable(z.string()) })),
    /** Oldest first. */
    reports: z.array(caseReportSchema),
    history: z.object({
      /** The person's other cases, newest first. */
      cases: z.array(
        z.object({
          id: z.string(),
          status: z.enum(['open', 'closed']),
          reasons: z.array(z.string()),
          openedAt: z.string(),
          closedAt: z.nullable(z.string()),
          outcome: caseOutcome(),
        }),
      ),
      /** Every action staff took on the person, newest first. */
      actions: z.array(
        z.object({
          id: z.string(),
          kind: z.string(),
          reason: z.string(),
          message: z.string(),
          endsAt: z.nullable(z.string()),
          overturnedAt: z.nullable(z.string()),
          createdAt: z.string(),
          staffName: z.nullable(z.string()),
        }),
      ),
    }),
    /** Staff notes, oldest first. */
    notes: z.array(
      z.object({
        id: z.string(),
        text: z.string(),
        createdAt: z.string(),
        staffName: z.nullable(z.string()),
      }),
    ),
  }),
);
export type CaseView = z.infer<typeof caseViewSchema>;
export type CaseHistoryAction = CaseView['history']['actions'][number];

/** What a case is decided with (`caseDecisionSchema`'s kinds), in the order the form offers. */
export const CASE_DECISION_KINDS = [
  'dismiss',
  'warn',
  'remove_photo',
  'remove_bio',
  'suspend',
  'ban',
] as const;
export type CaseDecisionKind = (typeof CASE_DECISION_KINDS)[number];

export const caseDecisionLabels: Record<CaseDecisionKind, string> = {
  dismiss: 'Dismiss',
  warn: 'Warn',
  remove_photo: 'Remove photo',
  remove_bio: 'Remove bio',
  suspend: 'Suspend',
  ban: 'Ban',
};

export const dismissReasonLabels: Record<DismissReason, string> = {
  no_violation: 'No violation',
  not_enough_evidence: 'Not enough evidence',
  duplicate: 'Duplicate of another report',
};

/** Where a report was made; 'block' is the report a block files by itself. */
export const reportContextLabels: Record<(typeof REPORT_CONTEXTS)[number] | 'block', string> = {
  network: 'Network',
  discover: 'Discover',
  chat: 'Chat',
  profile: 'Profile',
  matches: 'Matches',
  block: 'A block',
};

const dayCount = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** The Reports section's texts (the staff console, DESIGN.md §6). */
export const caseTexts = {
  title: 'Reports',
  loading: 'Loading the report queue...',
  loadingCase: 'Loading the case...',
  /** PanelError's "The … could not load". */
  queueWhat: 'report queue',
  caseWhat: 'case',
  filterLabel: 'Filter the queue',
  stateLegend: 'Cases',
  stateLabels: { open: 'Open', urgent: 'Urgent', closed: 'Closed' } satisfies Record<
    CaseState,
    string
  >,
  reasonFilter: 'Reason',
  allReasons: 'All reasons',
  queueLabel: (state: CaseState) =>
    state === 'closed' ? 'Decided cases, newest first' : 'Cases, most pressing first',
  empty: {
    open: 'No open cases. New reports show here, the most pressing first.',
    urgent:
      'No urgent cases. A case turns urgent when several reporters in good standing report a grave reason within a day.',
    closed: 'No decided cases yet.',
  } satisfies Record<CaseState, string>,
  emptyForReason: 'No cases with this reason.',
  loadMore: 'Load more',
  loadingMore: 'Loading...',
  queueEnd: 'The end of the queue.',
  urgent: 'Urgent',
  held: 'Held out of Discover',
  reporters: (n: number) => (n === 1 ? '1 reporter' : `${n} reporters`),
  moreReasons: (n: number) => `+${n} more`,
  openedAgo: (age: string) => `opened ${age}`,
  decidedAgo: (age: string) => `decided ${age}`,
  justNow: 'just now',
  minutesAgo: (n: number) => `${n} min ago`,
  hoursAgo: (n: number) => `${n} h ago`,
  daysAgo: (n: number) => `${n} d ago`,
  outcomeLabels: { dismissed: 'Dismissed', actioned: 'Action taken' } as const,
  accountStates: {
    SUSPENDED: 'Suspended',
    BANNED: 'Banned',
    DELETED: 'Account deleted',
  } as Record<string, string | undefined>,
  deletedAccount: 'Deleted account',

  back: 'Back to the queue',
  status: 'Status',
  statusOpen: 'Open',
  statusClosed: (outcome: string, at: string) => `${outcome}, ${at}`,
  opened: 'Opened',
  reasons: 'Reasons',
  joined: 'Joined',
  snapshotTitle: 'Profile as reported',
  snapshotThen: 'The profile as this reporter saw it',
  snapshotPhoto: (name: string) => `${name}'s main photo when reported`,
  noPhoto: 'No photo',
  name: 'Name',
  age: 'Age',
  location: 'Location',
  bio: 'Bio',
  interests: 'Interests',
  notGiven: 'Not given',
  reportsTitle: (n: number) => (n === 1 ? '1 report' : `${n} reports`),
  reporter: 'Reporter',
  verified: 'Verified',
  notVerified: 'Not verified',
  accountAge: (n: number | null) =>
    n === null ? 'Account age unknown' : n === 0 ? 'Joined today' : `Account ${dayCount(n)} old`,
  friends: (n: number | null) =>
    n === null ? 'Friends unknown' : n === 1 ? '1 friend' : `${n} friends`,
  reason: 'Reason',
  where: 'Where',
  reportedAt: 'Reported',
  reportedTimes: (n: number) => `${n} times in this case`,
  theirWords: 'Their words',
  noWords: 'No words added.',
  updatedAt: (at: string) => `last ${at}`,
  messagesTitle: 'Reported messages',
  fromReported: (name: string) => `From ${name}`,
  fromReporter: 'From the reporter',
  historyTitle: 'History',
  otherCases: 'Other cases',
  noOtherCases: 'No other cases.',
  actionsTitle: 'Actions on this person',
  noActions: 'No actions on record.',
  openedOn: (at: string) => `Opened ${at}`,
  closedOn: (at: string) => `closed ${at}`,
  actionBy: (name: string) => `by ${name}`,
  actionEnds: (at: string) => `ends ${at}`,
  actionOverturned: (at: string) => `overturned ${at}`,

  notesTitle: 'Staff notes',
  noNotes: 'No notes yet. Only staff read them.',
  noteLabel: 'Add a note',
  noteForm: 'New note',
  noteHint: 'Only staff read notes.',
  noteCount: (n: number) => `${n} / ${STAFF_TEXT_MAX}`,
  addNote: 'Add note',
  addingNote: 'Adding...',
  noteAdded: 'Note added',
  unknownStaff: 'A former staff member',

  decisionTitle: 'Decision',
  decisionLegend: 'Decide the case',
  daysLegend: 'Suspend for',
  days: (n: SuspensionDays) => dayCount(n),
  reasonLabel: 'Reason',
  reasonHintAction: 'The person reads it with the decision.',
  reasonPlaceholder: 'Choose a reason',
  messageLabelAction: 'Message to the person (optional)',
  messageLabelDismiss: 'Note for the audit log (optional)',
  messageHintDismiss: 'The person is not told of a dismissal; the reporters hear it was reviewed.',
  chooseDecision: 'Choose a decision',
  sendDecision: 'Send decision',
  sending: 'Sending...',
  decided: 'Case decided',
  onlyDismiss: 'The account is gone: the case can only be dismissed.',
  confirmBanTitle: (name: string) => `Ban ${name}?`,
  confirmBanText:
    'They are signed out at once and cannot sign up again with the same account or e-mail. They can appeal once.',
  confirmBan: 'Ban',
  confirmSuspendTitle: (name: string, n: SuspensionDays) => `Suspend ${name} for ${dayCount(n)}?`,
  confirmSuspendText:
    'They are signed out at once and cannot use the app until the suspension ends. They can appeal once.',
  confirmSuspend: 'Suspend',
  caseGone: 'This case no longer exists.',
  checkForm: 'Check the form and try again.',
} as const;
