import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_ORIGIN = process.env.HEARTLINE_API_ORIGIN ?? 'http://localhost:3000';

/** Paths the server owns; everything else is a client route. */
const serverPaths = ['/api', '/media', '/oidc', '/dev-idp', '/socket.io'];

const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  serverPaths.map((p) => [p, { target: API_ORIGIN, ws: p === '/socket.io' }]),
);

const AUTH_SCREEN = /[\\/]screens[\\/]Auth[\\/]AuthScreen\.tsx$/;
const DOMAIN_ZOD = /[\\/]packages[\\/]domain[\\/]src[\\/]zod\.ts$/;
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
/** A path separator, on any system. */
const SEP = '[\\\\/]';
/** A path ending in `dir/name` (`name` a regex source, separators `/` or `\\`). */
const endsIn = (dir: string, name: string) => `${SEP}${dir.split('/').join(SEP)}${SEP}(${name})$`;
/**
 * Modules only a signed-in person runs that the walk below counts as the sign-in page's: the
 * three the gate loads lazily once someone is signed in (its own chunk each, a request each
 * on every signed-in first load), and two the walk reaches through the domain package's index
 * while the sign-in page's code imports neither (issue 17). All are the app's own files: no
 * library's internal layout decides a chunk (issue 44). Were one of them imported by the sign-in
 * page after all, it would load the `signed-in` chunk, schemas and all, which
 * `e2e/build.spec.ts` fails on.
 */
const SIGNED_IN_ONLY = new RegExp(
  [
    endsIn('src/components', 'TabBar\\.tsx'),
    endsIn('src/app', '(BackgroundUploads|RealtimeBridge)\\.tsx'),
    endsIn('packages/domain/src', '(trust|stream-cursor)\\.ts'),
  ].join('|'),
);
/**
 * The staff console's modules (DESIGN.md §6: members never download it). The walk below counts
 * every domain module as reached by each entry that imports the package's index, and what the
 * console's two chunks share as shared: without this, the console's schemas and its status query
 * went into the `signed-in` chunk every member loads. `e2e/build.spec.ts` fails when one of them
 * is in a member's first load.
 */
const STAFF_ONLY = new RegExp(
  [
    endsIn('src/screens/Staff', '[^\\\\/]+'),
    endsIn('src/state/queries', 'staff(-[a-z-]+)?\\.ts'),
    endsIn('packages/domain/src', 'staff-console\\.ts'),
  ].join('|'),
);
/**
 * Which modules the sign-in page's first load may need, read off the module graph once it is
 * built: the entry's static imports and the sign-in screen's. The walk cannot see tree-shaking
 * (the domain package's index imports every module), so schema modules are told apart by their
 * zod import: the sign-in page loads no zod (e2e/build.spec.ts), so none of them is needed there.
 * Also how many of the build's entries (the page's, and each lazily imported module) reach each
 * module through static imports: what a group's `minShareCount` counts, but read before
 * tree-shaking, so an entry that imports a package's index reaches every module behind it. An
 * over-count: on this build it puts one module more into the `signed-in` chunk than
 * `minShareCount: 2` did, `packages/domain/src/account.ts` (2.6 KB of source, which only the
 * Settings screen uses).
 */
function signInModules(): Plugin & {
  mayNeed: (id: string) => boolean;
  entriesReaching: (id: string) => number;
  signedInOnly: (id: string) => boolean;
} {
  const reached = new Set<string>();
  const schemas = new Set<string>();
  const reachedBy = new Map<string, number>();
  const signedInOnly = new Set<string>();
  return {
    name: 'heartline:sign-in-modules',
    apply: 'build',
    buildEnd() {
      reached.clear();
      schemas.clear();
      reachedBy.clear();
      signedInOnly.clear();
      const walk = (id: string, seen: Set<string>) => {
        if (seen.has(id)) return;
        seen.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next, seen);
      };
      const entries = new Set<string>();
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (info?.isEntry) entries.add(id);
        for (const lazy of info?.dynamicallyImportedIds ?? []) entries.add(lazy);
        if (info?.isEntry || AUTH_SCREEN.test(id)) walk(id, reached);
        const imports = info?.importedIds ?? [];
        if (ZOD.test(id) || DOMAIN_ZOD.test(id) || imports.some((i) => DOMAIN_ZOD.test(i))) {
          schemas.add(id);
        }
      }
      for (const entry of entries) {
        const seen = new Set<string>();
        walk(entry, seen);
        for (const id of seen) reachedBy.set(id, (reachedBy.get(id) ?? 0) + 1);
      }
      for (const id of this.getModuleIds()) if (SIGNED_IN_ONLY.test(id)) walk(id, signedInOnly);
    },
    mayNeed: (id) => reached.has(id) && !schemas.has(id) && !SIGNED_IN_ONLY.test(id),
    signedInOnly: (id) => signedInOnly.has(id),
    entriesReaching: (id) => reachedBy.get(id) ?? 0,
  };
}

const signIn = signInModules();

/**
 * The entry's stylesheet goes into `index.html` as a `<style>` element instead of a `<link>`
 * (issue 17): the launch screen then paints as soon as the HTML is in, not a round trip later,
 * when the stylesheet has come. It is the whole stylesheet, not a "critical" part of it, so
 * nothing restyles when the rest arrives; ~9 KB of Brotli, which still fits the HTML in the
 * first round trip of a fresh connection. The file is dropped from the build (the page no longer
 * asks for it), and from the manifest the server names the screen's code from. The CSP admits
 * the element by its SHA-256, which the server reads off the built page
 * (apps/server/src/plugins/inline-styles.ts). A screen's own stylesheet stays a file of its own.
 */
function entryStylesInline(): Plugin {
  return {
    name: 'heartline:entry-styles-inline',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return html;
        let page = html;
        for (const file of [...chunk.viteMetadata!.importedCss]) {
          const asset = bundle[file];
          const href = `/${file}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          const link = new RegExp(`<link rel="stylesheet"[^>]* href="${href}">`);
          const css = asset?.type === 'asset' ? String(asset.source) : undefined;
          // `</style` is the only way out of a <style> element: such CSS keeps its link.
          if (css === undefined || !link.test(page) || /<\/style/i.test(css)) {
            this.warn(`${file} stays a <link>: its tag was not found, or it cannot be inlined`);
            continue;
          }
          page = page.replace(link, () => `<style>${css}</style>`);
          chunk.viteMetadata!.importedCss.delete(file);
          delete bundle[file];
        }
        return page;
      },
    },
  };
}

export default defineConfig(() => ({
  plugins: [
    signIn,
    entryStylesInline(),
    react(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      // Registration happens from our own module (src/app/UpdatePrompt.tsx): the CSP forbids inline scripts.
      injectRegister: null,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        name: 'Heartline',
        short_name: 'Heartline',
        description: 'Meet people through the people you already know.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#e91e63',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // Notification clicks (public/sw-notifications.js).
        importScripts: ['sw-notifications.js'],
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: serverPaths.map(
          (p) => new RegExp(`^${p.replace('.', '\\.')}(/|$)`),
        ),
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Media names are content-addressed, so a cached image never goes stale.
            urlPattern: ({ url, request, sameOrigin }) =>
              sameOrigin && url.pathname.startsWith('/media/') && request.destination === 'image',
            handler: 'CacheFirst',
            options: {
              cacheName: 'heartline-media',
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
        ],
      },
    }),
  ],
  server: { proxy },
  preview: { proxy },
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: the server reads which files each screen's code is built into
    // and names them in the page's preload header (SCREEN_CODE, issue 17).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The code two or more lazy chunks share (schemas and zod included), in one chunk:
              // a signed-in start loads nearly all of it anyway (its screen, the tab bar, the
              // realtime bridge), and one request replaces ~30 of 1-3 KB each, which six
              // connections per origin over HTTP/1.1 queue (issue 17). With it, what every
              // signed-in start runs at once though only one lazy import reaches it: the tab
              // bar, the live connection and the waiting uploads, with all they import
              // (SIGNED_IN_ONLY): six files fewer. Their lazy imports then need Rolldown's
              // namespace helper, which it puts in a file of its own (~160 bytes) as the
              // socket client's chunk needs it too: five requests fewer in all. Nothing the
              // sign-in page needs goes in, so it never loads this chunk.
              name: 'signed-in',
              test: (id) =>
                !STAFF_ONLY.test(id) &&
                !signIn.mayNeed(id) &&
                (signIn.entriesReaching(id) >= 2 || signIn.signedInOnly(id)),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
