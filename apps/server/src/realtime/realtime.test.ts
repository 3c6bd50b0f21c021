import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { userRoom, type ClientToServerEvents, type ServerToClientEvents } from '@heartline/domain';
import {
  createTestDatabase,
  dbKind,
  redisUrl,
  startTestServer,
  useTestServer,
  type TestDatabase,
  type TestServer,
} from '../../test/harness.ts';
import { TestBrowser } from '../../test/http-client.ts';
import { listen } from '../../test/realtime-client.ts';
import { CLIENT_EVENTS_PER_WINDOW, SOCKETS_PER_ACCOUNT } from './realtime.ts';
import { signIn } from '../../test/sign-in.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

function open(server: TestServer, cookie: string, origin = server.baseUrl): ClientSocket {
  return connect(server.baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie, origin },
  });
}

function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
}

function refused(socket: ClientSocket): Promise<string> {
  return new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error('neither connected nor refused')), 5000);
    socket.once('connect', () => reject(new Error('connected but should have been refused')));
    socket.once('connect_error', (err) => resolve(err.message));
  });
}

async function userAndCookie(server: TestServer, name: string) {
  const browser = new TestBrowser(server.baseUrl);
  await signIn(browser, { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.test` });
  const session = (await (await browser.request('/api/auth/session')).json()) as {
    user: { id: string };
  };
  return { browser, userId: session.user.id, cookie: browser.cookieHeader() };
}

describe(`realtime channel (${dbKind})`, () => {
  const world = useTestServer();
  const sockets: ClientSocket[] = [];
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  it('authenticates with the session cookie and delivers events to the user room only', async () => {
    const alice = await userAndCookie(world.server, 'Alice Realtime');
    const bob = await userAndCookie(world.server, 'Bob Realtime');
    const a = listen(world.server.baseUrl, alice.cookie);
    const b = listen(world.server.baseUrl, bob.cookie);
    sockets.push(a.socket, b.socket);
    await Promise.all([a.ready(), b.ready()]);

    await world.server.transact(async (_trx, emit) =>
      emit(userRoom(alice.userId), 'system.notice', { text: 'hello alice' }),
    );
    expect(await a.next('system.notice')).toEqual({ text: 'hello alice' });
    await new Promise((r) => setTimeout(r, 100));
    expect(b.received).toEqual([]);
  });

  it('acknowledges valid client events and rejects invalid payloads', async () => {
    const carol = await userAndCookie(world.server, 'Carol Realtime');
    const s = open(world.server, carol.cookie);
    sockets.push(s);
    await connected(s);
    const ok = await s.emitWithAck('presence.ping', { at: 1 });
    expect(ok).toMatchObject({ ok: true });
    const bad = await s.emitWithAck('presence.ping', { at: 'soon' } as unknown as { at: number });
    expect(bad).toEqual({ ok: false, error: 'VALIDATION_FAILED' });
  });

  it('answers a flood of client events RATE_LIMITED past a handful, and closes a socket far past', async () => {
    const fay = await userAndCookie(world.server, 'Fay Flood');
    const s = open(world.server, fay.cookie);
    sockets.push(s);
    await connected(s);
    const answers = await Promise.all(
      Array.from({ length: CLIENT_EVENTS_PER_WINDOW + 10 }, (_, i) =>
        s.emitWithAck('presence.ping', { at: i }),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(CLIENT_EVENTS_PER_WINDOW);
    expect(answers.filter((a) => !a.ok)).toEqual(
      Array(10).fill({ ok: false, error: 'RATE_LIMITED' }),
    );
    const closed = new Promise<string>((resolve) =>
      s.on('disconnect', (reason) => resolve(reason)),
    );
    for (let i = 0; i < 10 * CLIENT_EVENTS_PER_WINDOW; i++)
      s.emit('presence.ping', { at: i }, () => undefined);
    expect(await closed).toBe('io server disconnect');
  });

  it('lets one account hold a bounded number of sockets', async () => {
    const gus = await userAndCookie(world.server, 'Gus Many');
    const mine: ClientSocket[] = [];
    for (let i = 0; i < SOCKETS_PER_ACCOUNT; i++) {
      const s = open(world.server, gus.cookie);
      mine.push(s);
      sockets.push(s);
      await connected(s);
    }
    const extra = open(world.server, gus.cookie);
    sockets.push(extra);
    expect(await refused(extra)).toBe('too_many_connections');
    // Another account is not affected; closing one makes room again.
    const hal = await userAndCookie(world.server, 'Hal Other');
    const other = open(world.server, hal.cookie);
    sockets.push(other);
    await connected(other);
    mine[0]!.disconnect();
    await new Promise((r) => setTimeout(r, 100));
    const again = open(world.server, gus.cookie);
    sockets.push(again);
    await connected(again);
  });

  it('refuses handshakes without a session, with a forged one, or from another origin', async () => {
    const dave = await userAndCookie(world.server, 'Dave Realtime');
    const none = open(world.server, '');
    const forged = open(world.server, 'hl_session=forged');
    const foreign = open(world.server, dave.cookie, 'https://evil.example');
    sockets.push(none, forged, foreign);
    const results = await Promise.all([refused(none), refused(forged), refused(foreign)]);
    expect(results.slice(0, 2)).toEqual(['unauthorized', 'unauthorized']);
    expect(results[2]).toBe('websocket error');
  });

  it('tells the socket and closes it when its session signs out', async () => {
    const erin = await userAndCookie(world.server, 'Erin Realtime');
    const listener = listen(world.server.baseUrl, erin.cookie);
    const s = listener.socket;
    sockets.push(s);
    await listener.ready();
    const closed = new Promise<string>((resolve) =>
      s.on('disconnect', (reason) => resolve(reason)),
    );
    const res = await erin.browser.request('/api/auth/signout', { method: 'POST' });
    expect(res.status).toBe(204);
    expect(await listener.next('session.revoked')).toEqual({ reason: 'signed_out' });
    expect(await closed).toBe('io server disconnect');
    const again = open(world.server, erin.cookie);
    sockets.push(again);
    expect(await refused(again)).toBe('unauthorized');
  });
});

describe.skipIf(!redisUrl)(`realtime fan-out through Redis (${dbKind})`, () => {
  let tdb: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    tdb = await createTestDatabase();
    const prefix = `hltest:${Date.now()}:${Math.random().toString(36).slice(2)}`;
    a = await startTestServer(tdb.db, { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix });
    b = await startTestServer(tdb.db, { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await a?.stop();
    await b?.stop();
    await tdb?.drop();
  });

  it('delivers each event once to a client on instance B, whichever instance recorded it', async () => {
    // Sign in on B (its own dev provider), then connect to B; events recorded on both.
    const frank = await userAndCookie(b, 'Frank Fanout');
    const listener = listen(b.baseUrl, frank.cookie);
    sockets.push(listener.socket);
    await listener.ready();
    for (let i = 0; i < 10; i++) {
      const on = i % 2 === 0 ? a : b;
      await on.transact(async (_trx, emit) =>
        emit(userRoom(frank.userId), 'system.notice', { text: `notice ${i}` }),
      );
    }
    await listener.next('system.notice', (p) => p.text === 'notice 9');
    await new Promise((r) => setTimeout(r, 300));
    // Each event crossed the wire once (B's own emits can overtake A's, which travel through
    // Redis); the client's cursor puts them back in order.
    expect(listener.received.map((e) => e.seq).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 1),
    );
    const texts = listener.applied.map((e) => (e.type === 'system.notice' ? e.payload.text : ''));
    expect(texts).toEqual(Array.from({ length: 10 }, (_, i) => `notice ${i}`));
  });

  it('ends a session on instance B the moment it is signed out on instance A', async () => {
    const gina = await userAndCookie(a, 'Gina Gone');
    const onB = () => fetch(`${b.baseUrl}/api/me`, { headers: { cookie: gina.cookie } });
    // B has looked the session up (and keeps it for a few seconds).
    expect((await onB()).status).toBe(200);
    const out = await gina.browser.request('/api/auth/signout', { method: 'POST' });
    expect(out.status).toBe(204);
    await expect.poll(async () => (await onB()).status, { timeout: 1000 }).toBe(401);
  });

  it('closes every socket of a banned person on both instances within 1 s (issue 47)', async () => {
    const hal = await userAndCookie(a, 'Hal Banned');
    const onA = open(a, hal.cookie);
    const onB = open(b, hal.cookie);
    sockets.push(onA, onB);
    await Promise.all([connected(onA), connected(onB)]);
    const meOnB = () => fetch(`${b.baseUrl}/api/me`, { headers: { cookie: hal.cookie } });
    expect((await meOnB()).status).toBe(200);
    const closed = (socket: ClientSocket) =>
      new Promise<number>((resolve) => socket.once('disconnect', () => resolve(performance.now())));
    const closes = Promise.all([closed(onA), closed(onB)]);
    const started = performance.now();
    await a.moderation.act({
      staffId: null,
      userId: hal.userId,
      action: { kind: 'ban' },
      reason: 'scam',
      message: '',
    });
    const at = await closes;
    expect(Math.max(...at) - started).toBeLessThan(1000);
    await expect.poll(async () => (await meOnB()).status, { timeout: 1000 }).toBe(401);
    // And a new socket is refused on either.
    expect(await refused(open(b, hal.cookie))).toBeTruthy();
  });
});

describe(`a socket lives no longer than its session (${dbKind})`, () => {
  const IDLE_MS = 3_000;
  const world = useTestServer({ SESSION_IDLE_DAYS: String(IDLE_MS / 86_400_000) });
  const sockets: ClientSocket[] = [];
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  it('closes the socket within about a second of the idle expiry', async () => {
    const ida = await userAndCookie(world.server, 'Ida Idle');
    // The last use of the session: from here it idles out after IDLE_MS.
    const lastUse = Date.now();
    const listener = listen(world.server.baseUrl, ida.cookie);
    sockets.push(listener.socket);
    await listener.ready();
    const closedAt = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the socket outlived its session')),
        4 * IDLE_MS,
      );
      listener.socket.on('disconnect', (reason) => {
        clearTimeout(timer);
        if (reason === 'io server disconnect') resolve(Date.now());
        else reject(new Error(reason));
      });
    });
    // Not before the session ended, and within about a second after.
    expect(closedAt - lastUse).toBeGreaterThanOrEqual(IDLE_MS - 100);
    expect(closedAt - lastUse).toBeLessThan(IDLE_MS + 2_000);
    const session = await fetch(`${world.server.baseUrl}/api/auth/session`, {
      headers: { cookie: ida.cookie },
    });
    expect(((await session.json()) as { user: unknown }).user).toBeNull();
    const again = open(world.server, ida.cookie);
    sockets.push(again);
    expect(await refused(again)).toBe('unauthorized');
  });

  it('keeps the socket while the session is used', async () => {
    const uma = await userAndCookie(world.server, 'Uma Busy');
    const listener = listen(world.server.baseUrl, uma.cookie);
    sockets.push(listener.socket);
    await listener.ready();
    let closed = false;
    listener.socket.on('disconnect', () => (closed = true));
    // Used every half second for twice the idle time: the sliding expiry keeps it alive.
    for (let i = 0; i < (2 * IDLE_MS) / 500; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const res = await uma.browser.request('/api/me');
      expect(res.status).toBe(200);
    }
    expect(closed).toBe(false);
    expect(listener.socket.connected).toBe(true);
  });
});
