import * as z from 'zod/mini';
import { ValidationError } from '../../lib/errors.ts';
import type { RankKey } from '../graph/graph.service.ts';

const cursorSchema = z.tuple([
  z.union([z.literal(0), z.literal(1)]),
  z.int().check(z.minimum(0)),
  z.int().check(z.minimum(1), z.maximum(3)),
  z.string().check(z.maxLength(200)),
  z.uuid(),
]);

/** A cursor before its last person's public id is turned back into the internal seq. */
export type CursorKey = Omit<RankKey, 'seq'> & { userId: string };

/**
 * Opaque to clients: the rank key of the last row of the previous page, base64url JSON. It
 * names that person by public id; internal seqs never leave the server.
 */
export function encodeCursor(key: RankKey, userId: string): string {
  return Buffer.from(
    JSON.stringify([key.fav ? 1 : 0, key.trust, key.degree, key.name, userId]),
  ).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): CursorKey | null {
  if (!cursor) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ValidationError('Invalid cursor');
  }
  const parsed = cursorSchema.safeParse(raw);
  if (!parsed.success) throw new ValidationError('Invalid cursor');
  const [fav, trust, degree, name, userId] = parsed.data;
  return { fav: fav === 1, trust, degree, name, userId };
}
