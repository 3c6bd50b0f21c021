import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  settingsMessages,
  settingsSchema,
  type ChatSummary,
  type ConnectionsPage,
  type DiscoverPage,
  type ErrorBody,
  type MessagePage,
  type Settings,
} from '@heartline/domain';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import {
  befriend,
  browserFor,
  createPeople,
  getJson,
  sendJson,
  setDiscoverable,
  type Person,
} from '../../../test/network-fixtures.ts';
import { TestBrowser } from '../../../test/http-client.ts';
import { ask, liveSockets, type Listener } from '../../../test/realtime-client.ts';

const world = useTestServer();
const connect = liveSockets(() => world.server.baseUrl);

type Browser = Awaited<ReturnType<typeof browserFor>>;

async function signedIn(person: Person) {
  const browser = await browserFor(world.server, person);
  const live = await connect(browser.cookieHeader());
  return { browser, live };
}

async function change(as: Browser, body: unknown): Promise<Settings> {
  const res = await sendJson<Settings>(as, 'PATCH', '/api/me/settings', body);
  expect(res.status).toBe(200);
  return settingsSchema.parse(res.body);
}

async function feedIds(as: Browser): Promise<string[]> {
  const res = await getJson<DiscoverPage>(as, '/api/discover');
  expect(res.status).toBe(200);
  return res.body.items.map((p) => p.id);
}

/** A signed-up user's identity with the OpenID provider: they count as verified. */
async function verify(person: Person): Promise<void> {
  await world.db
    .insertInto('oauthIdentities')
    .values({ provider: 'dev', subject: `sub-${person.id}`, userId: person.id, email: null })
    .execute();
}

/**
 * A viewer with three friends (the 2nd degree opens) and a candidate behind friend f1, all
 * discoverable by one another.
 */
async function secondDegree(tag: string) {
  const people = await createPeople(world.db, [
    `Vic ${tag}`,
    `Fay ${tag}`,
    `Flo ${tag}`,
    `Fox ${tag}`,
    `Cam ${tag}`,
  ]);
  const [viewer, f1, f2, f3, candidate] = people as [Person, Person, Person, Person, Person];
  await befriend(world.server.graph, [
    [viewer, f1],
    [viewer, f2],
    [viewer, f3],
    [f1, candidate],
  ]);
  await setDiscoverable(world.server, people);
  return {
    viewer,
    f1,
    candidate,
    asViewer: await browserFor(world.server, viewer),
    asFriend: await browserFor(world.server, f1),
    asCandidate: await browserFor(world.server, candidate),
  };
}

describe(`settings (${dbKind})`, () => {
  it("starts from the spec's defaults, saves a change and follows the user to another device", async () => {
    const [me] = await createPeople(world.db, ['Dee Fault'], { productDefaults: true });
    const phone = await browserFor(world.server, me!);
    const laptop = await browserFor(world.server, me!);
    const first = await getJson<Settings>(phone, '/api/me/settings');
    expect(first).toEqual({ status: 200, body: DEFAULT_SETTINGS });
    expect(DEFAULT_SETTINGS).toMatchObject({
      privacy: { profileVisibility: '1st_2nd', locationSharing: true, showAge: true },
      notifications: { promotions: false, messages: true },
      safety: { blockUnverified: false, requireMutualConnections: true, hideFromSearch: false },
    });

    // The first save inserts the row, the next ones update it; untouched settings stay.
    const saved = await change(phone, { privacy: { profileVisibility: '1st_only' } });
    expect(saved.privacy.profileVisibility).toBe('1st_only');
    await change(phone, { notifications: { promotions: true }, chat: { typingIndicators: false } });
    const elsewhere = await getJson<Settings>(laptop, '/api/me/settings');
    expect(elsewhere.body).toEqual({
      ...DEFAULT_SETTINGS,
      privacy: { ...DEFAULT_SETTINGS.privacy, profileVisibility: '1st_only' },
      notifications: { ...DEFAULT_SETTINGS.notifications, promotions: true },
      chat: { ...DEFAULT_SETTINGS.chat, typingIndicators: false },
    });
  });

  it('tells the other devices of the change as it happens', async () => {
    const [me] = await createPeople(world.db, ['Tel Devices']);
    const phone = await signedIn(me!);
    const laptop = await signedIn(me!);
    await change(phone.browser, { safety: { hideFromSearch: true } });
    const heard = await laptop.live.next('settings.updated');
    expect(heard.userId).toBe(me!.id);
    expect(heard.settings.safety.hideFromSearch).toBe(true);
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const [me] = await createPeople(world.db, ['Bad Input']);
    const as = await browserFor(world.server, me!);
    const before = await getJson<Settings>(as, '/api/me/settings');
    for (const body of [
      {},
      { privacy: {} },
      { privacy: { profileVisibility: 'everyone' } },
      { privacy: { showAge: 'no' } },
      { privacy: { showAge: false, nickname: 'x' } },
      { theme: 'dark' },
      { safety: { hideFromSearch: null } },
      [],
      'true',
    ]) {
      const res = await sendJson<ErrorBody>(as, 'PATCH', '/api/me/settings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
    expect(await getJson<Settings>(as, '/api/me/settings')).toEqual(before);
    const anonymous = await getJson(new TestBrowser(world.server.baseUrl), '/api/me/settings');
    expect(anonymous.status).toBe(401);
  });

  it('profile visibility decides from which degree Discover shows you', async () => {
    const { viewer, candidate, asViewer, asFriend, asCandidate } = await secondDegree('vis');
    expect(await feedIds(asViewer)).toContain(candidate.id);
    await change(asCandidate, { privacy: { profileVisibility: '1st_only' } });
    // At once (no cache to wait out): the 2nd degree no longer sees them, a friend still does.
    expect(await feedIds(asViewer)).not.toContain(candidate.id);
    expect(await feedIds(asFriend)).toContain(candidate.id);
    await change(asCandidate, { privacy: { profileVisibility: '1st_2nd' } });
    expect(await feedIds(asViewer)).toContain(candidate.id);
    expect(viewer.id).not.toBe(candidate.id);
  });

  it('hide from search takes you out of Discover and of every name search, friends’ included', async () => {
    const { candidate, asViewer, asFriend, asCandidate } = await secondDegree('hide');
    const search = async (as: Browser, tab: string) => {
      const res = await getJson<ConnectionsPage>(
        as,
        `/api/network/connections?tab=${tab}&q=${encodeURIComponent('cam hide')}`,
      );
      expect(res.status).toBe(200);
      return res.body.items.map((i) => i.userId);
    };
    expect(await search(asViewer, 'second')).toEqual([candidate.id]);
    await change(asCandidate, { safety: { hideFromSearch: true } });
    expect(await feedIds(asViewer)).not.toContain(candidate.id);
    expect(await feedIds(asFriend)).not.toContain(candidate.id);
    expect(await search(asViewer, 'second')).toEqual([]);
    expect(await search(asViewer, 'all')).toEqual([]);
    // Nobody finds them by name, friends included; a friend's unsearched list still has them.
    expect(await search(asFriend, 'first')).toEqual([]);
    const list = await getJson<ConnectionsPage>(asFriend, '/api/network/connections?tab=first');
    expect(list.body.items.map((i) => i.userId)).toContain(candidate.id);
  });

  it('show age and location sharing off hide them on the card', async () => {
    const { candidate, asViewer, asCandidate } = await secondDegree('card');
    await world.db
      .updateTable('users')
      .set({ location: 'Leeds' })
      .where('id', '=', candidate.id)
      .execute();
    await world.server.graph.write(async (_trx, record) => record('user', candidate.seq));
    const card = async () => {
      const res = await getJson<DiscoverPage>(asViewer, '/api/discover');
      return res.body.items.find((p) => p.id === candidate.id)!;
    };
    expect(await card()).toMatchObject({ age: expect.any(Number) as number, location: 'Leeds' });
    await change(asCandidate, { privacy: { showAge: false, locationSharing: false } });
    expect(await card()).toMatchObject({ age: null, location: '' });
  });

  it('require mutual connections turns away requests from people with no friend in common', async () => {
    const [target, stranger, mutual, knowsBoth] = await createPeople(
      world.db,
      ['Tam Mutual', 'Sid Mutual', 'Mia Mutual', 'Kit Mutual'],
      { productDefaults: true },
    );
    await befriend(world.server.graph, [
      [target!, knowsBoth!],
      [mutual!, knowsBoth!],
    ]);
    const asStranger = await browserFor(world.server, stranger!);
    const asMutual = await browserFor(world.server, mutual!);
    const refused = await sendJson<ErrorBody>(asStranger, 'POST', '/api/connection-requests', {
      toUserId: target!.id,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(settingsMessages.needsMutualFriend);
    const pending = await getJson<{ received: unknown[] }>(
      await browserFor(world.server, target!),
      '/api/connection-requests',
    );
    expect(JSON.stringify(pending.body)).not.toContain(stranger!.id);
    // A friend in common is enough.
    const sent = await sendJson(asMutual, 'POST', '/api/connection-requests', {
      toUserId: target!.id,
    });
    expect(sent.status).toBe(201);
    // Turned off, anyone may ask.
    await change(await browserFor(world.server, target!), {
      safety: { requireMutualConnections: false },
    });
    const later = await sendJson(asStranger, 'POST', '/api/connection-requests', {
      toUserId: target!.id,
    });
    expect(later.status).toBe(201);
  });

  it('block unverified keeps unverified people from messaging or asking, and not the verified', async () => {
    const [guard, friend, stranger, verified] = await createPeople(world.db, [
      'Gus Verify',
      'Fern Verify',
      'Stan Verify',
      'Val Verify',
    ]);
    await befriend(world.server.graph, [
      [guard!, friend!],
      [guard!, verified!],
    ]);
    await verify(verified!);
    const asGuard = await browserFor(world.server, guard!);
    await change(asGuard, { safety: { blockUnverified: true } });

    const friendSide = await signedIn(friend!);
    const opened = await sendJson<ErrorBody>(friendSide.browser, 'POST', '/api/chats', {
      userId: guard!.id,
    });
    expect(opened.status).toBe(403);
    expect(opened.body.error.message).toBe(settingsMessages.needsVerifiedAccount);
    const asked = await sendJson<ErrorBody>(
      await browserFor(world.server, stranger!),
      'POST',
      '/api/connection-requests',
      { toUserId: guard!.id },
    );
    expect(asked.status).toBe(403);
    expect(asked.body.error.message).toBe(settingsMessages.needsVerifiedAccount);

    // A chat the guard opened before stays readable but refuses the unverified friend's sends.
    const chat = await sendJson<ChatSummary>(asGuard, 'POST', '/api/chats', { userId: friend!.id });
    expect(chat.status).toBe(201);
    const send = await ask(friendSide.live.socket, 'message.send', {
      chatId: chat.body.id,
      clientId: uuidv7(),
      content: 'hello?',
    });
    expect(send).toMatchObject({ ok: false, message: settingsMessages.needsVerifiedAccount });
    const seen = await getJson<ChatSummary>(friendSide.browser, `/api/chats/${chat.body.id}`);
    expect(seen.body).toMatchObject({ canMessage: false, closedReason: 'needs_verified' });
    const stored = await getJson<MessagePage>(asGuard, `/api/chats/${chat.body.id}/messages`);
    expect(stored.body.messages).toEqual([]);

    // The verified friend messages as before.
    const verifiedSide = await signedIn(verified!);
    const theirs = await sendJson<ChatSummary>(verifiedSide.browser, 'POST', '/api/chats', {
      userId: guard!.id,
    });
    expect(theirs.status).toBe(201);
    const ok = await ask(verifiedSide.live.socket, 'message.send', {
      chatId: theirs.body.id,
      clientId: uuidv7(),
      content: 'hi',
    });
    expect(ok.ok).toBe(true);
  });

  it('read receipts off: the other sees delivery, never reading, and neither way', async () => {
    const [a, b] = await createPeople(world.db, ['Ann Receipt', 'Bo Receipt']);
    await befriend(world.server.graph, [[a!, b!]]);
    const asA = await signedIn(a!);
    const asB = await signedIn(b!);
    const chat = (await sendJson<ChatSummary>(asA.browser, 'POST', '/api/chats', { userId: b!.id }))
      .body;
    const sent = await ask(asA.live.socket, 'message.send', {
      chatId: chat.id,
      clientId: uuidv7(),
      content: 'read me',
    });
    expect(sent.ok).toBe(true);
    await change(asB.browser, { chat: { readReceipts: false } });
    expect(
      (await sendJson(asB.browser, 'POST', `/api/chats/${chat.id}/read`, { seq: 1 })).status,
    ).toBe(200);
    const receipt = await asA.live.next('chat.receipt', (r) => r.userId === b!.id);
    expect(receipt).toMatchObject({ readSeq: 0, readAt: null });
    const summary = await getJson<ChatSummary>(asA.browser, `/api/chats/${chat.id}`);
    expect(summary.body.otherReadSeq).toBe(0);
    const page = await getJson<MessagePage>(asA.browser, `/api/chats/${chat.id}/messages`);
    expect(page.body.messages[0]!.readAt).toBeNull();
    // B's own unread count still moves.
    expect(
      (await getJson<ChatSummary>(asB.browser, `/api/chats/${chat.id}`)).body.unreadCount,
    ).toBe(0);

    // Back on (both): the reading shows.
    await change(asB.browser, { chat: { readReceipts: true } });
    const shown = await getJson<ChatSummary>(asA.browser, `/api/chats/${chat.id}`);
    expect(shown.body.otherReadSeq).toBe(1);
    // A turning theirs off hides B's reading from A too: neither sees the other's.
    await change(asA.browser, { chat: { readReceipts: false } });
    expect(
      (await getJson<ChatSummary>(asA.browser, `/api/chats/${chat.id}`)).body.otherReadSeq,
    ).toBe(0);
  });

  it('typing indicators off: no typing signal passes either way', async () => {
    const [a, b] = await createPeople(world.db, ['Ty Typing', 'Uma Typing']);
    await befriend(world.server.graph, [[a!, b!]]);
    const asA = await signedIn(a!);
    const asB = await signedIn(b!);
    const chat = (await sendJson<ChatSummary>(asA.browser, 'POST', '/api/chats', { userId: b!.id }))
      .body;
    await change(asB.browser, { chat: { typingIndicators: false } });
    const heard: unknown[] = [];
    asA.live.socket.on('typing', (t) => heard.push(t));
    asB.live.socket.on('typing', (t) => heard.push(t));
    const fromA = await ask(asA.live.socket, 'chat.typing', { chatId: chat.id, isTyping: true });
    const fromB = await ask(asB.live.socket, 'chat.typing', { chatId: chat.id, isTyping: true });
    expect(fromA.ok && fromB.ok).toBe(true);
    // A control signal after them arrives, so the two above would have too.
    await change(asB.browser, { chat: { typingIndicators: true } });
    const control = new Promise((resolve) => asB.live.socket.once('typing', resolve));
    await ask(asA.live.socket, 'chat.typing', { chatId: chat.id, isTyping: false });
    expect(await control).toMatchObject({ userId: a!.id, isTyping: false });
    expect(heard).toEqual([{ chatId: chat.id, userId: a!.id, userName: a!.name, isTyping: false }]);
  });

  it('online status off: nobody sees it, and they see nobody’s', async () => {
    const [a, b] = await createPeople(world.db, ['Ola Online', 'Pat Online']);
    await befriend(world.server.graph, [[a!, b!]]);
    const asA = await signedIn(a!);
    const asB = await signedIn(b!);
    const watch = async (as: { live: Listener }, id: string) => {
      const ack = await ask(as.live.socket, 'presence.watch', { userIds: [id] });
      expect(ack.ok).toBe(true);
      return ack.ok ? ack.presence : [];
    };
    expect((await watch(asB, a!.id))[0]).toMatchObject({ userId: a!.id, connected: true });
    // A turns it off: B, who watches, is told A is offline at once, and reads A as offline.
    const offline = new Promise((resolve) => asB.live.socket.once('presence', resolve));
    await change(asA.browser, { privacy: { onlineStatus: false } });
    expect(await offline).toMatchObject({ userId: a!.id, connected: false, lastActiveAt: null });
    expect((await watch(asB, a!.id))[0]).toMatchObject({ connected: false, lastActiveAt: null });
    // A sees nobody's either.
    expect(await watch(asA, b!.id)).toEqual([]);
    // A leaving and coming back announces nothing to B.
    const heard: unknown[] = [];
    asB.live.socket.on('presence', (p) => heard.push(p));
    asA.live.socket.disconnect();
    await signedIn(a!);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual([]);
  });
});
