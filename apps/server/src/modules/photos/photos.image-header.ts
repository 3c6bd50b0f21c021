/**
 * Reads an upload's real type and pixel size from its first bytes, without decoding it.
 * The declared type and file name are never trusted (DESIGN.md §3.14): a renamed text file is
 * refused here, and a "pixel bomb" (a tiny file claiming 30000×30000 pixels) is refused before
 * any decoder allocates memory for it.
 */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif';

export type ImageHeader = {
  type: ImageType;
  /** null when the header is damaged or does not say; such files are refused as unreadable. */
  width: number | null;
  height: number | null;
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.length >= end ? bytes.toString('latin1', start, end) : '';
}

/** The type the bytes really are, from their magic numbers; null for anything else. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  const gif = ascii(bytes, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif';
  return null;
}

type Size = { width: number; height: number } | null;

function pngSize(b: Buffer): Size {
  if (b.length < 24 || ascii(b, 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gifSize(b: Buffer): Size {
  if (b.length < 10) return null;
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

function webpSize(b: Buffer): Size {
  const chunk = ascii(b, 12, 16);
  if (chunk === 'VP8 ' && b.length >= 30) {
    // Key frame: 3-byte frame tag, start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && b.length >= 25) {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30) {
    return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/** Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegSize(b: Buffer): Size {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte before a marker
      continue;
    }
    i += 2;
    // Markers without a length: restart markers, TEM and a stray SOI.
    if ((marker >= 0xd0 && marker <= 0xd8) || marker === 0x01) continue;
    // Image data or the end came before any frame header: the file does not say its size.
    if (marker === 0xda || marker === 0xd9) return null;
    if (i + 2 > b.length) return null;
    const length = b.readUInt16BE(i);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (i + 7 > b.length) return null;
      return { height: b.readUInt16BE(i + 3), width: b.readUInt16BE(i + 5) };
    }
    i += length;
  }
  return null;
}

const SIZE_READERS: Record<ImageType, (b: Buffer) => Size> = {
  jpeg: jpegSize,
  png: pngSize,
  webp: webpSize,
  gif: gifSize,
};

/** Type and size from the header; null when the bytes are not one of the accepted types. */
export function readImageHeader(bytes: Buffer): ImageHeader | null {
  const type = sniffImageType(bytes);
  if (!type) return null;
  const size = SIZE_READERS[type](bytes);
  const valid = size !== null && size.width > 0 && size.height > 0;
  return {
    type,
    width: valid ? size.width : null,
    height: valid ? size.height : null,
  };
}
