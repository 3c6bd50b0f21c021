import pg from 'pg';
import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];

/** Where a machine's own PostgreSQL answers by default (trust auth, as Debian sets it up). */
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether `url` answers within half a second. */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 500 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

// Concurrency bugs pass on PGlite (issue 45: an invitation accepted 20 times in parallel passed
// every test there): the server tests also run on a real PostgreSQL, TEST_DATABASE_URL's or
// this machine's own, whenever one answers. TEST_DATABASE_URL=none keeps to PGlite.
if (process.env.TEST_DATABASE_URL === 'none') delete process.env.TEST_DATABASE_URL;
else if (!process.env.TEST_DATABASE_URL && (await answers(LOCAL_POSTGRES))) {
  process.env.TEST_DATABASE_URL = LOCAL_POSTGRES;
}

/**
 * Unit tests run once; server integration tests run once on PGlite and, when a PostgreSQL
 * server is there (above), once more on it.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['*.test.ts', 'packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
