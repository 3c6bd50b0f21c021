import {
  errorBodySchema,
  errorMessages,
  photoMessages,
  uploadProgress,
  uploadResponseSchema,
} from '@heartline/domain';
import { ApiError, NETWORK_ERROR } from './api.ts';
import { convertToWebp } from './photo-canvas.ts';
import { checkPhotoFile } from './photo-file.ts';

/** A file refused by the pre-checks; `message` is the server's text for the same refusal. */
export class PhotoRejectedError extends Error {
  override readonly name = 'PhotoRejectedError';
}

/** Checks a chosen file by its content and size, then re-encodes it as WebP where possible. */
export async function preparePhoto(file: Blob): Promise<Blob> {
  const check = await checkPhotoFile(file);
  if (!check.ok) throw new PhotoRejectedError(check.message);
  return convertToWebp(file, check.type);
}

export type UploadPhase = 'preparing' | 'uploading' | 'processing' | 'complete';
export type UploadProgress = { phase: UploadPhase; percent: number };

const [UPLOAD_START, , UPLOAD_END] = uploadProgress.uploading;

/**
 * The progress value shown for a phase (spec/1 §4: uploading 10, 30, 50; processing 90;
 * complete 100). While uploading, the real fraction of bytes sent moves the bar from 10 to 50.
 */
export function uploadPercent(phase: UploadPhase, sentFraction = 0): number {
  switch (phase) {
    case 'preparing':
      return UPLOAD_START;
    case 'uploading': {
      const f = Math.min(1, Math.max(0, sentFraction));
      return Math.round(UPLOAD_START + (UPLOAD_END - UPLOAD_START) * f);
    }
    case 'processing':
      return uploadProgress.processing;
    case 'complete':
      return uploadProgress.complete;
  }
}

export const phaseLabels: Record<UploadPhase, string> = {
  preparing: 'Preparing photo...',
  uploading: 'Uploading...',
  processing: 'Processing...',
  complete: 'Complete',
};

/** The user-facing reason of a failed upload answer (spec/3 §8 "Upload failure"). */
export function uploadErrorMessage(status: number, body: unknown): string {
  const upload = uploadResponseSchema.safeParse(body);
  if (upload.success && upload.data.error) return upload.data.error;
  const error = errorBodySchema.safeParse(body);
  if (error.success) return error.data.error.message;
  return status > 0 ? photoMessages.uploadFailedStatus(status) : photoMessages.uploadFailed;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Network failures and server errors may pass on a later try; a refused photo will not. */
export function isTransientUploadError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

const FILE_NAMES: Record<string, string> = {
  'image/webp': 'photo.webp',
  'image/jpeg': 'photo.jpg',
  'image/png': 'photo.png',
  'image/gif': 'photo.gif',
};

/**
 * Where an upload goes (issue 48): 'main' replaces the main photo and keeps the others
 * (onboarding's one photo); 'add' adds one after the others, refused once there are
 * PHOTO_MAX_COUNT.
 */
export type PhotoTarget = 'main' | 'add';

const UPLOAD_PATHS: Record<PhotoTarget, string> = {
  main: '/api/photos',
  add: '/api/me/photos',
};

/**
 * Sends a photo to its target's route (multipart field `file`) and resolves with the new
 * photo's URL. XMLHttpRequest rather than fetch: only it reports upload progress.
 */
export function uploadPhoto(
  photo: Blob,
  options: {
    target: PhotoTarget;
    onProgress?: (progress: UploadProgress) => void;
    signal?: AbortSignal;
  },
): Promise<string> {
  const report = (phase: UploadPhase, fraction?: number) =>
    options.onProgress?.({ phase, percent: uploadPercent(phase, fraction) });

  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_PATHS[options.target]);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) report('uploading', event.loaded / event.total);
    };
    // Every byte is on the server: what remains is its decoding, cropping and re-encoding.
    xhr.upload.onload = () => report('processing');
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, errorMessages.internal, 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      const parsed = uploadResponseSchema.safeParse(body);
      if (xhr.status >= 200 && xhr.status < 300 && parsed.success && parsed.data.success) {
        if (parsed.data.url) {
          report('complete');
          resolve(parsed.data.url);
          return;
        }
      }
      const code = errorBodySchema.safeParse(body);
      reject(
        new ApiError(
          code.success ? code.data.error.code : `HTTP_${xhr.status}`,
          uploadErrorMessage(xhr.status, body),
          xhr.status,
        ),
      );
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('file', photo, FILE_NAMES[photo.type] ?? 'photo');
    report('uploading', 0);
    xhr.send(form);
  });
}
