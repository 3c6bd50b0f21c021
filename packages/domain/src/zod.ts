import { config, z } from 'zod';

// Every schema in this package is built from this module, so the setting below is in place
// before the first one is constructed. In a browser, zod would probe `new Function` to compile
// faster parsers; the app's Content-Security-Policy forbids eval, so the probe only fails and is
// reported as a CSP violation (Lighthouse best practices). Browsers parse without it; the server
// keeps the compiled parsers.
if (typeof document !== 'undefined') config({ jitless: true });

export { z };
