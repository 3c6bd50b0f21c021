import {
  CASE_REASONS_BY_GRAVITY,
  CASE_STATES,
  caseDecisionSchema,
  caseNoteInputSchema,
  caseTexts,
  MODERATION_REASONS,
  moderationReasonLabels,
  reportContextLabels,
  reportReasonLabels,
  type AuditEntry,
  type CaseDecisionInput,
  type CaseDecisionKind,
  type CaseReason,
  type CaseReport,
  type ModerationReason,
  type OpenAppeal,
  type ProfileSnapshotView,
  type StaffRole,
  type StaffStatus,
  type SuspensionDays,
} from '@heartline/domain';
import { ApiError } from '../../lib/api.ts';
import type { CaseQueueFilter } from '../../state/queries/staff.ts';

// What the staff console shows, as pure functions of the staff API's answers (DESIGN.md §6).

/** Where a staff session stands with its second factor. */
export type GateStep = 'enrol' | 'confirm' | 'open';

/**
 * The console opens on a passkey confirmation younger than 12 hours (the server's
 * `verifiedUntil`); before that, the first visit enrols a passkey and later ones confirm it.
 */
export function gateStep(status: StaffStatus, now: number): GateStep {
  if (status.verifiedUntil !== null && Date.parse(status.verifiedUntil) > now) return 'open';
  return status.passkeys === 0 ? 'enrol' : 'confirm';
}

/** A part of the console. */
export type StaffSection = 'reports' | 'appeals' | 'audit' | 'roles';

type SectionEntry = { id: StaffSection; label: string; adminOnly: boolean };

/** The console's nav, in order: the first a role may open is where /staff opens. */
export const staffSections: readonly SectionEntry[] = [
  { id: 'reports', label: caseTexts.title, adminOnly: false },
  { id: 'appeals', label: 'Appeals', adminOnly: false },
  { id: 'audit', label: 'Audit log', adminOnly: true },
  { id: 'roles', label: 'Roles', adminOnly: true },
];

export function sectionsFor(role: StaffRole): readonly SectionEntry[] {
  return staffSections.filter((section) => role === 'admin' || !section.adminOnly);
}

export const sectionPath = (id: StaffSection) => `/staff/${id}`;

/**
 * The section a path names (`/staff/:section`), the first the role may open for `/staff`
 * itself, and null for one the role may not open or that does not exist (the console then
 * goes to `/staff`).
 */
export function sectionFor(param: string | undefined, role: StaffRole): StaffSection | null {
  const open = sectionsFor(role);
  if (param === undefined) return open[0]?.id ?? null;
  return open.find((section) => section.id === param)?.id ?? null;
}

export const roleLabels: Record<StaffRole, string> = {
  moderator: 'Moderator',
  admin: 'Admin',
};

export const staffTexts = {
  consoleTitle: 'Staff console',
  enrolTitle: 'Enrol a passkey',
  enrolText:
    'The staff console asks for a passkey as a second factor. Create one on this device (Face ID, fingerprint, screen lock or a security key); you confirm with it at least every 12 hours.',
  enrolButton: 'Create a passkey',
  confirmTitle: 'Confirm it is you',
  confirmText:
    'Confirm with your passkey to open the staff console. A confirmation lasts 12 hours on this device.',
  confirmButton: 'Use my passkey',
  waitingForPasskey: 'Waiting for your passkey...',
  passkeyCancelled:
    'The passkey request was cancelled or timed out. Nothing was changed: try again when you are ready.',
  passkeyKnown:
    'This device already holds a passkey for your account. Use "Confirm it is you" with it instead.',
  noWebAuthn:
    'This browser cannot use passkeys. Open the staff console in a current version of Chrome, Edge, Firefox or Safari.',
  passkeyFailed: 'The passkey step did not work. Please try again.',
  changeFailed: 'The change did not go through. Check your connection and try again.',
  userIdRequired: 'Enter the user ID of the person',
  decisionSent: 'Decision sent',
  roleGranted: 'Role granted',
  roleRevoked: 'Role revoked',
} as const;

/**
 * What a failed passkey ceremony says: the server's text where it answered (a response that
 * does not verify, a challenge used twice), else why the browser stopped.
 */
export function ceremonyErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) {
    // The browser's answer when the person cancels, the prompt times out, or the page lost
    // focus; the WebAuthn library passes it through under the same name.
    if (error.name === 'NotAllowedError' || error.name === 'AbortError') {
      return staffTexts.passkeyCancelled;
    }
    if (error.name === 'InvalidStateError') return staffTexts.passkeyKnown;
    if (error.name === 'NotSupportedError') return staffTexts.noWebAuthn;
  }
  return staffTexts.passkeyFailed;
}

/** The server's text for a refused change; its plain "Not found" said in the console's words. */
export function refusalText(error: unknown, notFound: string): string {
  if (error instanceof ApiError) return error.status === 404 ? notFound : error.message;
  return staffTexts.changeFailed;
}

/** Why an appeal decision did not go through (a moderator overturning a ban: the server's text). */
export const decisionErrorText = (error: unknown) =>
  refusalText(error, 'This appeal is no longer open: it was decided, or the account is gone.');

/** Why a role was not granted or revoked (one's own role: the server's text). */
export const roleErrorText = (error: unknown) =>
  refusalText(error, 'No account has this user ID, or it holds no staff role.');

const kindLabels: Record<OpenAppeal['kind'], string> = {
  warn: 'Warning',
  remove_photo: 'Photo removed',
  remove_bio: 'Bio removed',
  suspend: 'Suspension',
  ban: 'Ban',
};

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A time the staff API gives (ISO), in the browser's locale and time zone. */
export function formatDateTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : dateTime.format(at);
}

/** "Suspension: Spam", what an appeal is about. */
export function appealedDecision(appeal: OpenAppeal): string {
  return `${kindLabels[appeal.kind]}: ${moderationReasonLabels[appeal.reason]}`;
}

/** A person's name as the console shows it; an account deleted since reads as such. */
export function personName(name: string | null, userId: string | null): string {
  if (userId === null) return 'Deleted account';
  return name?.trim() ? name : 'No name';
}

const auditActionLabels: Record<string, string> = {
  warn: 'Warning',
  remove_photo: 'Photo removed',
  remove_bio: 'Bio removed',
  suspend: 'Suspension',
  ban: 'Ban',
  lift: 'Restriction lifted',
  suspension_ended: 'Suspension ended',
  appeal_upheld: 'Appeal upheld',
  appeal_overturned: 'Appeal overturned',
  role_granted: 'Role granted',
  role_revoked: 'Role revoked',
  case_note: 'Case note',
  case_dismissed: 'Case dismissed',
};

/** What an audit entry records; an action this console does not know yet reads as written. */
export function auditActionLabel(action: string): string {
  return auditActionLabels[action] ?? action.replaceAll('_', ' ');
}

const isReason = (value: unknown): value is ModerationReason =>
  (MODERATION_REASONS as readonly unknown[]).includes(value);

/**
 * Who made the entry: the system (no staff id), or a staff member's id with their name when the
 * roles list knows them (a revoked member's entries keep only the id).
 */
export function auditActor(
  entry: AuditEntry,
  names: ReadonlyMap<string, string>,
): { name: string | null; id: string | null } {
  if (entry.staffId === null) {
    const name = entry.detail.by === 'STAFF_ADMINS' ? 'STAFF_ADMINS (configuration)' : 'The system';
    return { name, id: null };
  }
  return { name: names.get(entry.staffId) ?? null, id: entry.staffId };
}

/**
 * The entry's detail in words: the reason, the days, the role first; then the ids it names, as
 * they are (to look up), and anything else as `key: value`.
 */
export function auditDetailText(entry: AuditEntry): string {
  const words: string[] = [];
  const rest: string[] = [];
  for (const [key, value] of Object.entries(entry.detail)) {
    if (key === 'by') continue;
    if (key === 'reason' && isReason(value)) words.push(moderationReasonLabels[value]);
    else if (key === 'days' && typeof value === 'number') {
      words.push(value === 1 ? '1 day' : `${value} days`);
    } else if (key === 'role' && (value === 'moderator' || value === 'admin')) {
      words.push(roleLabels[value]);
    } else {
      rest.push(`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
    }
  }
  const parts = [...words, ...rest];
  return parts.join(' · ');
}

// The report queue and its cases (docs/API-moderation.md, "Reports and cases").

const isCaseReason = (value: string): value is CaseReason =>
  (CASE_REASONS_BY_GRAVITY as readonly string[]).includes(value);

/** A report reason in words; one this console does not know reads as written. */
export function reasonLabel(reason: string): string {
  return isCaseReason(reason) ? reportReasonLabels[reason] : reason.replaceAll('_', ' ');
}

/** A case's reasons, gravest first (the queue's order); unknown ones last, as they came. */
export function byGravity(reasons: readonly string[]): string[] {
  const rank = (reason: string) => {
    const at = (CASE_REASONS_BY_GRAVITY as readonly string[]).indexOf(reason);
    return at === -1 ? CASE_REASONS_BY_GRAVITY.length : at;
  };
  return [...reasons].sort((a, b) => rank(a) - rank(b));
}

/** Where a report was made, in words. */
export function contextLabel(context: string): string {
  return (reportContextLabels as Record<string, string | undefined>)[context] ?? context;
}

/** An action's reason in words (the Terms' list); one this console does not know as written. */
export function moderationReasonLabel(reason: string): string {
  return isReason(reason) ? moderationReasonLabels[reason] : reason.replaceAll('_', ' ');
}

const MINUTE = 60_000;

/** How long ago a time the staff API gives was: 'just now', '12 min ago', '5 h ago', '3 d ago'. */
export function timeAgo(iso: string, now: number): string {
  const ms = now - Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  if (ms < MINUTE) return caseTexts.justNow;
  if (ms < 60 * MINUTE) return caseTexts.minutesAgo(Math.floor(ms / MINUTE));
  if (ms < 24 * 60 * MINUTE) return caseTexts.hoursAgo(Math.floor(ms / (60 * MINUTE)));
  return caseTexts.daysAgo(Math.floor(ms / (24 * 60 * MINUTE)));
}

/**
 * The queue's filter as the Reports section keeps it in its URL (`?state=…&reason=…`): open
 * cases of every reason when it names none, or one this console does not know.
 */
export function queueFilterFrom(search: URLSearchParams): CaseQueueFilter {
  const state = CASE_STATES.find((s) => s === search.get('state')) ?? 'open';
  const reason = CASE_REASONS_BY_GRAVITY.find((r) => r === search.get('reason')) ?? null;
  return { state, reason };
}

/** The case the URL opens (`?case=`), if any. */
export const openCaseFrom = (search: URLSearchParams): string | null => search.get('case') || null;

/** The section's URL search for a filter and an open case; the defaults are left out. */
export function queueSearch(filter: CaseQueueFilter, caseId: string | null): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.state !== 'open') params.set('state', filter.state);
  if (filter.reason) params.set('reason', filter.reason);
  if (caseId) params.set('case', caseId);
  return params;
}

/** The profile as it was reported most recently (a repeat report takes a new snapshot). */
export function latestSnapshot(reports: readonly CaseReport[]): ProfileSnapshotView | null {
  let latest: CaseReport | null = null;
  for (const report of reports) {
    if (!latest || Date.parse(report.updatedAt) > Date.parse(latest.updatedAt)) latest = report;
  }
  return latest?.snapshot ?? null;
}

/** Whether two snapshots show the same profile (a report's own is shown only when it differs). */
export function sameSnapshot(a: ProfileSnapshotView, b: ProfileSnapshotView): boolean {
  return (
    (a.name ?? null) === (b.name ?? null) &&
    (a.bio ?? '') === (b.bio ?? '') &&
    (a.age ?? null) === (b.age ?? null) &&
    (a.location ?? '') === (b.location ?? '') &&
    (a.photoUrl ?? null) === (b.photoUrl ?? null) &&
    (a.interests ?? []).join('\n') === (b.interests ?? []).join('\n')
  );
}

/**
 * Whether a snapshot holds a profile: reports from before snapshots were kept hold `{}`, which
 * the server answers as a snapshot with no photo and nothing else.
 */
export function hasSnapshot(snapshot: ProfileSnapshotView): boolean {
  const { name, bio, age, location, interests } = snapshot;
  return [name, bio, age, location, interests].some((field) => field !== undefined);
}

/** What the person's account is now, when it is not simply active. */
export function accountStateLabel(status: string | null): string | null {
  return status === null ? null : (caseTexts.accountStates[status] ?? null);
}

/** Why a note cannot be sent, in the domain's words (the server's rule); null when it can. */
export function noteError(text: string): string | null {
  const checked = caseNoteInputSchema.safeParse({ text });
  return checked.success ? null : (checked.error.issues[0]?.message ?? caseTexts.checkForm);
}

/** The decision form as it stands. */
export type DecisionDraft = {
  kind: CaseDecisionKind | null;
  reason: string;
  days: SuspensionDays;
  message: string;
};

/** The reasons a decision kind takes: a dismissal's own, else the Terms' list. */
export const takesDismissReason = (kind: CaseDecisionKind | null) => kind === 'dismiss';

/**
 * The decision to send, checked by the server's schema (its texts say what is missing), or the
 * first thing wrong with it.
 */
export function decisionBody(
  draft: DecisionDraft,
): { body: CaseDecisionInput; error?: undefined } | { error: string } {
  if (draft.kind === null) return { error: caseTexts.chooseDecision };
  const { kind, reason, message } = draft;
  const candidate =
    kind === 'suspend' ? { kind, reason, message, days: draft.days } : { kind, reason, message };
  const checked = caseDecisionSchema.safeParse(candidate);
  if (checked.success) return { body: checked.data };
  return { error: checked.error.issues[0]?.message ?? caseTexts.checkForm };
}

/** Why a note or a decision did not go through (decided already, one's own report: the server's text). */
export const caseErrorText = (error: unknown) => refusalText(error, caseTexts.caseGone);
