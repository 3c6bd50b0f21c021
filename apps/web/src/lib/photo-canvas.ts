import { PHOTO_HEIGHT, PHOTO_WEBP_QUALITY, PHOTO_WIDTH } from '@heartline/domain';
import type { ImageType } from './photo-file.ts';

export type Crop = { sx: number; sy: number; sw: number; sh: number };

/** The centred source rectangle with the target's aspect ratio ("object-fit: cover"). */
export function coverCrop(srcW: number, srcH: number, dstW: number, dstH: number): Crop {
  const target = dstW / dstH;
  if (srcW / srcH > target) {
    const sw = Math.round(srcH * target);
    return { sx: Math.round((srcW - sw) / 2), sy: 0, sw, sh: srcH };
  }
  const sh = Math.round(srcW / target);
  return { sx: 0, sy: Math.round((srcH - sh) / 2), sw: srcW, sh };
}

/**
 * Output size for re-encoding a picture: never upscaled, and shrunk only as far as still covers
 * the 1080×1350 profile photo the server cuts from it, so nothing visible is lost.
 */
export function encodeSize(srcW: number, srcH: number): { width: number; height: number } {
  const scale = Math.min(1, Math.max(PHOTO_WIDTH / srcW, PHOTO_HEIGHT / srcH));
  return {
    width: Math.max(1, Math.round(srcW * scale)),
    height: Math.max(1, Math.round(srcH * scale)),
  };
}

function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality: number) {
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * Re-encodes a picture as WebP at quality 0.9 in the browser (spec/1 §7), which also drops its
 * metadata. Falls back to the original where the browser cannot decode or encode it.
 */
export async function convertToWebp(file: Blob, type: ImageType): Promise<Blob> {
  // A canvas would keep only the first frame of an animation; the server decides about GIFs.
  if (type === 'image/gif') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const { width, height } = encodeSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const webp = await canvasToBlob(canvas, 'image/webp', PHOTO_WEBP_QUALITY);
    return webp && webp.type === 'image/webp' ? webp : file;
  } catch {
    return file;
  }
}

/**
 * The current camera frame as a 1080×1350 WebP (quality 0.9), cover-cropped. `mirror` keeps
 * the picture the way the front-camera preview showed it.
 */
export async function captureFrame(video: HTMLVideoElement, mirror: boolean): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = PHOTO_WIDTH;
  canvas.height = PHOTO_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context || video.videoWidth === 0) throw new Error('The camera has no picture yet');
  const { sx, sy, sw, sh } = coverCrop(
    video.videoWidth,
    video.videoHeight,
    PHOTO_WIDTH,
    PHOTO_HEIGHT,
  );
  if (mirror) {
    context.translate(PHOTO_WIDTH, 0);
    context.scale(-1, 1);
  }
  context.drawImage(video, sx, sy, sw, sh, 0, 0, PHOTO_WIDTH, PHOTO_HEIGHT);
  const webp = await canvasToBlob(canvas, 'image/webp', PHOTO_WEBP_QUALITY);
  const blob =
    webp?.type === 'image/webp'
      ? webp
      : await canvasToBlob(canvas, 'image/jpeg', PHOTO_WEBP_QUALITY);
  if (!blob) throw new Error('The camera picture could not be encoded');
  return blob;
}
