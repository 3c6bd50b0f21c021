// Shared by the browser benches: build the web app (production, with its precompressed copies)
// and serve it with the real server on a free loopback port, in a data directory of its own.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverNodeFlags } from '../scripts/server-node-flags.mjs';

export const root = path.resolve(import.meta.dirname, '..');

/** `npm run build` of the web app, unless SKIP_BUILD is set (reuse apps/web/dist). */
export function buildWeb() {
  if (process.env.SKIP_BUILD) return;
  const build = spawnSync('npm', ['run', 'build', '-w', '@heartline/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(1);
}

export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server on the build in apps/web/dist and waits until it answers.
 * `command`: 'main' runs apps/server/src/main.ts; 'start' runs `npm start`'s own script
 * (scripts/start.mjs: the embedded defaults, as a newcomer runs it).
 * `env` is added to what the server gets (NODE_ENV, SEED_ON_EMPTY, ...).
 */
export async function serveBuild({ name, command = 'main', env = {} }) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `heartline-bench-${name}-`));
  const base = `http://localhost:${port}`;
  const entry =
    command === 'start'
      ? ['scripts/start.mjs']
      : [...serverNodeFlags, '--import', 'tsx', 'apps/server/src/main.ts'];
  const server = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: 'localhost',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(root, 'apps/web/dist'),
      ...env,
    },
    stdio: 'ignore',
  });
  const stop = () => {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      if (i > 1200) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  } catch (err) {
    stop();
    throw err;
  }
  return { base, port, stop };
}

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What Lighthouse clears before a cold run (its `clearStorageTypes`): the HTTP cache, service
 * workers and Cache Storage as by default, and local storage and IndexedDB too, so no persisted
 * query cache helps. Only cookies (the session) are kept.
 */
export const COLD_STORAGE_TYPES = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
  'local_storage',
  'indexeddb',
];

/**
 * Throttles a page through its DevTools session to Lighthouse's mobile preset: 150 ms RTT,
 * 1.6 Mbit/s down, 750 kbit/s up, CPU 4×. Applied, not simulated.
 */
export async function throttleLikeMobilePreset(cdp) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * The main thread of the page that loaded from `base`, in a Chrome trace: the renderer that
 * requested its assets. A trace can hold other renderers (Chromium's own new-tab page once
 * took more CPU than the app's and was measured in its place).
 */
export function pageMainThread(events, base) {
  // The first such request: a trace's events are not in time order, and later ones may come
  // from elsewhere (the service worker precaching the assets).
  const pid = events
    .filter(
      (e) => e.name === 'ResourceSendRequest' && e.args?.data?.url?.startsWith(`${base}/assets/`),
    )
    .sort((a, b) => a.ts - b.ts)[0]?.pid;
  const thread = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === pid,
  );
  if (!thread) throw new Error(`no renderer in the trace loaded ${base}`);
  return { pid: thread.pid, tid: thread.tid };
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Signs `page` in at the development provider as the seed persona `name`. */
export async function signInPersona(page, base, name) {
  await page.goto(`${base}/auth`);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByRole('button', { name }).first().click();
  await page.waitForURL(/\/(profile|network|discover)/);
}

/** Signs `page` up at the development provider as a new person, who lands on /onboarding. */
export async function signUpNewcomer(page, base, name) {
  await page.goto(`${base}/auth`);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail').fill(`bench.${Date.now()}@example.test`);
  await page.getByRole('button', { name: 'Create and continue' }).click();
  await page.waitForURL(/\/onboarding/);
}
