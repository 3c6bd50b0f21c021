import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The app is written against React's API and runs on Preact's compatibility layer (issue 17):
 * React DOM was ~55 KiB of the start-up's ~92 KiB of JavaScript on the wire, Preact with its
 * compatibility layer is ~6 KiB. Every import of React, from the app and from its libraries
 * (React Router, TanStack Query, TanStack Virtual), goes through these aliases, in the build, the
 * development server and the unit tests alike, so the two never meet in one page. The types
 * stay React's (@types/react); `e2e/build.spec.ts` checks that no React module is bundled.
 */
export const reactOnPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
];

/**
 * React Router 7's package exports only its development build (with its dev-only warnings and
 * checks), for production too: remix-run/react-router#12532 and #14102. A production build takes
 * the production one beside it. Every import of the app goes through this one alias, so the two
 * builds never meet in one bundle (the split-context hazard the exports guard against).
 */
export const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);
