import {
  MODERATION_REASONS,
  moderationReasonLabels,
  type AuditEntry,
  type ModerationReason,
  type OpenAppeal,
  type StaffRole,
  type StaffStatus,
} from '@heartline/domain';
import { ApiError } from '../../lib/api.ts';

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

/** A part of the console; the report queue comes first once it has its API (issue 47). */
export type StaffSection = 'appeals' | 'audit' | 'roles';

type SectionEntry = { id: StaffSection; label: string; adminOnly: boolean };

/** The console's nav, in order: the first a role may open is where /staff opens. */
export const staffSections: readonly SectionEntry[] = [
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
function refusalText(error: unknown, notFound: string): string {
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
