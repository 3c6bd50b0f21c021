import {
  discoverFilterMessages,
  userRoom,
  type Settings,
  type UpdateSettings,
} from '@heartline/domain';
import { ValidationError } from '../../lib/errors.ts';
import { createReadCache } from '../../lib/read-cache.ts';
import type { Transact } from '../events/events.outbox.ts';
import type { SettingsRepository } from './settings.repository.ts';

/** How long a cached reading may be used without a change notice (another instance's write). */
const CACHED_MS = 30_000;
const CACHED_MAX = 50_000;

/**
 * Settings as the hot paths read them (presence, typing, receipts): cached per person, dropped
 * when this instance changes them and, for other instances, when the graph announces the
 * person changed (every settings write re-reads the person's index facts).
 */
export function createSettingsReader(repo: SettingsRepository) {
  const cache = createReadCache<string, Settings>({
    max: CACHED_MAX,
    ttlMs: CACHED_MS,
    load: (userId) => repo.get(userId),
  });
  return {
    /** Every person has settings (defaults until they change one). */
    of: async (userId: string): Promise<Settings> => (await cache.read(userId)) ?? repo.get(userId),
    forget(userId: string): void {
      cache.forget(userId);
    },
    forgetAll(): void {
      cache.forgetAll();
    },
  };
}

export type SettingsReader = ReturnType<typeof createSettingsReader>;

/** Reading and changing one's own settings (docs/API-settings.md). */
export function createSettingsService(deps: {
  repo: SettingsRepository;
  reader: SettingsReader;
  transact: Transact;
  /** The person's index facts and Discover card are re-read (visibility, age, location...). */
  changed: (userId: string) => Promise<void>;
}) {
  return {
    get: (userId: string): Promise<Settings> => deps.repo.get(userId),

    async update(userId: string, change: UpdateSettings): Promise<Settings> {
      const settings = await deps.transact(async (trx, emit) => {
        if (change.discover?.ageMin !== undefined || change.discover?.ageMax !== undefined) {
          // The range as it will be: one end may come with this change, the other be stored.
          const stored = (await deps.repo.get(userId, trx)).discover;
          const min = change.discover.ageMin !== undefined ? change.discover.ageMin : stored.ageMin;
          const max = change.discover.ageMax !== undefined ? change.discover.ageMax : stored.ageMax;
          if (min !== null && max !== null && min > max) {
            const message = discoverFilterMessages.minAboveMax;
            throw new ValidationError(message, { 'discover.ageMin': message });
          }
        }
        const next = await deps.repo.update(trx, userId, change);
        // The user's other devices take the new settings as they are.
        emit(userRoom(userId), 'settings.updated', { userId, settings: next }, userId);
        return next;
      });
      deps.reader.forget(userId);
      await deps.changed(userId);
      return settings;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
