import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@heartline/domain';
import {
  createTestDatabase,
  dbKind,
  redisUrl,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../test/harness.ts';
import { TestBrowser } from '../../test/http-client.ts';
import { signIn } from '../../test/sign-in.ts';
import { publishToUser } from './realtime.ts';

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
  let tdb: TestDatabase;
  let server: TestServer;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    tdb = await createTestDatabase();
    server = await startTestServer(tdb.db);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.stop();
    await tdb?.drop();
  });

  it('authenticates with the session cookie and delivers events to the user room only', async () => {
    const alice = await userAndCookie(server, 'Alice Realtime');
    const bob = await userAndCookie(server, 'Bob Realtime');
    const a = open(server, alice.cookie);
    const b = open(server, bob.cookie);
    sockets.push(a, b);
    await Promise.all([connected(a), connected(b)]);

    const got: string[] = [];
    b.on('system.notice', (p) => got.push(`bob:${p.text}`));
    const received = new Promise<string>((resolve) =>
      a.on('system.notice', (p) => resolve(p.text)),
    );
    publishToUser(server.io, alice.userId, 'system.notice', { text: 'hello alice' });
    expect(await received).toBe('hello alice');
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual([]);
  });

  it('acknowledges valid client events and rejects invalid payloads', async () => {
    const carol = await userAndCookie(server, 'Carol Realtime');
    const s = open(server, carol.cookie);
    sockets.push(s);
    await connected(s);
    const ok = await s.emitWithAck('presence.ping', { at: 1 });
    expect(ok).toMatchObject({ ok: true });
    const bad = await s.emitWithAck('presence.ping', { at: 'soon' } as unknown as { at: number });
    expect(bad).toEqual({ ok: false, error: 'VALIDATION_FAILED' });
  });

  it('refuses handshakes without a session, with a forged one, or from another origin', async () => {
    const dave = await userAndCookie(server, 'Dave Realtime');
    const none = open(server, '');
    const forged = open(server, 'hl_session=forged');
    const foreign = open(server, dave.cookie, 'https://evil.example');
    sockets.push(none, forged, foreign);
    const results = await Promise.all([refused(none), refused(forged), refused(foreign)]);
    expect(results.slice(0, 2)).toEqual(['unauthorized', 'unauthorized']);
    expect(results[2]).toBe('websocket error');
  });

  it('tells the socket and closes it when its session signs out', async () => {
    const erin = await userAndCookie(server, 'Erin Realtime');
    const s = open(server, erin.cookie);
    sockets.push(s);
    await connected(s);
    const revoked = new Promise<string>((resolve) =>
      s.on('session.revoked', (p) => resolve(p.reason)),
    );
    const closed = new Promise<string>((resolve) =>
      s.on('disconnect', (reason) => resolve(reason)),
    );
    const res = await erin.browser.request('/api/auth/signout', { method: 'POST' });
    expect(res.status).toBe(204);
    expect(await revoked).toBe('signed_out');
    expect(await closed).toBe('io server disconnect');
    const again = open(server, erin.cookie);
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

  it('delivers an event published on instance A to a client connected to instance B', async () => {
    // Sign in on B (its own dev provider), then connect to B; publish from A.
    const frank = await userAndCookie(b, 'Frank Fanout');
    const s = open(b, frank.cookie);
    sockets.push(s);
    await connected(s);
    const received = new Promise<string>((resolve) =>
      s.on('system.notice', (p) => resolve(p.text)),
    );
    publishToUser(a.io, frank.userId, 'system.notice', { text: 'from instance A' });
    expect(await received).toBe('from instance A');
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
});
