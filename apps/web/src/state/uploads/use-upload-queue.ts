import { photoMessages } from '@heartline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useToast } from '../../app/ToastProvider.tsx';
import { isTransientUploadError, uploadPhoto } from '../../lib/photo-upload.ts';
import { invalidateOwnProfile } from '../queries/profile-keys.ts';
import { fetchSession } from '../queries/session.ts';
import { indexedDbQueueStore } from './queue-store.ts';
import { RERUN_MS, wakeUpIn } from './schedule.ts';
import { onPhotoQueued, runQueue, type QueueDeps } from './upload-queue.ts';

/**
 * Works through the signed-in user's queued photo (a new main one or an added one): at start, when the browser comes back
 * online, when a photo is queued, when the entry is due and every 30 s (spec/1 §9).
 */
export function useUploadQueue(userId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();

  useEffect(() => {
    let stopped = false;
    let running = false;
    let runAgain = false;
    let dueTimer: ReturnType<typeof setTimeout> | undefined;

    const deps: QueueDeps = {
      store: indexedDbQueueStore,
      upload: (photo, target) => uploadPhoto(photo, { target }),
      isTransient: isTransientUploadError,
      currentPhoto: async () => (await fetchSession()).user?.photoUrl ?? null,
      isOnline: () => navigator.onLine,
      now: () => Date.now(),
    };

    const run = async () => {
      if (stopped) return;
      if (running) {
        runAgain = true;
        return;
      }
      running = true;
      clearTimeout(dueTimer);
      try {
        const result = await runQueue(userId, deps);
        if (stopped) return;
        if (result.kind === 'uploaded' || result.kind === 'added') {
          toast.success(
            result.kind === 'added' ? photoMessages.addedToast : photoMessages.uploadedToast,
          );
          await invalidateOwnProfile(queryClient);
        } else if (result.kind === 'dropped') {
          toast.error(photoMessages.photoUploadFailed);
        } else if (result.kind === 'waiting' || result.kind === 'retrying') {
          dueTimer = setTimeout(() => void run(), wakeUpIn(result.entry, Date.now()) ?? RERUN_MS);
        }
      } catch {
        // IndexedDB unavailable: the periodic run tries again.
      } finally {
        running = false;
        if (runAgain && !stopped) {
          runAgain = false;
          void run();
        }
      }
    };

    const onOnline = () => void run();
    const offQueued = onPhotoQueued((queuedFor) => {
      if (queuedFor === userId) void run();
    });
    const interval = setInterval(() => void run(), RERUN_MS);
    window.addEventListener('online', onOnline);
    void run();

    return () => {
      stopped = true;
      clearTimeout(dueTimer);
      clearInterval(interval);
      window.removeEventListener('online', onOnline);
      offQueued();
    };
  }, [userId, queryClient, toast]);
}
