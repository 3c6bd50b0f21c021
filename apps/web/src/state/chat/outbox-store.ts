import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { storageKeys } from '../../lib/storage-keys.ts';
import type { OutboxEntry, OutboxStore } from './outbox.ts';

interface OutboxDb extends DBSchema {
  messages: { key: string; value: OutboxEntry; indexes: { userId: string } };
}

let db: Promise<IDBPDatabase<OutboxDb>> | null = null;

function open(): Promise<IDBPDatabase<OutboxDb>> {
  db ??= openDB<OutboxDb>(storageKeys.chatOutboxDb, 1, {
    upgrade(database) {
      const store = database.createObjectStore('messages', { keyPath: 'clientId' });
      store.createIndex('userId', 'userId');
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

/** The chat outbox in IndexedDB: messages written offline survive reloads and restarts. */
export const indexedDbOutboxStore: OutboxStore = {
  list: async (userId) => (await open()).getAllFromIndex('messages', 'userId', userId),
  put: async (entry) => {
    await (await open()).put('messages', entry);
  },
  delete: async (clientId) => {
    await (await open()).delete('messages', clientId);
  },
  deleteOthers: async (userId) => {
    const tx = (await open()).transaction('messages', 'readwrite');
    let cursor = await tx.store.openCursor();
    while (cursor) {
      if (cursor.value.userId !== userId) await cursor.delete();
      cursor = await cursor.continue();
    }
    await tx.done;
  },
};
