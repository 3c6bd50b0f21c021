/**
 * The app is written against React's API and runs on Preact's compatibility layer (issue 17):
 * React DOM was ~55 KiB of the start-up's ~92 KiB of JavaScript on the wire, Preact with its
 * compatibility layer is ~6 KiB. Every import of React, from the app and from its libraries
 * (wouter, TanStack Query, TanStack Virtual), goes through these aliases, in the build, the
 * development server and the unit tests alike, so the two never meet in one page. The types
 * stay React's (@types/react); `e2e/build.spec.ts` checks that no React module is bundled.
 */
export const reactOnPreact = [
  // Wouter reaches React's useSyncExternalStore through this shim (CommonJS, requiring React).
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
];
