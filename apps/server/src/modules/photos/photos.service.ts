import { v7 as uuidv7 } from 'uuid';
import * as z from 'zod/mini';
import {
  PHOTO_CLEANUP_DELAY_MS,
  PHOTO_MAX_COUNT,
  photoMessages,
  profileMessages,
  userRoom,
  type Photo,
} from '@heartline/domain';
import type { Db, Trx } from '../../db/database.ts';
import { enqueueJob } from '../../jobs/jobs.repository.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
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

/**
 * Use cases of a person's photos (up to PHOTO_MAX_COUNT, the first the main one): add, replace
 * the main one, delete, reorder, read, and clean up the files of those no longer shown.
 */
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

  /** The main photo's urls on the user row and the files' cleanup: after any change of order. */
  async function pointAtMain(trx: Trx, userId: string, main: PhotoRow | undefined) {
    await repo.setUserPhoto(
      trx,
      userId,
      main
        ? {
            id: main.id,
            photoUrl: storage.urlFor(main.mainKey),
            avatarUrl: storage.urlFor(main.avatarKeys[LIST_AVATAR_SIZE] ?? main.mainKey),
          }
        : null,
    );
  }

  /** Queues the files of replaced or deleted photos for deletion, after open screens moved on. */
  async function queueCleanup(trx: Trx, photoIds: readonly string[]) {
    const runAt = new Date(Date.now() + PHOTO_CLEANUP_DELAY_MS);
    for (const id of photoIds) {
      await enqueueJob(trx, { kind: PHOTO_CLEANUP_JOB, payload: { photoId: id }, runAt });
    }
  }

  /**
   * Stores `bytes` (any accepted image, validated by content) as one of the user's photos. One
   * transaction: `place` 'main' replaces the main photo (spec/1 §7's upload: the previous one
   * is marked replaced, the others stay), 'add' appends one after the others (refused past
   * PHOTO_MAX_COUNT); the user row points at the main photo, the onboarding photo step is done,
   * and replaced files are queued for deletion PHOTO_CLEANUP_DELAY_MS later (open screens may
   * still be showing them).
   */
  async function storePhoto(userId: string, bytes: Buffer, place: 'main' | 'add'): Promise<Photo> {
    const variants = await deps.processor.process(bytes);
    const { files, blobs } = filesOf(variants);
    const photoId = uuidv7();
    let wroteFiles = false;
    let row: PhotoRow;
    try {
      row = await deps.transact(async (trx, emit) => {
        if (!(await repo.lockUser(trx, userId)))
          throw new NotFoundError(profileMessages.userNotFound);
        const current = await repo.listCurrent(userId, trx);
        if (place === 'add' && current.length >= PHOTO_MAX_COUNT) {
          throw new ConflictError(photoMessages.tooManyPhotos);
        }
        await repo.lockKeys(trx, keysOf(files));
        // Files go in before the row that names them, under the key locks (see cleanup).
        wroteFiles = true;
        for (const [key, blob] of blobs) {
          const stored = await storage.put(blob, 'webp');
          if (stored !== key) throw new Error(`storage returned key ${stored}, expected ${key}`);
        }
        const replaced = place === 'main' ? current[0] : undefined;
        if (replaced) await repo.markReplaced(trx, userId, replaced.id);
        const inserted = await repo.insert(trx, {
          id: photoId,
          userId,
          mainKey: files.mainKey,
          avatarKeys: files.avatarKeys,
          width: variants.width,
          height: variants.height,
          position: place === 'main' ? 0 : current.length,
        });
        await repo.recordMediaObjects(
          trx,
          [...blobs].map(([key, blob]) => ({ key, ownerId: userId, bytes: blob.length })),
        );
        await pointAtMain(trx, userId, place === 'main' ? inserted : (current[0] ?? inserted));
        await repo.markPhotoStepDone(trx, userId);
        if (replaced) await queueCleanup(trx, [replaced.id]);
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

  /** spec/1 §7's upload (onboarding, the camera, the background queue): a new main photo. */
  function replaceProfilePhoto(userId: string, bytes: Buffer): Promise<Photo> {
    return storePhoto(userId, bytes, 'main');
  }

  /** Another photo after the others (issue 48), the main one when it is the first. */
  function addPhoto(userId: string, bytes: Buffer): Promise<Photo> {
    return storePhoto(userId, bytes, 'add');
  }

  async function getCurrentPhoto(userId: string): Promise<Photo | null> {
    const row = await repo.findMain(userId);
    return row ? presentPhoto(row, storage) : null;
  }

  async function listPhotos(userId: string): Promise<Photo[]> {
    return (await repo.listCurrent(userId)).map((row) => presentPhoto(row, storage));
  }

  /**
   * Changes the user's photos under their row lock, in one transaction with `profile.updated`:
   * `next` gets the current photos (main first) and returns the ids to keep, in their new
   * order; the rest are deleted (their files cleaned up later), the first kept is the main one.
   */
  async function rearrange(
    userId: string,
    next: (current: PhotoRow[]) => string[],
    trx?: Trx,
    emit?: Emit,
  ): Promise<Photo[]> {
    const work = async (t: Trx, e: Emit): Promise<PhotoRow[]> => {
      if (!(await repo.lockUser(t, userId))) throw new NotFoundError(profileMessages.userNotFound);
      const current = await repo.listCurrent(userId, t);
      const keep = next(current);
      const gone = current.filter((p) => !keep.includes(p.id)).map((p) => p.id);
      for (const id of gone) await repo.markReplaced(t, userId, id);
      await repo.setPositions(t, userId, keep);
      const byId = new Map(current.map((p) => [p.id, p]));
      const ordered = keep.flatMap((id) => byId.get(id) ?? []);
      await pointAtMain(t, userId, ordered[0]);
      await queueCleanup(t, gone);
      e(userRoom(userId), 'profile.updated', { userId }, trx ? null : userId);
      return ordered;
    };
    const rows = trx && emit ? await work(trx, emit) : await deps.transact(work);
    if (!trx) deps.changed(userId);
    return rows.map((row) => presentPhoto(row, storage));
  }

  /** Deletes one of the user's photos; the next one becomes main when it was the main one. */
  function deletePhoto(userId: string, photoId: string): Promise<Photo[]> {
    return rearrange(userId, (current) => {
      if (!current.some((p) => p.id === photoId)) {
        throw new NotFoundError(photoMessages.photoNotFound);
      }
      return current.filter((p) => p.id !== photoId).map((p) => p.id);
    });
  }

  /** Puts the user's photos in the order of `ids` (each current photo once; the first is main). */
  function reorderPhotos(userId: string, ids: readonly string[]): Promise<Photo[]> {
    return rearrange(userId, (current) => {
      const same =
        ids.length === current.length &&
        new Set(ids).size === ids.length &&
        current.every((p) => ids.includes(p.id));
      if (!same) throw new ValidationError(photoMessages.orderMismatch);
      return [...ids];
    });
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
   * Moderation removed the photo (issue 47): in the action's transaction the main photo (the
   * one a report shows) is deleted and the next one, if any, becomes the avatar; without one
   * the avatar is the placeholder. The files are cleaned up later like a replaced photo's (a
   * report's snapshot keeps its main file: evidence_media).
   */
  async function removeCurrent(trx: Trx, emit: Emit, userId: string): Promise<void> {
    await rearrange(userId, (current) => current.slice(1).map((p) => p.id), trx, emit);
  }

  return {
    replaceProfilePhoto,
    addPhoto,
    getCurrentPhoto,
    listPhotos,
    deletePhoto,
    reorderPhotos,
    cleanupReplacedPhoto,
    eraseFiles,
    removeCurrent,
  };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
