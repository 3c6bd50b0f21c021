import type { Db } from '../database.ts';
import type { MediaStorage } from '../../modules/media/media.storage.ts';
import { processTrustedSvg } from '../../modules/photos/photos.processing.ts';
import { Random } from './random.ts';

export const PORTRAIT_WIDTH = 1080;
export const PORTRAIT_HEIGHT = 1350;
/** Rendering is CPU-bound and sharp already uses its own threads; more at once only queues. */
const RENDER_CONCURRENCY = 2;

const SKIN = ['#f3d3b8', '#e8b894', '#d09a72', '#b07850', '#8a5a3b', '#5e3b26'];
const HAIR = ['#1f1a17', '#3b2a20', '#6b4a2e', '#a87845', '#d8b46a', '#8c8c8c', '#a33b2b'];
const CLOTHES = ['#2d3a5a', '#5a2d45', '#2d5a4a', '#5a4a2d', '#3a3a3a', '#e6e6e6', '#7a2d2d'];

export type PortraitSpec = {
  /** Drives colours and shapes; the same seed always renders the same picture. */
  seed: number;
  /** Shown across the shoulders; omitted for the shared pool, whose pictures fit anyone. */
  initials?: string;
};

function hairShape(style: number, color: string): string {
  switch (style) {
    case 0: // short
      return `<path d="M330 560 C320 380 430 300 540 300 C650 300 760 380 750 560 C720 470 640 430 540 430 C440 430 360 470 330 560 Z" fill="${color}"/>`;
    case 1: // long
      return `<path d="M320 560 C300 360 430 290 540 290 C650 290 780 360 760 560 L790 900 C740 930 700 900 690 860 L700 560 C660 470 620 440 540 440 C460 440 420 470 380 560 L390 860 C380 900 340 930 290 900 Z" fill="${color}"/>`;
    case 2: // bun
      return `<circle cx="540" cy="290" r="85" fill="${color}"/><path d="M330 540 C320 390 430 320 540 320 C650 320 760 390 750 540 C710 460 640 430 540 430 C440 430 370 460 330 540 Z" fill="${color}"/>`;
    default: // curls
      return Array.from({ length: 9 }, (_, i) => {
        const a = Math.PI * (1.05 + (i / 8) * 0.9);
        return `<circle cx="${(540 + Math.cos(a) * 200).toFixed(0)}" cy="${(560 + Math.sin(a) * 200).toFixed(0)}" r="80" fill="${color}"/>`;
      }).join('');
  }
}

/** A stylised head-and-shoulders portrait on a seeded gradient, as SVG. */
export function portraitSvg(spec: PortraitSpec, rng: Random): string {
  const hue = Math.floor(rng.next() * 360);
  const hue2 = (hue + 30 + Math.floor(rng.next() * 90)) % 360;
  const angle = Math.floor(rng.next() * 4);
  const [x2, y2] = [
    [1, 1],
    [0, 1],
    [1, 0],
    [1, 0.5],
  ][angle]!;
  const skin = rng.pick(SKIN);
  const hair = rng.pick(HAIR);
  const clothes = rng.pick(CLOTHES);
  const style = Math.floor(rng.next() * 5);
  const bubbles = Array.from({ length: 5 }, () => {
    const cx = Math.floor(rng.next() * PORTRAIT_WIDTH);
    const cy = Math.floor(rng.next() * PORTRAIT_HEIGHT);
    const r = 60 + Math.floor(rng.next() * 220);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="${(0.04 + rng.next() * 0.08).toFixed(2)}"/>`;
  }).join('');
  const initials = spec.initials
    ? `<text x="540" y="1230" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="150" font-weight="bold" fill="#fff" fill-opacity="0.92" text-anchor="middle">${spec.initials}</text>`
    : '';
  // Style 4 is bald. Long hair (1) falls behind the head and shoulders; other styles sit on top.
  const hairSvg = style === 4 ? '' : hairShape(style, hair);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_WIDTH}" height="${PORTRAIT_HEIGHT}" viewBox="0 0 ${PORTRAIT_WIDTH} ${PORTRAIT_HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="${x2}" y2="${y2}">
<stop offset="0" stop-color="hsl(${hue},65%,62%)"/><stop offset="1" stop-color="hsl(${hue2},60%,34%)"/>
</linearGradient></defs>
<rect width="${PORTRAIT_WIDTH}" height="${PORTRAIT_HEIGHT}" fill="url(#bg)"/>${bubbles}
${style === 1 ? hairSvg : ''}
<path d="M120 1350 C120 1010 290 880 540 880 C790 880 960 1010 960 1350 Z" fill="${clothes}"/>
<rect x="480" y="740" width="120" height="170" rx="50" fill="${skin}"/>
<ellipse cx="540" cy="580" rx="190" ry="225" fill="${skin}"/>
${style === 1 ? '' : hairSvg}
${initials}
</svg>`;
}

/** Runs `fn` over `items` with at most `limit` in flight, keeping the results in order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A processed portrait, stored: what a photos row needs. */
export type SeedPhoto = {
  mainKey: string;
  /** Pixel size -> storage key. */
  avatarKeys: Record<string, string>;
  width: number;
  height: number;
};

/**
 * Renders the portraits and runs each through the upload pipeline once (1080×1350 WebP and
 * square avatars), stores the files and records them as media objects. Returns one stored
 * photo per spec, in order; users drawing from the pool share its files, as content-addressed
 * keys allow. Keys depend only on the pixels, so re-seeding reuses them.
 */
export async function storePortraits(
  db: Db,
  storage: MediaStorage,
  specs: readonly PortraitSpec[],
): Promise<SeedPhoto[]> {
  const objects: { key: string; ownerId: null; contentType: string; bytes: number }[] = [];
  const photos = await mapLimited(specs, RENDER_CONCURRENCY, async (spec) => {
    const svg = Buffer.from(portraitSvg(spec, new Random(spec.seed)));
    const variants = await processTrustedSvg(svg);
    const put = async (bytes: Buffer) => {
      const key = await storage.put(bytes, 'webp');
      objects.push({ key, ownerId: null, contentType: 'image/webp', bytes: bytes.length });
      return key;
    };
    const avatarKeys: Record<string, string> = {};
    for (const a of variants.avatars) avatarKeys[String(a.size)] = await put(a.bytes);
    return {
      mainKey: await put(variants.main),
      avatarKeys,
      width: variants.width,
      height: variants.height,
    };
  });
  if (objects.length > 0) {
    await db
      .insertInto('mediaObjects')
      .values(objects)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
  return photos;
}
