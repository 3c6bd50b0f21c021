import { DEFAULT_SETTINGS, type Settings, type UpdateSettings } from '@heartline/domain';
import type { Db, Trx } from '../../db/database.ts';
import type { Updateable } from 'kysely';
import type { UserSettingsTable } from '../../db/schema.ts';

type Columns = Omit<UserSettingsTable, 'userId' | 'updatedAt'>;

/** Each setting's column (spec/3 §3 settings object ↔ user_settings). */
const columnOf = {
  privacy: {
    profileVisibility: 'discoveryVisibility',
    locationSharing: 'locationSharing',
    onlineStatus: 'onlineStatus',
    showAge: 'showAge',
  },
  notifications: {
    newMatches: 'notifyNewMatches',
    messages: 'notifyMessages',
    connectionRequests: 'notifyConnectionRequests',
    promotions: 'notifyPromotions',
    reportUpdates: 'notifyReportUpdates',
    preview: 'notifyPreview',
    sound: 'notifySound',
  },
  safety: {
    blockUnverified: 'blockUnverified',
    requireMutualConnections: 'requireMutualConnections',
    hideFromSearch: 'hideFromSearch',
  },
  chat: { readReceipts: 'readReceipts', typingIndicators: 'typingIndicators' },
  discover: {
    paused: 'discoverPaused',
    ageMin: 'discoverAgeMin',
    ageMax: 'discoverAgeMax',
    maxDistanceKm: 'discoverMaxKm',
  },
} as const satisfies { [G in keyof Settings]: { [F in keyof Settings[G]]: keyof Columns } };

const groups = Object.keys(columnOf) as (keyof Settings)[];

function toSettings(row: Record<string, unknown> | undefined): Settings {
  if (!row) return DEFAULT_SETTINGS;
  const settings = structuredClone(DEFAULT_SETTINGS) as Record<string, Record<string, unknown>>;
  for (const group of groups) {
    for (const [field, column] of Object.entries(columnOf[group])) {
      settings[group]![field] = row[column];
    }
  }
  return settings as Settings;
}

function toColumns(change: UpdateSettings): Updateable<UserSettingsTable> {
  const columns: Record<string, unknown> = {};
  for (const group of groups) {
    const fields = change[group] as Record<string, unknown> | undefined;
    if (!fields) continue;
    const map = columnOf[group] as Record<string, keyof Columns>;
    for (const [field, value] of Object.entries(fields)) {
      if (value !== undefined) columns[map[field]!] = value;
    }
  }
  return columns;
}

/** The user_settings row: absent until someone changes a setting (the defaults apply). */
export function createSettingsRepository(db: Db) {
  return {
    async get(userId: string, trx: Trx | Db = db): Promise<Settings> {
      const row = await trx
        .selectFrom('userSettings')
        .selectAll()
        .where('userId', '=', userId)
        .executeTakeFirst();
      return toSettings(row);
    },

    /** Inserts the row with the change, or updates it (spec/3 §4); answers the whole settings. */
    async update(trx: Trx, userId: string, change: UpdateSettings): Promise<Settings> {
      const columns = toColumns(change);
      const row = await trx
        .insertInto('userSettings')
        .values({ userId, ...columns })
        .onConflict((oc) => oc.column('userId').doUpdateSet({ ...columns, updatedAt: new Date() }))
        .returningAll()
        .executeTakeFirstOrThrow();
      return toSettings(row);
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
