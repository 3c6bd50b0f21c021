import { z } from './zod.ts';

/** A `limit` query parameter: a whole number from 1 to `max`, `fallback` when absent. */
export function pageLimitParam(max: number, fallback: number) {
  const message = `limit must be a number from 1 to ${max}`;
  return z._default(
    z.coerce
      .number({ message })
      .check(z.int(message), z.minimum(1, message), z.maximum(max, message)),
    fallback,
  );
}
