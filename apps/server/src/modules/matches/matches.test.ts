import { afterEach, describe, expect, it } from 'vitest';
import type {
  ChatList,
  DiscoverPage,
  LikeResult,
  MessagePage,
  OwnProfile,
} from '@heartline/domain';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import {
  befriend,
  browserFor,
  createPeople,
  getJson,
  meetInDiscover,
  sendJson,
  setDiscoverable,
  type Person,
} from '../../../test/network-fixtures.ts';
import { listen, type Listener } from '../../../test/realtime-client.ts';
import { matchStatus } from './matches.service.ts';

const world = useTestServer();
const open: Listener[] = [];
afterEach(() => {
  for (const l of open.splice(0)) l.socket.disconnect();
});

const like = (as: Awaited<ReturnType<typeof browserFor>>, other: Person) =>
  sendJson<LikeResult>(as, 'POST', `/api/discover/${other.id}/like`, {});

/** Two people who meet in each other's Discover (not friends). */
async function pair(names: [string, string]) {
  const [a, b] = await createPeople(world.db, names);
  await meetInDiscover(world.server, [a!, b!]);
  return {
    a: a!,
    b: b!,
    asA: await browserFor(world.server, a!),
    asB: await browserFor(world.server, b!),
  };
}

const matchRow = (x: Person, y: Person) =>
  world.db
    .selectFrom('matches')
    .select(['status', 'matchedAt', 'declinedAt'])
    .where('userLow', '=', Math.min(x.seq, y.seq))
    .where('userHigh', '=', Math.max(x.seq, y.seq))
    .executeTakeFirst();

describe('matchStatus', () => {
  it('derives the match from both swipes', () => {
    expect(matchStatus(undefined, undefined)).toBeNull();
    expect(matchStatus('skip', undefined)).toBeNull();
    expect(matchStatus('like', undefined)).toBe('pending');
    expect(matchStatus(undefined, 'superlike')).toBe('pending');
    expect(matchStatus('like', 'superlike')).toBe('active');
    expect(matchStatus('like', 'pass')).toBe('declined');
    expect(matchStatus('pass', 'like')).toBe('declined');
  });
});

describe(`likes and matches (${dbKind})`, () => {
  it('a like meeting a like makes one active match, one match chat with the greeting, and tells both', async () => {
    const { a, b, asA, asB } = await pair(['Ana Match', 'Bo Match']);
    const bLive = listen(world.server.baseUrl, asB.cookieHeader());
    open.push(bLive);
    await bLive.ready();

    const first = await like(asA, b);
    expect(first.body).toEqual({ matched: false, match: null });
    expect(await matchRow(a, b)).toMatchObject({ status: 'pending' });
    // A pending like shows nowhere: B's profile counts no match.
    const profile = await getJson<OwnProfile>(asB, '/api/me/profile');
    expect(profile.body.stats.matches).toBe(0);

    const second = await like(asB, a);
    expect(second.body.matched).toBe(true);
    expect(second.body.match).toMatchObject({ userId: a.id, name: 'Ana Match' });
    const row = await matchRow(a, b);
    expect(row).toMatchObject({ status: 'active' });
    expect(row!.matchedAt).not.toBeNull();

    const told = await bLive.next('match.created');
    expect(told.match.userId).toBe(a.id);
    const chats = await getJson<ChatList>(asA, '/api/chats');
    expect(chats.body.chats).toHaveLength(1);
    expect(chats.body.chats[0]).toMatchObject({ kind: 'match', isMatch: true, canMessage: true });
    const chatId = chats.body.chats[0]!.id;
    expect(second.body.match!.chatId).toBe(chatId);
    // The greeting names the other person for each reader.
    const forA = await getJson<MessagePage>(asA, `/api/chats/${chatId}/messages`);
    const forB = await getJson<MessagePage>(asB, `/api/chats/${chatId}/messages`);
    expect(forA.body.messages.map((m) => m.content)).toEqual([
      'You matched! Start your conversation here. Say hello to Bo Match!',
    ]);
    expect(forB.body.messages.map((m) => [m.content, m.senderId])).toEqual([
      ['You matched! Start your conversation here. Say hello to Ana Match!', null],
    ]);
    expect((await getJson<OwnProfile>(asB, '/api/me/profile')).body.stats.matches).toBe(1);
  });

  it('simultaneous mutual likes make exactly one match, one chat and one greeting', async () => {
    for (let round = 0; round < 5; round++) {
      const { a, b, asA, asB } = await pair([`Cy Race ${round}`, `Di Race ${round}`]);
      const [x, y] = await Promise.all([like(asA, b), like(asB, a)]);
      expect([x.body.matched, y.body.matched].filter(Boolean)).toHaveLength(1);
      const chats = await world.db
        .selectFrom('chats')
        .select('id')
        .where('userLow', '=', Math.min(a.seq, b.seq))
        .where('userHigh', '=', Math.max(a.seq, b.seq))
        .execute();
      expect(chats).toHaveLength(1);
      const greetings = await world.db
        .selectFrom('messages')
        .select('id')
        .where('chatId', '=', chats[0]!.id)
        .execute();
      expect(greetings).toHaveLength(1);
    }
  });

  it('gives one super like a day, refused after with when the next is ready; the receiver sees it', async () => {
    const [a, b, c, d, e] = await createPeople(world.db, [
      'Sue Super',
      'Tom Super',
      'Uma Super',
      'Vic Super',
      'Wes Super',
    ]);
    await meetInDiscover(world.server, [a!, b!, c!, d!, e!]);
    const asA = await browserFor(world.server, a!);
    const superLike = (other: Person) =>
      asA.request(`/api/discover/${other.id}/like`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ superlike: true }),
      });
    // Two first ones at once: exactly one goes.
    const firsts = await Promise.all([superLike(b!), superLike(e!)]);
    expect(firsts.map((r) => r.status).sort()).toEqual([200, 429]);
    const given = firsts[0].status === 200 ? b! : e!;
    // A like of the same person afterwards keeps it a super like and frees nothing.
    expect((await like(asA, given)).status).toBe(200);
    // Two at once after it: both refused, nothing stored.
    const [second, third] = await Promise.all([superLike(c!), superLike(d!)]);
    for (const refused of [second, third]) {
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
      expect(await refused.json()).toMatchObject({
        error: {
          code: 'RATE_LIMITED',
          message: 'You can super like once every 24 hours. The next one is yours in 24 hours.',
        },
      });
    }
    const stored = await world.db
      .selectFrom('swipes')
      .select(['targetSeq', 'action'])
      .where('userSeq', '=', a!.seq)
      .execute();
    expect(stored).toEqual([{ targetSeq: given.seq, action: 'superlike' }]);
    // A plain like still goes; the super liked person sees the mark, the liked one does not.
    expect((await like(asA, c!)).status).toBe(200);
    const cardOfA = async (viewer: Person) => {
      const page = await getJson<DiscoverPage>(
        await browserFor(world.server, viewer),
        '/api/discover',
      );
      return page.body.items.find((p) => p.id === a!.id);
    };
    expect(await cardOfA(given)).toMatchObject({ superLikedYou: true });
    expect(await cardOfA(c!)).toMatchObject({ superLikedYou: false });
    // A day later the next one is there.
    await world.db
      .updateTable('swipes')
      .set({ superlikedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where('userSeq', '=', a!.seq)
      .execute();
    expect((await superLike(d!)).status).toBe(200);
  });

  it('nobody learns who passed on them: a like answers the same after a pass or nothing', async () => {
    const [a, b, c] = await createPeople(world.db, ['Eli Quiet', 'Fay Quiet', 'Gus Quiet']);
    await meetInDiscover(world.server, [a!, b!, c!]);
    const asA = await browserFor(world.server, a!);
    const asB = await browserFor(world.server, b!);
    // B passed on A; C never saw A. A likes both: identical answers.
    expect((await sendJson(asB, 'POST', `/api/discover/${a!.id}/pass`)).status).toBe(200);
    const toB = await like(asA, b!);
    const toC = await like(asA, c!);
    expect(toB).toEqual(toC);
    expect(await matchRow(a!, b!)).toMatchObject({ status: 'declined' });
    expect(await matchRow(a!, c!)).toMatchObject({ status: 'pending' });
  });

  it('friends who match keep one conversation, now a match chat', async () => {
    const { a, b, asA, asB } = await pair(['Hal Both', 'Ivy Both']);
    await befriend(world.server.graph, [[a, b]]);
    const opened = await sendJson<{ id: string; kind: string }>(asA, 'POST', '/api/chats', {
      userId: b.id,
    });
    expect(opened.body.kind).toBe('friend');
    await like(asA, b);
    const done = await like(asB, a);
    expect(done.body.match!.chatId).toBe(opened.body.id);
    const header = await getJson<{ kind: string; isFriend: boolean }>(
      asA,
      `/api/chats/${opened.body.id}`,
    );
    expect(header.body).toMatchObject({ kind: 'match', isFriend: true });
  });

  it('unmatching ends the ability to chat; the chat stays readable', async () => {
    const { a, b, asA, asB } = await pair(['Jo Apart', 'Kit Apart']);
    await like(asA, b);
    const done = await like(asB, a);
    const chatId = done.body.match!.chatId;
    expect((await sendJson(asA, 'POST', `/api/matches/${b.id}/unmatch`)).status).toBe(200);
    expect(await matchRow(a, b)).toMatchObject({ status: 'declined' });
    const header = await getJson<{ canMessage: boolean }>(asB, `/api/chats/${chatId}`);
    expect(header.status).toBe(200);
    expect(header.body.canMessage).toBe(false);
    // Liking again does not bring the match back.
    expect((await like(asA, b)).body.matched).toBe(false);
    expect((await sendJson(asA, 'POST', `/api/matches/${b.id}/unmatch`)).status).toBe(404);
  });

  it('undoes the last pass only, and a reset brings back skipped people', async () => {
    const [a, b, c] = await createPeople(world.db, ['Lu Undo', 'Mo Undo', 'Ny Undo']);
    await meetInDiscover(world.server, [a!, b!, c!]);
    const asA = await browserFor(world.server, a!);
    const asB = await browserFor(world.server, b!);
    await like(asB, a!);
    expect((await sendJson(asA, 'POST', `/api/discover/${b!.id}/pass`)).status).toBe(200);
    expect(await matchRow(a!, b!)).toMatchObject({ status: 'declined' });
    const undone = await sendJson<{ userId: string }>(asA, 'POST', '/api/discover/undo');
    expect(undone.body).toEqual({ userId: b!.id });
    // B's like is still there: the match is pending again (and a like from A completes it).
    expect(await matchRow(a!, b!)).toMatchObject({ status: 'pending' });
    const again = await sendJson(asA, 'POST', '/api/discover/undo');
    expect(again.status).toBe(400);

    expect((await sendJson(asA, 'POST', `/api/discover/${c!.id}/skip`)).status).toBe(200);
    expect(await matchRow(a!, c!)).toBeUndefined();
    const swipes = () =>
      world.db.selectFrom('swipes').select('action').where('userSeq', '=', a!.seq).execute();
    expect(await swipes()).toEqual([{ action: 'skip' }]);
    expect((await sendJson(asA, 'POST', '/api/discover/reset')).status).toBe(200);
    expect(await swipes()).toEqual([]);
  });

  it('likes, passes and skips only people the Discover shows; anyone else is missing (issue 45)', async () => {
    // Two accounts with no path between them, and one whose filters turn the liker away.
    const [sam, tia, uma] = await createPeople(world.db, ['Sam Far', 'Tia Far', 'Uma Filtered']);
    await setDiscoverable(world.server, [sam!, tia!]);
    const asSam = await browserFor(world.server, sam!);
    const asTia = await browserFor(world.server, tia!);
    const missingId = '01900000-0000-7000-8000-00000000abcd';
    for (const action of ['like', 'pass', 'skip']) {
      const missing = await sendJson(asSam, 'POST', `/api/discover/${missingId}/${action}`, {});
      const stranger = await sendJson(asSam, 'POST', `/api/discover/${tia!.id}/${action}`, {});
      expect(missing.status, action).toBe(404);
      expect(stranger, action).toEqual(missing);
    }
    // Liking each other's ids made a match before: now nothing at all is stored.
    expect((await like(asTia, sam!)).status).toBe(404);
    expect(await matchRow(sam!, tia!)).toBeUndefined();
    // In the Discover's degrees but outside its filters (twenty years apart): missing too.
    await meetInDiscover(world.server, [sam!, uma!]);
    await setDiscoverable(world.server, [uma!], { dob: '1975-01-01' });
    expect((await like(asSam, uma!)).status).toBe(404);
    expect(await matchRow(sam!, uma!)).toBeUndefined();
  });

  it('a blocked person is missing; oneself is refused', async () => {
    const { a, b, asA, asB } = await pair(['Oli Block', 'Pam Block']);
    await sendJson(asB, 'POST', `/api/blocks/${a.id}`);
    const blocked = await like(asA, b);
    const missing = await sendJson(
      asA,
      'POST',
      `/api/discover/01900000-0000-7000-8000-00000000abcd/like`,
      {},
    );
    expect(blocked).toEqual(missing);
    expect(blocked.status).toBe(404);
    const self = await like(asA, a);
    expect(self.status).toBe(400);
  });

  it('a block ends the match for good, and both hear that it ended', async () => {
    const { a, b, asA, asB } = await pair(['Quin Block', 'Rae Block']);
    await like(asA, b);
    expect((await like(asB, a)).body.matched).toBe(true);
    const aLive = listen(world.server.baseUrl, asA.cookieHeader());
    open.push(aLive);
    await aLive.ready();
    expect((await sendJson(asB, 'POST', `/api/blocks/${a.id}`)).status).toBeLessThan(300);
    expect(await matchRow(a, b)).toMatchObject({ status: 'declined' });
    expect((await aLive.next('match.ended')).userId).toBe(b.id);
    // Lifting the block does not bring the match back, even when A likes again.
    expect((await sendJson(asB, 'DELETE', `/api/blocks/${a.id}`)).status).toBeLessThan(300);
    expect((await like(asA, b)).body).toEqual({ matched: false, match: null });
    expect(await matchRow(a, b)).toMatchObject({ status: 'declined' });
    const profile = await getJson<OwnProfile>(asA, '/api/me/profile');
    expect(profile.body.stats.matches).toBe(0);
  });
});
