import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  acceptInvitationResultSchema,
  built,
  invitationLookupSchema,
  invitationSchema,
  inviteCodeProblem,
  REQUEST_ACTIONS,
  type AcceptInvitationResult,
  type ConnectionRequestList,
  type CreateConnectionRequestResult,
  type DecideRequestResult,
  type ErrorBody,
  type Invitation,
  type InvitationList,
  type InvitationLookup,
  type MyInvitation,
  type NetworkSummary,
  type Ok,
  type RequestAction,
  type TrustReport,
} from '@heartline/domain';
import { dbKind, redisUrl, useTestServer } from '../../../test/harness.ts';
import { TestBrowser } from '../../../test/http-client.ts';
import {
  befriend,
  browserFor,
  createPeople,
  getJson,
  sendJson,
  type Person,
} from '../../../test/network-fixtures.ts';
import { listen, type ClientSocket } from '../../../test/realtime-client.ts';

/**
 * Invitation links and the invite consent chain (issue 12, DESIGN.md §3.6): the link API, the
 * public lookup, accepting a link, and the chain's steps by the right and the wrong people.
 * Rate limits go through Redis when TEST_REDIS_URL is set.
 */

const world = useTestServer(redisUrl ? { REDIS_URL: redisUrl } : {});
const sockets: ClientSocket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

const NOT_FOUND = 'Invalid or expired invitation';
const REQUEST_NOT_FOUND = 'Connection request not found or unauthorized';
const DAY_MS = 24 * 60 * 60 * 1000;

type Actor = { person: Person; as: TestBrowser };

async function people(...names: string[]): Promise<Actor[]> {
  const list = await createPeople(world.db, names);
  const browsers = await Promise.all(list.map((p) => browserFor(world.server, p)));
  return list.map((person, i) => ({ person, as: browsers[i]! }));
}

/** A real Socket.IO client on the user's session, resumed and checked like the web client. */
async function live(actor: Actor) {
  const listener = listen(world.server.baseUrl, actor.as.cookieHeader());
  sockets.push(listener.socket);
  await listener.ready();
  return listener;
}

const anonymous = () => new TestBrowser(world.server.baseUrl);

async function makeLink(actor: Actor, body: Record<string, unknown> = {}): Promise<Invitation> {
  const res = await sendJson<Invitation>(actor.as, 'POST', '/api/invitations', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const lookup = (as: TestBrowser, code: string) =>
  getJson<InvitationLookup & ErrorBody>(as, `/api/invitations/${code}`);

const accept = (actor: Actor, code: string) =>
  sendJson<AcceptInvitationResult & ErrorBody>(actor.as, 'POST', `/api/invitations/${code}/accept`);

const act = (actor: Actor, requestId: string, action: RequestAction) =>
  sendJson<DecideRequestResult & ErrorBody>(
    actor.as,
    'POST',
    `/api/connection-requests/${requestId}/${action}`,
  );

/** Status and body exactly as sent (for "answers exactly like" comparisons). */
async function raw(as: TestBrowser, method: 'GET' | 'POST', path: string) {
  const res = await as.request(path, { method });
  return { status: res.status, text: await res.text() };
}

const requestsOf = async (actor: Actor) =>
  (await getJson<ConnectionRequestList>(actor.as, '/api/connection-requests')).body;

const pendingOf = async (actor: Actor) =>
  (await getJson<NetworkSummary>(actor.as, '/api/network/summary')).body.pendingRequests;

/** A well-formed code no link has. */
const unknownCode = () => randomBytes(16).toString('base64url').replace(/-/g, 'x');

async function usesOf(invitation: { id: string }): Promise<number> {
  const row = await world.db
    .selectFrom('invitations')
    .select('currentUses')
    .where('id', '=', invitation.id)
    .executeTakeFirstOrThrow();
  return row.currentUses;
}

/** The requests between two people, oldest first. */
function requestRows(a: Person, b: Person) {
  return world.db
    .selectFrom('connectionRequests')
    .select(['id', 'kind', 'status', 'fromUserId', 'toUserId', 'invitationId'])
    .where((eb) =>
      eb.or([
        eb.and([eb('fromUserId', '=', a.id), eb('toUserId', '=', b.id)]),
        eb.and([eb('fromUserId', '=', b.id), eb('toUserId', '=', a.id)]),
      ]),
    )
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

async function statusOf(requestId: string): Promise<string | undefined> {
  const row = await world.db
    .selectFrom('connectionRequests')
    .select('status')
    .where('id', '=', requestId)
    .executeTakeFirst();
  return row?.status;
}

async function areFriends(a: Person, b: Person): Promise<boolean> {
  const [low, high] = a.seq < b.seq ? [a, b] : [b, a];
  const row = await world.db
    .selectFrom('friendships')
    .select('userLow')
    .where('userLow', '=', low.seq)
    .where('userHigh', '=', high.seq)
    .executeTakeFirst();
  return row !== undefined;
}

/** Trust follows a friendship change right after it commits: waits (bounded) for `score`. */
async function trustReaches(actor: Actor, score: number): Promise<number> {
  let last = -1;
  for (let waited = 0; waited <= 5000; waited += 25) {
    last = (await getJson<TrustReport>(actor.as, '/api/trust/me')).body.trustScore;
    if (last === score) return last;
    await new Promise((r) => setTimeout(r, 25));
  }
  return last;
}

/**
 * Everything the chain can change for `who`: their requests, friendships, the link, and the
 * events of their streams. Read until two reads agree, so earlier writes have settled.
 */
async function snapshot(who: Person[], invitationId: string): Promise<string> {
  const ids = who.map((p) => p.id);
  const seqs = who.map((p) => p.seq);
  const read = async () =>
    JSON.stringify({
      requests: await world.db
        .selectFrom('connectionRequests')
        .selectAll()
        .where((eb) => eb.or([eb('fromUserId', 'in', ids), eb('toUserId', 'in', ids)]))
        .orderBy('id')
        .execute(),
      friendships: await world.db
        .selectFrom('friendships')
        .select(['userLow', 'userHigh'])
        .where((eb) => eb.or([eb('userLow', 'in', seqs), eb('userHigh', 'in', seqs)]))
        .orderBy('userLow')
        .orderBy('userHigh')
        .execute(),
      invitation: await world.db
        .selectFrom('invitations')
        .selectAll()
        .where('id', '=', invitationId)
        .executeTakeFirst(),
      events: await world.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where(
          'stream',
          'in',
          ids.map((id) => `user:${id}`),
        )
        .executeTakeFirst(),
    });
  let last = await read();
  for (let attempt = 0; attempt < 100; attempt++) {
    await new Promise((r) => setTimeout(r, 20));
    const next = await read();
    if (next === last) return next;
    last = next;
  }
  throw new Error('the database did not settle');
}

// ---------------------------------------------------------------------------------------------
// The chain's parties, and "only the right person may take this step"
// ---------------------------------------------------------------------------------------------

const PARTIES = ['creator', 'invitee', 'stranger'] as const;
type Party = (typeof PARTIES)[number];

type Chain = Record<Party, Actor> & { link: Invitation; r1: string; r2?: string };

/** Three fresh people, a link of the creator's, and the invitee's accepted request (R1). */
async function startChain(names: [string, string, string]): Promise<{ chain: Chain }> {
  const [creator, invitee, stranger] = await people(...names);
  const link = await makeLink(creator!);
  const sent = await accept(invitee!, link.code);
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const chain: Chain = {
    creator: creator!,
    invitee: invitee!,
    stranger: stranger!,
    link,
    r1: sent.body.request!.id,
  };
  return { chain };
}

/**
 * Tries every action, by each of the three parties, on each request of the chain, except the
 * `allowed` ones ("creator approve R1"): each answers the same 404 and nothing changes. The
 * views of both people offer exactly the allowed actions.
 */
async function expectOnly(chain: Chain, allowed: string[]) {
  const rows: [string, string][] = [['R1', chain.r1]];
  if (chain.r2) rows.push(['R2', chain.r2]);
  const who = [chain.creator.person, chain.invitee.person, chain.stranger.person];
  const before = await snapshot(who, chain.link.id);
  const wrong: string[] = [];
  for (const [name, id] of rows) {
    for (const party of PARTIES) {
      for (const action of REQUEST_ACTIONS) {
        const attempt = `${party} ${action} ${name}`;
        if (allowed.includes(attempt)) continue;
        const res = await act(chain[party], id, action);
        if (res.status !== 404 || res.body.error?.message !== REQUEST_NOT_FOUND) {
          wrong.push(`${attempt}: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
    }
  }
  expect(wrong, 'steps taken by the wrong person or from the wrong status').toEqual([]);
  expect(await snapshot(who, chain.link.id), 'a refused step changed data').toEqual(before);

  for (const party of ['creator', 'invitee'] as const) {
    const list = await requestsOf(chain[party]);
    for (const view of [...list.incoming, ...list.outgoing]) {
      const name = view.id === chain.r1 ? 'R1' : 'R2';
      const offered = REQUEST_ACTIONS.filter((a) => allowed.includes(`${party} ${a} ${name}`));
      expect(view.actions, `${party}'s actions on ${name}`).toEqual(offered);
      expect(view.invitationId).toBe(chain.link.id);
    }
  }
}

const STEP_1 = ['creator reject R1', 'creator approve R1', 'invitee cancel R1'];
const STEP_2 = ['creator consent R1', 'creator decline R1'];
const STEP_3 = ['invitee final-approve R2', 'invitee final-decline R2'];

// ---------------------------------------------------------------------------------------------

describe(`the invite consent chain (${dbKind})`, () => {
  it('runs to a friendship with both people acting, live, and only the right person acting', async () => {
    const [creator, invitee, stranger] = await people('Cora Chain', 'Ivan Chain', 'Sten Chain');
    const creatorLive = await live(creator!);
    const inviteeLive = await live(invitee!);
    const link = await makeLink(creator!, { message: 'Come join my network' });

    // Anyone can read the landing page of the link.
    const landing = await lookup(anonymous(), link.code);
    expect(landing).toEqual({
      status: 200,
      body: {
        creator_id: creator!.person.id,
        invite_code: link.code,
        creator_name: 'Cora Chain',
        message: 'Come join my network',
        isLegacy: false,
        creator_avatar: null,
        creator_photo: null,
        creator_trust_score: 0,
      },
    });

    expect(z.strictObject(built(invitationLookupSchema).shape).parse(landing.body)).toEqual(
      landing.body,
    );

    // Step 1: the invitee asks the creator; the use is counted.
    const sent = await accept(invitee!, link.code);
    expect(sent.status).toBe(201);
    expect(acceptInvitationResultSchema.parse(sent.body)).toEqual(sent.body);
    expect(sent.body).toMatchObject({
      outcome: 'sent',
      message: 'Connection request sent to Cora Chain!',
      inviterId: creator!.person.id,
      inviterName: 'Cora Chain',
      request: {
        kind: 'invite',
        status: 'PENDING',
        direction: 'outgoing',
        user: { userId: creator!.person.id, name: 'Cora Chain' },
        actions: ['cancel'],
        invitationId: link.id,
        decidedAt: null,
      },
    });
    const chain: Chain = {
      creator: creator!,
      invitee: invitee!,
      stranger: stranger!,
      link,
      r1: sent.body.request!.id,
    };
    expect(await usesOf(link)).toBe(1);
    expect(await requestRows(creator!.person, invitee!.person)).toEqual([
      {
        id: chain.r1,
        kind: 'invite',
        status: 'PENDING',
        fromUserId: invitee!.person.id,
        toUserId: creator!.person.id,
        invitationId: link.id,
      },
    ]);
    const created = await creatorLive.next('request.created', (e) => e.request.id === chain.r1);
    expect(created.request).toMatchObject({
      direction: 'incoming',
      kind: 'invite',
      status: 'PENDING',
      user: { userId: invitee!.person.id, name: 'Ivan Chain' },
      actions: ['reject', 'approve'],
      invitationId: link.id,
    });
    await creatorLive.next('badges.updated', (b) => b.pendingRequests === 1);
    expect((await requestsOf(creator!)).incoming.map((r) => [r.id, r.status])).toEqual([
      [chain.r1, 'PENDING'],
    ]);
    expect((await requestsOf(invitee!)).outgoing.map((r) => [r.id, r.status])).toEqual([
      [chain.r1, 'PENDING'],
    ]);
    expect(await pendingOf(creator!)).toBe(1);
    expect(await pendingOf(invitee!)).toBe(0);
    await expectOnly(chain, STEP_1);

    // Step 2: the creator approves; the invitee hears it.
    const approved = await act(creator!, chain.r1, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      request: {
        id: chain.r1,
        status: 'approved',
        direction: 'incoming',
        actions: ['consent', 'decline'],
        invitationId: link.id,
      },
      trustScore: 0,
    });
    expect(approved.body.request.decidedAt).not.toBeNull();
    const approval = await inviteeLive.next('request.approved');
    expect(approval).toMatchObject({
      requesterId: invitee!.person.id,
      approverName: 'Cora Chain',
      approverPhoto: null,
      message:
        'Cora Chain approved your connection request. They will confirm the friendship next.',
      request: { id: chain.r1, status: 'approved', direction: 'outgoing', actions: [] },
    });
    expect(await statusOf(chain.r1)).toBe('approved');
    expect((await requestsOf(creator!)).incoming.map((r) => [r.id, r.status])).toEqual([
      [chain.r1, 'approved'],
    ]);
    expect((await requestsOf(invitee!)).outgoing.map((r) => [r.id, r.status])).toEqual([
      [chain.r1, 'approved'],
    ]);
    expect(await pendingOf(creator!)).toBe(1);
    await expectOnly(chain, STEP_2);

    // Step 3: the creator consents; the request back asks the invitee for final approval.
    const consented = await act(creator!, chain.r1, 'consent');
    expect(consented.status).toBe(200);
    const r2 = consented.body.request;
    expect(r2).toMatchObject({
      kind: 'invite',
      status: 'FINAL_APPROVAL_PENDING',
      direction: 'outgoing',
      user: { userId: invitee!.person.id },
      actions: [],
      invitationId: link.id,
    });
    expect(r2.id).not.toBe(chain.r1);
    chain.r2 = r2.id;
    const finalAsk = await inviteeLive.next('request.final_approval');
    expect(finalAsk).toMatchObject({
      replaces: chain.r1,
      message: 'Cora Chain wants to be friends. Give your final approval to connect.',
      request: {
        id: chain.r2,
        status: 'FINAL_APPROVAL_PENDING',
        direction: 'incoming',
        user: { userId: creator!.person.id },
        actions: ['final-approve', 'final-decline'],
        invitationId: link.id,
      },
    });
    await inviteeLive.next('badges.updated', (b) => b.pendingRequests === 1);
    expect(await requestRows(creator!.person, invitee!.person)).toEqual([
      expect.objectContaining({ id: chain.r1, status: 'mutual_consent_given' }),
      {
        id: chain.r2,
        kind: 'invite',
        status: 'FINAL_APPROVAL_PENDING',
        fromUserId: creator!.person.id,
        toUserId: invitee!.person.id,
        invitationId: link.id,
      },
    ]);
    expect(await requestsOf(creator!)).toMatchObject({
      incoming: [],
      outgoing: [{ id: chain.r2, status: 'FINAL_APPROVAL_PENDING' }],
    });
    expect(await requestsOf(invitee!)).toMatchObject({
      incoming: [{ id: chain.r2, status: 'FINAL_APPROVAL_PENDING' }],
      outgoing: [],
    });
    expect(await pendingOf(creator!)).toBe(0);
    expect(await pendingOf(invitee!)).toBe(1);
    expect(await areFriends(creator!.person, invitee!.person)).toBe(false);
    await expectOnly(chain, STEP_3);

    // Final approval: friends, trust for both, and both hear it.
    const final = await act(invitee!, chain.r2, 'final-approve');
    expect(final.status).toBe(200);
    expect(final.body).toMatchObject({
      request: { id: chain.r2, status: 'accepted', direction: 'incoming', actions: [] },
      trustScore: 10,
    });
    const accepted = await creatorLive.next('request.accepted');
    expect(accepted).toMatchObject({
      requesterId: creator!.person.id,
      approverName: 'Ivan Chain',
      request: { id: chain.r2, status: 'accepted', direction: 'outgoing' },
    });
    await creatorLive.next('friendship.created', (f) => f.userId === invitee!.person.id);
    await inviteeLive.next('friendship.created', (f) => f.userId === creator!.person.id);
    await inviteeLive.next('badges.updated', (b) => b.pendingRequests === 0);
    expect(await areFriends(creator!.person, invitee!.person)).toBe(true);
    expect((await requestRows(creator!.person, invitee!.person)).map((r) => r.status)).toEqual([
      'mutual_consent_given',
      'accepted',
    ]);
    for (const who of [creator!, invitee!]) {
      expect(await requestsOf(who)).toEqual({ incoming: [], outgoing: [] });
      expect(await pendingOf(who)).toBe(0);
      expect(await trustReaches(who, 10)).toBe(10);
      const summary = (await getJson<NetworkSummary>(who.as, '/api/network/summary')).body;
      expect(summary.counts.first).toBe(1);
    }
    await expectOnly(chain, []);
    expect((await lookup(anonymous(), link.code)).body.creator_trust_score).toBe(10);

    // The link counted one use, and this invitee has used it.
    const again = await accept(invitee!, link.code);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('You have already used this invitation');
    expect(await usesOf(link)).toBe(1);
  });

  it('ends at step 1 when the creator rejects', async () => {
    const { chain } = await startChain(['Cora Reject', 'Ivan Reject', 'Sten Reject']);
    const inviteeLive = await live(chain.invitee);
    const rejected = await act(chain.creator, chain.r1, 'reject');
    expect(rejected.status).toBe(200);
    expect(rejected.body.request).toMatchObject({ status: 'rejected', actions: [] });
    expect((await inviteeLive.next('request.rejected')).requestId).toBe(chain.r1);
    expect(await statusOf(chain.r1)).toBe('rejected');
    expect(await requestsOf(chain.creator)).toEqual({ incoming: [], outgoing: [] });
    expect(await requestsOf(chain.invitee)).toEqual({ incoming: [], outgoing: [] });
    expect(await pendingOf(chain.creator)).toBe(0);
    await expectOnly(chain, []);

    const again = await accept(chain.invitee, chain.link.code);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('You have already declined this invitation');
    expect(await usesOf(chain.link)).toBe(1);
  });

  it('lets the invitee withdraw at step 1, and ask again with the same link', async () => {
    const { chain } = await startChain(['Cora Cancel', 'Ivan Cancel', 'Sten Cancel']);
    const creatorLive = await live(chain.creator);
    const withdrawn = await sendJson<Ok>(
      chain.invitee.as,
      'POST',
      `/api/connection-requests/${chain.r1}/cancel`,
    );
    expect(withdrawn).toEqual({ status: 200, body: { ok: true } });
    expect((await creatorLive.next('request.cancelled')).requestId).toBe(chain.r1);
    expect(await requestRows(chain.creator.person, chain.invitee.person)).toEqual([]);
    expect(await pendingOf(chain.creator)).toBe(0);
    // The withdrawn request gives its use back.
    expect(await usesOf(chain.link)).toBe(0);
    await expectOnly(chain, []);

    const again = await accept(chain.invitee, chain.link.code);
    expect(again.status).toBe(201);
    expect(again.body.request).toMatchObject({ status: 'PENDING', invitationId: chain.link.id });
    expect(await pendingOf(chain.creator)).toBe(1);
    expect(await usesOf(chain.link)).toBe(1);
  });

  it('cannot use up a limited link by asking and withdrawing again and again', async () => {
    const [cora, ivan, nina] = await people('Cora Drain', 'Ivan Drain', 'Nina Drain');
    const link = await makeLink(cora!, { maxUses: 2 });
    for (let i = 0; i < 3; i++) {
      const sent = await accept(ivan!, link.code);
      expect(sent.status).toBe(201);
      const withdrawn = await sendJson(
        ivan!.as,
        'POST',
        `/api/connection-requests/${sent.body.request!.id}/cancel`,
      );
      expect(withdrawn.status).toBe(200);
    }
    expect(await usesOf(link)).toBe(0);
    expect((await accept(nina!, link.code)).status).toBe(201);
    expect(await usesOf(link)).toBe(1);
  });

  it('ends at step 2 when the creator declines', async () => {
    const { chain } = await startChain(['Cora Decline', 'Ivan Decline', 'Sten Decline']);
    const inviteeLive = await live(chain.invitee);
    expect((await act(chain.creator, chain.r1, 'approve')).status).toBe(200);
    const declined = await act(chain.creator, chain.r1, 'decline');
    expect(declined.status).toBe(200);
    expect(declined.body.request).toMatchObject({ id: chain.r1, status: 'declined', actions: [] });
    expect((await inviteeLive.next('request.rejected')).requestId).toBe(chain.r1);
    expect(await requestRows(chain.creator.person, chain.invitee.person)).toEqual([
      expect.objectContaining({ id: chain.r1, status: 'declined' }),
    ]);
    expect(await requestsOf(chain.creator)).toEqual({ incoming: [], outgoing: [] });
    expect(await requestsOf(chain.invitee)).toEqual({ incoming: [], outgoing: [] });
    expect(await pendingOf(chain.creator)).toBe(0);
    expect(await areFriends(chain.creator.person, chain.invitee.person)).toBe(false);
    await expectOnly(chain, []);

    const again = await accept(chain.invitee, chain.link.code);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('You have already declined this invitation');
  });

  it('ends at step 3 when the invitee gives no final approval', async () => {
    const { chain } = await startChain(['Cora Final', 'Ivan Final', 'Sten Final']);
    const creatorLive = await live(chain.creator);
    expect((await act(chain.creator, chain.r1, 'approve')).status).toBe(200);
    const consented = await act(chain.creator, chain.r1, 'consent');
    chain.r2 = consented.body.request.id;
    const declined = await act(chain.invitee, chain.r2, 'final-decline');
    expect(declined.status).toBe(200);
    expect(declined.body.request).toMatchObject({
      id: chain.r2,
      status: 'final_declined',
      actions: [],
    });
    expect((await creatorLive.next('request.rejected')).requestId).toBe(chain.r2);
    expect(
      (await requestRows(chain.creator.person, chain.invitee.person)).map((r) => r.status),
    ).toEqual(['mutual_consent_given', 'final_declined']);
    expect(await requestsOf(chain.invitee)).toEqual({ incoming: [], outgoing: [] });
    expect(await pendingOf(chain.invitee)).toBe(0);
    expect(await areFriends(chain.creator.person, chain.invitee.person)).toBe(false);
    await expectOnly(chain, []);

    const again = await accept(chain.invitee, chain.link.code);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('You have already declined this invitation');
  });

  it('takes each step once when it is sent twice at the same moment', async () => {
    const [cora, ivan] = await people('Cora Twice', 'Ivan Twice');
    const link = await makeLink(cora!);
    const sent = await Promise.all([accept(ivan!, link.code), accept(ivan!, link.code)]);
    const created = sent.find((a) => a.status === 201);
    const other = sent.find((a) => a !== created)!;
    expect(created).toBeDefined();
    // The second finds the first's request: as this link's (409) or as the pair's (200).
    const answer = other.status === 200 ? other.body.outcome : other.body.error?.message;
    expect([
      '200 already_pending',
      '409 You already have a pending request for this invitation',
    ]).toContain(`${other.status} ${answer}`);
    expect(await usesOf(link)).toBe(1);
    const r1 = created!.body.request!.id;
    const steps: [Actor, RequestAction][] = [
      [cora!, 'approve'],
      [cora!, 'consent'],
      [ivan!, 'final-approve'],
    ];
    let id = r1;
    for (const [who, step] of steps) {
      const answers = await Promise.all([act(who, id, step), act(who, id, step)]);
      expect(answers.map((a) => a.status).sort(), step).toEqual([200, 404]);
      const done = answers.find((a) => a.status === 200)!;
      if (step === 'consent') id = done.body.request.id;
    }
    expect((await requestRows(cora!.person, ivan!.person)).map((r) => r.status)).toEqual([
      'mutual_consent_given',
      'accepted',
    ]);
    expect(await areFriends(cora!.person, ivan!.person)).toBe(true);
  });

  describe('a forward step that finds the two already friends removes the request and succeeds', () => {
    const cases = [
      { step: 'approve', by: 'creator', before: [] },
      { step: 'consent', by: 'creator', before: ['approve'] },
      { step: 'final-approve', by: 'invitee', before: ['approve', 'consent'] },
    ] as const;
    for (const { step, by, before } of cases) {
      it(step, async () => {
        const { chain } = await startChain([`Cora ${step}`, `Ivan ${step}`, `Sten ${step}`]);
        let target = chain.r1;
        for (const earlier of before) {
          const res = await act(chain.creator, chain.r1, earlier);
          expect(res.status).toBe(200);
          if (earlier === 'consent') target = res.body.request.id;
        }
        await befriend(world.server.graph, [[chain.creator.person, chain.invitee.person]]);
        const res = await act(chain[by], target, step);
        expect(res.status).toBe(200);
        expect(res.body.request.id).toBe(target);
        expect(await statusOf(target)).toBeUndefined();
        expect(await areFriends(chain.creator.person, chain.invitee.person)).toBe(true);
        for (const who of [chain.creator, chain.invitee]) {
          expect(await requestsOf(who)).toEqual({ incoming: [], outgoing: [] });
        }
      });
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe(`accepting a link (${dbKind})`, () => {
  it('answers an existing friendship without counting a use', async () => {
    const [cora, ivan] = await people('Cora Friends', 'Ivan Friends');
    await befriend(world.server.graph, [[cora!.person, ivan!.person]]);
    const link = await makeLink(cora!);
    const res = await accept(ivan!, link.code);
    expect(res).toEqual({
      status: 200,
      body: {
        outcome: 'already_connected',
        message: 'You and Cora Friends are already connected!',
        inviterId: cora!.person.id,
        inviterName: 'Cora Friends',
        request: null,
      },
    });
    expect(await usesOf(link)).toBe(0);
    expect(await requestRows(cora!.person, ivan!.person)).toEqual([]);
  });

  it('answers an open request between the two as already pending, and the per-user texts', async () => {
    const [cora, ivan, olga] = await people('Cora Pending', 'Ivan Pending', 'Olga Pending');
    const first = await makeLink(cora!);
    const second = await makeLink(cora!);

    const sent = await accept(ivan!, first.code);
    expect(sent.status).toBe(201);
    // The same link again: this invitee's request of it is still open.
    const twice = await accept(ivan!, first.code);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('You already have a pending request for this invitation');
    // Another link of the same creator: the open request stands, no use is counted.
    const other = await accept(ivan!, second.code);
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({
      outcome: 'already_pending',
      message: 'Connection request already pending',
      inviterId: cora!.person.id,
      request: { id: sent.body.request!.id, status: 'PENDING' },
    });
    expect(await usesOf(first)).toBe(1);
    expect(await usesOf(second)).toBe(0);
    // Still open after approval.
    expect((await act(cora!, sent.body.request!.id, 'approve')).status).toBe(200);
    expect((await accept(ivan!, first.code)).body.error.message).toBe(
      'You already have a pending request for this invitation',
    );

    // An ordinary request from the creator is open between them too.
    const asked = await sendJson<CreateConnectionRequestResult>(
      cora!.as,
      'POST',
      '/api/connection-requests',
      { toUserId: olga!.person.id },
    );
    expect(asked.status).toBe(201);
    const pending = await accept(olga!, first.code);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({
      outcome: 'already_pending',
      request: { id: asked.body.request.id, kind: 'connect', direction: 'incoming' },
    });
    expect(await usesOf(first)).toBe(1);
    expect(await requestRows(cora!.person, olga!.person)).toHaveLength(1);
  });

  it('refuses one’s own link, and an invitee without a name', async () => {
    const [cora, nameless] = await people('Cora Own', 'Nameless Own');
    const link = await makeLink(cora!);
    const own = await accept(cora!, link.code);
    expect(own.status).toBe(400);
    expect(own.body.error.message).toBe('Cannot accept your own invitation');
    // The creator may still look at their own landing page.
    expect((await lookup(cora!.as, link.code)).status).toBe(200);

    await world.db
      .updateTable('users')
      .set({ name: null })
      .where('id', '=', nameless!.person.id)
      .execute();
    const unnamed = await accept(nameless!, link.code);
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error.message).toBe('Please complete onboarding first');
    expect(await usesOf(link)).toBe(0);
    expect(await requestRows(cora!.person, nameless!.person)).toEqual([]);
  });

  it('names a creator without a name "Someone"', async () => {
    const [anon, ivan] = await people('Anon Someone', 'Ivan Someone');
    await world.db
      .updateTable('users')
      .set({ name: null })
      .where('id', '=', anon!.person.id)
      .execute();
    const link = await makeLink(anon!);
    expect((await lookup(anonymous(), link.code)).body.creator_name).toBe('Someone');
    const sent = await accept(ivan!, link.code);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      inviterName: 'Someone',
      message: 'Connection request sent to Someone!',
    });
  });

  it('shares the 10-an-hour limit with ordinary connection requests', async () => {
    const [ivan, ...others] = await people(
      'Ivan Limit',
      ...Array.from({ length: 5 }, (_, i) => `Asked ${i} Limit`),
    );
    const creators = await people(...Array.from({ length: 6 }, (_, i) => `Creator ${i} Limit`));
    const links = await Promise.all(creators.map((c) => makeLink(c)));
    // Five ordinary requests and five invitations: ten.
    for (const other of others) {
      const res = await sendJson(ivan!.as, 'POST', '/api/connection-requests', {
        toUserId: other.person.id,
      });
      expect(res.status).toBe(201);
    }
    for (const link of links.slice(0, 5)) expect((await accept(ivan!, link.code)).status).toBe(201);

    const last = creators[5]!;
    const lastLink = links[5]!;
    const limited = await accept(ivan!, lastLink.code);
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe(
      'Too many connection requests. Please wait before sending more.',
    );
    expect(await usesOf(lastLink)).toBe(0);
    expect(await requestRows(ivan!.person, last.person)).toEqual([]);
    const ordinary = await sendJson<ErrorBody>(ivan!.as, 'POST', '/api/connection-requests', {
      toUserId: last.person.id,
    });
    expect(ordinary.status).toBe(429);
    // Someone else is unaffected.
    expect((await accept(others[0]!, lastLink.code)).status).toBe(201);
  });

  it('counts the last use once when twenty people accept at the same moment', async () => {
    const [cora] = await people('Cora Race');
    const invitees = await people(...Array.from({ length: 20 }, (_, i) => `Invitee ${i} Race`));
    const link = await makeLink(cora!, { maxUses: 1 });
    const answers = await Promise.all(invitees.map((i) => accept(i, link.code)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(410)]);
    for (const refused of answers.filter((a) => a.status === 410)) {
      expect(refused.body.error.message).toBe('Invitation has reached maximum usage limit');
    }
    expect(await usesOf(link)).toBe(1);
    const rows = await world.db
      .selectFrom('connectionRequests')
      .select(['id', 'fromUserId'])
      .where('invitationId', '=', link.id)
      .execute();
    const won = answers.findIndex((a) => a.status === 201);
    expect(rows).toEqual([
      { id: answers[won]!.body.request!.id, fromUserId: invitees[won]!.person.id },
    ]);
    // Only the stored request was announced to the creator.
    const announced = await world.db
      .selectFrom('events')
      .select('payload')
      .where('stream', '=', `user:${cora!.person.id}`)
      .where('type', '=', 'request.created')
      .execute();
    expect(announced).toHaveLength(1);
    expect(await pendingOf(cora!)).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------

describe(`the public lookup and its answers (${dbKind})`, () => {
  const FORMAT = 'Invalid invitation format';
  const formatCases: [string, string][] = [
    ['%20', 'Invalid input: invite code and user ID are required'],
    ['%20%20%20%20', 'Invalid input: invite code and user ID are required'],
    ['ab', FORMAT],
    ['x'.repeat(51), FORMAT],
    [encodeURIComponent('<script>'), FORMAT],
    [encodeURIComponent('a;b'), FORMAT],
    ['a;b', FORMAT],
    ['a--b', FORMAT],
    [encodeURIComponent('javascript:x'), FORMAT],
    ['scriptish', FORMAT],
    [encodeURIComponent('vbscript:x'), FORMAT],
    [encodeURIComponent('data:text'), FORMAT],
    [encodeURIComponent('onload=x'), FORMAT],
    [encodeURIComponent('a"b'), FORMAT],
    [encodeURIComponent("a'b"), FORMAT],
    [encodeURIComponent('a`b'), FORMAT],
    [encodeURIComponent('{abc}'), FORMAT],
    [encodeURIComponent('a\\b'), FORMAT],
    [encodeURIComponent('a/*b'), FORMAT],
    [encodeURIComponent('a*/b'), FORMAT],
    [encodeURIComponent('<!--a'), FORMAT],
  ];

  it('checks the code format first, for the lookup and for accepting', async () => {
    const [ivan] = await people('Ivan Format');
    const wrong: string[] = [];
    for (const [code, message] of formatCases) {
      for (const [what, call] of [
        ['lookup', () => lookup(anonymous(), code)],
        ['accept', () => accept(ivan!, code)],
        [
          'deactivate',
          () => sendJson<ErrorBody>(ivan!.as, 'POST', `/api/invitations/${code}/deactivate`),
        ],
      ] as const) {
        const res = await call();
        if (res.status !== 400 || res.body.error?.message !== message) {
          wrong.push(`${what} ${code}: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Well-formed at both ends of the length rule: simply not found.
    for (const code of ['abc', 'x'.repeat(50)]) {
      const res = await lookup(anonymous(), code);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(NOT_FOUND);
    }
  });

  it('answers unknown, deactivated, expired and used-up links, signed in or not', async () => {
    const [cora, ivan, olga] = await people('Cora Gone', 'Ivan Gone', 'Olga Gone');
    const expectAnswer = async (code: string, status: number, message: string) => {
      for (const res of [await lookup(anonymous(), code), await accept(olga!, code)]) {
        expect(res.status).toBe(status);
        expect(res.body.error.message).toBe(message);
      }
    };
    await expectAnswer(unknownCode(), 404, NOT_FOUND);

    const deactivated = await makeLink(cora!);
    expect(
      (await sendJson(cora!.as, 'POST', `/api/invitations/${deactivated.code}/deactivate`)).status,
    ).toBe(200);
    await expectAnswer(deactivated.code, 410, 'This invitation has been deactivated');

    const expired = await makeLink(cora!, {
      expiresAt: new Date(Date.now() + DAY_MS).toISOString(),
    });
    await world.db
      .updateTable('invitations')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', expired.id)
      .execute();
    await expectAnswer(expired.code, 410, 'Invitation has expired');

    const once = await makeLink(cora!, { maxUses: 1 });
    expect((await accept(ivan!, once.code)).status).toBe(201);
    await expectAnswer(once.code, 410, 'Invitation has reached maximum usage limit');

    expect(await usesOf(deactivated)).toBe(0);
    expect(await usesOf(expired)).toBe(0);
    expect(await usesOf(once)).toBe(1);
    expect(await requestRows(cora!.person, olga!.person)).toEqual([]);
  });

  it('answers a link whose creator is no longer active', async () => {
    const [cora, ivan] = await people('Cora Suspended', 'Ivan Suspended');
    const link = await makeLink(cora!);
    await world.db
      .updateTable('users')
      .set({ accountStatus: 'SUSPENDED' })
      .where('id', '=', cora!.person.id)
      .execute();
    for (const res of [
      await lookup(anonymous(), link.code),
      await lookup(ivan!.as, link.code),
      await accept(ivan!, link.code),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Invitation creator account not found');
    }
    expect(await usesOf(link)).toBe(0);
    expect(await requestRows(cora!.person, ivan!.person)).toEqual([]);
  });

  for (const direction of ['the creator blocked the invitee', 'the invitee blocked the creator']) {
    it(`answers exactly as for an unknown code when ${direction}`, async () => {
      const [cora, ivan] = await people(`Cora ${direction}`, `Ivan ${direction}`);
      const link = await makeLink(cora!);
      const [blocker, blocked] = direction.startsWith('the creator')
        ? [cora!, ivan!]
        : [ivan!, cora!];
      expect((await sendJson(blocker.as, 'POST', `/api/blocks/${blocked.person.id}`)).status).toBe(
        200,
      );
      const missing = unknownCode();
      expect(await raw(ivan!.as, 'GET', `/api/invitations/${link.code}`)).toEqual(
        await raw(ivan!.as, 'GET', `/api/invitations/${missing}`),
      );
      const unknownAccept = await raw(ivan!.as, 'POST', `/api/invitations/${missing}/accept`);
      expect(unknownAccept.status).toBe(404);
      expect(await raw(ivan!.as, 'POST', `/api/invitations/${link.code}/accept`)).toEqual(
        unknownAccept,
      );
      expect(await usesOf(link)).toBe(0);
      expect(await requestRows(cora!.person, ivan!.person)).toEqual([]);
      // Someone outside the pair still sees the link.
      expect((await lookup(anonymous(), link.code)).status).toBe(200);
    });
  }
});

// ---------------------------------------------------------------------------------------------

describe(`managing links (${dbKind})`, () => {
  it('gives each person one default link, made by POST; reading it writes nothing', async () => {
    const [cora] = await people('Cora Default');
    const count = async () =>
      (
        await world.db
          .selectFrom('invitations')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('creatorId', '=', cora!.person.id)
          .executeTakeFirstOrThrow()
      ).n;
    // Issue 18: the read answers null and makes nothing, however often.
    for (let i = 0; i < 2; i++) {
      const none = await getJson<MyInvitation | null>(cora!.as, '/api/invitations/me');
      expect(none).toEqual({ status: 200, body: null });
    }
    expect(Number(await count())).toBe(0);
    const mine = await sendJson<MyInvitation>(cora!.as, 'POST', '/api/invitations/me');
    expect(mine.status).toBe(201);
    expect(Number(await count())).toBe(1);
    // Made once: a second POST and every read answer the same link.
    expect(await sendJson(cora!.as, 'POST', '/api/invitations/me')).toEqual({
      status: 200,
      body: mine.body,
    });
    expect(await getJson(cora!.as, '/api/invitations/me')).toEqual({
      status: 200,
      body: mine.body,
    });
    expect(Number(await count())).toBe(1);
    expect(mine.body).toMatchObject({
      url: `${world.server.baseUrl}/invite/${mine.body.code}`,
      friends: 0,
      trust: 0,
    });
    expect(mine.body.message).toContain(mine.body.url);
    expect((await getJson<MyInvitation>(cora!.as, '/api/invitations/me')).body.code).toBe(
      mine.body.code,
    );
    const list = await getJson<InvitationList>(cora!.as, '/api/invitations');
    expect(list.body.items).toEqual([
      expect.objectContaining({
        code: mine.body.code,
        isDefault: true,
        isActive: true,
        maxUses: null,
        expiresAt: null,
        state: 'active',
      }),
    ]);
    expect((await lookup(anonymous(), mine.body.code)).body.creator_id).toBe(cora!.person.id);

    // Once deactivated, there is none until the next POST makes a new one.
    await sendJson(cora!.as, 'POST', `/api/invitations/${mine.body.code}/deactivate`);
    expect((await getJson(cora!.as, '/api/invitations/me')).body).toBeNull();
    const next = await sendJson<MyInvitation>(cora!.as, 'POST', '/api/invitations/me');
    expect(next.status).toBe(201);
    expect(next.body.code).not.toBe(mine.body.code);
    expect((await lookup(anonymous(), mine.body.code)).status).toBe(410);
  });

  it('creates links with a limit, an expiry and a message, and validates the body', async () => {
    const [cora] = await people('Cora Create');
    const expiresAt = new Date(Date.now() + 7 * DAY_MS).toISOString();
    const res = await sendJson<Invitation>(cora!.as, 'POST', '/api/invitations', {
      maxUses: 5,
      expiresAt,
      message: '  Join me  ',
    });
    expect(res.status).toBe(201);
    // Exactly the contract's fields.
    expect(invitationSchema.parse(res.body)).toEqual(res.body);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(built(invitationSchema).shape).sort());
    expect(res.body).toMatchObject({
      url: `${world.server.baseUrl}/invite/${res.body.code}`,
      message: 'Join me',
      maxUses: 5,
      currentUses: 0,
      expiresAt,
      isActive: true,
      isDefault: false,
      state: 'active',
    });
    const plain = await makeLink(cora!, { maxUses: null, expiresAt: null });
    expect(plain).toMatchObject({ maxUses: null, expiresAt: null, isDefault: false });
    expect(plain.message).toContain(plain.url);

    const maxUses = 'Maximum uses must be a whole number from 1 to 1000';
    const expiry = 'Expiry must be a date in the next 365 days';
    const bad: [unknown, string | null][] = [
      [{ maxUses: 2, extra: true }, null],
      [{ code: 'chosen-code' }, null],
      [{ maxUses: 0 }, maxUses],
      [{ maxUses: -1 }, maxUses],
      [{ maxUses: 1001 }, maxUses],
      [{ maxUses: 1.5 }, maxUses],
      [{ maxUses: '3' }, maxUses],
      [{ expiresAt: new Date(Date.now() - DAY_MS).toISOString() }, expiry],
      [{ expiresAt: new Date(Date.now() + 366 * DAY_MS).toISOString() }, expiry],
      [{ expiresAt: 'tomorrow' }, expiry],
      [{ expiresAt: 12 }, expiry],
      [{ message: 'x'.repeat(501) }, 'Message must be at most 500 characters'],
      [{ message: 'Join me \u202eevil\u202c' }, 'Message contains characters that are not allowed'],
      [[], null],
    ];
    const wrong: string[] = [];
    for (const [body, message] of bad) {
      const refused = await sendJson<ErrorBody>(cora!.as, 'POST', '/api/invitations', body);
      if (refused.status !== 400 || (message && refused.body.error.message !== message)) {
        wrong.push(`${JSON.stringify(body)}: ${refused.status} ${JSON.stringify(refused.body)}`);
      }
    }
    expect(wrong).toEqual([]);
    const list = await getJson<InvitationList>(cora!.as, '/api/invitations');
    expect(list.body.items.map((i) => i.id).sort()).toEqual([res.body.id, plain.id].sort());
    expect((await sendJson(anonymous(), 'POST', '/api/invitations', {})).status).toBe(401);
  });

  it('makes unguessable codes that pass the format rule', async () => {
    const [cora] = await people('Cora Codes');
    const codes = [
      (await sendJson<MyInvitation>(cora!.as, 'POST', '/api/invitations/me')).body.code,
    ];
    for (let i = 0; i < 10; i++) codes.push((await makeLink(cora!)).code);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect(inviteCodeProblem(code)).toBeNull();
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('keeps at most 20 working links per person besides the default one', async () => {
    const [cora, olga] = await people('Cora Twenty', 'Olga Twenty');
    await sendJson<MyInvitation>(cora!.as, 'POST', '/api/invitations/me');
    await world.db
      .insertInto('invitations')
      .values(
        Array.from({ length: 20 }, () => ({
          id: uuidv7(),
          code: unknownCode(),
          creatorId: cora!.person.id,
          message: null,
          maxUses: null,
          expiresAt: null,
        })),
      )
      .execute();
    const full = await sendJson<ErrorBody>(cora!.as, 'POST', '/api/invitations', {});
    expect(full.status).toBe(409);
    expect(full.body.error.message).toBe(
      'You can keep at most 20 active invitation links. Deactivate one first.',
    );
    const items = (await getJson<InvitationList>(cora!.as, '/api/invitations')).body.items;
    expect(items).toHaveLength(21);
    // Another person is not affected.
    await makeLink(olga!);

    // Deactivating one frees a slot.
    const [some, other] = items.filter((i) => !i.isDefault);
    const off = await sendJson<Invitation>(
      cora!.as,
      'POST',
      `/api/invitations/${some!.code}/deactivate`,
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: some!.id, isActive: false, state: 'deactivated' });
    await makeLink(cora!);
    expect((await sendJson(cora!.as, 'POST', '/api/invitations', {})).status).toBe(409);

    // So does one that expired: it no longer works, so it holds no slot.
    await world.db
      .updateTable('invitations')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', other!.id)
      .execute();
    await makeLink(cora!);
  });

  it('always has the default link, even beside 20 others', async () => {
    const [cora] = await people('Cora Default');
    await world.db
      .insertInto('invitations')
      .values(
        Array.from({ length: 20 }, () => ({
          id: uuidv7(),
          code: unknownCode(),
          creatorId: cora!.person.id,
          message: null,
          maxUses: null,
          expiresAt: null,
        })),
      )
      .execute();
    const mine = await sendJson<MyInvitation>(cora!.as, 'POST', '/api/invitations/me');
    expect(mine.status).toBe(201);
    const items = (await getJson<InvitationList>(cora!.as, '/api/invitations')).body.items;
    expect(items.filter((i) => i.isDefault)).toHaveLength(1);
    expect((await sendJson(cora!.as, 'POST', '/api/invitations', {})).status).toBe(409);
  });

  it('lists one’s own links with their use counts and states', async () => {
    const [cora, ivan, olga, pia] = await people('Cora List', 'Ivan List', 'Olga List', 'Pia List');
    const open = await makeLink(cora!, { maxUses: 3 });
    const once = await makeLink(cora!, { maxUses: 1 });
    const off = await makeLink(cora!);
    const late = await makeLink(cora!, { expiresAt: new Date(Date.now() + DAY_MS).toISOString() });
    expect((await accept(ivan!, open.code)).status).toBe(201);
    expect((await accept(olga!, open.code)).status).toBe(201);
    expect((await accept(pia!, once.code)).status).toBe(201);
    await sendJson(cora!.as, 'POST', `/api/invitations/${off.code}/deactivate`);
    await world.db
      .updateTable('invitations')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', late.id)
      .execute();

    const items = (await getJson<InvitationList>(cora!.as, '/api/invitations')).body.items;
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(items).toHaveLength(4);
    expect(byId.get(open.id)).toMatchObject({ currentUses: 2, maxUses: 3, state: 'active' });
    expect(byId.get(once.id)).toMatchObject({ currentUses: 1, maxUses: 1, state: 'used_up' });
    expect(byId.get(off.id)).toMatchObject({
      currentUses: 0,
      isActive: false,
      state: 'deactivated',
    });
    expect(byId.get(late.id)).toMatchObject({ currentUses: 0, isActive: true, state: 'expired' });
    // Active links first.
    expect(items.at(-1)!.id).toBe(off.id);
    // Nobody else sees them.
    expect((await getJson<InvitationList>(ivan!.as, '/api/invitations')).body.items).toEqual([]);
    expect((await getJson(anonymous(), '/api/invitations')).status).toBe(401);
  });

  it('lets only the creator deactivate a link', async () => {
    const [cora, sten] = await people('Cora Deactivate', 'Sten Deactivate');
    const link = await makeLink(cora!);
    const before = await world.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    for (const code of [link.code, unknownCode()]) {
      const refused = await sendJson<ErrorBody>(
        sten!.as,
        'POST',
        `/api/invitations/${code}/deactivate`,
      );
      expect(refused.status).toBe(404);
      expect(refused.body.error.message).toBe(NOT_FOUND);
    }
    expect(
      (await sendJson(anonymous(), 'POST', `/api/invitations/${link.code}/deactivate`)).status,
    ).toBe(401);
    expect(
      await world.db
        .selectFrom('invitations')
        .selectAll()
        .where('id', '=', link.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
    expect((await lookup(anonymous(), link.code)).status).toBe(200);

    const off = await sendJson<Invitation>(
      cora!.as,
      'POST',
      `/api/invitations/${link.code}/deactivate`,
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: link.id, isActive: false, state: 'deactivated' });
    expect((await lookup(anonymous(), link.code)).status).toBe(410);
  });
});

describe(`the lookup limit (${dbKind})`, () => {
  // A server of its own: every lookup from this address counts.
  const own = useTestServer(redisUrl ? { REDIS_URL: redisUrl } : {});

  it('allows 60 lookups a minute from one address', async () => {
    const [cora] = await createPeople(own.db, ['Cora Lookups']);
    const as = await browserFor(own.server, cora!);
    const { code } = (await sendJson<MyInvitation>(as, 'POST', '/api/invitations/me')).body;
    const browser = new TestBrowser(own.server.baseUrl);
    for (let i = 0; i < 60; i++) {
      expect(
        (await getJson(browser, `/api/invitations/${i % 2 ? code : unknownCode()}`)).status,
      ).toBe(i % 2 ? 200 : 404);
    }
    const limited = await getJson<ErrorBody>(browser, `/api/invitations/${code}`);
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe('Too many invitation lookups. Please wait a minute.');
  });
});
