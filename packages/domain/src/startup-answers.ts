import type { PublicConfig } from './config.ts';
import type { ErrorBody, Ok } from './errors.ts';
import { LEGAL_REGIONS, type LegalContacts } from './legal-contacts.ts';
import type { SessionResponse } from './user.ts';

// The answers a first load waits for, read without zod, so the sign-in page neither downloads
// nor builds the schema library before its first screen (issue 17). Each reader accepts what
// its schema accepts and returns the same value (startup-answers.test.ts holds them to it), with
// one difference said where it is: the contact addresses are checked for shape, not form.
// A signed-in session answer is not read here: it goes through `sessionResponseSchema`, which
// the signed-in screens load anyway.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ user: null }`, the signed-out session answer (`sessionResponseSchema`), else null. */
export function readSignedOutSession(value: unknown): SessionResponse | null {
  return isObject(value) && value.user === null ? { user: null } : null;
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
