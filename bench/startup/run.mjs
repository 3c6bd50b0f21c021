// Cold start: `node scripts/start.mjs` (what `npm start` runs) to the first successful HTTP
// response, on the embedded database, after a first run has built the web app and seeded.
// Baseline in the same run: a bare Node HTTP server started the same way.
// Usage: node bench/startup/run.mjs [runs=7]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const runs = Number(process.argv[2] ?? 7);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-bench-start-'));

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function timeToFirstResponse(args, env, url) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - started > 120_000) throw new Error('no response within 120 s');
      try {
        const res = await fetch(url);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function appRun() {
  const port = await freePort();
  return timeToFirstResponse(
    ['scripts/start.mjs'],
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_USERS: process.env.SEED_USERS ?? '3000',
    },
    `http://127.0.0.1:${port}/api/health`,
  );
}

async function baselineRun() {
  const port = await freePort();
  const code = `require('http').createServer((q,s)=>s.end('ok')).listen(${port},'127.0.0.1')`;
  return timeToFirstResponse(['-e', code], {}, `http://127.0.0.1:${port}/`);
}

console.log('first run (builds the web app if needed, creates and seeds the database)...');
const first = await appRun();
const app = [];
const base = [];
for (let i = 0; i < runs; i++) {
  base.push(await baselineRun());
  app.push(await appRun());
}
const result = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    memGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  runs,
  firstRunMs: Math.round(first),
  appMedianMs: Math.round(median(app)),
  appMaxMs: Math.round(Math.max(...app)),
  baselineMedianMs: Math.round(median(base)),
  ratio: Number((median(app) / median(base)).toFixed(1)),
  budgetMs: 5000,
};
result.withinBudget = result.appMaxMs <= result.budgetMs;
console.log(JSON.stringify(result, null, 2));
fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
fs.writeFileSync(
  path.join(import.meta.dirname, 'results', 'latest.json'),
  `${JSON.stringify(result, null, 2)}\n`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
