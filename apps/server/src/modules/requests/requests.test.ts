import { afterAll, describe, expect, it } from 'vitest';
import type {
  ConnectionRequestList,
  ConnectionsPage,
  CreateConnectionRequestResult,
  DecideRequestResult,
  ErrorBody,
  NetworkSummary,
  Ok,
} from '@heartline/domain';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import type { TestBrowser } from '../../../test/http-client.ts';
import {
  befriend,
  browserFor,
  createPeople,
  getJson,
  sendJson,
  type Person,
} from '../../../test/network-fixtures.ts';
import { listen as listenOn, type ClientSocket } from '../../../test/realtime-client.ts';

const world = useTestServer();
const sockets: ClientSocket[] = [];
afterAll(() => {
  for (const s of sockets) s.disconnect();
});

async function people(...names: string[]) {
  const list = await createPeople(world.db, names);
  const browsers = await Promise.all(list.map((p) => browserFor(world.server, p)));
  return list.map((person, i) => ({ person, as: browsers[i]! }));
}

/** A real Socket.IO client on the user's session, resumed and checked like the web client. */
async function listen(browser: TestBrowser) {
  const listener = listenOn(world.server.baseUrl, browser.cookieHeader());
  sockets.push(listener.socket);
  await listener.ready();
  return listener;
}

const request = (as: TestBrowser, to: Person) =>
  sendJson<CreateConnectionRequestResult & ErrorBody>(as, 'POST', '/api/connection-requests', {
    toUserId: to.id,
  });

describe(`connection requests (${dbKind})`, () => {
  it('runs end to end with live events to both people', async () => {
    const [ria, sam, tess] = await people('Ria Req', 'Sam Req', 'Tess Req');
    await befriend(world.server.graph, [[sam!.person, tess!.person]]);
    const riaLive = await listen(ria!.as);
    const samLive = await listen(sam!.as);

    const sent = await request(ria!.as, sam!.person);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      outcome: 'sent',
      message: 'Connection request sent to Sam Req!',
      request: { status: 'PENDING', direction: 'outgoing', user: { userId: sam!.person.id } },
    });
    const created = await samLive.next('request.created');
    expect(created.request).toMatchObject({ direction: 'incoming', user: { name: 'Ria Req' } });
    expect((await samLive.next('badges.updated')).pendingRequests).toBe(1);

    const samList = await getJson<ConnectionRequestList>(sam!.as, '/api/connection-requests');
    expect(samList.body.incoming.map((r) => r.user.userId)).toEqual([ria!.person.id]);
    expect(samList.body.outgoing).toEqual([]);
    const riaList = await getJson<ConnectionRequestList>(ria!.as, '/api/connection-requests');
    expect(riaList.body.outgoing.map((r) => r.id)).toEqual([sent.body.request.id]);

    // Only the recipient decides: the sender and a third person get the same 404.
    const id = sent.body.request.id;
    for (const who of [ria!, tess!]) {
      for (const verb of ['accept', 'reject']) {
        const res = await sendJson<ErrorBody>(
          who.as,
          'POST',
          `/api/connection-requests/${id}/${verb}`,
        );
        expect(res.status).toBe(404);
        expect(res.body.error.message).toBe('Connection request not found or unauthorized');
      }
    }

    const accepted = await sendJson<DecideRequestResult>(
      sam!.as,
      'POST',
      `/api/connection-requests/${id}/accept`,
    );
    expect(accepted.status).toBe(200);
    // sam: friends {tess, ria} -> 20, no 2nd degree.
    expect(accepted.body).toMatchObject({ request: { status: 'accepted' }, trustScore: 20 });

    const approval = await riaLive.next('request.accepted');
    expect(approval).toMatchObject({ requesterId: ria!.person.id, approverName: 'Sam Req' });
    expect(approval.message).toBe('Sam Req accepted your connection request!');
    // ria: friend sam (10) + tess in her 2nd degree (1).
    expect((await riaLive.next('trust.updated', (t) => t.trustScore === 11)).firstDegreeCount).toBe(
      1,
    );
    expect(
      (await samLive.next('trust.updated', (t) => t.trustScore === 20)).secondDegreeCount,
    ).toBe(0);
    await riaLive.next('friendship.created', (f) => f.userId === sam!.person.id);
    expect(
      (await samLive.next('badges.updated', (b) => b.pendingRequests === 0)).pendingRequests,
    ).toBe(0);

    const first = await getJson<ConnectionsPage>(ria!.as, '/api/network/connections?tab=first');
    expect(first.body.items.map((i) => i.userId)).toEqual([sam!.person.id]);
    const stored = await world.db
      .selectFrom('users')
      .select(['trustScore', 'friendCount', 'secondDegreeCount'])
      .where('id', '=', tess!.person.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ trustScore: 11, friendCount: 1, secondDegreeCount: 1 });

    // Deciding twice is not possible.
    expect((await sendJson(sam!.as, 'POST', `/api/connection-requests/${id}/accept`)).status).toBe(
      404,
    );
  });

  it('refuses self, strangers, duplicates and existing friends with the spec texts', async () => {
    const [uma, vic] = await people('Uma Req', 'Vic Req');
    const self = await request(uma!.as, uma!.person);
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe('Cannot create connection to yourself');
    const ghost = await sendJson<ErrorBody>(uma!.as, 'POST', '/api/connection-requests', {
      toUserId: crypto.randomUUID(),
    });
    expect(ghost.status).toBe(404);
    expect(ghost.body.error.message).toBe('User validation failed');
    const bad = await sendJson<ErrorBody>(uma!.as, 'POST', '/api/connection-requests', {
      toUserId: 'nope',
    });
    expect(bad.status).toBe(400);
    const extra = await sendJson<ErrorBody>(uma!.as, 'POST', '/api/connection-requests', {
      toUserId: vic!.person.id,
      x: 1,
    });
    expect(extra.status).toBe(400);

    expect((await request(uma!.as, vic!.person)).status).toBe(201);
    const again = await request(uma!.as, vic!.person);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      outcome: 'already_sent',
      message: 'Connection request already sent!',
    });
    // vic asking back accepts uma's request instead of opening a second one.
    const back = await request(vic!.as, uma!.person);
    expect(back.status).toBe(200);
    expect(back.body.outcome).toBe('accepted');
    const connected = await request(uma!.as, vic!.person);
    expect(connected.status).toBe(409);
    expect(connected.body.error.message).toBe('You and Vic Req are already connected!');
    expect(
      (await getJson<ConnectionRequestList>(uma!.as, '/api/connection-requests')).body,
    ).toEqual({ incoming: [], outgoing: [] });
    expect(
      (await sendJson(uma!.as, 'POST', '/api/connection-requests/not-a-uuid/accept')).status,
    ).toBe(400);
  });

  it('tells the requester about a rejection, and lets them ask again later', async () => {
    const [wes, xia] = await people('Wes Req', 'Xia Req');
    const wesLive = await listen(wes!.as);
    // Xia's summary is read (and kept by the server) before each change: it must follow them.
    const pending = async () =>
      (await getJson<NetworkSummary>(xia!.as, '/api/network/summary')).body.pendingRequests;
    expect(await pending()).toBe(0);
    const sent = await request(wes!.as, xia!.person);
    expect(await pending()).toBe(1);
    const rejected = await sendJson<DecideRequestResult>(
      xia!.as,
      'POST',
      `/api/connection-requests/${sent.body.request.id}/reject`,
    );
    expect(rejected.body.request.status).toBe('rejected');
    expect(await pending()).toBe(0);
    expect((await wesLive.next('request.rejected')).requestId).toBe(sent.body.request.id);
    expect((await request(wes!.as, xia!.person)).status).toBe(201);
  });

  it('lets only the sender withdraw a pending request, live for the recipient', async () => {
    const [abe, bea, cal] = await people('Abe Req', 'Bea Req', 'Cal Req');
    const beaLive = await listen(bea!.as);
    const pending = async () =>
      (await getJson<NetworkSummary>(bea!.as, '/api/network/summary')).body.pendingRequests;
    const sent = await request(abe!.as, bea!.person);
    const id = sent.body.request.id;
    expect(await pending()).toBe(1);
    const cancel = (as: TestBrowser, requestId = id) =>
      sendJson<ErrorBody>(as, 'POST', `/api/connection-requests/${requestId}/cancel`);

    // The recipient and a stranger cannot withdraw it, and nothing changes when they try.
    for (const wrong of [bea!.as, cal!.as]) {
      const refused = await cancel(wrong);
      expect(refused.status).toBe(404);
      expect(refused.body.error.message).toBe('Connection request not found or unauthorized');
    }
    expect((await cancel(abe!.as, 'not-a-uuid')).status).toBe(400);
    expect((await cancel(abe!.as, crypto.randomUUID())).status).toBe(404);
    expect(
      (await getJson<ConnectionRequestList>(bea!.as, '/api/connection-requests')).body.incoming,
    ).toHaveLength(1);

    const withdrawn = await sendJson<Ok>(abe!.as, 'POST', `/api/connection-requests/${id}/cancel`);
    expect(withdrawn).toEqual({ status: 200, body: { ok: true } });
    expect((await beaLive.next('request.cancelled')).requestId).toBe(id);
    expect(
      (await beaLive.next('badges.updated', (b) => b.pendingRequests === 0)).pendingRequests,
    ).toBe(0);
    expect(await pending()).toBe(0);
    for (const as of [abe!.as, bea!.as]) {
      expect((await getJson<ConnectionRequestList>(as, '/api/connection-requests')).body).toEqual({
        incoming: [],
        outgoing: [],
      });
    }
    // Gone for good: withdrawing or accepting it again finds nothing; asking again works.
    expect((await cancel(abe!.as)).status).toBe(404);
    expect((await sendJson(bea!.as, 'POST', `/api/connection-requests/${id}/accept`)).status).toBe(
      404,
    );
    expect((await request(abe!.as, bea!.person)).status).toBe(201);

    // A decided request cannot be withdrawn.
    const toCal = await request(abe!.as, cal!.person);
    await sendJson(cal!.as, 'POST', `/api/connection-requests/${toCal.body.request.id}/accept`);
    expect((await cancel(abe!.as, toCal.body.request.id)).status).toBe(404);
  });

  it('allows 10 requests per sender per hour', async () => {
    const [yan, ...others] = await people(
      'Yan Req',
      ...Array.from({ length: 11 }, (_, i) => `Target ${i} Req`),
    );
    for (let i = 0; i < 10; i++)
      expect((await request(yan!.as, others[i]!.person)).status).toBe(201);
    const limited = await request(yan!.as, others[10]!.person);
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe(
      'Too many connection requests. Please wait before sending more.',
    );
    // Another sender is unaffected.
    expect((await request(others[10]!.as, others[0]!.person)).status).toBe(201);
  });
});
