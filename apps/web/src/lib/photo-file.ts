import { PHOTO_MAX_BYTES, photoMessages } from '@heartline/domain';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

/** Bytes needed to recognise every accepted format. */
export const SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0) =>
  prefix.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image format by its magic bytes (DESIGN.md §3.14): the file name and the declared type
 * are the sender's claim, the content is the fact.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export type PhotoCheck = { ok: true; type: ImageType } | { ok: false; message: string };

/** The same pre-checks the server makes, with its messages, so a bad file fails before upload. */
export function checkPhotoBytes(head: Uint8Array, size: number): PhotoCheck {
  if (size === 0) return { ok: false, message: photoMessages.invalidFile };
  const type = sniffImageType(head);
  if (!type) return { ok: false, message: photoMessages.invalidType };
  if (size > PHOTO_MAX_BYTES) return { ok: false, message: photoMessages.tooLarge };
  return { ok: true, type };
}

export async function checkPhotoFile(file: Blob): Promise<PhotoCheck> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return checkPhotoBytes(head, file.size);
}
