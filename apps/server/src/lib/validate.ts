import type { z } from 'zod';
import { ValidationError } from './errors.ts';

/** Parses untrusted input with a domain schema; the first issue's message becomes the 400. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.') || '_';
      fields[key] ??= issue.message;
    }
    throw new ValidationError(result.error.issues[0]?.message, fields);
  }
  return result.data;
}
