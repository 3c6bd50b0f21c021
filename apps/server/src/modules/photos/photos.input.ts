import { PHOTO_MAX_BYTES, photoMessages } from '@heartline/domain';
import { ValidationError } from '../../lib/errors.ts';

const DATA_URL_HEAD = /^data:[^,]*?;base64,/i;
const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of a base64 data URL (spec/1 §7: `fileData`). The declared media type is ignored;
 * the bytes decide (DESIGN.md §3.14). The size is checked from the text length before
 * decoding, so an oversized upload costs no second buffer.
 */
export function decodeDataUrl(dataUrl: string): Buffer {
  const head = DATA_URL_HEAD.exec(dataUrl);
  if (!head) throw new ValidationError(photoMessages.invalidFile);
  const body = dataUrl.slice(head[0].length);
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  const decodedLength = Math.floor((body.length * 3) / 4) - padding;
  if (decodedLength > PHOTO_MAX_BYTES) throw new ValidationError(photoMessages.tooLarge);
  if (body.length % 4 !== 0 || !BASE64_BODY.test(body)) {
    throw new ValidationError(photoMessages.invalidFile);
  }
  return Buffer.from(body, 'base64');
}
