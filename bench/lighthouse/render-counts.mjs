// How many times each component renders in a cold signed-in first load (issue 17): a diagnostic
// for work that is rendering, not code. Builds the web app unminified (so components keep their
// names) into a directory of its own, with Preact's render hook counting the renders of each
// function component (context providers and fragments are such functions too); serves it with the real server (the demo world seeded); loads each route cold as the
// seed persona; and lists the counts, 4 s after navigation. Nothing is written.
//
//   node bench/lighthouse/render-counts.mjs [/profile,/network,...]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { chromiumPath, root, serveBuild, signInPersona } from '../serve-build.mjs';

const routes = (process.argv[2] ?? '/profile,/network,/discover,/chat,/settings').split(',');
const PERSONA = 'Alice Anderson';
const WAIT_MS = 4000;

// Put in front of the entry module. `__r` is Preact's (mangled) hook called before every
// component render; Preact's hooks use it too, so the one before is called on.
const COUNTER = `import { options as __preactOptions } from 'preact';
{
  const counts = {};
  const before = __preactOptions.__r;
  __preactOptions.__r = (vnode) => {
    const name = vnode.type.displayName || vnode.type.name || '(no name)';
    counts[name] = (counts[name] ?? 0) + 1;
    before?.(vnode);
  };
  window.__renders = counts;
}
`;

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-render-counts-'));
let server = null;
let browser = null;
try {
  await build({
    root: path.join(root, 'apps/web'),
    configFile: path.join(root, 'apps/web/vite.config.ts'),
    logLevel: 'warn',
    build: { minify: false, outDir, emptyOutDir: true },
    plugins: [
      {
        name: 'heartline:count-renders',
        enforce: 'pre',
        // No source map for the lines put in front: the counts need none.
        transform: (code, id) =>
          id.endsWith('/src/main.tsx') ? { code: COUNTER + code, map: null } : null,
      },
    ],
  });
  server = await serveBuild({
    name: 'render-counts',
    env: { SEED_ON_EMPTY: 'true', NODE_ENV: 'development', WEB_DIST: outDir },
  });
  browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  const signIn = await browser.newContext();
  await signInPersona(await signIn.newPage(), server.base, PERSONA);
  const cookies = await signIn.cookies();
  await signIn.close();
  for (const route of routes) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`${server.base}${route}`);
    await page.waitForTimeout(WAIT_MS);
    const counts = await page.evaluate(() => window.__renders);
    if (!counts) throw new Error(`${route}: the page ran no counter (${page.url()})`);
    const sorted = Object.entries(counts).sort((a, b) => b[1] - a[1]);
    const total = sorted.reduce((sum, [, n]) => sum + n, 0);
    console.log(`${route}: ${total} renders of function components`);
    console.log(`  ${sorted.map(([name, n]) => `${name} ${n}`).join(', ')}`);
    await context.close();
  }
} finally {
  await browser?.close();
  server?.stop();
  fs.rmSync(outDir, { recursive: true, force: true });
}
