import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { v7 as uuidv7 } from 'uuid';
import {
  EVIDENCE_RETENTION_DAYS,
  moderationMessages,
  type DiscoverPage,
  type ErrorBody,
  type MyReport,
  type NetworkPage,
  type SessionResponse,
} from '@heartline/domain';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import type { TestBrowser } from '../../../test/http-client.ts';
import {
  befriend,
  browserFor,
  createPeople,
  getJson,
  meetInDiscover,
  sendJson,
  type Person,
} from '../../../test/network-fixtures.ts';
import { softPasskey } from '../../../test/passkey-authenticator.ts';
import { ask, listen } from '../../../test/realtime-client.ts';

/** The report queue, cases and their decisions, and the automatic hold (issue 47). */

const world = useTestServer();

type Queue = {
  items: {
    id: string;
    urgent: boolean;
    held: boolean;
    reasons: string[];
    reporters: number;
    person: { id: string; name: string | null } | null;
  }[];
  counts: { open: number; urgent: number; byReason: Record<string, number> };
  nextOffset: number | null;
};
type CaseView = {
  id: string;
  status: string;
  outcome: string | null;
  urgent: boolean;
  person: { id: string } | null;
  reports: {
    reason: string;
    details: string;
    count: number;
    reporter: { id: string; name: string | null; verified: boolean } | null;
    snapshot: { name: string | null; bio: string; photoUrl: string | null; age: number | null };
    messages: { content: string; fromReported: boolean }[];
  }[];
  history: { actions: { kind: string }[]; cases: { id: string }[] };
  notes: { text: string; staffName: string | null }[];
};

/** A moderator with a confirmed passkey on a fresh session. */
async function moderator(): Promise<{ person: Person; as: TestBrowser }> {
  const [person] = await createPeople(world.db, [`Moderator ${uuidv7().slice(-6)}`]);
  await world.db
    .insertInto('staffRoles')
    .values({ userId: person!.id, role: 'moderator' })
    .execute();
  const as = await browserFor(world.server, person!);
  const key = softPasskey(world.server.baseUrl);
  const options = await sendJson<{ challenge: string }>(
    as,
    'POST',
    '/api/staff/passkeys/registration/options',
  );
  const done = await sendJson(
    as,
    'POST',
    '/api/staff/passkeys/registration',
    key.register(options.body),
  );
  expect(done.status).toBe(200);
  return { person: person!, as };
}

async function report(
  reporter: Person,
  reported: Person,
  reason: string,
  details = '',
): Promise<string> {
  const as = await browserFor(world.server, reporter);
  const res = await sendJson<{ id: string }>(as, 'POST', '/api/reports', {
    userId: reported.id,
    reason,
    context: 'discover',
    ...(details ? { details } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const queue = async (as: TestBrowser, query = '') =>
  (await getJson<Queue>(as, `/api/staff/cases${query}`)).body;
const caseOf = async (as: TestBrowser, person: Person) => {
  const q = await queue(as);
  const item = q.items.find((i) => i.person?.id === person.id);
  expect(item, `a case for ${person.name}`).toBeDefined();
  return item!;
};
const openCase = async (as: TestBrowser, caseId: string) =>
  (await getJson<CaseView>(as, `/api/staff/cases/${caseId}`)).body;
const decide = (as: TestBrowser, caseId: string, body: unknown) =>
  sendJson<ErrorBody>(as, 'POST', `/api/staff/cases/${caseId}/decision`, body);
const myReports = async (person: Person) =>
  (await getJson<{ items: MyReport[] }>(await browserFor(world.server, person), '/api/reports'))
    .body.items;
const discoverIds = async (viewer: Person) =>
  (
    await getJson<DiscoverPage>(await browserFor(world.server, viewer), '/api/discover')
  ).body.items.map((i) => i.id);

describe(`the report queue (${dbKind})`, () => {
  it('makes one case per reported person, ordered by the gravest reason and the reporters', async () => {
    const { as } = await moderator();
    const [spammer, minor, r1, r2, r3] = await createPeople(world.db, [
      'Sam Spammer',
      'Una Underage',
      'Rea One',
      'Rea Two',
      'Rea Three',
    ]);
    await report(r1!, spammer!, 'spam');
    await report(r2!, spammer!, 'spam');
    await report(r3!, spammer!, 'spam', 'again and again');
    await report(r1!, minor!, 'underage');
    // The same reporter again: one row, its words added, the gravest reason kept.
    await report(r1!, spammer!, 'harassment', 'now threats');
    await report(r1!, spammer!, 'spam', 'and spam');

    const q = await queue(as);
    const ids = q.items.map((i) => i.person?.id);
    expect(ids.indexOf(minor!.id)).toBeLessThan(ids.indexOf(spammer!.id));
    const spam = q.items.find((i) => i.person?.id === spammer!.id)!;
    expect(spam.reporters).toBe(3);
    expect(spam.reasons.sort()).toEqual(['harassment', 'spam']);
    expect(q.counts.open).toBeGreaterThanOrEqual(2);
    expect(q.counts.byReason.underage).toBeGreaterThanOrEqual(1);

    // Filters: by reason, and urgent (none of these is).
    const underage = await queue(as, '?reason=underage');
    expect(underage.items.map((i) => i.person?.id)).toContain(minor!.id);
    expect(underage.items.map((i) => i.person?.id)).not.toContain(spammer!.id);
    expect((await queue(as, '?state=urgent')).items.map((i) => i.person?.id)).not.toContain(
      spammer!.id,
    );
    for (const bad of ['?state=nope', '?reason=nope', '?offset=-1', '?extra=1']) {
      expect((await as.request(`/api/staff/cases${bad}`)).status, bad).toBe(400);
    }

    const view = await openCase(as, spam.id);
    const mine = view.reports.find((r) => r.reporter?.id === r1!.id)!;
    expect(mine.count).toBe(3);
    expect(mine.reason).toBe('harassment');
    expect(mine.details).toContain('now threats');
    expect(mine.details).toContain('and spam');
    expect(mine.reporter?.name).toBe('Rea One');
  });

  it('opens one case when several people report the same person at once', async () => {
    const { as } = await moderator();
    const [target, ...reporters] = await createPeople(world.db, [
      'Con Current',
      'Cr One',
      'Cr Two',
      'Cr Three',
      'Cr Four',
      'Cr Five',
    ]);
    await Promise.all(reporters.map((r) => report(r, target!, 'spam')));
    const cases = await world.db
      .selectFrom('moderationCases')
      .select(['id', 'reporters'])
      .where('userId', '=', target!.id)
      .execute();
    expect(cases).toEqual([{ id: expect.any(String) as unknown, reporters: 5 }]);
    expect((await openCase(as, cases[0]!.id)).reports).toHaveLength(5);
  });

  it('keeps the profile as it was reported, also after the person changes or deletes it', async () => {
    const { as } = await moderator();
    const [reported, reporter] = await createPeople(world.db, ['Pia Profile', 'Rob Reporter']);
    await world.db
      .updateTable('users')
      .set({ bio: 'Original words', dob: '1990-01-02', location: 'Haifa' })
      .where('id', '=', reported!.id)
      .execute();
    const jpeg = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#3a6' },
    })
      .jpeg()
      .toBuffer();
    const upload = await sendJson(
      await browserFor(world.server, reported!),
      'POST',
      '/api/upload-profile-photo',
      { userId: reported!.id, fileData: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
    );
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    await report(reporter!, reported!, 'inappropriate_content', 'the bio');
    await world.db
      .updateTable('users')
      .set({ bio: 'Changed words', name: 'Someone Else' })
      .where('id', '=', reported!.id)
      .execute();
    const { id } = await caseOf(as, reported!);
    const before = await openCase(as, id);
    expect(before.reports[0]!.snapshot).toMatchObject({
      name: 'Pia Profile',
      bio: 'Original words',
    });
    expect(before.reports[0]!.snapshot.age).toBeGreaterThanOrEqual(30);

    const gone = await (
      await browserFor(world.server, reported!)
    ).request('/api/me', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: 'DELETE' }),
    });
    expect([200, 204]).toContain(gone.status);
    const after = await openCase(as, id);
    expect(after.person).toBeNull();
    expect(after.reports[0]!.snapshot.bio).toBe('Original words');
    // The photo's file stays while the report exists (the account's other files are gone).
    const photoUrl = after.reports[0]!.snapshot.photoUrl;
    expect(photoUrl).toMatch(/^\/media\//);
    expect((await as.request(photoUrl!)).status).toBe(200);
    expect(after.reports[0]!.reporter?.id).toBe(reporter!.id);
  });

  it('keeps reported messages with the report, as they were sent', async () => {
    const { as } = await moderator();
    const [a, b] = await createPeople(world.db, ['Cara Chat', 'Dov Chat']);
    await befriend(world.server.graph, [[a!, b!]]);
    const asB = await browserFor(world.server, b!);
    const chat = await sendJson<{ id: string }>(asB, 'POST', '/api/chats', { userId: a!.id });
    expect(chat.status).toBe(201);
    const live = listen(world.server.baseUrl, asB.cookieHeader());
    await live.ready();
    const sent = await ask(live.socket, 'message.send', {
      chatId: chat.body.id,
      clientId: uuidv7(),
      content: 'a nasty line',
    });
    live.socket.disconnect();
    expect(sent.ok).toBe(true);
    const messageId = sent.ok ? sent.message.id : '';
    const asA = await browserFor(world.server, a!);
    const filed = await sendJson(asA, 'POST', '/api/reports', {
      userId: b!.id,
      reason: 'harassment',
      context: 'chat',
      messageIds: [messageId],
    });
    expect(filed.status).toBe(201);
    const view = await openCase(as, (await caseOf(as, b!)).id);
    expect(view.reports[0]!.messages).toEqual([
      expect.objectContaining({ content: 'a nasty line', fromReported: true }),
    ]);
  });
});

describe(`deciding a case (${dbKind})`, () => {
  it('dismisses: the case closes once, and the reporters hear it was reviewed without action', async () => {
    const { as } = await moderator();
    const [reported, reporter] = await createPeople(world.db, ['Dia Dismissed', 'Ria Reporter']);
    await report(reporter!, reported!, 'spam');
    const reporterBrowser = await browserFor(world.server, reporter!);
    const live = listen(world.server.baseUrl, reporterBrowser.cookieHeader());
    await live.ready();
    expect((await myReports(reporter!))[0]).toMatchObject({
      name: 'Dia Dismissed',
      status: 'open',
      actionTaken: null,
    });
    const { id } = await caseOf(as, reported!);

    const bad = await decide(as, id, { kind: 'dismiss', reason: 'spam', message: '' });
    expect(bad.status).toBe(400);
    const done = await decide(as, id, { kind: 'dismiss', reason: 'no_violation', message: 'ok' });
    expect(done.status).toBe(200);
    expect((await live.next('report.reviewed')).actionTaken).toBe(false);
    live.socket.disconnect();
    expect((await myReports(reporter!))[0]).toMatchObject({
      status: 'reviewed',
      actionTaken: false,
    });
    const again = await decide(as, id, { kind: 'warn', reason: 'spam', message: '' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(moderationMessages.caseDecided);
    const view = await openCase(as, id);
    expect(view).toMatchObject({ status: 'closed', outcome: 'dismissed' });
    expect((await queue(as, '?state=closed')).items.map((i) => i.id)).toContain(id);
    // The next report opens a new case, which lists the earlier one.
    await report(reporter!, reported!, 'harassment');
    const next = await caseOf(as, reported!);
    expect(next.id).not.toBe(id);
    expect((await openCase(as, next.id)).history.cases.map((c) => c.id)).toEqual([id]);
  });

  it('removes a bio or a photo: the content is replaced and the person told', async () => {
    const { as } = await moderator();
    const [reported, reporter] = await createPeople(world.db, ['Bea Bio', 'Rex Reporter']);
    await world.db
      .updateTable('users')
      .set({ bio: 'Offensive words', photoUrl: '/media/x.webp', avatarUrl: '/media/y.webp' })
      .where('id', '=', reported!.id)
      .execute();
    await report(reporter!, reported!, 'inappropriate_content');
    const { id } = await caseOf(as, reported!);
    expect(
      (await decide(as, id, { kind: 'remove_bio', reason: 'hate', message: 'Please keep it kind' }))
        .status,
    ).toBe(200);
    const person = await world.db
      .selectFrom('users')
      .select(['bio', 'avatarUrl'])
      .where('id', '=', reported!.id)
      .executeTakeFirstOrThrow();
    expect(person.bio).toBe('');
    expect(person.avatarUrl).toBe('/media/y.webp');
    const answer = await getJson<SessionResponse & { warning?: { kind: string } }>(
      await browserFor(world.server, reported!),
      '/api/auth/session',
    );
    expect(answer.body.warning).toMatchObject({ kind: 'remove_bio', reason: 'hate' });
    expect((await myReports(reporter!))[0]).toMatchObject({ actionTaken: true });

    await report(reporter!, reported!, 'inappropriate_content');
    const second = await caseOf(as, reported!);
    expect(
      (await decide(as, second.id, { kind: 'remove_photo', reason: 'sexual_content', message: '' }))
        .status,
    ).toBe(200);
    const after = await world.db
      .selectFrom('users')
      .select(['photoUrl', 'avatarUrl', 'photoId'])
      .where('id', '=', reported!.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ photoUrl: null, avatarUrl: null, photoId: null });
  });

  it('bans from a case; staff do not decide cases on themselves or on people they reported', async () => {
    const { person: mod, as } = await moderator();
    const [reported, reporter] = await createPeople(world.db, ['Ban Candidate', 'Rhea Reporter']);
    await report(reporter!, reported!, 'fake_profile');
    await report(mod, reported!, 'fake_profile');
    const { id } = await caseOf(as, reported!);
    const own = await decide(as, id, { kind: 'ban', reason: 'fake_identity', message: '' });
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe(moderationMessages.ownReport);

    const other = await moderator();
    expect(
      (await decide(other.as, id, { kind: 'ban', reason: 'fake_identity', message: 'No' })).status,
    ).toBe(200);
    const state = await world.db
      .selectFrom('users')
      .select('accountStatus')
      .where('id', '=', reported!.id)
      .executeTakeFirstOrThrow();
    expect(state.accountStatus).toBe('BANNED');
    expect((await openCase(other.as, id)).outcome).toBe('actioned');
    expect((await openCase(other.as, id)).history.actions.map((a) => a.kind)).toEqual(['ban']);

    // A moderator reported on: their own case is someone else's.
    await report(reporter!, other.person, 'spam');
    const onSelf = await caseOf(other.as, other.person);
    expect(
      (await decide(other.as, onSelf.id, { kind: 'dismiss', reason: 'duplicate', message: '' }))
        .status,
    ).toBe(403);
  });

  it('keeps notes on a case for staff only', async () => {
    const { as } = await moderator();
    const [reported, reporter] = await createPeople(world.db, ['Nat Noted', 'Ned Reporter']);
    await report(reporter!, reported!, 'other');
    const { id } = await caseOf(as, reported!);
    const note = (body: unknown, who = as) =>
      sendJson(who, 'POST', `/api/staff/cases/${id}/notes`, body);
    expect((await note({ text: 'Asked a colleague' })).status).toBe(201);
    expect((await note({ text: '' })).status).toBe(400);
    expect((await note({ text: 'x'.repeat(2001) })).status).toBe(400);
    expect((await note({ text: 'bad \u202e' })).status).toBe(400);
    const member = await browserFor(world.server, reporter!);
    expect((await note({ text: 'mine' }, member)).status).toBe(404);
    expect((await member.request(`/api/staff/cases/${id}`)).status).toBe(404);
    expect((await as.request(`/api/staff/cases/${uuidv7()}`)).status).toBe(404);
    expect((await as.request(`/api/staff/cases/not-a-uuid`)).status).toBe(400);
    expect((await openCase(as, id)).notes).toEqual([
      expect.objectContaining({ text: 'Asked a colleague' }),
    ]);
  });
});

describe(`the automatic hold (${dbKind})`, () => {
  it('holds a person out of Discover after three good reporters, until a decision', async () => {
    const { as } = await moderator();
    const [held, viewer, friend] = await createPeople(world.db, [
      'Hal Held',
      'Vic Viewer',
      'Fay Friend',
    ]);
    await meetInDiscover(world.server, [held!, viewer!]);
    await befriend(world.server.graph, [[held!, friend!]]);
    expect(await discoverIds(viewer!)).toContain(held!.id);

    const reporters = await createPeople(world.db, ['Hr One', 'Hr Two', 'Hr Three', 'Hr Warned']);
    // One reporter with a warning on record is not in good standing: two good ones plus them
    // is not enough.
    await world.db
      .insertInto('moderationActions')
      .values({
        id: uuidv7(),
        userId: reporters[3]!.id,
        kind: 'warn',
        reason: 'spam',
        message: '',
      })
      .execute();
    await report(reporters[0]!, held!, 'harassment');
    await report(reporters[1]!, held!, 'fake_profile');
    await report(reporters[3]!, held!, 'underage');
    await report(reporters[2]!, held!, 'spam');
    expect((await caseOf(as, held!)).urgent).toBe(false);
    expect(await discoverIds(viewer!)).toContain(held!.id);

    await report(reporters[2]!, held!, 'harassment');
    const kase = await caseOf(as, held!);
    expect(kase).toMatchObject({ urgent: true, held: true });
    expect((await queue(as, '?state=urgent')).items.map((i) => i.id)).toContain(kase.id);
    expect(await discoverIds(viewer!)).not.toContain(held!.id);
    // Friends and chats are not touched by the hold.
    const page = await getJson<NetworkPage>(
      await browserFor(world.server, friend!),
      '/api/network?tab=first',
    );
    expect(page.body.connections.items.map((i) => i.userId)).toContain(held!.id);

    expect(
      (await decide(as, kase.id, { kind: 'dismiss', reason: 'not_enough_evidence', message: '' }))
        .status,
    ).toBe(200);
    expect(await discoverIds(viewer!)).toContain(held!.id);
  });
});

describe(`evidence retention (${dbKind})`, () => {
  it('deletes a decided report a year after the decision, not while it is open or appealed', async () => {
    const { as } = await moderator();
    const [decided, open, reporter] = await createPeople(world.db, [
      'Old Case',
      'Open Case',
      'Ret Reporter',
    ]);
    await report(reporter!, decided!, 'spam');
    await report(reporter!, open!, 'spam');
    const old = await caseOf(as, decided!);
    const still = await caseOf(as, open!);
    expect(
      (await decide(as, old.id, { kind: 'dismiss', reason: 'no_violation', message: '' })).status,
    ).toBe(200);
    const yearAndADay = new Date(Date.now() + (EVIDENCE_RETENTION_DAYS + 1) * 24 * 3600 * 1000);
    expect(await world.server.cases.sweepExpiredEvidence(new Date(Date.now()))).toBe(0);
    expect(await world.server.cases.sweepExpiredEvidence(yearAndADay)).toBeGreaterThanOrEqual(1);
    expect((await openCase(as, old.id)).reports).toEqual([]);
    expect((await openCase(as, still.id)).reports).toHaveLength(1);
  });
});
