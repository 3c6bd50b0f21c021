import { hasDisallowedCharacters } from './text.ts';

// The invite-code rules on their own (no schemas): the app's start-up checks a remembered code
// with them, and must not load the invitation schemas to do so (issue 17).

/** spec/2 §9: an invite code is 3 to 50 characters. Ours are 22 (128 random bits, base64url). */
export const INVITE_CODE_MIN = 3;
export const INVITE_CODE_MAX = 50;

/** How long a remembered invitation waits in a browser for its sign-in (7 days). */
export const PENDING_INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Links one person may hold working at once besides the default one (expired and used-up links
 * do not count; the default link of the Invite Friends dialog always exists).
 */
export const INVITATIONS_ACTIVE_MAX = 20;

/** spec/2 §5's texts for a code that is missing or malformed. */
export const inviteCodeMessages = {
  invalidFormat: 'Invalid invitation format',
  invalidInput: 'Invalid input: invite code and user ID are required',
} as const;

/**
 * spec/2 §5: required, non-blank, 3–50 characters, and nothing that looks like markup or an
 * injection (angle brackets, script/javascript/data/vbscript, on-event handlers, quotes, braces,
 * backslash, semicolon, double dash, comment markers). Null when the code is acceptable.
 */
export function inviteCodeProblem(code: string | null | undefined): string | null {
  if (typeof code !== 'string' || code.trim() === '') return inviteCodeMessages.invalidInput;
  if (code.length < INVITE_CODE_MIN || code.length > INVITE_CODE_MAX) {
    return inviteCodeMessages.invalidFormat;
  }
  if (hasDisallowedCharacters(code, 'line')) return inviteCodeMessages.invalidFormat;
  if (INJECTION_PATTERNS.some((pattern) => pattern.test(code))) {
    return inviteCodeMessages.invalidFormat;
  }
  return null;
}

const INJECTION_PATTERNS = [
  /[<>]/,
  /(?:java|vb)?script\s*:?/i,
  /data\s*:/i,
  /on[a-z]+\s*=/i,
  /["'`]/,
  /[{}]/,
  /\\/,
  /;/,
  /--/,
  /\/\*|\*\/|<!--|-->/,
];
