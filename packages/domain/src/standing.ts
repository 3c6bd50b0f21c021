// Trust and safety's constants and the session answer's standing and warning, read without zod
// (the start-up reads the session answer before the schema library loads; startup-answers.ts).
import type { Standing, Warning } from './moderation.ts';

/**
 * Trust and safety (issue 47, DESIGN.md §6): what staff may do to a person, and what the person
 * is told. The reasons are the Terms' (spec/3 §6): each action names one, with a message.
 */
export const MODERATION_REASONS = [
  'harassment',
  'hate',
  'threats',
  'sexual_content',
  'spam',
  'scam',
  'fake_identity',
  'underage',
  'sex_offender',
  'ban_evasion',
  'other',
] as const;
export type ModerationReason = (typeof MODERATION_REASONS)[number];

/** What the person reads for each reason (the standing screen, the warning). */
export const moderationReasonLabels: Record<ModerationReason, string> = {
  harassment: 'Harassment or bullying',
  hate: 'Hate speech',
  threats: 'Threats of violence',
  sexual_content: 'Unwanted sexual content',
  spam: 'Spam',
  scam: 'Scams or fraud',
  fake_identity: 'A fake identity',
  underage: 'Being under 18',
  sex_offender: 'A conviction for a sexual offence',
  ban_evasion: 'Returning after a ban',
  other: 'Breaking the Terms of Service',
};

export const SUSPENSION_DAYS = [1, 7, 30] as const;
export type SuspensionDays = (typeof SUSPENSION_DAYS)[number];

/** How long an appeal may be. */
export const APPEAL_TEXT_MAX = 2000;
/**
 * How long a decided report and its evidence are kept after the decision (the Privacy Policy
 * says so); while an appeal of the decision is open they stay.
 */
export const EVIDENCE_RETENTION_DAYS = 365;

/** How long a staff message or note may be. */
export const STAFF_TEXT_MAX = 2000;

/** What a member is told once and acknowledges: a warning, or content of theirs removed. */
export const NOTICE_KINDS = ['warn', 'remove_photo', 'remove_bio'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Why a case is closed without an action. */
export const DISMISS_REASONS = ['no_violation', 'not_enough_evidence', 'duplicate'] as const;
export type DismissReason = (typeof DISMISS_REASONS)[number];

export const moderationMessages = {
  appealSent: 'Your appeal was sent. We will tell you here when it has been reviewed.',
  appealTaken: 'This decision has been appealed already',
  nothingToAppeal: 'There is no decision to appeal',
  warningNotFound: 'Warning not found',
  notOnOwnAccount: 'Staff cannot act on their own account',
  ownReport: 'You reported this person: leave the case to another moderator',
  caseNotFound: 'Case not found',
  caseDecided: 'This case was decided already',
} as const;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isReason = (value: unknown): value is ModerationReason =>
  (MODERATION_REASONS as readonly unknown[]).includes(value);
const isTextOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isId = (value: unknown): value is string =>
  typeof value === 'string' && UUID_SHAPE.test(value);

const APPEAL_STATUSES = ['open', 'upheld', 'overturned'] as const;

/** An appeal's state as `appealStateSchema` has it, else undefined. */
function readAppeal(appeal: unknown): Standing['appeal'] | undefined {
  if (appeal === null) return null;
  if (!isObject(appeal) || !isTextOrNull(appeal.decisionReason)) return undefined;
  const status = APPEAL_STATUSES.find((s) => s === appeal.status);
  return status ? { status, decisionReason: appeal.decisionReason } : undefined;
}

/** `standingSchema`'s value, else null. */
export function readStanding(value: unknown): Standing | null {
  if (!isObject(value)) return null;
  const { state, actionId, reason, message, until, at } = value;
  if (state !== 'SUSPENDED' && state !== 'BANNED') return null;
  if (!isId(actionId) || !isReason(reason) || typeof message !== 'string') return null;
  if (!isTextOrNull(until) || typeof at !== 'string') return null;
  const appeal = readAppeal(value.appeal);
  if (appeal === undefined) return null;
  return { state, actionId, reason, message, until, at, appeal };
}

/** `warningSchema`'s value, else null. */
export function readWarning(value: unknown): Warning | null {
  if (!isObject(value)) return null;
  const { actionId, reason, message, at } = value;
  const kind = NOTICE_KINDS.find((k) => k === value.kind);
  if (!kind || !isId(actionId) || !isReason(reason)) return null;
  if (typeof message !== 'string' || typeof at !== 'string') return null;
  const appeal = readAppeal(value.appeal);
  if (appeal === undefined) return null;
  return { kind, actionId, reason, message, at, appeal };
}
