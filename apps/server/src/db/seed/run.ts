import path from 'node:path';
import { ConfigError, loadS3Config, type S3Config } from '../../config.ts';
import { createMediaStorage } from '../../modules/media/media.factory.ts';
import { openDatabase } from '../database.ts';
import { seedIfEmpty } from './world.ts';

/**
 * `npm run seed`: fills the embedded database (or DATABASE_URL) with the demo world unless it
 * already has users. npm runs workspace scripts from apps/server, so the default data
 * directory is resolved from this file to the repository root's ./data, where `npm start`
 * keeps it.
 */
const dataDir = process.env.DATA_DIR
  ? path.resolve(process.env.DATA_DIR)
  : path.resolve(import.meta.dirname, '../../../../../data');
const users = process.env.SEED_USERS ? Number(process.env.SEED_USERS) : undefined;
if (users !== undefined && !(Number.isInteger(users) && users >= 0)) {
  console.error('SEED_USERS must be a whole number');
  process.exit(1);
}
let s3: S3Config | undefined;
try {
  s3 = loadS3Config();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}

const started = performance.now();
const storage = createMediaStorage({ dataDir, s3 });
try {
  await storage.check();
} catch (err) {
  console.error((err as Error).message);
  storage.close();
  process.exit(1);
}
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
try {
  const seeded = await seedIfEmpty(db, storage, {
    ...(users !== undefined ? { users } : {}),
    log: (msg) => console.log(`  ${msg}`),
  });
  if (!seeded) {
    console.log(`already seeded (${process.env.DATABASE_URL ? 'DATABASE_URL' : dataDir})`);
  } else {
    const count = async (table: 'users' | 'friendships' | 'mediaObjects' | 'oauthIdentities') => {
      const r = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    };
    console.log(
      `seeded ${process.env.DATABASE_URL ? 'DATABASE_URL' : dataDir}: ${await count('users')} users ` +
        `(${await count('oauthIdentities')} can sign in), ${await count('friendships')} friendships, ` +
        `${await count('mediaObjects')} images in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
} finally {
  storage.close();
  await db.destroy();
}
