import type { z } from 'zod';
import { ValidationError } from './errors.ts';

/** Parses untrusted input with a domain schema; the first issue's message becomes the 400. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ValidationError(issue?.message);
  }
  return result.data;
}
