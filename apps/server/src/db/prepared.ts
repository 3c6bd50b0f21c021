import { CompiledQuery } from 'kysely';
import type pg from 'pg';
import { createResilientPool, defaultLostConnection, type Db } from './database.ts';

/** Runs one hot read by name; columns come back under the aliases the SQL gives them. */
export type RunPrepared = <R>(
  name: string,
  text: string,
  values: readonly unknown[],
) => Promise<R[]>;

/**
 * The Network screen's hot reads as named prepared statements. Through Kysely every execution
 * is parsed and planned again (about as long as running these small queries); on PostgreSQL a
 * pool of our own keeps them prepared per connection so the plan is reused. PGlite (and tests
 * handing in a Kysely instance) run the same SQL text through Kysely. Columns use quoted
 * camelCase aliases, so both paths return the same keys.
 */
export function createPrepared(
  db: Db,
  databaseUrl: string | undefined,
  onConnectionError: (err: Error) => void = defaultLostConnection,
): { run: RunPrepared; close: () => Promise<void>; pool?: pg.Pool } {
  if (!databaseUrl) {
    return {
      run: async <R>(_name: string, text: string, values: readonly unknown[]) =>
        (await db.executeQuery<R>(CompiledQuery.raw(text, [...values]))).rows,
      close: async () => undefined,
    };
  }
  // Lost connections (idle or in use) are heard and replaced, never a crash.
  const pool = createResilientPool({ connectionString: databaseUrl, max: 10 }, onConnectionError);
  return {
    pool,
    run: async <R>(name: string, text: string, values: readonly unknown[]) =>
      (await pool.query({ name, text, values: [...values] })).rows as R[],
    close: () => pool.end(),
  };
}
