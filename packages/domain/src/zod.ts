import * as z from 'zod/mini';

// Every schema in this package is built from this module, so the setting below is in place
// before the first one is constructed. In a browser, zod would probe `new Function` to compile
// faster parsers; the app's Content-Security-Policy forbids eval, so the probe only fails and is
// reported as a CSP violation (Lighthouse best practices). Browsers parse without it; the server
// keeps the compiled parsers.
//
// The schemas are zod's "mini" build (functions, not methods): the same parser with a tree-shaken
// API, ~60 KB less JavaScript in every signed-in first load than the classic one (issue 17). The
// mini build loads no locale: every message a person can see is the spec's own, set on the schema.
// The server loads zod's English messages for the rest (apps/server/src/lib/validate.ts).
//
// Every schema a module declares is `z.lazy(() => ...)`: built the first time it parses (or is
// composed into one that parses), not when its module is evaluated. A signed-in first load
// evaluates the shared chunk, with every schema the app uses, in one task; building all ~800 of
// zod's objects there made it the longest task of the start-up on a slow phone, for the two or
// three answers the first screen parses (issue 17). A lazy schema composes and parses like the
// one it wraps; `built` gives the wrapped one, to extend it or read its shape.
// `schema-modules.test.ts` fails when a module builds a schema as it loads.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };

/**
 * The schema a `z.lazy` wraps, built on this first call (to extend it or read its shape).
 * Not passed through a lazy: an enum's or literal's set of values, which `z.record` reads to
 * require every key. A record keyed by a lazy enum accepts a partial object; key records by the
 * enum itself.
 */
export function built<T extends z.core.SomeType>(schema: z.ZodMiniLazy<T>): T {
  return schema._zod.innerType;
}
