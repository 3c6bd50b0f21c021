import { createListeners } from '../../lib/listeners.ts';
import type { PhotoTarget } from '../../lib/photo-upload.ts';
import { afterFailure, isDue, isSuperseded, queuedPhoto, type QueuedPhoto } from './schedule.ts';

/** Where queued photos live: IndexedDB in the browser, a Map in tests. */
export type QueueStore = {
  get: (userId: string) => Promise<QueuedPhoto | undefined>;
  put: (entry: QueuedPhoto) => Promise<void>;
  delete: (userId: string) => Promise<void>;
};

export type QueueDeps = {
  store: QueueStore;
  /** Uploads a photo to its target; rejects with an error that `isTransient` can classify. */
  upload: (photo: Blob, target: PhotoTarget) => Promise<string>;
  isTransient: (error: unknown) => boolean;
  /** The user's current main photo, asked fresh from the server. */
  currentPhoto: () => Promise<string | null>;
  isOnline: () => boolean;
  now: () => number;
};

export type RunResult =
  | { kind: 'empty' }
  | { kind: 'offline'; entry: QueuedPhoto }
  | { kind: 'waiting'; entry: QueuedPhoto }
  /** A new main photo is in. */
  | { kind: 'uploaded'; url: string }
  /** A photo was added after the others. */
  | { kind: 'added'; url: string }
  | { kind: 'superseded' }
  | { kind: 'retrying'; entry: QueuedPhoto }
  | { kind: 'dropped'; error: unknown };

/** Tries the user's queued photo once if it is due, and records what happened. */
export async function runQueue(userId: string, deps: QueueDeps): Promise<RunResult> {
  const entry = await deps.store.get(userId);
  if (!entry) return { kind: 'empty' };
  if (!deps.isOnline()) return { kind: 'offline', entry };
  if (!isDue(entry, deps.now())) return { kind: 'waiting', entry };

  const target = entry.target ?? 'main';
  if (target === 'main') {
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
  }

  try {
    const url = await deps.upload(entry.photo, target);
    await deps.store.delete(userId);
    return target === 'add' ? { kind: 'added', url } : { kind: 'uploaded', url };
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

/**
 * Queues a photo for background upload (a new main photo unless `target` says 'add'),
 * replacing any photo the user already has waiting.
 */
export async function queuePhoto(
  store: QueueStore,
  input: {
    userId: string;
    photo: Blob;
    photoAtQueue: string | null;
    now: number;
    target?: PhotoTarget;
  },
): Promise<void> {
  await store.put(
    queuedPhoto(input.userId, input.photo, input.photoAtQueue, input.now, input.target),
  );
  photoQueued.emit(input.userId);
}
