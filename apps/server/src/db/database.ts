import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect, type Dialect, type Transaction } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
/** A transaction a service owns; repositories take it to write inside it. */
export type Trx = Transaction<Database>;

const DATE_OID = 1082;
const INT8_OID = 20;

/** An int8 (a bigserial id, a count(*)) as a number: every one the product makes fits in 2^53. */
function int8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 ${text} is beyond 2^53`);
  return value;
}

/**
 * How both drivers read the types whose defaults don't suit: dates stay 'YYYY-MM-DD' strings
 * (no time zone shifts them), int8 becomes a number. The one place values are converted.
 */
const PARSERS: Record<number, (text: string) => unknown> = {
  [DATE_OID]: (text) => text,
  [INT8_OID]: int8,
};

const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    PARSERS[oid] ??
    (pg.types.getTypeParser(oid, format) as (
      text: string,
    ) => unknown)) as typeof pg.types.getTypeParser,
};

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Told about each lost PostgreSQL connection (the pool drops it and opens a new one). */
  onConnectionError?: ((err: Error) => void) | undefined;
  /** Given the PostgreSQL pool (none on PGlite): the metrics read its use. */
  onPool?: (pool: pg.Pool) => void;
};

/**
 * SQLSTATEs of a lost or refused connection: class 08 (connection exception), 57P01-57P03
 * (terminated by an administrator, crash or shutdown; the server still starting up) and 53300
 * (too many connections, as during a restart's reconnect storm).
 */
const CONNECTION_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const CONNECTION_SYSCALL_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** What `pg`, `pg-pool` and Kysely throw when the socket under a query is gone. */
const CONNECTION_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|Postgres connection has been discarded|timeout exceeded when trying to connect)/;

/**
 * Whether `err` means the database could not be reached or dropped the connection (a restart,
 * failover or terminated backend), as opposed to a failing statement: the request may succeed
 * when retried, so it is answered with a 503, not a 500.
 */
export function isConnectionError(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 4) return false;
  const code = (err as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (CONNECTION_SQLSTATE.test(code) || CONNECTION_SYSCALL_CODES.has(code))
  )
    return true;
  if (CONNECTION_MESSAGE.test(err.message)) return true;
  // A connect to several addresses fails with all of their errors.
  if (err instanceof AggregateError && err.errors.some((e) => isConnectionError(e, depth + 1)))
    return true;
  return err.cause !== undefined && isConnectionError(err.cause, depth + 1);
}

/**
 * Reports lost connections: every one to `count`, at most one line per interval to `warn` (a
 * database restart drops every connection at once).
 */
export function lostConnectionReporter(
  warn: (message: string, err: Error) => void,
  count: () => void = () => {},
  intervalMs = 10_000,
): (err: Error) => void {
  let last = 0;
  let suppressed = 0;
  return (err) => {
    count();
    const now = Date.now();
    if (now - last < intervalMs) {
      suppressed++;
      return;
    }
    const more = suppressed ? ` (and ${suppressed} more since the last report)` : '';
    warn(`database connection lost${more}; the pool replaces it`, err);
    last = now;
    suppressed = 0;
  };
}

/** Without the app's logger (scripts, tests): a process warning, one per 10 s at most. */
export const defaultLostConnection = lostConnectionReporter((message, err) =>
  process.emitWarning(`${message}: ${err.message}`),
);

/**
 * A pool whose connections may die at any moment (a terminated backend, a database restart)
 * without taking the process with them. pg-pool listens for errors only on idle clients; a
 * checked-out client whose socket ends emits 'error' with no listener, which Node turns into
 * an uncaught exception. Every client gets a listener for its whole life: the query in flight
 * fails with the error, and the client, no longer queryable, is discarded on release.
 */
export function createResilientPool(
  config: pg.PoolConfig,
  onConnectionError: (err: Error) => void,
): pg.Pool {
  // A database host that stops answering (rather than refusing) fails a request in 5 s, not
  // after the system's TCP timeout of minutes.
  const pool = new pg.Pool({ connectionTimeoutMillis: 5_000, ...config, types: pgTypes });
  pool.on('connect', (client) => {
    client.on('error', onConnectionError);
  });
  // An idle client dropped by the server: pg-pool has already removed it.
  pool.on('error', onConnectionError);
  return pool;
}

/**
 * PostgreSQL through DATABASE_URL, else PGlite with its files in `<dataDir>/pg` (or in memory
 * for `memory://`), both reading values through `PARSERS`.
 */
export async function openDatabase(opts: DatabaseOptions): Promise<Db> {
  let dialect: Dialect;
  if (opts.databaseUrl) {
    const pool = createResilientPool(
      {
        connectionString: opts.databaseUrl,
        max: 10,
      },
      opts.onConnectionError ?? defaultLostConnection,
    );
    opts.onPool?.(pool);
    dialect = new PostgresDialect({ pool });
  } else {
    const dir = opts.dataDir === 'memory://' ? 'memory://' : path.join(opts.dataDir, 'pg');
    if (dir !== 'memory://') fs.mkdirSync(dir, { recursive: true });
    const client = await PGlite.create(dir, { parsers: PARSERS });
    dialect = new PGliteDialect(client);
  }
  const db = new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] });
  await migrateToLatest(db as unknown as Kysely<unknown>);
  return db;
}
