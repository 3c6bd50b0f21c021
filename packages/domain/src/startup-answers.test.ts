import { describe, expect, it } from 'vitest';
import { publicConfigSchema } from './config.ts';
import { errorBodySchema, okSchema } from './errors.ts';
import { DEFAULT_LEGAL_CONTACTS } from './legal-contacts.ts';
import {
  readErrorBody,
  readOk,
  readPublicConfig,
  readSignedOutSession,
} from './startup-answers.ts';
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

  it('reads only the signed-out session answer; a signed-in one is left to its schema', () => {
    expect(readSignedOutSession({ user: null })).toEqual(
      bySchema(sessionResponseSchema, { user: null }),
    );
    expect(readSignedOutSession({ user: null, extra: 1 })).toEqual({ user: null });
    for (const value of [{}, { user: undefined }, { user: {} }, { user: 'x' }, [], null, 'null']) {
      expect(readSignedOutSession(value), JSON.stringify(value)).toBeNull();
    }
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
