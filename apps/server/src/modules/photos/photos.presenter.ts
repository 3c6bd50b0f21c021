import type { Photo, UploadResponse } from '@heartline/domain';
import type { MediaStorage } from '../media/media.storage.ts';
import type { PhotoRow } from './photos.repository.ts';

/** The only shape of a photo that leaves the server. */
export function presentPhoto(
  row: Pick<PhotoRow, 'id' | 'mainKey' | 'avatarKeys' | 'width' | 'height' | 'createdAt'>,
  storage: MediaStorage,
): Photo {
  const avatars: Record<string, string> = {};
  for (const [size, key] of Object.entries(row.avatarKeys)) avatars[size] = storage.urlFor(key);
  return {
    id: row.id,
    url: storage.urlFor(row.mainKey),
    avatars,
    width: row.width,
    height: row.height,
    updatedAt: new Date(row.createdAt).toISOString(),
  };
}

/** Both upload endpoints answer in the spec's shape (spec/1 §7), success or not. */
export function presentUploadSuccess(photo: Photo): UploadResponse {
  return { success: true, url: photo.url, error: null };
}

export function presentUploadFailure(message: string): UploadResponse {
  return { success: false, url: null, error: message };
}
