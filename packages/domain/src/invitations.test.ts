import { describe, expect, it } from 'vitest';
import {
  createInvitationSchema,
  inviteChainStep,
  inviteCodeProblem,
  inviteMessages,
  OPEN_REQUEST_STATUSES,
  REQUEST_STATUSES,
  requestActions,
} from './index.ts';

describe('invite code format (spec/2 §5)', () => {
  it('accepts the codes the server makes and plain codes of 3 to 50 characters', () => {
    expect(inviteCodeProblem('q3Xk9_Zb0aLmN7pQr2StUv')).toBeNull();
    expect(inviteCodeProblem('abc')).toBeNull();
    expect(inviteCodeProblem('a'.repeat(50))).toBeNull();
  });

  it('answers a missing or blank code with the input message', () => {
    for (const code of [undefined, null, '', '   ']) {
      expect(inviteCodeProblem(code)).toBe(inviteMessages.invalidInput);
    }
  });

  it('refuses lengths outside 3 to 50 and every injection pattern', () => {
    const bad = [
      'ab',
      'a'.repeat(51),
      'a<b',
      'x>y',
      'javascript:alert',
      'vbscript:x',
      'myscript',
      'data:text',
      'onload=x',
      'a"b',
      "a'b",
      'a`b',
      'a{b}',
      'a\\b',
      'a;b',
      'a--b',
      'a/*b',
      'b*/c',
    ];
    for (const code of bad)
      expect(inviteCodeProblem(code), code).toBe(inviteMessages.invalidFormat);
  });
});

describe('the consent chain', () => {
  it('lets only the recipient move a request forward, and the sender only withdraw a PENDING one', () => {
    expect(requestActions({ kind: 'connect', status: 'PENDING', direction: 'incoming' })).toEqual([
      'accept',
      'reject',
    ]);
    expect(requestActions({ kind: 'invite', status: 'PENDING', direction: 'incoming' })).toEqual([
      'reject',
      'approve',
    ]);
    expect(requestActions({ kind: 'invite', status: 'approved', direction: 'incoming' })).toEqual([
      'consent',
      'decline',
    ]);
    expect(
      requestActions({ kind: 'invite', status: 'FINAL_APPROVAL_PENDING', direction: 'incoming' }),
    ).toEqual(['final-approve', 'final-decline']);
    for (const kind of ['connect', 'invite']) {
      expect(requestActions({ kind, status: 'PENDING', direction: 'outgoing' })).toEqual([
        'cancel',
      ]);
    }
    for (const status of ['approved', 'FINAL_APPROVAL_PENDING']) {
      expect(requestActions({ kind: 'invite', status, direction: 'outgoing' })).toEqual([]);
    }
  });

  it('offers nothing on a closed request, to anyone', () => {
    const closed = REQUEST_STATUSES.filter(
      (s) => !(OPEN_REQUEST_STATUSES as readonly string[]).includes(s),
    );
    for (const status of closed) {
      for (const kind of ['connect', 'invite']) {
        for (const direction of ['incoming', 'outgoing'] as const) {
          expect(requestActions({ kind, status, direction })).toEqual([]);
        }
      }
    }
  });

  it('numbers the steps 1 to 3', () => {
    expect(inviteChainStep('PENDING')).toBe(1);
    expect(inviteChainStep('approved')).toBe(2);
    expect(inviteChainStep('FINAL_APPROVAL_PENDING')).toBe(3);
  });
});

describe('creating a link', () => {
  it('takes a use limit, a future expiry and a message', () => {
    const at = new Date(Date.now() + 86_400_000).toISOString();
    expect(createInvitationSchema.parse({ maxUses: 5, expiresAt: at, message: ' hi ' })).toEqual({
      maxUses: 5,
      expiresAt: at,
      message: 'hi',
    });
    expect(createInvitationSchema.parse({})).toEqual({});
  });

  it('refuses a zero or fractional limit, a past or far expiry, and unknown fields', () => {
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString();
    for (const body of [
      { maxUses: 0 },
      { maxUses: 1.5 },
      { maxUses: 1001 },
      { expiresAt: '2000-01-01T00:00:00Z' },
      { expiresAt: far },
      { expiresAt: 'tomorrow' },
      { message: 'x'.repeat(501) },
      { code: 'mine' },
    ]) {
      expect(createInvitationSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
