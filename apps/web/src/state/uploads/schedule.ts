import { selfieQueue } from '@heartline/domain';
import type { PhotoTarget } from '../../lib/photo-upload.ts';

/**
 * One photo waiting to be uploaded in the background (spec/1 §4 "Background selfie upload"):
 * a new main photo or one added after the others (issue 48). The queue holds at most one entry
 * per user (the store's key): a newer photo replaces a waiting one, whichever its target.
 */
export type QueuedPhoto = {
  userId: string;
  photo: Blob;
  /** Absent means 'main': entries stored before photos could be added have none. */
  target?: PhotoTarget;
  queuedAt: number;
  /** Attempts made by the queue so far. */
  attempts: number;
  nextAttemptAt: number;
  /**
   * The main photo the user had when this was queued. If it has changed since, a newer photo
   * reached the server some other way and this one is dropped. Unused for an added photo.
   */
  photoAtQueue: string | null;
};

export const { maxAttempts: MAX_ATTEMPTS, delayPerAttemptMs: DELAY_PER_ATTEMPT_MS } = selfieQueue;
/** The queue is looked at again this often while it holds anything (spec/1 §9). */
export const RERUN_MS = selfieQueue.rerunMs;

/** Delay before attempt number `attempt` (1-based): 5 s × the attempt number. */
export function delayBefore(attempt: number): number {
  return DELAY_PER_ATTEMPT_MS * attempt;
}

export function queuedPhoto(
  userId: string,
  photo: Blob,
  photoAtQueue: string | null,
  now: number,
  target: PhotoTarget = 'main',
): QueuedPhoto {
  return {
    userId,
    photo,
    target,
    queuedAt: now,
    attempts: 0,
    nextAttemptAt: now + delayBefore(1),
    photoAtQueue,
  };
}

export function isDue(entry: QueuedPhoto, now: number): boolean {
  return entry.nextAttemptAt <= now;
}

/**
 * spec/1 §4: a new main photo is removed if the user already has a (newer) one. An added photo
 * never is: another main photo does not make it unwanted.
 */
export function isSuperseded(entry: QueuedPhoto, currentPhoto: string | null): boolean {
  return entry.target !== 'add' && currentPhoto !== entry.photoAtQueue;
}

/**
 * The entry after a failed attempt, or null when it is dropped: after the third attempt, or at
 * once when the server refused the photo itself (a 4xx answer will not change on a retry).
 */
export function afterFailure(
  entry: QueuedPhoto,
  now: number,
  transient: boolean,
): QueuedPhoto | null {
  const attempts = entry.attempts + 1;
  if (!transient || attempts >= MAX_ATTEMPTS) return null;
  return { ...entry, attempts, nextAttemptAt: now + delayBefore(attempts + 1) };
}

/** Milliseconds until the entry should be tried, capped by the periodic re-run. */
export function wakeUpIn(entry: QueuedPhoto | null, now: number): number | null {
  if (!entry) return null;
  return Math.min(RERUN_MS, Math.max(0, entry.nextAttemptAt - now));
}
