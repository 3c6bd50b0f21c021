import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { storageKeys } from '../../lib/storage-keys.ts';
import type { QueuedPhoto } from './schedule.ts';
import type { QueueStore } from './upload-queue.ts';

interface UploadsDb extends DBSchema {
  photos: { key: string; value: QueuedPhoto };
}

let db: Promise<IDBPDatabase<UploadsDb>> | null = null;

function open(): Promise<IDBPDatabase<UploadsDb>> {
  db ??= openDB<UploadsDb>(storageKeys.uploadsDb, 1, {
    upgrade(database) {
      database.createObjectStore('photos', { keyPath: 'userId' });
    },
    // Sign-out deletes the database; let it go instead of blocking that.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      db = null;
    },
  }).catch((error: unknown) => {
    db = null;
    throw error;
  });
  return db;
}

/**
 * The background upload queue in IndexedDB: it holds the photo itself (a Blob), which
 * localStorage could not, and survives reloads and restarts.
 */
export const indexedDbQueueStore: QueueStore = {
  get: async (userId) => (await open()).get('photos', userId),
  put: async (entry) => {
    await (await open()).put('photos', entry);
  },
  delete: async (userId) => {
    await (await open()).delete('photos', userId);
  },
};
