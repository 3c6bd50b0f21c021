import net from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  dbKind,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../test/harness.ts';
import type { TestBrowser } from '../../test/http-client.ts';
import { befriend, browserFor, createPeople, type Person } from '../../test/network-fixtures.ts';
import { isConnectionError, openDatabase, type Db } from './database.ts';

/**
 * Issue 18, item 1: a lost database connection must not kill the server. While 8 clients loop
 * on the Network screen and profile edits, the database's backends are terminated (or, through
 * a loopback proxy, every connection is cut and new ones refused for a while, as in a restart).
 * The process must survive, the requests in flight must fail with a 503 and the usual error
 * body, and later requests must succeed again.
 *
 * PostgreSQL only: PGlite runs inside the process and has no connections to lose.
 */

const CLIENTS = 8;
const LOOP_MS = 4_000;
const REQUEST_TIMEOUT_MS = 10_000;
const RECOVERY_MS = 5_000;

type Outcome = {
  at: number;
  what: string;
  status?: number;
  body?: unknown;
  /** Set when no HTTP answer came at all (connection reset, refused, timeout). */
  failure?: string;
};

async function call(
  browser: TestBrowser,
  method: 'GET' | 'PATCH',
  path: string,
  body?: unknown,
): Promise<Outcome> {
  const at = Date.now();
  const what = `${method} ${path}`;
  try {
    const res = await browser.request(path, {
      method,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: kept as text so the assertion shows it.
    }
    return { at, what, status: res.status, body: parsed };
  } catch (err) {
    const e = err as Error & { cause?: unknown };
    return {
      at,
      what,
      failure: `${e.name}: ${e.message} ${e.cause instanceof Error ? e.cause.message : ''}`,
    };
  }
}

/** The two requests of the reproduction, alternately, until `until`. */
async function loop(browser: TestBrowser, n: number, until: number): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (let i = 0; Date.now() < until; i++) {
    out.push(
      i % 2 === 0
        ? await call(browser, 'GET', '/api/network?tab=all')
        : await call(browser, 'PATCH', '/api/me/profile', { bio: `client ${n}, round ${i}` }),
    );
  }
  return out;
}

const ok = (o: Outcome) => o.status !== undefined && o.status >= 200 && o.status < 300;

/** Every failure is a 503 with `{ error: { code, message } }`: no 500s, no dropped connections. */
function expectOnly503s(outcomes: Outcome[]) {
  const bad = outcomes.filter((o) => {
    if (ok(o)) return false;
    if (o.status !== 503) return true;
    const error = (o.body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    return !(error?.code === 'UNAVAILABLE' && typeof error.message === 'string');
  });
  expect(bad.slice(0, 5), `${bad.length} requests failed other than with a 503`).toEqual([]);
}

/** After the outage, both requests succeed again within RECOVERY_MS. */
async function expectRecovery(browsers: TestBrowser[]) {
  const start = Date.now();
  let last: Outcome[] = [];
  while (Date.now() - start < RECOVERY_MS) {
    last = await Promise.all(
      browsers.flatMap((b, n) => [
        call(b, 'GET', '/api/network?tab=all'),
        call(b, 'PATCH', '/api/me/profile', { bio: `client ${n}, recovered` }),
      ]),
    );
    if (last.every(ok)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(last.filter((o) => !ok(o))).toEqual([]);
}

/** Uncaught errors (an 'error' event nobody listens to) would kill a real server. */
function watchUncaught() {
  const seen: unknown[] = [];
  const onError = (err: unknown) => seen.push(err);
  beforeEach(() => {
    seen.length = 0;
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onError);
  });
  afterEach(() => {
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
  });
  return seen;
}

async function world(db: Db, server: TestServer): Promise<TestBrowser[]> {
  const people: Person[] = await createPeople(
    db,
    Array.from({ length: CLIENTS }, (_, i) => `loop person ${i} ${Date.now()}`),
  );
  await befriend(
    server.graph,
    people.slice(1).map((p, i) => [people[i]!, p] as [Person, Person]),
  );
  return Promise.all(people.map((p) => browserFor(server, p)));
}

describe('isConnectionError', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('recognises lost and refused connections', () => {
    for (const code of ['57P01', '57P02', '57P03', '08000', '08003', '08006', '53300'])
      expect(isConnectionError(withCode(code)), code).toBe(true);
    for (const code of ['ECONNRESET', 'ECONNREFUSED', 'EPIPE'])
      expect(isConnectionError(withCode(code)), code).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isConnectionError(
        new Error('Client has encountered a connection error and is not queryable'),
      ),
    ).toBe(true);
    expect(isConnectionError(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true);
    expect(isConnectionError(new Error('wrapped', { cause: withCode('57P01') }))).toBe(true);
  });

  it('leaves failing statements alone', () => {
    for (const code of ['23505', '40001', '42P01', '57014'])
      expect(isConnectionError(withCode(code)), code).toBe(false);
    expect(isConnectionError(new Error('boom'))).toBe(false);
    expect(isConnectionError('Connection terminated')).toBe(false);
  });
});

describe.skipIf(dbKind !== 'postgres')(
  'a lost database connection (PostgreSQL only: PGlite has no connections to lose)',
  () => {
    const uncaught = watchUncaught();

    describe('backends terminated mid-query', () => {
      let tdb: TestDatabase;
      let server: TestServer;
      let admin: pg.Client;

      beforeAll(async () => {
        tdb = await createTestDatabase();
        // With the URL the server also runs its prepared-statement pool, as in production.
        // Eight clients hammer one account each: far past the per-user budgets, on purpose.
        server = await startTestServer(tdb.db, {
          DATABASE_URL: tdb.url!,
          RATE_LIMIT_SCALE: '1000',
        });
        admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        admin.on('error', () => undefined);
        await admin.connect();
      });
      afterAll(async () => {
        await admin?.end();
        await server?.stop();
        await tdb?.drop();
      });

      /** Terminates every backend of this test's own database; returns how many. */
      async function terminateAll(): Promise<number> {
        const name = new URL(tdb.url!).pathname.slice(1);
        const { rows } = await admin.query<{ killed: boolean }>(
          `select pg_terminate_backend(pid) as killed from pg_stat_activity
           where datname = $1 and pid <> pg_backend_pid()`,
          [name],
        );
        return rows.filter((r) => r.killed).length;
      }

      it('survives pg_terminate_backend under load: in-flight requests get 503s, later ones succeed', async () => {
        const browsers = await world(tdb.db, server);
        const start = Date.now();
        const loops = Promise.all(browsers.map((b, n) => loop(b, n, start + LOOP_MS)));
        const killed: number[] = [];
        for (const at of [600, 1_500, 2_400]) {
          await new Promise((r) => setTimeout(r, start + at - Date.now()));
          killed.push(await terminateAll());
        }
        const outcomes = (await loops).flat();

        expect.soft(uncaught.map(String), 'uncaught errors (fatal in production)').toEqual([]);
        expect(
          killed.every((k) => k > 0),
          `backends killed: ${killed.join(', ')}`,
        ).toBe(true);
        expect(outcomes.filter(ok).length).toBeGreaterThan(CLIENTS);
        expect(outcomes.filter((o) => o.status === 503).length, 'requests hit').toBeGreaterThan(0);
        expectOnly503s(outcomes);
        expect((await call(browsers[0]!, 'GET', '/api/health')).status).toBe(200);
        await expectRecovery(browsers);
        expect(uncaught.map(String), 'uncaught errors (fatal in production)').toEqual([]);
      });
    });

    describe('a database restart', () => {
      let tdb: TestDatabase;
      let db: Db;
      let server: TestServer;
      const proxy = createRestartableProxy();

      beforeAll(async () => {
        tdb = await createTestDatabase();
        const upstream = new URL(tdb.url!);
        await proxy.start(upstream.hostname, Number(upstream.port || 5432));
        const viaProxy = new URL(tdb.url!);
        viaProxy.hostname = '127.0.0.1';
        viaProxy.port = String(proxy.port());
        db = await openDatabase({ databaseUrl: viaProxy.href, dataDir: 'memory://' });
        server = await startTestServer(db, {
          DATABASE_URL: viaProxy.href,
          RATE_LIMIT_SCALE: '1000',
        });
      });
      afterAll(async () => {
        await server?.stop();
        await db?.destroy();
        await proxy.stop();
        await tdb?.drop();
      });

      it('rides out every connection cut and new ones refused for 1.5 s', async () => {
        const browsers = await world(db, server);
        const start = Date.now();
        const loops = Promise.all(browsers.map((b, n) => loop(b, n, start + LOOP_MS)));
        await new Promise((r) => setTimeout(r, 800));
        const cut = await proxy.down();
        await new Promise((r) => setTimeout(r, 1_500));
        await proxy.up();
        const outcomes = (await loops).flat();

        expect.soft(uncaught.map(String), 'uncaught errors (fatal in production)').toEqual([]);
        expect(cut).toBeGreaterThan(0);
        const during = outcomes.filter((o) => o.at > start + 900 && o.at < start + 2_200);
        expect(during.length, 'requests were made during the outage').toBeGreaterThan(0);
        expect(outcomes.filter((o) => o.status === 503).length, 'requests hit').toBeGreaterThan(0);
        expectOnly503s(outcomes);
        expect((await call(browsers[0]!, 'GET', '/api/health')).status).toBe(200);
        await expectRecovery(browsers);
        expect(uncaught.map(String), 'uncaught errors (fatal in production)').toEqual([]);
      });
    });
  },
);

/**
 * A loopback TCP proxy to PostgreSQL that can play a restart: `down()` resets every proxied
 * connection and stops listening (new connections are refused), `up()` listens again on the
 * same port.
 */
function createRestartableProxy() {
  let listener: net.Server | undefined;
  let port = 0;
  let target = { host: '127.0.0.1', port: 5432 };
  const open = new Set<net.Socket>();

  function listen(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      open.add(client);
      open.add(upstream);
      const close = () => {
        client.destroy();
        upstream.destroy();
        open.delete(client);
        open.delete(upstream);
      };
      client.on('error', close).on('close', close);
      upstream.on('error', close).on('close', close);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    listener = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  async function down(): Promise<number> {
    const server = listener;
    listener = undefined;
    const closed = new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
    const count = open.size;
    // Half end abruptly (ECONNRESET), half with an ordinary close (unexpected end of stream).
    let i = 0;
    for (const socket of [...open]) {
      if (i++ % 2 === 0) socket.resetAndDestroy();
      else socket.destroy();
    }
    open.clear();
    await closed;
    return count;
  }

  return {
    port: () => port,
    start: async (host: string, targetPort: number) => {
      target = { host, port: targetPort };
      await listen();
    },
    down,
    up: listen,
    stop: async () => {
      await down();
    },
  };
}
