import zlib from 'node:zlib';
import sharp from 'sharp';
import { expect } from 'vitest';

/**
 * Images built in code for the photo tests, so every fixture is visible and nothing binary
 * is checked in, and the check that a processed file carries no metadata.
 */

/** A deterministic noisy gradient, so encoders cannot compress it to nothing. */
export function noisyRgb(width: number, height: number, seed = 1): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  let s = seed;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      const n = (s >> 16) % 24;
      const i = (y * width + x) * 3;
      raw[i] = Math.floor((x * 220) / width) + n;
      raw[i + 1] = Math.floor((y * 220) / height) + n;
      raw[i + 2] = Math.floor(((x + y) * 120) / (width + height)) + n;
    }
  }
  return raw;
}

/** What a phone camera writes: EXIF with GPS position and device, an ICC profile and XMP. */
export async function cameraJpeg(
  opts: { width?: number; height?: number; orientation?: number; seed?: number } = {},
): Promise<Buffer> {
  const width = opts.width ?? 1600;
  const height = opts.height ?? 1200;
  return sharp(noisyRgb(width, height, opts.seed), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: opts.orientation ?? 1 })
    .withExifMerge({
      IFD0: { Make: 'Heartline Test Camera', Model: 'HT-1', Copyright: 'Alice Example' },
      IFD2: { DateTimeOriginal: '2024:02:14 12:34:56' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 31/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '13/1 24/1 5678/100',
      },
    })
    .withIccProfile('p3')
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Alice Example</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

/**
 * Stored landscape, left half red and right half blue, tagged "rotate 90° clockwise to
 * display" (EXIF orientation 6). Displayed upright it is portrait with red on top.
 */
export async function rotatedJpeg(): Promise<Buffer> {
  const half = { width: 675, height: 1080, channels: 3 as const };
  const red = await sharp({ create: { ...half, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1350, height: 1080, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export async function solidPng(
  width: number,
  height: number,
  opts: { alpha?: boolean; color?: string } = {},
): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: opts.alpha ? 4 : 3,
      background: opts.color ?? (opts.alpha ? { r: 200, g: 40, b: 90, alpha: 0.5 } : '#c83c5a'),
    },
  })
    .png()
    .toBuffer();
}

export async function noisyImage(
  format: 'jpeg' | 'png' | 'webp' | 'gif',
  width = 400,
  height = 500,
  seed = 3,
): Promise<Buffer> {
  return sharp(noisyRgb(width, height, seed), { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid-looking PNG of a few hundred bytes that claims `width`×`height` pixels: a decoder
 * that believed it would allocate gigabytes.
 */
export function pixelBombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  // A few rows of zeros, deflated: real pixel data for the start of the image.
  const rows = zlib.deflateSync(Buffer.alloc((width * 3 + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The chunk names of a WebP (RIFF) file. */
function riffChunks(bytes: Buffer): string[] {
  const names: string[] = [];
  for (let i = 12; i + 8 <= bytes.length;) {
    names.push(bytes.toString('latin1', i, i + 4));
    const size = bytes.readUInt32LE(i + 4);
    i += 8 + size + (size % 2);
  }
  return names;
}

/** A processed file must carry pixels only: no EXIF (GPS), ICC, XMP or IPTC of any kind. */
export async function expectNoMetadata(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.exif).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  // WebP keeps metadata in EXIF, XMP and ICCP chunks; only image data chunks may remain.
  for (const chunk of riffChunks(bytes)) expect(['VP8 ', 'VP8L', 'VP8X', 'ALPH']).toContain(chunk);
  for (const needle of ['Exif', 'GPS', 'Heartline Test Camera', 'Alice Example', 'adobe:ns:meta']) {
    expect(bytes.includes(Buffer.from(needle, 'latin1'))).toBe(false);
  }
}
