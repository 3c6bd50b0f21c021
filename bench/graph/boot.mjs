// The real app on the bench database, in process, for scripts that time the index directly
// (traversal.mjs, discover-index.mjs): the graph loads at start-up as in production.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

/** Builds the app on `dbUrl` with a scratch data folder; `stop()` closes it and removes it. */
export async function bootApp(dbUrl, label) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `heartline-bench-${label}-`));
  const built = await buildApp(
    loadConfig({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: 'http://127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      LOG_LEVEL: 'silent',
      SEED_ON_EMPTY: 'false',
    }),
    { logger: false },
  );
  return {
    built,
    async stop() {
      await built.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
