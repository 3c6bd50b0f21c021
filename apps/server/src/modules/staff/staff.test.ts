import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { ErrorBody, SessionResponse } from '@heartline/domain';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import type { TestBrowser } from '../../../test/http-client.ts';
import {
  browserFor,
  createPeople,
  getJson,
  sendJson,
  type Person,
} from '../../../test/network-fixtures.ts';
import { softPasskey } from '../../../test/passkey-authenticator.ts';

const ADMIN_EMAIL = 'first.admin@example.test';
const world = useTestServer({ STAFF_ADMINS: ` ${ADMIN_EMAIL.toUpperCase()} , ` });

async function withRole(role: 'moderator' | 'admin'): Promise<Person> {
  const [person] = await createPeople(world.db, [`${role} ${uuidv7().slice(-6)}`]);
  await world.db.insertInto('staffRoles').values({ userId: person!.id, role }).execute();
  return person!;
}

/** Enrolls a passkey on this browser's session (the first staff visit). */
async function enroll(as: TestBrowser) {
  const key = softPasskey(world.server.baseUrl);
  const options = await sendJson<{ challenge: string }>(
    as,
    'POST',
    '/api/staff/passkeys/registration/options',
  );
  expect(options.status).toBe(200);
  const done = await sendJson<{ verifiedUntil: string | null }>(
    as,
    'POST',
    '/api/staff/passkeys/registration',
    key.register(options.body),
  );
  expect(done.status).toBe(200);
  return key;
}

const act = (as: TestBrowser, userId: string, body: unknown) =>
  sendJson<ErrorBody & { actionId: string }>(
    as,
    'POST',
    `/api/staff/people/${userId}/actions`,
    body,
  );

describe(`staff access (${dbKind})`, () => {
  it('is not there for a member: every staff route answers as a missing one', async () => {
    const [member, other] = await createPeople(world.db, ['Mo Member', 'Ot Other']);
    const as = await browserFor(world.server, member!);
    for (const [method, path] of [
      ['GET', '/api/staff/me'],
      ['POST', '/api/staff/passkeys/registration/options'],
      ['GET', '/api/staff/appeals'],
      ['GET', '/api/staff/audit'],
    ] as const) {
      expect((await as.request(path, { method })).status, path).toBe(404);
    }
    const res = await act(as, other!.id, { kind: 'warn', reason: 'spam', message: '' });
    expect(res.status).toBe(404);
  });

  it('asks a moderator for a passkey, enrolled on the first visit, then again on a new session', async () => {
    const mod = await withRole('moderator');
    const [target] = await createPeople(world.db, ['Tia Target']);
    const as = await browserFor(world.server, mod);
    const me = await getJson<{ role: string; passkeys: number; verifiedUntil: string | null }>(
      as,
      '/api/staff/me',
    );
    expect(me.body).toEqual({ role: 'moderator', passkeys: 0, verifiedUntil: null });
    const refused = await act(as, target!.id, { kind: 'warn', reason: 'spam', message: '' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('PASSKEY_REQUIRED');

    const key = await enroll(as);
    const after = await getJson<{ passkeys: number; verifiedUntil: string }>(as, '/api/staff/me');
    expect(after.body.passkeys).toBe(1);
    expect(Date.parse(after.body.verifiedUntil) - Date.now()).toBeGreaterThan(11.9 * 3_600_000);
    expect((await act(as, target!.id, { kind: 'warn', reason: 'spam', message: '' })).status).toBe(
      200,
    );

    // Another session of the same moderator confirms with the passkey it enrolled.
    const second = await browserFor(world.server, mod);
    expect(
      (await act(second, target!.id, { kind: 'warn', reason: 'spam', message: '' })).status,
    ).toBe(403);
    // A second enrollment needs a confirmed session.
    expect(
      (await sendJson(second, 'POST', '/api/staff/passkeys/registration/options')).status,
    ).toBe(403);
    const options = await sendJson<{ challenge: string }>(
      second,
      'POST',
      '/api/staff/passkeys/authentication/options',
    );
    const answer = key.authenticate(options.body);
    expect(
      (await sendJson(second, 'POST', '/api/staff/passkeys/authentication', answer)).status,
    ).toBe(200);
    // A challenge answers once.
    expect(
      (await sendJson(second, 'POST', '/api/staff/passkeys/authentication', answer)).status,
    ).toBe(403);
    expect(
      (await act(second, target!.id, { kind: 'warn', reason: 'spam', message: '' })).status,
    ).toBe(200);
  });

  it('refuses a passkey answer signed for another challenge or by another key', async () => {
    const mod = await withRole('moderator');
    const as = await browserFor(world.server, mod);
    const key = softPasskey(world.server.baseUrl);
    await sendJson(as, 'POST', '/api/staff/passkeys/registration/options');
    const wrong = key.register({ challenge: 'not-the-challenge' });
    expect((await sendJson(as, 'POST', '/api/staff/passkeys/registration', wrong)).status).toBe(
      403,
    );
    const bad = await sendJson(as, 'POST', '/api/staff/passkeys/registration', { id: 'x' });
    expect(bad.status).toBe(400);
    expect((await getJson<{ passkeys: number }>(as, '/api/staff/me')).body.passkeys).toBe(0);
  });
});

describe(`staff actions (${dbKind})`, () => {
  it('validates the action, keeps moderators off their own reports and off lifting bans', async () => {
    const mod = await withRole('moderator');
    const admin = await withRole('admin');
    const [reported, banned] = await createPeople(world.db, ['Rex Reported', 'Ben Banned']);
    const asMod = await browserFor(world.server, mod);
    const asAdmin = await browserFor(world.server, admin);
    await enroll(asMod);
    await enroll(asAdmin);

    for (const body of [
      { kind: 'suspend', days: 3, reason: 'spam', message: '' },
      { kind: 'ban', reason: 'nothing', message: '' },
      { kind: 'erase', reason: 'spam', message: '' },
      { kind: 'warn', reason: 'spam', message: 'x'.repeat(2001) },
    ]) {
      expect((await act(asMod, reported!.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await act(asMod, uuidv7(), { kind: 'warn', reason: 'spam', message: '' })).status).toBe(
      404,
    );
    expect((await act(asMod, mod.id, { kind: 'warn', reason: 'spam', message: '' })).status).toBe(
      403,
    );

    const filed = await sendJson(asMod, 'POST', '/api/reports', {
      userId: reported!.id,
      reason: 'spam',
      context: 'network',
    });
    expect(filed.status).toBe(201);
    const own = await act(asMod, reported!.id, { kind: 'ban', reason: 'spam', message: '' });
    expect(own.status).toBe(403);

    expect(
      (await act(asMod, banned!.id, { kind: 'ban', reason: 'scam', message: '' })).status,
    ).toBe(200);
    const lift = { reason: 'other', message: 'Reviewed again.' };
    expect(
      (await sendJson(asMod, 'POST', `/api/staff/people/${banned!.id}/lift`, lift)).status,
    ).toBe(403);
    expect(
      (await sendJson(asAdmin, 'POST', `/api/staff/people/${banned!.id}/lift`, lift)).status,
    ).toBe(200);
    const session = await getJson<SessionResponse>(
      await browserFor(world.server, banned!),
      '/api/auth/session',
    );
    expect(session.body.user?.id).toBe(banned!.id);
  });

  it('decides an appeal with a reason the person reads', async () => {
    const mod = await withRole('moderator');
    const [sue] = await createPeople(world.db, ['Sue Suspended']);
    const asMod = await browserFor(world.server, mod);
    await enroll(asMod);
    await act(asMod, sue!.id, { kind: 'suspend', days: 1, reason: 'spam', message: '' });
    const asSue = await browserFor(world.server, sue!);
    await sendJson(asSue, 'POST', '/api/standing/appeal', { text: 'It was a one-off.' });
    const appeals = await getJson<{ items: { id: string; userId: string; text: string }[] }>(
      asMod,
      '/api/staff/appeals',
    );
    const appeal = appeals.body.items.find((a) => a.userId === sue!.id)!;
    expect(appeal.text).toBe('It was a one-off.');
    const decide = (body: unknown) =>
      sendJson(asMod, 'POST', `/api/staff/appeals/${appeal.id}/decision`, body);
    expect((await decide({ decision: 'upheld', reason: ' ' })).status).toBe(400);
    expect((await decide({ decision: 'upheld', reason: 'The links were spam.' })).status).toBe(200);
    expect((await decide({ decision: 'overturned', reason: 'Again?' })).status).toBe(404);
    const standing = (await getJson<SessionResponse>(asSue, '/api/auth/session')).body.standing;
    expect(standing?.appeal).toEqual({ status: 'upheld', decisionReason: 'The links were spam.' });
  });
});

describe(`roles and the audit log (${dbKind})`, () => {
  it('makes a STAFF_ADMINS provider account an admin, who grants roles, all of it logged', async () => {
    const [first, newcomer] = await createPeople(world.db, ['First Admin', 'Nia Newcomer']);
    await world.db
      .insertInto('oauthIdentities')
      .values({ provider: 'dev', subject: uuidv7(), userId: first!.id, email: ADMIN_EMAIL })
      .execute();
    const asFirst = await browserFor(world.server, first!);
    expect((await getJson<{ role: string }>(asFirst, '/api/staff/me')).body.role).toBe('admin');
    await enroll(asFirst);
    const grant = await sendJson(asFirst, 'PUT', `/api/staff/roles/${newcomer!.id}`, {
      role: 'moderator',
    });
    expect(grant.status).toBe(200);
    expect(
      (await sendJson(asFirst, 'PUT', `/api/staff/roles/${uuidv7()}`, { role: 'moderator' }))
        .status,
    ).toBe(404);
    expect(
      (await sendJson(asFirst, 'PUT', `/api/staff/roles/${newcomer!.id}`, { role: 'boss' })).status,
    ).toBe(400);

    const asNew = await browserFor(world.server, newcomer!);
    await enroll(asNew);
    const audit = await asNew.request('/api/staff/audit');
    expect(audit.status).toBe(403);
    const log = await getJson<{
      items: { staffId: string | null; action: string; subjectId: string }[];
    }>(asFirst, `/api/staff/audit?subjectId=${newcomer!.id}`);
    expect(log.body.items).toEqual([
      expect.objectContaining({
        staffId: first!.id,
        action: 'role_granted',
        subjectId: newcomer!.id,
      }),
    ]);
    const configured = await getJson<{ items: { staffId: string | null; action: string }[] }>(
      asFirst,
      `/api/staff/audit?subjectId=${first!.id}`,
    );
    expect(configured.body.items).toEqual([
      expect.objectContaining({ staffId: null, action: 'role_granted' }),
    ]);
    expect((await sendJson(asFirst, 'DELETE', `/api/staff/roles/${newcomer!.id}`)).status).toBe(
      200,
    );
    expect((await asNew.request('/api/staff/me')).status).toBe(404);
  });
});
