import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App, type AppDeps } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Db } from '../src/db/database.ts';

/** Which database this test run uses: PGlite always; PostgreSQL when TEST_DATABASE_URL is set. */
export const dbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const redisUrl = process.env.TEST_REDIS_URL;

export type TestDatabase = { db: Db; url: string | undefined; drop: () => Promise<void> };

/** A freshly created database for one test file, dropped afterwards. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (dbKind === 'pglite') {
    const db = await openDatabase({ dataDir: 'memory://' });
    return { db, url: undefined, drop: () => db.destroy() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `heartline_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.href, dataDir: 'memory://' });
  return {
    db,
    url: url.href,
    drop: async () => {
      await db.destroy();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // The pool's sockets may still be closing; wait for them instead of killing them.
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`drop database if exists ${name}`);
          break;
        } catch (err) {
          if (attempt > 50) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await c.end();
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export type TestServer = App & { baseUrl: string; stop: () => Promise<void> };

/** A real, listening server on a free loopback port (the dev OpenID provider needs real HTTP). */
export async function startTestServer(
  db: Db,
  env: Record<string, string> = {},
  deps: Omit<AppDeps, 'db' | 'logger'> = {},
): Promise<TestServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    REDIS_PREFIX: `hltest:${randomBytes(4).toString('hex')}`,
    ...env,
  });
  const built = await buildApp(config, { ...deps, db, logger: false });
  await built.app.listen({ host: '127.0.0.1', port });
  return {
    ...built,
    baseUrl,
    stop: async () => {
      await built.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * An `env` for useTestServer: on PostgreSQL the server also gets the database's URL, so the graph
 * index loads through binary COPY and the hot reads run as prepared statements on their own pool.
 */
export const withDatabaseUrl = (tdb: TestDatabase): Record<string, string> =>
  tdb.url ? { DATABASE_URL: tdb.url } : {};

/**
 * One fresh database and one listening server for the test file (or the describe block) that
 * calls this: created before its tests, stopped and dropped after them. Read `.db` and `.server`
 * inside tests. `env` may be a function, called once the database exists: for values known only
 * then (the database's URL, a port an earlier `beforeAll` opened).
 */
export function useTestServer(
  env: Record<string, string> | ((tdb: TestDatabase) => Record<string, string>) = {},
  deps: Omit<AppDeps, 'db' | 'logger'> = {},
): {
  readonly db: Db;
  readonly server: TestServer;
} {
  let tdb: TestDatabase | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    server = await startTestServer(tdb.db, typeof env === 'function' ? env(tdb) : env, deps);
  });
  afterAll(async () => {
    await server?.stop();
    await tdb?.drop();
  });
  return {
    get db() {
      return tdb!.db;
    },
    get server() {
      return server!;
    },
  };
}
