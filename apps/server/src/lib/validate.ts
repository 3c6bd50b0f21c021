import { config, locales, safeParse, type core } from 'zod/mini';
import { ValidationError } from './errors.ts';

// zod's "mini" build, the one the domain and the server use, loads no messages of its own. A check
// without the spec's message (a wrong type, say) answers in zod's English, as it did before;
// config.ts imports this module for the same messages in its start-up errors.
config(locales.en());

/** Parses untrusted input with a domain schema; the first issue's message becomes the 400. */
export function parseInput<S extends core.$ZodType>(schema: S, value: unknown): core.output<S> {
  const result = safeParse(schema, value);
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
