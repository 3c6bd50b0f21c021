import type { AuditEntry, OpenAppeal, StaffStatus } from '@heartline/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { auditUrl } from '../../state/queries/staff.ts';
import {
  appealedDecision,
  auditActionLabel,
  auditActor,
  auditDetailText,
  ceremonyErrorText,
  decisionErrorText,
  gateStep,
  personName,
  roleErrorText,
  sectionFor,
  sectionsFor,
  staffTexts,
} from './staff-view.ts';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const status = (over: Partial<StaffStatus> = {}): StaffStatus => ({
  role: 'moderator',
  passkeys: 1,
  verifiedUntil: null,
  ...over,
});

describe('the passkey gate', () => {
  it('enrols on the first visit, confirms later, opens while the confirmation holds', () => {
    expect(gateStep(status({ passkeys: 0 }), NOW)).toBe('enrol');
    expect(gateStep(status({ passkeys: 2 }), NOW)).toBe('confirm');
    expect(gateStep(status({ verifiedUntil: '2025-06-01T23:59:00Z' }), NOW)).toBe('open');
  });

  it('closes again once the 12 hours are over', () => {
    expect(gateStep(status({ verifiedUntil: '2025-06-01T12:00:00Z' }), NOW)).toBe('confirm');
    expect(gateStep(status({ verifiedUntil: '2025-06-01T11:00:00Z' }), NOW)).toBe('confirm');
  });

  it("says why a ceremony failed: the server's text, a cancel, an unusable browser", () => {
    const refused = new ApiError(
      'FORBIDDEN',
      'The passkey could not be confirmed. Please try again.',
      403,
    );
    expect(ceremonyErrorText(refused)).toBe(refused.message);
    expect(ceremonyErrorText(new DOMException('The operation timed out', 'NotAllowedError'))).toBe(
      staffTexts.passkeyCancelled,
    );
    // What @simplewebauthn/browser throws for a cancel: its WebAuthnError under the cause's name.
    const wrapped = Object.assign(new Error('cancelled'), { name: 'NotAllowedError' });
    expect(ceremonyErrorText(wrapped)).toBe(staffTexts.passkeyCancelled);
    expect(ceremonyErrorText(new DOMException('x', 'AbortError'))).toBe(
      staffTexts.passkeyCancelled,
    );
    expect(ceremonyErrorText(new DOMException('x', 'InvalidStateError'))).toBe(
      staffTexts.passkeyKnown,
    );
    expect(ceremonyErrorText(new DOMException('x', 'NotSupportedError'))).toBe(
      staffTexts.noWebAuthn,
    );
    expect(ceremonyErrorText(new TypeError('x'))).toBe(staffTexts.passkeyFailed);
    expect(ceremonyErrorText('odd')).toBe(staffTexts.passkeyFailed);
  });
});

describe('the console nav', () => {
  it('shows a moderator the appeals only, an admin the audit log and roles too', () => {
    expect(sectionsFor('moderator').map((s) => s.id)).toEqual(['appeals']);
    expect(sectionsFor('admin').map((s) => s.id)).toEqual(['appeals', 'audit', 'roles']);
  });

  it('opens /staff on the first section and sends a section the role lacks back there', () => {
    expect(sectionFor(undefined, 'moderator')).toBe('appeals');
    expect(sectionFor(undefined, 'admin')).toBe('appeals');
    expect(sectionFor('roles', 'admin')).toBe('roles');
    expect(sectionFor('audit', 'moderator')).toBeNull();
    expect(sectionFor('roles', 'moderator')).toBeNull();
    expect(sectionFor('nowhere', 'admin')).toBeNull();
  });
});

describe('appeals', () => {
  const appeal = (over: Partial<OpenAppeal> = {}): OpenAppeal => ({
    id: 'a1',
    userId: 'u1',
    name: 'Sue Suspended',
    text: 'It was a one-off.',
    createdAt: '2025-06-01T10:00:00Z',
    actionId: 'x1',
    kind: 'suspend',
    reason: 'spam',
    message: '',
    actedAt: '2025-06-01T09:00:00Z',
    ...over,
  });

  it('names the decision appealed and the person, or that the account is gone', () => {
    expect(appealedDecision(appeal())).toBe('Suspension: Spam');
    expect(appealedDecision(appeal({ kind: 'ban', reason: 'scam' }))).toBe('Ban: Scams or fraud');
    expect(personName('Sue Suspended', 'u1')).toBe('Sue Suspended');
    expect(personName(null, null)).toBe('Deleted account');
    expect(personName('  ', 'u1')).toBe('No name');
  });

  it("shows the server's refusal, and its bare 'Not found' in words", () => {
    const ban = new ApiError('FORBIDDEN', 'Only an admin can lift a ban', 403);
    expect(decisionErrorText(ban)).toBe('Only an admin can lift a ban');
    expect(decisionErrorText(new ApiError('NOT_FOUND', 'Not found', 404))).toMatch(
      /no longer open/,
    );
    const own = new ApiError('FORBIDDEN', 'Another admin changes your own role', 403);
    expect(roleErrorText(own)).toBe('Another admin changes your own role');
    expect(roleErrorText(new ApiError('NOT_FOUND', 'Not found', 404))).toMatch(/No account/);
    expect(roleErrorText(new Error('boom'))).toBe(staffTexts.changeFailed);
  });
});

describe('the audit log', () => {
  const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
    id: 7,
    at: '2025-06-01T10:00:00Z',
    staffId: 's1',
    action: 'suspend',
    subjectId: 'u1',
    detail: {},
    ...over,
  });

  it('labels each action, and one it does not know as written', () => {
    expect(auditActionLabel('appeal_overturned')).toBe('Appeal overturned');
    expect(auditActionLabel('role_granted')).toBe('Role granted');
    expect(auditActionLabel('remove_photo')).toBe('Photo removed');
    expect(auditActionLabel('case_reopened')).toBe('case reopened');
  });

  it('says who: a named staff member, an unknown one by id, the system, the configuration', () => {
    const names = new Map([['s1', 'Adam Admin']]);
    expect(auditActor(entry(), names)).toEqual({ name: 'Adam Admin', id: 's1' });
    expect(auditActor(entry({ staffId: 's2' }), names)).toEqual({ name: null, id: 's2' });
    expect(auditActor(entry({ staffId: null, action: 'suspension_ended' }), names)).toEqual({
      name: 'The system',
      id: null,
    });
    const configured = entry({ staffId: null, detail: { role: 'admin', by: 'STAFF_ADMINS' } });
    expect(auditActor(configured, names).name).toBe('STAFF_ADMINS (configuration)');
  });

  it('puts the detail in words, keeping the ids it names', () => {
    expect(auditDetailText(entry({ detail: { actionId: 'x1', reason: 'spam', days: 7 } }))).toBe(
      'Spam · 7 days · actionId: x1',
    );
    expect(auditDetailText(entry({ detail: { days: 1 } }))).toBe('1 day');
    expect(auditDetailText(entry({ detail: { role: 'admin', by: 'STAFF_ADMINS' } }))).toBe('Admin');
    expect(auditDetailText(entry({ detail: { reason: 'made-up', count: 2 } }))).toBe(
      'reason: made-up · count: 2',
    );
    expect(auditDetailText(entry())).toBe('');
  });

  it('asks for a filter and a page as the server reads them', () => {
    expect(auditUrl({ subjectId: '', staffId: '' }, null)).toBe('/api/staff/audit');
    expect(auditUrl({ subjectId: 'u1', staffId: '' }, 120)).toBe(
      '/api/staff/audit?subjectId=u1&before=120',
    );
    expect(auditUrl({ subjectId: 'u1', staffId: 's1' }, null)).toBe(
      '/api/staff/audit?subjectId=u1&staffId=s1',
    );
  });
});
