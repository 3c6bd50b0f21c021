import {
  caseTexts,
  moderationMessages,
  STAFF_TEXT_MAX,
  type AuditEntry,
  type CaseReport,
  type OpenAppeal,
  type StaffStatus,
} from '@heartline/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { auditUrl, caseQueueUrl } from '../../state/queries/staff.ts';
import {
  accountStateLabel,
  appealedDecision,
  auditActionLabel,
  auditActor,
  auditDetailText,
  byGravity,
  caseErrorText,
  ceremonyErrorText,
  contextLabel,
  decisionBody,
  decisionErrorText,
  gateStep,
  hasSnapshot,
  latestSnapshot,
  moderationReasonLabel,
  noteError,
  openCaseFrom,
  personName,
  queueFilterFrom,
  queueSearch,
  reasonLabel,
  roleErrorText,
  sameSnapshot,
  sectionFor,
  sectionsFor,
  staffTexts,
  timeAgo,
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
  it('shows a moderator the reports and appeals, an admin the audit log and roles too', () => {
    expect(sectionsFor('moderator').map((s) => s.id)).toEqual(['reports', 'appeals']);
    expect(sectionsFor('admin').map((s) => s.id)).toEqual(['reports', 'appeals', 'audit', 'roles']);
  });

  it('opens /staff on the reports and sends a section the role lacks back there', () => {
    expect(sectionFor(undefined, 'moderator')).toBe('reports');
    expect(sectionFor(undefined, 'admin')).toBe('reports');
    expect(sectionFor('appeals', 'moderator')).toBe('appeals');
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

describe('the report queue', () => {
  it("orders a case's reasons gravest first, as the server's queue does, unknown ones last", () => {
    expect(byGravity(['spam', 'blocked', 'underage', 'harassment'])).toEqual([
      'underage',
      'harassment',
      'spam',
      'blocked',
    ]);
    expect(byGravity(['other', 'made_up', 'fake_profile'])).toEqual([
      'fake_profile',
      'other',
      'made_up',
    ]);
    expect(byGravity([])).toEqual([]);
  });

  it("names reasons and places in the domain's words, and one it does not know as written", () => {
    expect(reasonLabel('harassment')).toBe('Harassment or bullying');
    expect(reasonLabel('underage')).toBe('Under 18');
    expect(reasonLabel('blocked')).toBe('Blocked');
    expect(reasonLabel('new_reason')).toBe('new reason');
    expect(moderationReasonLabel('fake_identity')).toBe('A fake identity');
    expect(moderationReasonLabel('odd_one')).toBe('odd one');
    expect(contextLabel('discover')).toBe('Discover');
    expect(contextLabel('block')).toBe('A block');
    expect(contextLabel('elsewhere')).toBe('elsewhere');
  });

  it('says how old a case is', () => {
    const at = (ms: number) => new Date(NOW - ms).toISOString();
    expect(timeAgo(at(20_000), NOW)).toBe('just now');
    expect(timeAgo(at(5 * 60_000), NOW)).toBe('5 min ago');
    expect(timeAgo(at(59 * 60_000), NOW)).toBe('59 min ago');
    expect(timeAgo(at(3 * 3_600_000 + 1), NOW)).toBe('3 h ago');
    expect(timeAgo(at(49 * 3_600_000), NOW)).toBe('2 d ago');
    expect(timeAgo('not a time', NOW)).toBe('not a time');
  });

  it('keeps the filter and the open case in the URL, leaving the defaults out', () => {
    expect(queueFilterFrom(new URLSearchParams())).toEqual({ state: 'open', reason: null });
    expect(queueFilterFrom(new URLSearchParams('state=closed&reason=spam'))).toEqual({
      state: 'closed',
      reason: 'spam',
    });
    expect(queueFilterFrom(new URLSearchParams('state=gone&reason=nope'))).toEqual({
      state: 'open',
      reason: null,
    });
    expect(openCaseFrom(new URLSearchParams('case=c1'))).toBe('c1');
    expect(openCaseFrom(new URLSearchParams('case='))).toBeNull();
    expect(queueSearch({ state: 'open', reason: null }, null).toString()).toBe('');
    expect(queueSearch({ state: 'urgent', reason: 'underage' }, 'c1').toString()).toBe(
      'state=urgent&reason=underage&case=c1',
    );
  });

  it('asks the server for a filter and a page as it reads them', () => {
    expect(caseQueueUrl({ state: 'open', reason: null }, 0)).toBe('/api/staff/cases?state=open');
    expect(caseQueueUrl({ state: 'closed', reason: 'fake_profile' }, 50)).toBe(
      '/api/staff/cases?state=closed&reason=fake_profile&offset=50',
    );
  });
});

describe('a case', () => {
  const report = (over: Partial<CaseReport> = {}): CaseReport => ({
    id: 'r1',
    reason: 'spam',
    context: 'discover',
    details: '',
    count: 1,
    createdAt: '2025-06-01T10:00:00Z',
    updatedAt: '2025-06-01T10:00:00Z',
    reporter: null,
    snapshot: {
      name: 'Pia',
      bio: 'Old words',
      age: 30,
      location: '',
      interests: [],
      photoUrl: null,
    },
    messages: [],
    ...over,
  });

  it("shows the profile as last reported, and a report's own only where it differs", () => {
    const first = report();
    const repeat = report({
      id: 'r2',
      createdAt: '2025-06-01T09:00:00Z',
      updatedAt: '2025-06-01T11:00:00Z',
      snapshot: { ...first.snapshot, bio: 'New words' },
    });
    expect(latestSnapshot([first, repeat])?.bio).toBe('New words');
    expect(latestSnapshot([])).toBeNull();
    expect(sameSnapshot(first.snapshot, { ...first.snapshot })).toBe(true);
    expect(sameSnapshot(first.snapshot, repeat.snapshot)).toBe(false);
    expect(sameSnapshot(first.snapshot, { ...first.snapshot, interests: ['Music'] })).toBe(false);
    // A report from before snapshots were kept holds none (the server still names the photo).
    expect(hasSnapshot({ photoUrl: null })).toBe(false);
    expect(hasSnapshot(first.snapshot)).toBe(true);
    expect(sameSnapshot({}, { name: null, bio: '', location: '', interests: [] })).toBe(true);
  });

  it('says what the account is now, when it is not simply active', () => {
    expect(accountStateLabel('ACTIVE')).toBeNull();
    expect(accountStateLabel('SUSPENDED')).toBe('Suspended');
    expect(accountStateLabel('BANNED')).toBe('Banned');
    expect(accountStateLabel(null)).toBeNull();
  });

  it("refuses an empty or over-long note with the server's words", () => {
    expect(noteError('')).toBe('Write the note');
    expect(noteError('   \n ')).toBe('Write the note');
    expect(noteError('x'.repeat(STAFF_TEXT_MAX + 1))).toBe(
      `A note can be at most ${STAFF_TEXT_MAX} characters`,
    );
    expect(noteError('x'.repeat(STAFF_TEXT_MAX))).toBeNull();
    expect(noteError('  Asked a colleague  ')).toBeNull();
  });

  it('builds the decision the server takes, or says what is missing', () => {
    const draft = { kind: null, reason: '', days: 7, message: '' } as const;
    expect(decisionBody(draft)).toEqual({ error: caseTexts.chooseDecision });
    expect(decisionBody({ ...draft, kind: 'warn' })).toEqual({ error: 'Choose a reason' });
    // A dismissal takes its own reasons, not the Terms' list, and the reverse.
    expect(decisionBody({ ...draft, kind: 'dismiss', reason: 'spam' })).toEqual({
      error: 'Choose a reason',
    });
    expect(decisionBody({ ...draft, kind: 'ban', reason: 'duplicate' })).toEqual({
      error: 'Choose a reason',
    });
    expect(decisionBody({ ...draft, kind: 'dismiss', reason: 'duplicate' })).toEqual({
      body: { kind: 'dismiss', reason: 'duplicate', message: '' },
    });
    expect(
      decisionBody({
        ...draft,
        kind: 'suspend',
        reason: 'harassment',
        days: 30,
        message: ' Stop. ',
      }),
    ).toEqual({ body: { kind: 'suspend', reason: 'harassment', days: 30, message: 'Stop.' } });
    // Days go with a suspension only.
    expect(decisionBody({ ...draft, kind: 'remove_bio', reason: 'hate' })).toEqual({
      body: { kind: 'remove_bio', reason: 'hate', message: '' },
    });
    expect(
      decisionBody({ ...draft, kind: 'warn', reason: 'spam', message: 'x'.repeat(2001) }),
    ).toEqual({ error: 'A message can be at most 2000 characters' });
  });

  it("shows the server's refusal of a decision, and its bare 'Not found' in words", () => {
    const decided = new ApiError('CONFLICT', moderationMessages.caseDecided, 409);
    expect(caseErrorText(decided)).toBe('This case was decided already');
    const own = new ApiError('FORBIDDEN', moderationMessages.ownReport, 403);
    expect(caseErrorText(own)).toBe(moderationMessages.ownReport);
    expect(caseErrorText(new ApiError('NOT_FOUND', 'Case not found', 404))).toBe(
      caseTexts.caseGone,
    );
    expect(caseErrorText(new TypeError('offline'))).toBe(staffTexts.changeFailed);
  });
});
