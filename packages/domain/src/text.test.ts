import { describe, expect, it } from 'vitest';
import { passwordSignUpSchema, devAccountCreateSchema } from './auth.ts';
import { safeIntendedPath } from './intended-path.ts';
import { createInvitationSchema } from './invitations.ts';
import { connectionsQuerySchema } from './network.ts';
import { createReportSchema } from './relations.ts';
import { editProfileSchema, nameError, onboardingProfileSchema } from './profile.ts';
import { disallowedCharactersMessage, hasDisallowedCharacters, type TextKind } from './text.ts';

/** Issue 18, item 8: the shared character rule for text inputs. */

const KINDS: TextKind[] = ['multiline', 'line', 'name'];

describe('hasDisallowedCharacters', () => {
  it('refuses U+0000 in every kind (PostgreSQL cannot store it)', () => {
    for (const kind of KINDS) expect(hasDisallowedCharacters('a\u0000b', kind), kind).toBe(true);
  });

  it('refuses C0 controls other than tab, LF and CR, DEL and C1 controls in every kind', () => {
    const controls = [
      ...Array.from({ length: 0x20 }, (_, i) => i).filter((c) => ![9, 10, 13].includes(c)),
      0x7f,
      ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
    ].map((c) => String.fromCharCode(c));
    for (const kind of KINDS) {
      for (const c of controls) {
        const code = c.charCodeAt(0).toString(16);
        expect(hasDisallowedCharacters(`x${c}y`, kind), `${kind} U+${code}`).toBe(true);
      }
    }
  });

  it('refuses lone surrogates but keeps characters outside the BMP', () => {
    for (const kind of KINDS) {
      expect(hasDisallowedCharacters('a\ud800b', kind)).toBe(true);
      expect(hasDisallowedCharacters('a\udc00', kind)).toBe(true);
      expect(hasDisallowedCharacters('\udc00\ud800', kind)).toBe(true);
      expect(hasDisallowedCharacters('Zoë 😀 𝔘', kind)).toBe(false);
    }
  });

  it('keeps tab, LF and CR in multi-line text only', () => {
    expect(hasDisallowedCharacters('line one\r\nline two\tend', 'multiline')).toBe(false);
    for (const kind of ['line', 'name'] as const) {
      for (const c of ['\t', '\n', '\r', '\u2028', '\u2029']) {
        expect(hasDisallowedCharacters(`a${c}b`, kind), `${kind} ${JSON.stringify(c)}`).toBe(true);
      }
    }
  });

  it('refuses bidirectional embeddings and overrides in every kind of text', () => {
    for (const c of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e']) {
      for (const kind of KINDS) {
        expect(hasDisallowedCharacters(`Eve${c}gnp.exe`, kind), `${kind} ${c}`).toBe(true);
      }
    }
    // Issue 45's case: a message that reads 'live'.
    expect(hasDisallowedCharacters('\u202eevil\u202c', 'multiline')).toBe(true);
  });

  it('allows the isolates that messaging apps wrap copied names in', () => {
    expect(hasDisallowedCharacters('\u2068Ann Marie\u2069', 'name')).toBe(false);
    expect(hasDisallowedCharacters('Eve\u2066x\u2069', 'name')).toBe(false);
  });

  it('keeps ordinary text in any script, spaces and punctuation', () => {
    const texts = ['Anna-Lena O’Brien', 'Łukasz Żółć', 'محمد', 'שָׁלוֹם', '山田 太郎', 'Ñandú, 42!'];
    for (const kind of KINDS) {
      for (const text of texts) expect(hasDisallowedCharacters(text, kind), text).toBe(false);
    }
    // Right-to-left names need no controls, and the marks U+200E/U+200F are not overrides.
    expect(hasDisallowedCharacters('Dana \u200fדנה', 'name')).toBe(false);
  });

  it('names the field in its message', () => {
    expect(disallowedCharactersMessage('Bio')).toBe('Bio contains characters that are not allowed');
  });
});

/** The first issue per path, as the server's parseInput reports it. */
function fields(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('every text input schema applies the rule', () => {
  const future = new Date(Date.now() + 86_400_000).toISOString();
  const cases: [string, (value: string) => unknown, string, string][] = [
    // [schema, parse, field path, field label]
    ['edit profile name', (v) => editProfileSchema.safeParse({ name: v }), 'name', 'Name'],
    ['edit profile bio', (v) => editProfileSchema.safeParse({ bio: v }), 'bio', 'Bio'],
    [
      'edit profile location',
      (v) => editProfileSchema.safeParse({ location: v }),
      'location',
      'Location',
    ],
    [
      'onboarding name',
      (v) => onboardingProfileSchema.safeParse({ name: v, dob: '1990-01-01' }),
      'name',
      'Name',
    ],
    [
      'report details',
      (v) =>
        createReportSchema.safeParse({
          userId: '0190b4a8-0000-7000-8000-000000000000',
          reason: 'spam',
          context: 'network',
          details: v,
        }),
      'details',
      'Details',
    ],
    [
      'sign-up name',
      (v) =>
        passwordSignUpSchema.safeParse({
          email: 'a@example.com',
          password: 'x'.repeat(12),
          name: v,
        }),
      'name',
      'Name',
    ],
    [
      'development provider account name',
      (v) => devAccountCreateSchema.safeParse({ name: v, email: 'a@example.com' }),
      'name',
      'Name',
    ],
    [
      'invitation message',
      (v) => createInvitationSchema.safeParse({ expiresAt: future, message: v }),
      'message',
      'Message',
    ],
    [
      'network search',
      (v) => connectionsQuerySchema.safeParse({ tab: 'all', q: v }),
      'q',
      'Search',
    ],
  ];

  for (const [label, parse, path, field] of cases) {
    it(`${label}: refuses a NUL byte and control characters, naming the field`, () => {
      for (const value of ['a\u0000b', 'ab\u0007cd', 'ab\u001bcd', 'ab\u0085cd', 'ab\ud800cd']) {
        const result = parse(value) as Parameters<typeof fields>[0];
        expect(result.success, JSON.stringify(value)).toBe(false);
        expect(fields(result)[path]).toBe(disallowedCharactersMessage(field));
      }
      expect((parse('Plain text') as { success: boolean }).success).toBe(true);
    });
  }

  it('names refuse bidirectional overrides and line breaks inside; edges are trimmed', () => {
    expect(nameError('Eve\u202egnp')).toBe(disallowedCharactersMessage('Name'));
    expect(nameError('Ann\nMarie')).toBe(disallowedCharactersMessage('Name'));
    expect(nameError('Ann\tMarie')).toBe(disallowedCharactersMessage('Name'));
    expect(nameError('  Ann Marie\n')).toBeNull();
    expect(onboardingProfileSchema.parse({ name: ' Ann\n', dob: '1990-01-01' }).name).toBe('Ann');
    expect(
      fields(devAccountCreateSchema.safeParse({ name: 'Eve\u202egnp', email: 'a@example.com' })),
    ).toEqual({ name: disallowedCharactersMessage('Name') });
  });

  it('multi-line texts keep line breaks and tabs; single-line ones refuse them inside', () => {
    expect(editProfileSchema.parse({ bio: 'Hi!\r\n\tMe\n' }).bio).toBe('Hi!\r\n\tMe');
    expect(fields(editProfileSchema.safeParse({ location: 'Ber\nlin' }))).toEqual({
      location: disallowedCharactersMessage('Location'),
    });
    expect(editProfileSchema.parse({ location: ' Berlin\n' }).location).toBe('Berlin');
    // The bio and location keep their length limits and messages.
    expect(fields(editProfileSchema.safeParse({ bio: 'x'.repeat(501) }))).toEqual({
      bio: 'Bio must be at most 500 characters',
    });
  });

  it('a remembered return path with a control character is dropped', () => {
    expect(safeIntendedPath('/profile')).toBe('/profile');
    expect(safeIntendedPath('/profile\u0000')).toBeNull();
    expect(safeIntendedPath('/network?q=\u007f')).toBeNull();
  });
});
