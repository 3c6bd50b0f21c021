import { v7 as uuidv7 } from 'uuid';
import * as z from 'zod/mini';
import { PHOTO_CLEANUP_DELAY_MS, profileMessages, userRoom, type Photo } from '@heartline/domain';
import type { Db, Trx } from '../../db/database.ts';
import { enqueueJob } from '../../jobs/jobs.repository.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { Emit, Transact } from '../events/events.outbox.ts';
import { contentKey, type MediaStorage } from '../media/media.storage.ts';
import { presentPhoto } from './photos.presenter.ts';
import type { PhotoProcessor, PhotoVariants } from './photos.processing.ts';
import { createPhotosRepository, type PhotoRow } from './photos.repository.ts';

export const PHOTO_CLEANUP_JOB = 'photo.cleanup';
const cleanupPayloadSchema = z.object({ photoId: z.uuid() });

/** The 128 px variant is the one list screens show (users.avatar_url). */
const LIST_AVATAR_SIZE = '128';

export type PhotosServiceDeps = {
  db: Db;
  storage: MediaStorage;
  processor: PhotoProcessor;
  /** Runs the replacement and its `profile.updated` event in one transaction. */
  transact: Transact;
  /** After the commit: other people's network pages show the new avatar. */
  changed: (userId: string) => void;
  log?: (message: string, err?: unknown) => void;
};

type StoredFiles = { mainKey: string; avatarKeys: Record<string, string> };

/** Use cases of the profile photo: replace it, read it, and clean up after a replacement. */
export function createPhotosService(deps: PhotosServiceDeps) {
  const { db, storage } = deps;
  const repo = createPhotosRepository(db);
  const log = deps.log ?? (() => undefined);

  function filesOf(variants: PhotoVariants): { files: StoredFiles; blobs: Map<string, Buffer> } {
    const blobs = new Map<string, Buffer>();
    const add = (bytes: Buffer) => {
      const key = contentKey(bytes, 'webp');
      blobs.set(key, bytes);
      return key;
    };
    const avatarKeys: Record<string, string> = {};
    for (const a of variants.avatars) avatarKeys[String(a.size)] = add(a.bytes);
    return { files: { mainKey: add(variants.main), avatarKeys }, blobs };
  }

  function keysOf(files: StoredFiles): string[] {
    return [files.mainKey, ...Object.values(files.avatarKeys)];
  }

  /**
   * Removes those of a photo's files that no photos row uses. Runs under the key locks, so an
   * upload of the same picture either commits its row first (and the files stay) or waits
   * and writes them again.
   */
  async function removeUnreferencedFiles(trx: Trx, files: StoredFiles): Promise<string[]> {
    const used = await repo.referencedKeys(files, trx);
    const orphaned = keysOf(files).filter((k) => !used.has(k));
    await repo.deleteMediaObjects(trx, orphaned);
    for (const key of orphaned) await storage.remove(key);
    return orphaned;
  }

  /**
   * Replaces the user's profile photo with `bytes` (any accepted image, validated by content).
   * One transaction: the previous photo is marked replaced, the new one becomes current, the
   * user row points at it, the onboarding photo step is done, and the old files are queued
   * for deletion PHOTO_CLEANUP_DELAY_MS later (open screens may still be showing them).
   */
  async function replaceProfilePhoto(userId: string, bytes: Buffer): Promise<Photo> {
    const variants = await deps.processor.process(bytes);
    const { files, blobs } = filesOf(variants);
    const photoId = uuidv7();
    let wroteFiles = false;
    let row: PhotoRow;
    try {
      row = await deps.transact(async (trx, emit) => {
        if (!(await repo.lockUser(trx, userId)))
          throw new NotFoundError(profileMessages.userNotFound);
        await repo.lockKeys(trx, keysOf(files));
        // Files go in before the row that names them, under the key locks (see cleanup).
        wroteFiles = true;
        for (const [key, blob] of blobs) {
          const stored = await storage.put(blob, 'webp');
          if (stored !== key) throw new Error(`storage returned key ${stored}, expected ${key}`);
        }
        const previous = await repo.markCurrentReplaced(trx, userId);
        const inserted = await repo.insert(trx, {
          id: photoId,
          userId,
          mainKey: files.mainKey,
          avatarKeys: files.avatarKeys,
          width: variants.width,
          height: variants.height,
        });
        await repo.recordMediaObjects(
          trx,
          [...blobs].map(([key, blob]) => ({ key, ownerId: userId, bytes: blob.length })),
        );
        await repo.setUserPhoto(trx, userId, {
          id: photoId,
          photoUrl: storage.urlFor(files.mainKey),
          avatarUrl: storage.urlFor(files.avatarKeys[LIST_AVATAR_SIZE] ?? files.mainKey),
        });
        await repo.markPhotoStepDone(trx, userId);
        const runAt = new Date(Date.now() + PHOTO_CLEANUP_DELAY_MS);
        for (const id of previous) {
          await enqueueJob(trx, { kind: PHOTO_CLEANUP_JOB, payload: { photoId: id }, runAt });
        }
        emit(userRoom(userId), 'profile.updated', { userId }, userId);
        return inserted;
      });
    } catch (err) {
      if (wroteFiles) {
        await db
          .transaction()
          .execute(async (trx) => {
            await repo.lockKeys(trx, keysOf(files));
            await removeUnreferencedFiles(trx, files);
          })
          .catch((cleanupErr: unknown) =>
            log('could not remove files of a failed upload', cleanupErr),
          );
      }
      throw err;
    }
    deps.changed(userId);
    return presentPhoto(row, storage);
  }

  async function getCurrentPhoto(userId: string): Promise<Photo | null> {
    const row = await repo.findCurrent(userId);
    return row ? presentPhoto(row, storage) : null;
  }

  /**
   * The `photo.cleanup` job: deletes a replaced photo's row and those of its files no other
   * row uses. A photo that is current (or already gone) is left alone, so a repeated or
   * stray job is harmless.
   */
  async function cleanupReplacedPhoto(payload: unknown): Promise<void> {
    const { photoId } = cleanupPayloadSchema.parse(payload);
    await db.transaction().execute(async (trx) => {
      const photo = await repo.findReplacedForUpdate(trx, photoId);
      if (!photo) return;
      const files = { mainKey: photo.mainKey, avatarKeys: photo.avatarKeys };
      await repo.lockKeys(trx, keysOf(files));
      await repo.delete(trx, photoId);
      await removeUnreferencedFiles(trx, files);
    });
  }

  /**
   * After an account deletion committed (its photos rows are gone): removes those of the
   * files no other row uses, as the cleanup job does, under the key locks.
   */
  async function eraseFiles(photos: readonly StoredFiles[]): Promise<void> {
    for (const files of photos) {
      await db.transaction().execute(async (trx) => {
        await repo.lockKeys(trx, keysOf(files));
        await removeUnreferencedFiles(trx, files);
      });
    }
  }

  /**
   * Moderation removed the photo (issue 47): in the action's transaction the person's avatar
   * becomes the placeholder and the photo is cleaned up later like a replaced one (a report's
   * snapshot keeps its main file: evidence_media).
   */
  async function removeCurrent(trx: Trx, emit: Emit, userId: string): Promise<void> {
    const previous = await repo.markCurrentReplaced(trx, userId);
    await repo.setUserPhoto(trx, userId, null);
    const runAt = new Date(Date.now() + PHOTO_CLEANUP_DELAY_MS);
    for (const id of previous) {
      await enqueueJob(trx, { kind: PHOTO_CLEANUP_JOB, payload: { photoId: id }, runAt });
    }
    emit(userRoom(userId), 'profile.updated', { userId }, null);
  }

  return { replaceProfilePhoto, getCurrentPhoto, cleanupReplacedPhoto, eraseFiles, removeCurrent };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
