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
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
