// JavaScript shipped to the sign-in route: builds the web app, serves it with the real server,
// opens /auth in Chromium and adds up the gzip size of every script the page loaded.
// Budget: 150 kB gzip. Usage: node bench/web-bundle/run.mjs
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '../..');
const build = spawnSync('npm', ['run', 'build', '-w', '@heartline/web'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(1);

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-bench-bundle-'));
const base = `http://localhost:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: 'localhost',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SEED_ON_EMPTY: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(root, 'apps/web/dist'),
  },
  stdio: 'ignore',
});

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const page = await browser.newPage({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  const scripts = new Map();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      scripts.set(new URL(res.url()).pathname, await res.body());
    } catch {
      // a response without a body (redirect) adds nothing
    }
  });
  await page.goto(`${base}/auth`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
  await browser.close();

  const files = [...scripts].map(([file, body]) => ({
    file,
    rawBytes: body.length,
    gzipBytes: zlib.gzipSync(body, { level: 9 }).length,
  }));
  const totalGzip = files.reduce((n, f) => n + f.gzipBytes, 0);
  const result = {
    date: new Date().toISOString(),
    route: '/auth',
    files: files.sort((a, b) => b.gzipBytes - a.gzipBytes),
    totalRawKB: Number((files.reduce((n, f) => n + f.rawBytes, 0) / 1024).toFixed(1)),
    totalGzipKB: Number((totalGzip / 1024).toFixed(1)),
    budgetGzipKB: 150,
  };
  result.withinBudget = result.totalGzipKB <= result.budgetGzipKB;
  console.log(JSON.stringify(result, null, 2));
  fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(import.meta.dirname, 'results', 'latest.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
