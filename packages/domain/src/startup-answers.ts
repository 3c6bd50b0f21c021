import type { PublicConfig } from './config.ts';
import type { ErrorBody, Ok } from './errors.ts';
import { LEGAL_REGIONS, type LegalContacts } from './legal-contacts.ts';
import { readStanding, readWarning } from './standing.ts';
import type { Me, SessionResponse } from './user.ts';

// The answers a first load waits for, read without zod, so the sign-in page neither downloads
// nor builds the schema library before its first screen, and no signed-in first screen waits
// for it either (issue 17). Each reader accepts what its schema accepts and returns the same
// value (startup-answers.test.ts holds them to it), with one difference said where it is: ids
// and contact addresses are checked for shape, not form (the server makes both).

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const isTextOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

/** A UUID's shape; its version and variant bits are the server's business. */
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readMe(value: unknown): Me | null {
  if (!isObject(value)) return null;
  const { id, email, name, dob, photoUrl, avatarUrl } = value;
  const { onboardingCompleted, trustScore, friendCount } = value;
  if (typeof id !== 'string' || !UUID_SHAPE.test(id)) return null;
  if (!isTextOrNull(email) || !isTextOrNull(name) || !isTextOrNull(dob)) return null;
  if (!isTextOrNull(photoUrl) || !isTextOrNull(avatarUrl)) return null;
  if (typeof onboardingCompleted !== 'boolean') return null;
  if (!isInt(trustScore) || !isInt(friendCount)) return null;
  return {
    id,
    email,
    name,
    dob,
    photoUrl,
    avatarUrl,
    onboardingCompleted,
    trustScore,
    friendCount,
  };
}

/** The session answer (`sessionResponseSchema`): `{ user: null }` or the signed-in user. */
export function readSession(value: unknown): SessionResponse | null {
  if (!isObject(value)) return null;
  const user = value.user === null ? null : readMe(value.user);
  if (user === null && value.user !== null) return null;
  const answer: SessionResponse = { user };
  // A suspended or banned account's decision, a member's warning (issue 47).
  if (value.standing !== undefined) {
    const standing = readStanding(value.standing);
    if (!standing) return null;
    answer.standing = standing;
  }
  if (value.warning !== undefined) {
    const warning = readWarning(value.warning);
    if (!warning) return null;
    answer.warning = warning;
  }
  return answer;
}

/** An address as the server's settings check it; the form itself is checked there. */
const isAddress = (value: unknown): value is string =>
  typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value);

function readContacts(value: unknown): LegalContacts | null {
  if (!isObject(value) || !isObject(value.regional)) return null;
  const { general, legal, privacy, regional } = value;
  if (!isAddress(general) || !isAddress(legal) || !isAddress(privacy)) return null;
  const regions = {} as LegalContacts['regional'];
  for (const region of LEGAL_REGIONS) {
    const address = regional[region];
    if (!isAddress(address)) return null;
    regions[region] = address;
  }
  return { general, legal, privacy, regional: regions };
}

/** The public config (`publicConfigSchema`), else null. */
export function readPublicConfig(value: unknown): PublicConfig | null {
  if (!isObject(value)) return null;
  const { productName, passwordAuth, devSignIn } = value;
  if (typeof productName !== 'string') return null;
  if (typeof passwordAuth !== 'boolean' || typeof devSignIn !== 'boolean') return null;
  const contacts = readContacts(value.contacts);
  return contacts && { productName, passwordAuth, devSignIn, contacts };
}

/** The error of an error response (`errorBodySchema`), else null. */
export function readErrorBody(value: unknown): ErrorBody['error'] | null {
  if (!isObject(value) || !isObject(value.error)) return null;
  const { code, message, fields } = value.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (fields === undefined) return { code, message };
  if (!isObject(fields)) return null;
  const checked: Record<string, string> = {};
  for (const [key, text] of Object.entries(fields)) {
    if (typeof text !== 'string') return null;
    checked[key] = text;
  }
  return { code, message, fields: checked };
}

/** `{ ok: true }` (`okSchema`), else null. */
export function readOk(value: unknown): Ok | null {
  return isObject(value) && value.ok === true ? { ok: true } : null;
}
