import { createListeners } from '../../lib/listeners.ts';
import { afterFailure, isDue, isSuperseded, queuedPhoto, type QueuedPhoto } from './schedule.ts';

/** Where queued photos live: IndexedDB in the browser, a Map in tests. */
export type QueueStore = {
  get: (userId: string) => Promise<QueuedPhoto | undefined>;
  put: (entry: QueuedPhoto) => Promise<void>;
  delete: (userId: string) => Promise<void>;
};

export type QueueDeps = {
  store: QueueStore;
  /** Uploads a photo; rejects with an error that `isTransient` can classify. */
  upload: (photo: Blob) => Promise<string>;
  isTransient: (error: unknown) => boolean;
  /** The user's current profile photo, asked fresh from the server. */
  currentPhoto: () => Promise<string | null>;
  isOnline: () => boolean;
  now: () => number;
};

export type RunResult =
  | { kind: 'empty' }
  | { kind: 'offline'; entry: QueuedPhoto }
  | { kind: 'waiting'; entry: QueuedPhoto }
  | { kind: 'uploaded'; url: string }
  | { kind: 'superseded' }
  | { kind: 'retrying'; entry: QueuedPhoto }
  | { kind: 'dropped'; error: unknown };

/** Tries the user's queued photo once if it is due, and records what happened. */
export async function runQueue(userId: string, deps: QueueDeps): Promise<RunResult> {
  const entry = await deps.store.get(userId);
  if (!entry) return { kind: 'empty' };
  if (!deps.isOnline()) return { kind: 'offline', entry };
  if (!isDue(entry, deps.now())) return { kind: 'waiting', entry };

  let current: string | null;
  try {
    current = await deps.currentPhoto();
  } catch {
    // Without knowing the current photo nothing is decided; the next run asks again.
    return { kind: 'waiting', entry };
  }
  if (isSuperseded(entry, current)) {
    await deps.store.delete(userId);
    return { kind: 'superseded' };
  }

  try {
    const url = await deps.upload(entry.photo);
    await deps.store.delete(userId);
    return { kind: 'uploaded', url };
  } catch (error) {
    const next = afterFailure(entry, deps.now(), deps.isTransient(error));
    if (next) {
      await deps.store.put(next);
      return { kind: 'retrying', entry: next };
    }
    await deps.store.delete(userId);
    return { kind: 'dropped', error };
  }
}

const photoQueued = createListeners<[userId: string]>();

/** Called by the queue runner to hear about photos queued while it sleeps. */
export const onPhotoQueued = photoQueued.subscribe;

/** Queues a photo for background upload, replacing any photo the user already has waiting. */
export async function queuePhoto(
  store: QueueStore,
  input: { userId: string; photo: Blob; photoAtQueue: string | null; now: number },
): Promise<void> {
  await store.put(queuedPhoto(input.userId, input.photo, input.photoAtQueue, input.now));
  photoQueued.emit(input.userId);
}
