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

export type DatabaseOptions = { databaseUrl?: string | undefined; dataDir: string };

/**
 * PostgreSQL through DATABASE_URL, else PGlite with its files in `<dataDir>/pg` (or in memory
 * for `memory://`). Dates stay 'YYYY-MM-DD' strings and bigint ids stay strings on both.
 */
export async function openDatabase(opts: DatabaseOptions): Promise<Db> {
  let dialect: Dialect;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === DATE_OID || oid === INT8_OID
            ? (v: string) => v
            : (pg.types.getTypeParser(oid, format) as (
                v: string,
              ) => unknown)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', () => undefined);
    dialect = new PostgresDialect({ pool });
  } else {
    const dir = opts.dataDir === 'memory://' ? 'memory://' : path.join(opts.dataDir, 'pg');
    if (dir !== 'memory://') fs.mkdirSync(dir, { recursive: true });
    const client = await PGlite.create(dir, {
      parsers: { [DATE_OID]: (v: string) => v, [INT8_OID]: (v: string) => v },
    });
    dialect = new PGliteDialect(client);
  }
  const db = new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] });
  await migrateToLatest(db as unknown as Kysely<unknown>);
  return db;
}
