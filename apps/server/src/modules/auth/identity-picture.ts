import type { Db } from '../../db/database.ts';

/**
 * Where Google serves profile pictures (lh3.googleusercontent.com and its siblings). The CSP's
 * img-src allows exactly this source, and only pictures from it are kept: the browser could
 * not show any other.
 */
export const IDENTITY_PICTURE_SOURCE = 'https://*.googleusercontent.com';
const PICTURE_HOST_SUFFIX = '.googleusercontent.com';
const PICTURE_MAX_LENGTH = 2048;

/**
 * The provider's `picture` claim as a URL to store, or null: an https URL on the picture host,
 * without credentials or port, at most 2,048 characters. The server never fetches it.
 */
export function identityPicture(claim: unknown): string | null {
  if (typeof claim !== 'string' || claim.length > PICTURE_MAX_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(claim);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  if (!url.hostname.endsWith(PICTURE_HOST_SUFFIX)) return null;
  return url.href;
}

/**
 * spec/1 §2: the provider's picture counts as the photo until one is uploaded. At each sign-in
 * it becomes the user's photo and list avatar while they have no uploaded photo (photo_id); an
 * upload sets both columns and photo_id, so it always wins and later sign-ins leave it alone.
 */
export async function usePictureUntilUpload(db: Db, userId: string, picture: string) {
  await db
    .updateTable('users')
    .set({ photoUrl: picture, avatarUrl: picture })
    .where('id', '=', userId)
    .where('photoId', 'is', null)
    .execute();
}
