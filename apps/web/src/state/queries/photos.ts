import { photoListSchema, photoMessages, type OwnProfile, type Photo } from '@heartline/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useToast } from '../../app/ToastProvider.tsx';
import { ApiError, apiRequest } from '../../lib/api.ts';
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
import { invalidateOwnProfile, profileKeys } from './profile-keys.ts';
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

/** The own profile with `photos` as its photos, the first of them its main photo. */
export function withPhotos(profile: OwnProfile, photos: Photo[]): OwnProfile {
  return { ...profile, photos, photo: photos[0] ?? null };
}

/** Changes to the photos run one after another, in the order they were made. */
const PHOTOS_SCOPE = { id: 'photos' };

/**
 * A change to the own photos: the profile shows `optimistic` (if given) at once; the server's
 * answer then replaces it (with the toast `done` gives, if any), or the profile goes back and a
 * toast says why. Either way the profile and the session are asked again, so every avatar
 * follows the main photo.
 */
function usePhotosChange<I>(options: {
  send: (input: I) => Promise<Photo[]>;
  optimistic?: (photos: Photo[], input: I) => Photo[];
  done: (saved: Photo[], before: Photo[]) => string | null;
  failed: string;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    scope: PHOTOS_SCOPE,
    networkMode: 'always',
    mutationFn: options.send,
    onMutate: async (input: I) => {
      await queryClient.cancelQueries({ queryKey: profileKeys.own });
      const previous = queryClient.getQueryData<OwnProfile>(profileKeys.own);
      if (previous && options.optimistic) {
        setPhotos(queryClient, options.optimistic(previous.photos, input));
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(profileKeys.own, context.previous);
      toast.error(options.failed);
    },
    onSuccess: (photos, _input, context) => {
      setPhotos(queryClient, photos);
      const message = options.done(photos, context.previous?.photos ?? []);
      if (message) toast.success(message);
    },
    onSettled: async () => {
      // The last of a quick run of changes (this one still counts) asks again: an answer
      // fetched between two of them would undo the later one's optimistic order on screen.
      const changing = queryClient.isMutating({
        predicate: (mutation) => mutation.options.scope?.id === PHOTOS_SCOPE.id,
      });
      if (changing <= 1) await invalidateOwnProfile(queryClient);
    },
  });
}

function setPhotos(queryClient: QueryClient, photos: Photo[]): void {
  queryClient.setQueryData<OwnProfile>(
    profileKeys.own,
    (profile) => profile && withPhotos(profile, photos),
  );
}

/** `PUT /api/me/photos/order`: `ids` is every photo's id once, the new main one first. */
export function useReorderPhotosMutation() {
  return usePhotosChange({
    send: (ids: string[]) =>
      apiRequest('/api/me/photos/order', photoListSchema, { method: 'PUT', body: { ids } }),
    optimistic: (photos, ids) => {
      const byId = new Map(photos.map((photo) => [photo.id, photo]));
      const reordered = ids.map((id) => byId.get(id)).filter((photo) => photo !== undefined);
      return reordered.length === photos.length ? reordered : photos;
    },
    done: (saved, before) =>
      saved[0]?.id !== before[0]?.id ? photoMessages.mainChangedToast : null,
    failed: photoMessages.orderFailed,
  });
}

/** `DELETE /api/me/photos/:id`: the next photo becomes the main one. */
export function useDeletePhotoMutation() {
  return usePhotosChange({
    send: (photoId: string) =>
      apiRequest(`/api/me/photos/${encodeURIComponent(photoId)}`, photoListSchema, {
        method: 'DELETE',
      }),
    done: () => photoMessages.deletedToast,
    failed: photoMessages.deleteFailed,
  });
}
