import type { z } from './zod.ts';

/**
 * The one rule for characters in text people type (issue 18): what every free-text input of
 * the API refuses, so nothing PostgreSQL cannot store (it refuses U+0000) or a reader cannot
 * see reaches the database or another person's screen.
 *
 * - `multiline` (a bio, report details, an invitation message, a chat message): no control
 *   characters except tab, line feed and carriage return.
 * - `line` (a location, a search): no control characters at all, and no line or paragraph
 *   separators (U+2028, U+2029).
 * - `name` (a person's name): as `line`.
 *
 * No kind takes the bidirectional embeddings and overrides (U+202A–U+202E), which make text read
 * as something else: "Eve\u202Egnp.exe" shows as "Eveexe.png", "\u202Eevil\u202C" as "live"
 * (issue 45: they were refused in names only). Isolates (U+2066–U+2069) are allowed: they cannot
 * reorder the letters around them, and apps such as WhatsApp wrap copied names in them. Text
 * stored before the rule had them taken out (migration 0016).
 *
 * Every kind refuses lone surrogates (half of a UTF-16 pair: not a character, and not valid
 * UTF-8 once encoded). Control characters are the C0 set (U+0000–U+001F), DEL (U+007F) and the
 * C1 set (U+0080–U+009F).
 */
export type TextKind = 'multiline' | 'line' | 'name';

/** C0 controls except tab, LF and CR; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Whitespace controls and the Unicode line and paragraph separators. */
const LINE_BREAKS_AND_TABS = /[\t\n\r\u2028\u2029]/;
/** Bidirectional embeddings and overrides (LRE, RLE, PDF, LRO, RLO); not the isolates. */
const BIDI_CONTROLS = /[\u202A-\u202E]/;
/** With the `u` flag a well-formed pair is one code point, so only a lone half matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** True when `value` holds a character the rule for `kind` refuses. */
export function hasDisallowedCharacters(value: string, kind: TextKind): boolean {
  if (CONTROL_EXCEPT_WHITESPACE.test(value) || LONE_SURROGATE.test(value)) return true;
  if (BIDI_CONTROLS.test(value)) return true;
  return kind !== 'multiline' && LINE_BREAKS_AND_TABS.test(value);
}

/** The refusal, naming the field: 'Bio contains characters that are not allowed'. */
export function disallowedCharactersMessage(field: string): string {
  return `${field} contains characters that are not allowed`;
}

/** The refusal text for `value`, or null when every character is allowed. */
export function textCharactersError(value: string, field: string, kind: TextKind): string | null {
  return hasDisallowedCharacters(value, kind) ? disallowedCharactersMessage(field) : null;
}

/**
 * The rule as a zod refinement:
 * `z.string().check(z.trim(), z.superRefine(safeText('Bio', 'multiline')))`.
 * Put it after `z.trim()` where the field is trimmed, so it judges the text as stored (a name
 * pasted with a trailing line break is trimmed, not refused).
 */
export function safeText(field: string, kind: TextKind) {
  const message = disallowedCharactersMessage(field);
  return (value: string, ctx: z.core.$RefinementCtx<string>): void => {
    if (hasDisallowedCharacters(value, kind)) ctx.addIssue({ code: 'custom', message });
  };
}
