import { photoMessages } from '@heartline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import {
  isTransientUploadError,
  PhotoRejectedError,
  preparePhoto,
  uploadPercent,
  uploadPhoto,
  type PhotoTarget,
  type UploadPhase,
} from '../../lib/photo-upload.ts';
import { indexedDbQueueStore } from '../uploads/queue-store.ts';
import { queuePhoto } from '../uploads/upload-queue.ts';
import { invalidateOwnProfile } from './profile-keys.ts';
import { useMe } from './session.ts';

export type PhotoUploadState =
  | { status: 'idle' }
  | { status: 'working'; phase: UploadPhase; percent: number }
  | { status: 'done'; url: string }
  /** Offline or the server failed: the photo waits in the background queue. */
  | { status: 'queued' }
  | { status: 'failed'; message: string };

/**
 * One photo upload, from the chosen file or camera picture to the photo on the profile:
 * pre-checks and WebP conversion, real progress, and the background queue when the network or
 * the server fails (spec/1 §4). `target` says whether it replaces the main photo (onboarding)
 * or is added after the others (the Photos screen).
 */
export function usePhotoUpload(target: PhotoTarget) {
  const me = useMe();
  const queryClient = useQueryClient();
  const [state, setState] = useState<PhotoUploadState>({ status: 'idle' });
  const busy = useRef(false);

  const upload = useCallback(
    async (file: Blob): Promise<PhotoUploadState> => {
      if (!me || busy.current) return { status: 'idle' };
      busy.current = true;
      const finish = (next: PhotoUploadState) => {
        setState(next);
        busy.current = false;
        return next;
      };
      setState({ status: 'working', phase: 'preparing', percent: uploadPercent('preparing') });

      let photo: Blob;
      try {
        photo = await preparePhoto(file);
      } catch (error) {
        const message =
          error instanceof PhotoRejectedError ? error.message : photoMessages.invalidFile;
        return finish({ status: 'failed', message });
      }

      try {
        const url = await uploadPhoto(photo, {
          target,
          onProgress: ({ phase, percent }) => setState({ status: 'working', phase, percent }),
        });
        await invalidateOwnProfile(queryClient);
        return finish({ status: 'done', url });
      } catch (error) {
        if (isTransientUploadError(error)) {
          try {
            await queuePhoto(indexedDbQueueStore, {
              userId: me.id,
              photo,
              photoAtQueue: me.photoUrl,
              now: Date.now(),
              target,
            });
            return finish({ status: 'queued' });
          } catch {
            // No IndexedDB (private mode, quota): report the failure instead.
          }
        }
        // Refused as one too many: the photos shown are out of date (added elsewhere).
        if (error instanceof ApiError && error.status === 409) {
          void invalidateOwnProfile(queryClient);
        }
        const message = error instanceof Error ? error.message : photoMessages.uploadFailed;
        return finish({ status: 'failed', message });
      }
    },
    [me, queryClient, target],
  );

  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, upload, reset };
}
