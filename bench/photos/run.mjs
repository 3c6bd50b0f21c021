// Photo pipeline, two parts, both on loopback and bounded in count and time:
//  1. Processing: a generated 12-megapixel camera-like JPEG (4000×3000 noisy gradient with
//     EXIF and GPS) into all variants (1080×1350 WebP + 64/128/256 avatars), one at a time:
//     p50/p95 time and peak RSS. A Display P3 variant (as iPhones write) is timed as well,
//     since its colour conversion is the most expensive step.
//  2. Sustained uploads: the real server (apps/server/src/main.ts, empty temp data dir, PGlite
//     or a fresh database on TEST_DATABASE_URL) takes `uploads` multipart uploads from signed-in
//     users, `concurrency` at a time, while a second loop probes GET /api/health. Reports
//     uploads/s, health latency under load against a baseline taken in the same run without
//     load, and the server's RSS across the run (first vs last 100 uploads).
// Usage: node bench/photos/run.mjs [uploads=500] [concurrency=3]
// Env: TEST_DATABASE_URL (PostgreSQL instead of PGlite); PHOTO_CONCURRENCY and MALLOC_ARENA_MAX
// (default 2, as `npm start` sets it) are passed to the server.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';

const root = path.resolve(import.meta.dirname, '../..');
// The processing part runs in this process: give it the malloc setting the server gets.
if (process.env.MALLOC_ARENA_MAX === undefined) {
  const again = spawnSync(process.execPath, process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, MALLOC_ARENA_MAX: '2' },
  });
  process.exit(again.status ?? 1);
}
const uploads = Number(process.argv[2] ?? 500);
const concurrency = Number(process.argv[3] ?? 3);
const PROCESS_RUNS = 30;
const TIME_LIMIT_MS = 10 * 60 * 1000;
/** The server allows 30 uploads per user per 10 minutes; each bench user stays under it. */
const UPLOADS_PER_USER = 25;
const IMAGE_VARIANTS = 8;

register();
const sharp = (await import('sharp')).default;
const { createPhotoProcessor } =
  await import('../../apps/server/src/modules/photos/photos.processing.ts');

const started = Date.now();
const deadline = started + TIME_LIMIT_MS;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mib = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const round = (x) => Math.round(x * 10) / 10;
function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
}
const median = (xs) => percentile(xs, 50);

const width = 4000;
const height = 3000;
/** One pixel buffer for every generated image, so generation leaves no garbage behind. */
const raw = Buffer.alloc(width * height * 3);

/** A camera-like 12 MP JPEG: noisy gradient (not trivially compressible), EXIF with GPS. */
async function cameraJpeg(seed, { p3 = false } = {}) {
  let s = seed;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      const n = (s >> 16) % 24;
      const i = (y * width + x) * 3;
      raw[i] = Math.floor((x * 220) / width) + n;
      raw[i + 1] = Math.floor((y * 220) / height) + n;
      raw[i + 2] = Math.floor(((x + y) * 120) / (width + height)) + n;
    }
  }
  let image = sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Bench Camera', Model: 'BC-12', Software: 'bench/photos' },
      IFD2: { DateTimeOriginal: '2024:02:14 12:34:56', ExposureTime: '1/120', FNumber: '18/10' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 31/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '13/1 24/1 5678/100',
      },
    });
  if (p3) image = image.withIccProfile('p3');
  return image.toBuffer();
}

// ---------------------------------------------------------------- part 1: processing
async function measureProcessing(label, input) {
  const processor = createPhotoProcessor({ concurrency: 1 });
  for (let i = 0; i < 3; i++) await processor.process(input);
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  const times = [];
  let outputBytes = 0;
  for (let i = 0; i < PROCESS_RUNS; i++) {
    const t = performance.now();
    const out = await processor.process(input);
    times.push(performance.now() - t);
    outputBytes = out.main.length + out.avatars.reduce((n, a) => n + a.bytes.length, 0);
  }
  clearInterval(sampler);
  const result = {
    input: label,
    inputBytes: input.length,
    outputBytes,
    runs: PROCESS_RUNS,
    p50Ms: round(median(times)),
    p95Ms: round(percentile(times, 95)),
    rssBeforeMiB: mib(rssBefore),
    peakRssMiB: mib(Math.max(peak, process.memoryUsage.rss())),
  };
  console.log(
    `processing ${label}: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, ` +
      `peak RSS ${result.peakRssMiB} MiB (before ${result.rssBeforeMiB} MiB)`,
  );
  return result;
}

console.log('generating inputs...');
const images = [];
for (let i = 0; i < IMAGE_VARIANTS; i++) images.push(await cameraJpeg(1000 + i));
const p3Image = await cameraJpeg(999, { p3: true });
const processing = {
  camera: await measureProcessing('12 MP JPEG with EXIF/GPS', images[0]),
  cameraP3: await measureProcessing('12 MP JPEG with EXIF/GPS and Display P3 ICC', p3Image),
};

// ---------------------------------------------------------------- part 2: the real server
const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

let database;
if (process.env.TEST_DATABASE_URL) {
  const pg = (await import('pg')).default;
  const name = `heartline_bench_photos_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  database = {
    kind: 'postgres',
    url: url.href,
    drop: async () => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
} else {
  database = { kind: 'pglite', url: undefined, drop: async () => undefined };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-bench-photos-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const serverEnv = {
  ...process.env,
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: String(port),
  PUBLIC_URL: baseUrl,
  DATA_DIR: dataDir,
  SEED_ON_EMPTY: 'false',
  LOG_LEVEL: 'warn',
  WEB_DIST: path.join(dataDir, 'no-web-build'),
  // As `npm start` (scripts/start.mjs) runs the server; set MALLOC_ARENA_MAX to compare.
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX,
};
delete serverEnv.DATABASE_URL;
delete serverEnv.REDIS_URL;
if (database.url) serverEnv.DATABASE_URL = database.url;
const loadAverageAtStart = os.loadavg().map(round);
const server = spawn(
  process.execPath,
  [...serverNodeFlags, '--import', 'tsx', 'apps/server/src/main.ts'],
  {
    cwd: root,
    env: serverEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);

function serverRssBytes() {
  try {
    const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Cookie-keeping client that walks the dev OpenID provider's sign-in like a browser. */
class Browser {
  cookies = new Map();
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async request(url, init = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.header());
    // As a browser does: the server refuses a state-changing request without its origin.
    if (init.method && init.method !== 'GET') headers.set('origin', new URL(baseUrl).origin);
    const res = await fetch(new URL(url, baseUrl), { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(pair.slice(0, eq).trim());
      else this.cookies.set(pair.slice(0, eq).trim(), value);
    }
    return res;
  }
  async follow(url, init, stop = () => false) {
    let at = new URL(url, baseUrl);
    let res = await this.request(at.href, init);
    for (let hop = 0; hop < 10; hop++) {
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) break;
      at = new URL(location, at);
      if (stop(at)) break;
      await res.arrayBuffer();
      res = await this.request(at.href);
    }
    await res.arrayBuffer();
    return at;
  }
}

async function signIn(n) {
  const browser = new Browser();
  const interaction = await browser.follow('/api/auth/google/start');
  if (!interaction.pathname.startsWith('/dev-idp/interaction/')) {
    throw new Error(`expected the dev sign-in page, got ${interaction.href}`);
  }
  const callback = await browser.follow(
    `${interaction.pathname}/login`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: `Bench User ${n}`, email: `bench${n}@example.test` }),
    },
    (next) => next.pathname === '/api/auth/callback',
  );
  await (await browser.request(callback.href)).arrayBuffer();
  if (!browser.cookies.size) throw new Error('sign-in did not set a session cookie');
  return browser;
}

async function health() {
  const t = performance.now();
  const res = await fetch(`${baseUrl}/api/health`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`health answered ${res.status}`);
  return performance.now() - t;
}

/** Probes /api/health every `gapMs` until `until()` is true; returns the latencies. */
async function probeHealth(until, gapMs = 20) {
  const latencies = [];
  while (!until() && Date.now() < deadline) {
    latencies.push(await health());
    await sleep(gapMs);
  }
  return latencies;
}

let result;
try {
  for (;;) {
    if (Date.now() > started + 120_000) throw new Error('server did not start within 120 s');
    try {
      await health();
      break;
    } catch {
      await sleep(100);
    }
  }
  const users = [];
  for (let i = 0; i < Math.ceil(uploads / UPLOADS_PER_USER); i++) users.push(await signIn(i));
  const idleRss = serverRssBytes();
  console.log(
    `server up on ${database.kind}, ${users.length} users signed in, RSS ${mib(idleRss)} MiB`,
  );

  // Baseline: the same probe, same server, nothing else going on.
  const baselineEnd = Date.now() + 5000;
  const baseline = await probeHealth(() => Date.now() > baselineEnd);

  const blobs = images.map((bytes) => new Blob([bytes], { type: 'image/jpeg' }));
  const rssSamples = [];
  let done = 0;
  let failed = 0;
  let next = 0;
  const statuses = {};
  const sampler = setInterval(() => rssSamples.push({ done, rss: serverRssBytes() }), 100);
  const loadStarted = performance.now();
  const worker = async () => {
    while (next < uploads && Date.now() < deadline) {
      const i = next++;
      const form = new FormData();
      form.append('file', blobs[i % blobs.length], 'camera.jpg');
      const res = await users[i % users.length].request('/api/photos', {
        method: 'POST',
        body: form,
      });
      const body = await res.json();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status !== 200 || !body.success) failed += 1;
      done += 1;
    }
  };
  const workers = Promise.all(Array.from({ length: concurrency }, worker));
  const underLoad = await probeHealth(() => done >= uploads || next >= uploads);
  await workers;
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  clearInterval(sampler);

  const window = (from, to) =>
    rssSamples.filter((s) => s.done >= from && s.done < to && Number.isFinite(s.rss));
  const first = window(0, Math.min(100, uploads));
  const last = window(Math.max(0, uploads - 100), uploads + 1);
  result = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.availableParallelism(),
      memGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverageAtStart,
    },
    database: database.kind,
    processing,
    load: {
      uploads,
      clientConcurrency: concurrency,
      serverPhotoConcurrency: process.env.PHOTO_CONCURRENCY ?? 'default (one per core)',
      serverMallocArenaMax: serverEnv.MALLOC_ARENA_MAX,
      users: users.length,
      imageBytes: images[0].length,
      statuses,
      failed,
      seconds: round(loadSeconds),
      uploadsPerSecond: round(done / loadSeconds),
      targetUploadsPerSecond: 4,
      health: {
        baseline: {
          requests: baseline.length,
          p50Ms: round(median(baseline)),
          p99Ms: round(percentile(baseline, 99)),
        },
        underLoad: {
          requests: underLoad.length,
          p50Ms: round(median(underLoad)),
          p99Ms: round(percentile(underLoad, 99)),
        },
      },
      serverRssMiB: {
        idleBeforeLoad: mib(idleRss),
        firstHundredMedian: mib(median(first.map((s) => s.rss))),
        lastHundredMedian: mib(median(last.map((s) => s.rss))),
        firstHundredMax: mib(Math.max(...first.map((s) => s.rss))),
        lastHundredMax: mib(Math.max(...last.map((s) => s.rss))),
        max: mib(Math.max(...rssSamples.map((s) => s.rss).filter(Number.isFinite))),
      },
    },
  };
  result.machine.loadAverageAtEnd = os.loadavg().map(round);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  fs.rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
}

const l = result.load;
console.log(
  `uploads: ${l.uploads} in ${l.seconds} s = ${l.uploadsPerSecond}/s (target ≥ ${l.targetUploadsPerSecond}), ` +
    `failed ${l.failed}, statuses ${JSON.stringify(l.statuses)}`,
);
console.log(
  `health p50/p99: baseline ${l.health.baseline.p50Ms}/${l.health.baseline.p99Ms} ms, ` +
    `under load ${l.health.underLoad.p50Ms}/${l.health.underLoad.p99Ms} ms`,
);
console.log(
  `server RSS median: first 100 uploads ${l.serverRssMiB.firstHundredMedian} MiB, ` +
    `last 100 ${l.serverRssMiB.lastHundredMedian} MiB (max ${l.serverRssMiB.max} MiB)`,
);
console.log(
  `machine load average: start ${result.machine.loadAverageAtStart}, end ${result.machine.loadAverageAtEnd}`,
);
// A non-default server setting gets its own file, so latest.json always shows the default.
const suffix = process.env.PHOTO_CONCURRENCY
  ? `-photo-concurrency-${process.env.PHOTO_CONCURRENCY}`
  : '';
const out = path.join(import.meta.dirname, 'results', `latest${suffix}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(`wrote ${path.relative(root, out)}`);
