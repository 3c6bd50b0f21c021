import { describe, expect, it } from 'vitest';
import { publicConfigSchema } from './config.ts';
import { errorBodySchema, okSchema } from './errors.ts';
import { DEFAULT_LEGAL_CONTACTS } from './legal-contacts.ts';
import { readErrorBody, readOk, readPublicConfig, readSession } from './startup-answers.ts';
import { sessionResponseSchema } from './user.ts';

/** The schema's reading of `value`: its data when it accepts it, else null. */
function bySchema<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
) {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const config = {
  productName: 'Heartline',
  passwordAuth: false,
  devSignIn: true,
  contacts: DEFAULT_LEGAL_CONTACTS,
};
const { regional } = DEFAULT_LEGAL_CONTACTS;

const me = {
  id: '019ac0de-7a1b-7c2d-8e3f-405162738495',
  email: 'ana@example.com',
  name: 'Ana',
  dob: '1990-02-28',
  photoUrl: '/media/a.webp',
  avatarUrl: null,
  onboardingCompleted: true,
  trustScore: 42,
  friendCount: 4,
};

const standing = {
  state: 'BANNED',
  actionId: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  reason: 'harassment',
  message: 'Repeated insults.',
  until: null,
  at: '2026-12-03T08:00:00.000Z',
  appeal: null,
};
const warning = {
  kind: 'remove_photo',
  actionId: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
  reason: 'spam',
  message: '',
  at: '2026-12-03T08:00:00.000Z',
  appeal: null,
};
const sessionCases: unknown[] = [
  { user: null, standing },
  { user: null, standing: { ...standing, state: 'SUSPENDED', until: '2026-12-10T08:00:00.000Z' } },
  { user: null, standing: { ...standing, appeal: { status: 'open', decisionReason: null } } },
  { user: null, standing: { ...standing, appeal: { status: 'upheld', decisionReason: 'No.' } } },
  { user: null, standing: { ...standing, appeal: { status: 'lost', decisionReason: null } } },
  { user: null, standing: { ...standing, state: 'ACTIVE' } },
  { user: null, standing: { ...standing, reason: 'rudeness' } },
  { user: null, standing: { ...standing, until: 5 } },
  { user: null, standing: null },
  { user: me, warning },
  { user: me, warning: { ...warning, message: null } },
  { user: me, warning: { ...warning, actionId: 'x' } },
  { user: me, warning: { ...warning, kind: 'ban' } },
  { user: me, warning: { ...warning, appeal: { status: 'overturned', decisionReason: 'Ok.' } } },
  { user: me, warning: { ...warning, appeal: { status: 'won', decisionReason: null } } },
  { user: me, warning: { ...warning, appeal: undefined } },
  { user: null },
  { user: null, extra: 1 },
  { user: me },
  { user: { ...me, extra: 'dropped' } },
  { user: { ...me, email: null, name: null, dob: null, photoUrl: null } },
  { user: { ...me, id: 'not-a-uuid' } },
  { user: { ...me, id: 7 } },
  { user: { ...me, email: undefined } },
  { user: { ...me, name: 5 } },
  { user: { ...me, avatarUrl: {} } },
  { user: { ...me, onboardingCompleted: 'yes' } },
  { user: { ...me, trustScore: 1.5 } },
  { user: { ...me, trustScore: 2 ** 53 } },
  { user: { ...me, friendCount: '4' } },
  { user: [] },
  { user: 'x' },
  { user: undefined },
  {},
  [],
  null,
  'null',
];

/** Answers that are not config-shaped, each one step away from a good one. */
const configCases: unknown[] = [
  config,
  { ...config, extra: 'dropped' },
  { ...config, contacts: { ...DEFAULT_LEGAL_CONTACTS, extra: 1 } },
  { ...config, productName: 1 },
  { ...config, productName: undefined },
  { ...config, passwordAuth: 'false' },
  { ...config, devSignIn: null },
  { ...config, contacts: null },
  { ...config, contacts: [] },
  { ...config, contacts: { ...DEFAULT_LEGAL_CONTACTS, general: undefined } },
  { ...config, contacts: { ...DEFAULT_LEGAL_CONTACTS, legal: 5 } },
  { ...config, contacts: { ...DEFAULT_LEGAL_CONTACTS, privacy: 'no address' } },
  { ...config, contacts: { ...DEFAULT_LEGAL_CONTACTS, regional: null } },
  { ...config, contacts: { ...DEFAULT_LEGAL_CONTACTS, regional: { ...regional, il: undefined } } },
  { ...config, contacts: { ...DEFAULT_LEGAL_CONTACTS, regional: { ...regional, uk: '' } } },
  [config],
  null,
  'config',
  42,
  undefined,
];

const errorCases: unknown[] = [
  { error: { code: 'NOT_FOUND', message: 'Not found' } },
  { error: { code: 'VALIDATION_FAILED', message: 'Bad', fields: { name: 'Too short' } } },
  { error: { code: 'VALIDATION_FAILED', message: 'Bad', fields: {} } },
  { error: { code: 'X', message: 'm', extra: true }, more: 1 },
  { error: { code: 'X', message: 'm', fields: { name: 3 } } },
  { error: { code: 'X', message: 'm', fields: ['a'] } },
  { error: { code: 'X', message: 'm', fields: null } },
  { error: { code: 1, message: 'm' } },
  { error: { code: 'X' } },
  { error: 'NOT_FOUND' },
  { error: null },
  { message: 'm' },
  [],
  null,
  'error',
];

describe('the start-up answers, read without zod, agree with their schemas', () => {
  it('reads the public config as publicConfigSchema does', () => {
    for (const value of configCases) {
      expect(readPublicConfig(value), JSON.stringify(value)).toEqual(
        bySchema(publicConfigSchema, value),
      );
    }
  });

  it('checks contact addresses for shape only: the server checks their form where they are set', () => {
    const odd = { ...config, contacts: { ...DEFAULT_LEGAL_CONTACTS, general: 'a@b' } };
    expect(bySchema(publicConfigSchema, odd)).toBeNull();
    expect(readPublicConfig(odd)).toEqual(odd);
  });

  it('reads an error body as errorBodySchema does', () => {
    for (const value of errorCases) {
      expect(readErrorBody(value), JSON.stringify(value)).toEqual(
        bySchema(errorBodySchema, value)?.error ?? null,
      );
    }
  });

  it('reads the session answer as sessionResponseSchema does', () => {
    for (const value of sessionCases) {
      expect(readSession(value), JSON.stringify(value)).toEqual(
        bySchema(sessionResponseSchema, value),
      );
    }
  });

  it('checks the user id for shape only: the server makes ids', () => {
    // A UUID with no valid version nibble: the schema refuses it, the reader takes it.
    const odd = { user: { ...me, id: '01234567-89ab-cdef-0123-456789abcdef' } };
    expect(bySchema(sessionResponseSchema, odd)).toBeNull();
    expect(readSession(odd)).toEqual(odd);
  });

  it('reads { ok: true } as okSchema does', () => {
    for (const value of [
      { ok: true },
      { ok: true, more: 1 },
      { ok: false },
      { ok: 'true' },
      {},
      null,
    ]) {
      expect(readOk(value), JSON.stringify(value)).toEqual(bySchema(okSchema, value));
    }
  });
});
