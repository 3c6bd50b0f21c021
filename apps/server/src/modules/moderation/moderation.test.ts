import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import {
  moderationMessages,
  type ErrorBody,
  DELETED_USER_ID,
  trustScore,
  type ChatList,
  type ChatSummary,
  type MessagePage,
  type NetworkPage,
  type NetworkSummary,
  type SessionResponse,
} from '@heartline/domain';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import {
  befriend,
  browserFor,
  createPeople,
  getJson,
  sendJson,
  type Person,
} from '../../../test/network-fixtures.ts';
import { ask, listen } from '../../../test/realtime-client.ts';
import type { TestBrowser } from '../../../test/http-client.ts';
import { normalizeEmail, signInKeys } from './moderation.service.ts';

const world = useTestServer({ PASSWORD_AUTH: 'true' });

/** A staff member (the console's routes come with the passkey work; the service is the same). */
async function staffMember(): Promise<Person> {
  const [staff] = await createPeople(world.db, [`Mod ${uuidv7().slice(-6)}`]);
  return staff!;
}

const session = async (person: Person) =>
  (await getJson<SessionResponse>(await browserFor(world.server, person), '/api/auth/session'))
    .body;

const friendIds = async (viewer: Person) => {
  const page = await getJson<NetworkPage>(
    await browserFor(world.server, viewer),
    '/api/network?tab=first',
  );
  return page.body.connections.items.map((item) => item.userId);
};

describe(`a ban (${dbKind})`, () => {
  it('closes the person out at once and leaves them to everyone else as one who does not exist', async () => {
    const staff = await staffMember();
    const [ban, pal] = await createPeople(world.db, ['Bea Banned', 'Pal Of Bea']);
    await befriend(world.server.graph, [[ban!, pal!]]);
    const asBan = await browserFor(world.server, ban!);
    const asPal = await browserFor(world.server, pal!);
    const live = listen(world.server.baseUrl, asBan.cookieHeader());
    await live.ready();
    expect(await friendIds(pal!)).toEqual([ban!.id]);

    const revoked = live.next('session.revoked');
    const { actionId } = await world.server.moderation.act({
      staffId: staff.id,
      userId: ban!.id,
      action: { kind: 'ban' },
      reason: 'fake_identity',
      message: 'The photos are of someone else.',
    });
    expect(await revoked).toEqual({ reason: 'restricted' });
    await expect.poll(() => live.socket.connected).toBe(false);

    // Their session now reads the decision, and nothing else answers them.
    const answer = await getJson<SessionResponse>(asBan, '/api/auth/session');
    expect(answer.body).toEqual({
      user: null,
      standing: {
        state: 'BANNED',
        actionId,
        reason: 'fake_identity',
        message: 'The photos are of someone else.',
        until: null,
        at: expect.any(String) as unknown,
        appeal: null,
      },
    });
    for (const path of ['/api/network/summary', '/api/chats', '/api/me/profile']) {
      expect((await asBan.request(path)).status, path).toBe(401);
    }
    const again = listen(world.server.baseUrl, asBan.cookieHeader());
    await expect(again.ready()).rejects.toThrow();

    // To their friend they are gone, and acting on them reads as on a person who never was.
    expect(await friendIds(pal!)).toEqual([]);
    const onBanned = await asPal.request(`/api/favorites/${ban!.id}`, { method: 'POST' });
    const onNobody = await asPal.request(`/api/favorites/${uuidv7()}`, { method: 'POST' });
    expect(onBanned.status).toBe(404);
    expect(await onBanned.text()).toBe(await onNobody.text());
  });

  it('is appealed once, and overturning it brings the person back as they were', async () => {
    const staff = await staffMember();
    const [ban, pal] = await createPeople(world.db, ['Ari Appeals', 'Pal Of Ari']);
    await befriend(world.server.graph, [[ban!, pal!]]);
    await world.db
      .updateTable('users')
      .set({ email: `ari-${uuidv7().slice(-6)}@example.test` })
      .where('id', '=', ban!.id)
      .execute();
    const { actionId } = await world.server.moderation.act({
      staffId: staff.id,
      userId: ban!.id,
      action: { kind: 'ban' },
      reason: 'harassment',
      message: '',
    });
    const banned = world.db
      .selectFrom('bannedIdentities')
      .select('value')
      .where('actionId', '=', actionId);
    expect(await banned.execute()).toHaveLength(1);
    const asBan = await browserFor(world.server, ban!);
    expect((await sendJson(asBan, 'POST', '/api/standing/appeal', { text: ' ' })).status).toBe(400);
    const tooLong = await sendJson(asBan, 'POST', '/api/standing/appeal', {
      text: 'x'.repeat(2001),
    });
    expect(tooLong.status).toBe(400);
    const sent = await sendJson<{ message: string }>(asBan, 'POST', '/api/standing/appeal', {
      text: 'That was my brother on my phone.',
    });
    expect(sent).toEqual({ status: 200, body: { message: moderationMessages.appealSent } });
    const twice = await sendJson<{ message: string }>(asBan, 'POST', '/api/standing/appeal', {
      text: 'Please.',
    });
    expect(twice.status).toBe(409);
    expect((await session(ban!)).standing?.appeal).toEqual({
      status: 'open',
      decisionReason: null,
    });

    const appeal = await world.db
      .selectFrom('appeals')
      .select('id')
      .where('userId', '=', ban!.id)
      .executeTakeFirstOrThrow();
    await world.server.moderation.decideAppeal({
      staffId: staff.id,
      appealId: appeal.id,
      decision: 'overturned',
      reason: 'We could not confirm the reports.',
    });
    expect((await session(ban!)).user?.id).toBe(ban!.id);
    expect(await friendIds(pal!)).toEqual([ban!.id]);
    expect((await asBan.request('/api/network/summary')).status).toBe(200);
    expect(await banned.execute()).toEqual([]);
  });

  it('keeps the e-mail, and a new password account with it is not made', async () => {
    const staff = await staffMember();
    const [ban] = await createPeople(world.db, ['Eve Evades']);
    const email = `Eve.Evades+dating-${uuidv7().slice(-6)}@GMail.com`;
    await world.db.updateTable('users').set({ email }).where('id', '=', ban!.id).execute();
    await world.server.moderation.act({
      staffId: staff.id,
      userId: ban!.id,
      action: { kind: 'ban' },
      reason: 'ban_evasion',
      message: '',
    });
    expect(normalizeEmail(email)).toBe('eveevades@gmail.com');
    expect(
      await world.server.moderation.isBanned(signInKeys({ emails: ['eveevades@gmail.com'] })),
    ).toBe(true);
    // Deleted, the account's keys stay (no foreign key to it).
    await world.db.deleteFrom('users').where('id', '=', ban!.id).execute();
    const signUp = await fetch(`${world.server.baseUrl}/api/auth/password/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: world.server.baseUrl },
      body: JSON.stringify({
        email: 'eve.evades@gmail.com',
        password: 'a long and unusual passphrase 41',
        name: 'Eve Again',
      }),
    });
    expect(signUp.status).toBeLessThan(500);
    const made = await world.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'eve.evades@gmail.com')
      .execute();
    expect(made).toEqual([]);
  });
});

describe(`a restriction and the graph (${dbKind})`, () => {
  const figures = async (person: Person) => {
    const { body } = await getJson<NetworkSummary>(
      await browserFor(world.server, person),
      '/api/network/summary',
    );
    const stored = await world.db
      .selectFrom('users')
      .select(['friendCount', 'secondDegreeCount', 'trustScore'])
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    return {
      first: body.calculation.firstDegreeCount,
      second: body.calculation.secondDegreeCount,
      trust: body.trustScore,
      stored,
    };
  };
  const expected = (first: number, second: number) => {
    const trust = trustScore(first, second);
    return {
      first,
      second,
      trust,
      stored: { friendCount: first, secondDegreeCount: second, trustScore: trust },
    };
  };

  it("takes the person out of their friends' counts and trust, and puts them back when it ends", async () => {
    const staff = await staffMember();
    // Sam is restricted; Pia and Quinn are friends only through Sam; Rae is Pia's other friend.
    const [sam, pia, quinn, rae] = await createPeople(world.db, [
      'Sam Suspended',
      'Pia Pal',
      'Quinn Pal',
      'Rae Pal',
    ]);
    await befriend(world.server.graph, [
      [sam!, pia!],
      [sam!, quinn!],
      [pia!, rae!],
    ]);
    expect(await figures(pia!)).toEqual(expected(2, 1));
    expect(await figures(quinn!)).toEqual(expected(1, 1));

    await world.server.moderation.act({
      staffId: staff.id,
      userId: sam!.id,
      action: { kind: 'suspend', days: 7 },
      reason: 'spam',
      message: '',
    });
    await expect.poll(() => figures(pia!)).toEqual(expected(1, 0));
    await expect.poll(() => figures(quinn!)).toEqual(expected(0, 0));
    expect(await friendIds(quinn!)).toEqual([]);
    // A friendship that arrives meanwhile waits for the end too.
    const [una] = await createPeople(world.db, ['Una Newfriend']);
    await befriend(world.server.graph, [[sam!, una!]]);
    expect(await figures(una!)).toEqual(expected(0, 0));
    // The index built again from the database reads the same.
    await world.server.graph.reload();
    expect(await figures(pia!)).toEqual(expected(1, 0));

    await world.server.moderation.liftRestriction({
      staffId: staff.id,
      userId: sam!.id,
      reason: 'other',
      message: '',
    });
    await expect.poll(() => figures(pia!)).toEqual(expected(2, 2));
    await expect.poll(() => figures(quinn!)).toEqual(expected(1, 2));
    await expect.poll(() => figures(una!)).toEqual(expected(1, 2));
    expect(await friendIds(quinn!)).toEqual([sam!.id]);
    await world.server.graph.reload();
    expect(await figures(quinn!)).toEqual(expected(1, 2));
  });
});

describe(`a restriction and the chats (${dbKind})`, () => {
  it('leaves their chats readable as with "Unknown User", nothing sendable, and gives them back', async () => {
    const staff = await staffMember();
    const [sid, pat] = await createPeople(world.db, ['Sid Suspended', 'Pat Chats']);
    await befriend(world.server.graph, [[sid!, pat!]]);
    const asPat = await browserFor(world.server, pat!);
    const opened = await sendJson<{ id: string }>(asPat, 'POST', '/api/chats', { userId: sid!.id });
    const chatId = opened.body.id;
    const say = async (who: Person, content: string) => {
      const live = listen(
        world.server.baseUrl,
        (await browserFor(world.server, who)).cookieHeader(),
      );
      try {
        await live.ready();
        return await ask(live.socket, 'message.send', { chatId, clientId: uuidv7(), content });
      } finally {
        live.socket.disconnect();
      }
    };
    expect((await say(sid!, 'Hi Pat')).ok).toBe(true);
    const chat = async () => (await getJson<ChatSummary>(asPat, `/api/chats/${chatId}`)).body;
    const senders = async () =>
      (await getJson<MessagePage>(asPat, `/api/chats/${chatId}/messages`)).body.messages.map(
        (m) => m.senderId,
      );
    expect(await chat()).toMatchObject({ name: 'Sid Suspended', otherUserId: sid!.id });
    // Pat's open app is told at once: the friend leaves the lists, the chat is read again.
    const patLive = listen(world.server.baseUrl, asPat.cookieHeader());
    await patLive.ready();
    const told = (type: 'friendship.removed' | 'friendship.created') =>
      Promise.all([
        patLive.next(type, (p) => p.userId === sid!.id),
        patLive.next('chat.updated', (p) => p.chatId === chatId),
      ]);

    await world.server.moderation.act({
      staffId: staff.id,
      userId: sid!.id,
      action: { kind: 'suspend', days: 1 },
      reason: 'spam',
      message: '',
    });
    await told('friendship.removed');
    expect(await chat()).toMatchObject({
      name: 'Unknown User',
      avatar: null,
      otherUserId: DELETED_USER_ID,
      isFriend: false,
      canMessage: false,
    });
    expect(await senders()).toEqual([DELETED_USER_ID]);
    const list = await getJson<ChatList>(asPat, '/api/chats');
    expect(JSON.stringify(list.body)).not.toContain(sid!.id);
    expect((await say(pat!, 'Are you there?')).ok).toBe(false);
    // Asked about by their id, they are not there at all.
    const again = await asPat.request('/api/chats', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: sid!.id }),
    });
    expect(again.status).toBe(404);

    patLive.applied.length = 0; // the chat.updated looked for next is the lift's
    await world.server.moderation.liftRestriction({
      staffId: staff.id,
      userId: sid!.id,
      reason: 'other',
      message: '',
    });
    await told('friendship.created');
    patLive.socket.disconnect();
    expect(await chat()).toMatchObject({
      name: 'Sid Suspended',
      otherUserId: sid!.id,
      isFriend: true,
      canMessage: true,
    });
    expect(await senders()).toEqual([sid!.id]);
    expect((await say(pat!, 'Welcome back')).ok).toBe(true);
  });
});

describe(`a suspension (${dbKind})`, () => {
  it('says until when, and ends by itself at that time', async () => {
    const staff = await staffMember();
    const [sam, pal] = await createPeople(world.db, ['Sam Suspended', 'Pal Of Sam']);
    await befriend(world.server.graph, [[sam!, pal!]]);
    const before = Date.now();
    const { actionId } = await world.server.moderation.act({
      staffId: staff.id,
      userId: sam!.id,
      action: { kind: 'suspend', days: 7 },
      reason: 'spam',
      message: 'Links to a shop in every chat.',
    });
    const standing = (await session(sam!)).standing;
    expect(standing?.state).toBe('SUSPENDED');
    const until = Date.parse(standing!.until!);
    expect(until - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(until - before).toBeLessThan(7 * 86_400_000 + 60_000);
    expect(await friendIds(pal!)).toEqual([]);
    const job = await world.db
      .selectFrom('jobs')
      .select(['runAt', 'payload'])
      .where('kind', '=', 'moderation.suspension-end')
      .where(sql<boolean>`payload->>'actionId' = ${actionId}`)
      .executeTakeFirstOrThrow();
    expect(new Date(job.runAt).getTime()).toBe(until);

    await world.server.moderation.endSuspension({ actionId });
    expect((await session(sam!)).user?.id).toBe(sam!.id);
    expect(await friendIds(pal!)).toEqual([sam!.id]);
  });
});

describe(`a warning (${dbKind})`, () => {
  it('is read with the session until acknowledged, by its person only', async () => {
    const staff = await staffMember();
    const [wes, other] = await createPeople(world.db, ['Wes Warned', 'Oda Other']);
    const { actionId } = await world.server.moderation.act({
      staffId: staff.id,
      userId: wes!.id,
      action: { kind: 'warn' },
      reason: 'harassment',
      message: 'Please keep messages friendly.',
    });
    const answer = await session(wes!);
    expect(answer.user?.id).toBe(wes!.id);
    expect(answer.warning).toEqual({
      kind: 'warn',
      actionId,
      reason: 'harassment',
      message: 'Please keep messages friendly.',
      at: expect.any(String) as unknown,
      appeal: null,
    });
    const ack = (person: Person, id: string) =>
      browserFor(world.server, person).then((b) =>
        b.request(`/api/standing/warnings/${id}/acknowledge`, { method: 'POST' }),
      );
    expect((await ack(other!, actionId)).status).toBe(404);
    expect((await ack(wes!, 'not-an-id')).status).toBe(400);
    expect((await ack(wes!, actionId)).status).toBe(204);
    expect((await session(wes!)).warning).toBeUndefined();
    expect((await ack(wes!, actionId)).status).toBe(404);
  });

  it('is appealed once, by its person, and shows again with the outcome', async () => {
    const staff = await staffMember();
    const [ida, other] = await createPeople(world.db, ['Ida Appeals', 'Ole Other']);
    const { actionId } = await world.server.moderation.act({
      staffId: staff.id,
      userId: ida!.id,
      action: { kind: 'warn' },
      reason: 'spam',
      message: '',
    });
    const asIda = await browserFor(world.server, ida!);
    const appeal = (as: TestBrowser, id: string, text: unknown) =>
      sendJson<{ message?: string }>(as, 'POST', `/api/standing/warnings/${id}/appeal`, { text });
    // Someone else's warning, no warning, and bad text: refused, nothing stored.
    expect((await appeal(await browserFor(world.server, other!), actionId, 'Mine?')).status).toBe(
      404,
    );
    expect((await appeal(asIda, uuidv7(), 'Which?')).status).toBe(404);
    expect((await appeal(asIda, actionId, ' ')).status).toBe(400);
    expect((await appeal(asIda, actionId, 'x'.repeat(2001))).status).toBe(400);
    expect(await appeal(asIda, actionId, 'I only shared one link.')).toEqual({
      status: 200,
      body: { message: moderationMessages.appealSent },
    });
    expect((await appeal(asIda, actionId, 'Again.')).status).toBe(409);
    expect((await session(ida!)).warning?.appeal).toEqual({ status: 'open', decisionReason: null });
    const ack = await asIda.request(`/api/standing/warnings/${actionId}/acknowledge`, {
      method: 'POST',
    });
    expect(ack.status).toBe(204);
    expect((await session(ida!)).warning).toBeUndefined();

    const { id: appealId } = await world.db
      .selectFrom('appeals')
      .select('id')
      .where('actionId', '=', actionId)
      .executeTakeFirstOrThrow();
    await world.server.moderation.decideAppeal({
      staffId: staff.id,
      appealId,
      decision: 'overturned',
      reason: 'One link is not spam.',
    });
    // Shown again with the outcome; the person stays signed in throughout.
    const answer = await session(ida!);
    expect(answer.user?.id).toBe(ida!.id);
    expect(answer.warning).toMatchObject({
      actionId,
      appeal: { status: 'overturned', decisionReason: 'One link is not spam.' },
    });
    const overturned = await world.db
      .selectFrom('moderationActions')
      .select('overturnedAt')
      .where('id', '=', actionId)
      .executeTakeFirstOrThrow();
    expect(overturned.overturnedAt).not.toBeNull();
    const again = await asIda.request(`/api/standing/warnings/${actionId}/acknowledge`, {
      method: 'POST',
    });
    expect(again.status).toBe(204);
    expect((await session(ida!)).warning).toBeUndefined();
  });
});

describe(`staff rules and the audit log (${dbKind})`, () => {
  it('refuses an action on the own account, and the log refuses every change', async () => {
    const staff = await staffMember();
    await expect(
      world.server.moderation.act({
        staffId: staff.id,
        userId: staff.id,
        action: { kind: 'ban' },
        reason: 'other',
        message: '',
      }),
    ).rejects.toThrow(moderationMessages.notOnOwnAccount);
    const [wyn] = await createPeople(world.db, ['Wyn Logged']);
    await world.server.moderation.act({
      staffId: staff.id,
      userId: wyn!.id,
      action: { kind: 'warn' },
      reason: 'spam',
      message: '',
    });
    const rows = await world.db
      .selectFrom('auditLog')
      .select(['staffId', 'action'])
      .where('subjectId', '=', wyn!.id)
      .execute();
    expect(rows).toEqual([{ staffId: staff.id, action: 'warn' }]);
    await expect(
      world.db.updateTable('auditLog').set({ action: 'nothing' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(world.db.deleteFrom('auditLog').execute()).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(world.db)).rejects.toThrow(/append-only/);
  });

  it('answers a member with nothing to appeal as not found', async () => {
    const [mia] = await createPeople(world.db, ['Mia Member']);
    const res = await sendJson<ErrorBody>(
      await browserFor(world.server, mia!),
      'POST',
      '/api/standing/appeal',
      { text: 'Why?' },
    );
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(moderationMessages.nothingToAppeal);
  });
});
