import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as m0001 from './migrations/0001-init.ts';
import * as m0002 from './migrations/0002-photos-matches-jobs.ts';
import * as m0003 from './migrations/0003-graph.ts';
import * as m0004 from './migrations/0004-photos-keys-and-job-failures.ts';
import * as m0005 from './migrations/0005-events.ts';
import * as m0006 from './migrations/0006-invitations.ts';
import * as m0007 from './migrations/0007-reports-once-per-pair.ts';
import * as m0008 from './migrations/0008-chats.ts';
import * as m0009 from './migrations/0009-likes-and-matches.ts';
import * as m0010 from './migrations/0010-user-settings.ts';
import * as m0011 from './migrations/0011-account-deletion.ts';
import * as m0012 from './migrations/0012-last-active.ts';
import * as m0013 from './migrations/0013-dob-changed-at.ts';
import * as m0014 from './migrations/0014-push.ts';
import * as m0015 from './migrations/0015-event-insert-time.ts';
import * as m0016 from './migrations/0016-bidi-overrides-removed.ts';
import * as m0017 from './migrations/0017-departed-member-receipts.ts';
import * as m0018 from './migrations/0018-account-states.ts';
import * as m0019 from './migrations/0019-moderation.ts';
import * as m0020 from './migrations/0020-cases.ts';
import * as m0021 from './migrations/0021-pause-and-super-likes.ts';
import * as m0022 from './migrations/0022-several-photos-and-prompts.ts';
import * as m0023 from './migrations/0023-cities-and-discover-filters.ts';

/** Every migration, in order. Listed statically so bundling or a missing file cannot skip one. */
const migrations: Record<string, Migration> = {
  '0001-init': m0001,
  '0002-photos-matches-jobs': m0002,
  '0003-graph': m0003,
  '0004-photos-keys-and-job-failures': m0004,
  '0005-events': m0005,
  '0006-invitations': m0006,
  '0007-reports-once-per-pair': m0007,
  '0008-chats': m0008,
  '0009-likes-and-matches': m0009,
  '0010-user-settings': m0010,
  '0011-account-deletion': m0011,
  '0012-last-active': m0012,
  '0013-dob-changed-at': m0013,
  '0014-push': m0014,
  '0015-event-insert-time': m0015,
  '0016-bidi-overrides-removed': m0016,
  '0017-departed-member-receipts': m0017,
  '0018-account-states': m0018,
  '0019-moderation': m0019,
  '0020-cases': m0020,
  '0021-pause-and-super-likes': m0021,
  '0022-several-photos-and-prompts': m0022,
  '0023-cities-and-discover-filters': m0023,
};

class StaticMigrationProvider implements MigrationProvider {
  getMigrations() {
    return Promise.resolve(migrations);
  }
}

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
