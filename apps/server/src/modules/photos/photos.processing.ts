import os from 'node:os';
import sharp, { type Sharp } from 'sharp';
import {
  AVATAR_SIZES,
  PHOTO_HEIGHT,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_WEBP_QUALITY,
  PHOTO_WIDTH,
  errorCodes,
  photoMessages,
} from '@heartline/domain';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { readImageHeader, type ImageHeader } from './photos.image-header.ts';

/** The stored forms of one photo: the 1080×1350 picture and the square avatars. */
export type PhotoVariants = {
  main: Buffer;
  width: number;
  height: number;
  avatars: { size: number; bytes: Buffer }[];
};

const QUALITY = Math.round(PHOTO_WEBP_QUALITY * 100);
/**
 * Measured on a 12 MP photo (bench/photos): effort 4 (the default) takes ~2.5× as long as
 * effort 2 to encode 1080×1350 and saves only a few per cent of bytes.
 */
const WEBP_EFFORT = 2;
const LARGEST_AVATAR = Math.max(...AVATAR_SIZES);

/**
 * Checks what the bytes really are before anything decodes them: an accepted type by its magic
 * bytes, a readable size, and not more pixels than PHOTO_MAX_PIXELS. Throws a 400 with the
 * spec's message otherwise.
 */
export function inspectUpload(bytes: Buffer): ImageHeader & { width: number; height: number } {
  if (bytes.length === 0) throw new ValidationError(photoMessages.invalidFile);
  if (bytes.length > PHOTO_MAX_BYTES) throw new ValidationError(photoMessages.tooLarge);
  const header = readImageHeader(bytes);
  if (!header) throw new ValidationError(photoMessages.invalidType);
  const { width, height } = header;
  if (width === null || height === null) throw new ValidationError(photoMessages.unreadable);
  if (width * height > PHOTO_MAX_PIXELS) throw new ValidationError(photoMessages.tooManyPixels);
  return { ...header, width, height };
}

type RawImage = { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };

function fromRaw(image: RawImage): Sharp {
  const { width, height, channels } = image.info;
  return sharp(image.data, { raw: { width, height, channels } });
}

function encodeMain(source: Sharp): Promise<Buffer> {
  return source
    .resize(PHOTO_WIDTH, PHOTO_HEIGHT, { fit: 'cover', position: 'attention' })
    .webp({ quality: QUALITY, effort: WEBP_EFFORT })
    .toBuffer();
}

/**
 * `source` should be small (just covering the largest avatar): the attention search then
 * costs a fraction of one on a large picture (measured ~3× less CPU).
 */
async function encodeAvatars(source: Sharp): Promise<PhotoVariants['avatars']> {
  // One attention crop for all sizes, so the small avatars show the same face as the large.
  const square = await source
    .resize(LARGEST_AVATAR, LARGEST_AVATAR, { fit: 'cover', position: 'attention' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const avatars: PhotoVariants['avatars'] = [];
  // One after another: an upload should occupy one core, not fan out over the thread pool.
  for (const size of AVATAR_SIZES) {
    const bytes = await fromRaw(square)
      .resize(size, size)
      .webp({ quality: QUALITY, effort: WEBP_EFFORT })
      .toBuffer();
    avatars.push({ size, bytes });
  }
  return avatars;
}

/**
 * Decodes once into an intermediate just large enough to cover 1080×1350, then cuts every
 * variant from it. Nothing of the input's metadata survives: the intermediate is raw pixels
 * (EXIF orientation already applied, colours converted to sRGB), and sharp writes no
 * metadata unless asked to, which this module never does.
 */
async function renderVariants(source: Sharp): Promise<PhotoVariants> {
  const intermediate = await source
    .resize(PHOTO_WIDTH, PHOTO_HEIGHT, { fit: 'outside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const main = await encodeMain(fromRaw(intermediate));
  const small = await fromRaw(intermediate)
    .resize(LARGEST_AVATAR, LARGEST_AVATAR, { fit: 'outside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const avatars = await encodeAvatars(fromRaw(small));
  return { main, width: PHOTO_WIDTH, height: PHOTO_HEIGHT, avatars };
}

/** Untrusted upload -> variants. Throws a 400 ValidationError for anything not a usable image. */
export async function processUpload(bytes: Buffer): Promise<PhotoVariants> {
  inspectUpload(bytes);
  try {
    // limitInputPixels repeats the header check inside the decoder, in case a format hides
    // a larger frame than its header admits (a GIF frame may exceed its logical screen).
    return await renderVariants(
      sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, autoOrient: true, pages: 1 }),
    );
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw new ValidationError(photoMessages.tooManyPixels);
    }
    throw new ValidationError(photoMessages.unreadable);
  }
}

/**
 * Our own SVG pictures (the demo seed's portraits) -> variants, with the same crops and
 * encoding as uploads but without the upload checks, which refuse SVG. Vector input is drawn
 * twice, at full size and at avatar size, which is cheaper than downscaling the large
 * drawing (the seed processes its portrait pool at every first start).
 */
export async function processTrustedSvg(svg: Buffer): Promise<PhotoVariants> {
  const { width, height } = await sharp(svg).metadata();
  const main = await encodeMain(sharp(svg));
  // Density is dots per inch at 72 for the drawing's own size; scale it to just cover.
  const density = (72 * LARGEST_AVATAR) / Math.min(width, height);
  const avatars = await encodeAvatars(sharp(svg, { density }));
  return { main, width: PHOTO_WIDTH, height: PHOTO_HEIGHT, avatars };
}

/** 503 with Retry-After: the server is saturated, so clients (and the upload queue) retry. */
export class PhotoProcessorBusyError extends AppError {
  readonly retryAfterSeconds = 2;
  constructor() {
    super(errorCodes.rateLimited, photoMessages.busy, 503);
  }
}

export type PhotoProcessor = {
  /** Processes an upload when a slot is free; refuses with 503 when too many are waiting. */
  process(bytes: Buffer): Promise<PhotoVariants>;
  /** Uploads being processed or waiting for a slot. */
  readonly load: number;
};

export type PhotoProcessorOptions = {
  /** Uploads processed at once; default one per core (see createPhotoProcessor). */
  concurrency?: number;
  /** Uploads allowed to wait for a slot (each holds up to 10 MB); default 16. */
  maxWaiting?: number;
};

/**
 * Image work is CPU-bound and runs on libuv's thread pool. Left alone, a burst of uploads
 * would take every pool thread (file I/O waits behind them) and pile up 10 MB buffers. So
 * uploads take turns: a fixed number at once, a bounded number waiting, the rest refused
 * with 503 and Retry-After. Default: one per core, each on one libvips thread. On 2 cores
 * bench/photos measured 6.0 uploads/s with health p50/p99 2.2/40 ms under load, against
 * 3.9 uploads/s and 1.1/26 ms with "cores - 1"; the event loop needs only a few per cent of
 * a core per upload and still gets its time slices. PHOTO_CONCURRENCY lowers it where API
 * latency matters more than upload throughput.
 */
export function createPhotoProcessor(opts: PhotoProcessorOptions = {}): PhotoProcessor {
  const concurrency = Math.max(1, opts.concurrency ?? os.availableParallelism());
  const maxWaiting = opts.maxWaiting ?? 16;
  // One libvips thread per image keeps one upload on one core; the cache would only hold on to
  // memory, since no two uploads share an input.
  sharp.concurrency(1);
  sharp.cache(false);

  let active = 0;
  const waiting: (() => void)[] = [];

  async function acquire(): Promise<void> {
    if (active < concurrency) {
      active += 1;
      return;
    }
    if (waiting.length >= maxWaiting) throw new PhotoProcessorBusyError();
    // The slot is handed over directly by release(), so `active` stays counted.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release() {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  }

  return {
    async process(bytes) {
      // Refuse what is not an image before queueing behind real work.
      inspectUpload(bytes);
      await acquire();
      try {
        return await processUpload(bytes);
      } finally {
        release();
      }
    },
    get load() {
      return active + waiting.length;
    },
  };
}
