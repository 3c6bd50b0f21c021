import { z } from './zod.ts';

/** spec/1 §9 "Photos". */
export const PHOTO_MAX_BYTES = 10_485_760;
export const PHOTO_WIDTH = 1080;
export const PHOTO_HEIGHT = 1350;
export const PHOTO_WEBP_QUALITY = 0.9;
export const AVATAR_SIZES = [64, 128, 256] as const;
/** Larger sources are refused before decoding: a 12 MP camera photo is ~12e6 pixels. */
export const PHOTO_MAX_PIXELS = 50_000_000;
export const PHOTO_CLEANUP_DELAY_MS = 5000;
/** Photos per person (issue 48); the first is the main one, the avatar everywhere. */
export const PHOTO_MAX_COUNT = 6;
export const PHOTO_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Upload stages and their progress values (spec/1 §4). */
export const uploadProgress = {
  uploading: [10, 30, 50],
  processing: 90,
  complete: 100,
} as const;

/** Background selfie queue (spec/1 §9): 3 attempts, 5 s × attempt apart. */
export const selfieQueue = {
  maxAttempts: 3,
  delayPerAttemptMs: 5000,
  rerunMs: 30_000,
} as const;

export const photoMessages = {
  invalidType: 'Invalid file type. Please use JPEG, PNG, WebP, or GIF.',
  tooLarge: 'File too large (max 10MB)',
  invalidFile: 'Invalid file provided',
  invalidUserId: 'Invalid user ID',
  tooManyPixels: 'Image dimensions are too large',
  notYourPhoto: 'You can only change your own photo',
  tooManyUploads: (minutes: number) =>
    `Too many photo uploads. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
  busy: 'Too many photo uploads right now. Please try again shortly.',
  unreadable: 'The image could not be read',
  uploadFailed: 'Upload failed',
  uploadFailedStatus: (status: number) => `Upload failed with status ${status}`,
  uploadFailedPrefix: (message: string) => `Upload failed: ${message}`,
  uploadSuccessful: 'Upload successful!',
  uploadedToast: 'Profile photo uploaded successfully!',
  savedToast: 'Profile photo saved successfully!',
  cameraFailed: 'Camera access failed. Please check permissions.',
  photoUploadFailed: 'Photo upload failed. Please try again.',
  savePhotoFailed: 'Failed to save photo. Please try again.',
  profileUpdateFailed:
    'Photo uploaded successfully, but profile update failed. Please refresh the page.',
  viewerFailed: 'Failed to load',
  viewerRetry: 'Please try again',
  linkCopied: 'Link copied to clipboard!',
  tooManyPhotos: `You can have up to ${PHOTO_MAX_COUNT} photos. Delete one to add another.`,
  photoNotFound: 'Photo not found',
  orderMismatch: 'Send each of your photos once, in the new order',
  addedToast: 'Photo added',
  deletedToast: 'Photo deleted',
  mainChangedToast: 'Main photo changed',
  /** The Photos screen, /profile/photo (issue 48). */
  screenTitle: 'Photos',
  count: (count: number) => `${count} of ${PHOTO_MAX_COUNT} photos`,
  main: 'Main',
  editPhotos: 'Edit photos',
  addPhoto: 'Add photo',
  choosePhoto: 'Choose Photo',
  takePhoto: 'Take a Photo',
  done: 'Done',
  hint: `Up to ${PHOTO_MAX_COUNT} photos: JPEG, PNG, WebP or GIF up to 10 MB each. The first is your main photo, shown everywhere. Drag to reorder, or use the arrows. Location and camera details are removed.`,
  full: `You have ${PHOTO_MAX_COUNT} photos, the most there can be. Delete one to add another.`,
  noPhotos: 'No photos yet. Add one so friends of friends recognise you.',
  photoLabel: (position: number, main: boolean) =>
    main ? `Photo ${position}, your main photo` : `Photo ${position}`,
  dragInstructions:
    'To move a photo, press Space or Enter, then the arrow keys, then Space or Enter to drop it, or Escape to cancel. The Move earlier and Move later buttons do the same.',
  dragStart: (position: number) => `Picked up photo ${position}.`,
  dragOver: (position: number, over: number) => `Photo ${position} is over position ${over}.`,
  dragEnd: (position: number, over: number) => `Photo ${position} dropped at position ${over}.`,
  dragCancel: (position: number) => `Photo ${position} stays at position ${position}.`,
  moveEarlier: (position: number) => `Move photo ${position} earlier`,
  moveLater: (position: number) => `Move photo ${position} later`,
  makeMain: (position: number) => `Make photo ${position} main`,
  deletePhoto: (position: number) => `Delete photo ${position}`,
  movedTo: (from: number, to: number) =>
    to === 1 ? `Photo ${from} is now your main photo` : `Photo ${from} moved to position ${to}`,
  deleteTitle: 'Delete this photo?',
  deleteBody: 'It is removed from your profile for good.',
  deleteMainBody: 'It is your main photo: the next one becomes your main photo.',
  deleteConfirm: 'Delete',
  loadFailed: 'Your photos could not be loaded. Please check your connection and try again.',
  orderFailed: 'Your photos could not be reordered. Please try again.',
  deleteFailed: 'The photo could not be deleted. Please try again.',
} as const;

/** `PUT /api/me/photos/order`: every current photo's id once, main first. */
export const photoOrderSchema = z.lazy(() =>
  z.strictObject({
    ids: z
      .array(z.uuid({ message: photoMessages.orderMismatch }), {
        message: photoMessages.orderMismatch,
      })
      .check(
        z.minLength(1, photoMessages.orderMismatch),
        z.maxLength(PHOTO_MAX_COUNT, photoMessages.orderMismatch),
      ),
  }),
);
export type PhotoOrderInput = z.infer<typeof photoOrderSchema>;

/** `POST /api/upload-profile-photo` (spec/1 §7): JSON with a data URL. */
export const dataUrlUploadSchema = z.lazy(() =>
  z.strictObject({
    userId: z
      .string({ message: photoMessages.invalidUserId })
      .check(z.minLength(1, photoMessages.invalidUserId)),
    fileData: z
      .string({ message: photoMessages.invalidFile })
      .check(z.startsWith('data:', { message: photoMessages.invalidFile })),
  }),
);

/** Response of both upload endpoints. */
export const uploadResponseSchema = z.lazy(() =>
  z.object({
    success: z.boolean(),
    url: z.nullable(z.string()),
    error: z.nullable(z.string()),
  }),
);
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
