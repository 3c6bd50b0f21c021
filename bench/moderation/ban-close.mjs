// Ban → every socket of the person closed (issue 47 budget: p99 <= 1 s with 2 instances).
// Two instances of the real server on one PostgreSQL database and one Redis (their fan-out);
// each person holds one socket on each. A ban goes through instance A (moderation.act, what
// the staff route calls); the time is until the last of the person's two sockets is closed.
// Baseline in the same run: signing out one session (its socket on each instance closed the
// same way, by the session's stream).
//   npx node --import tsx bench/moderation/ban-close.mjs [--people=200] [--runs=3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createSessionsService } from '../../apps/server/src/modules/auth/sessions.service.ts';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, Number(v)];
  }),
);
const PEOPLE = args.people ?? 200;
const RUNS = args.runs ?? 3;
const DB_NAME = 'heartline_bench_ban';
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${DB_NAME}`);
const prefix = `hlbench:${randomBytes(4).toString('hex')}:`;

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`drop database if exists ${DB_NAME} with (force)`);
await admin.query(`create database ${DB_NAME}`);
await admin.end();

async function instance(port) {
  const built = await buildApp(
    loadConfig({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-bench-ban-')),
      DATABASE_URL: dbUrl,
      LOG_LEVEL: 'silent',
      SEED_ON_EMPTY: 'false',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: prefix,
    }),
    { logger: false },
  );
  await built.app.listen({ host: '127.0.0.1', port });
  return { built, base: `http://127.0.0.1:${port}` };
}
const a = await instance(4011);
const b = await instance(4012);
const sessions = createSessionsService(a.built.db, { idleMs: 3_600_000, absoluteMs: 3_600_000 });

function socketFor(base, token) {
  return new Promise((resolve, reject) => {
    const socket = connect(base, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: `hl_session=${token}`, origin: base },
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
const closedAt = (socket) =>
  new Promise((resolve) => socket.once('disconnect', () => resolve(performance.now())));

/** One person with a socket on each instance; returns their id and the two sockets. */
async function person(i, run) {
  const id = (
    await a.built.db
      .insertInto('users')
      .values({ id: crypto.randomUUID(), name: `Ban Bench ${run}-${i}` })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const { token } = await sessions.create(id, 'bench');
  return { id, token, sockets: [await socketFor(a.base, token), await socketFor(b.base, token)] };
}

async function measure(run, what) {
  const times = [];
  for (let i = 0; i < PEOPLE; i++) {
    const p = await person(i, `${run}-${what}`);
    const closes = Promise.all(p.sockets.map(closedAt));
    const started = performance.now();
    if (what === 'ban') {
      await a.built.moderation.act({
        staffId: null,
        userId: p.id,
        action: { kind: 'ban' },
        reason: 'scam',
        message: '',
      });
    } else {
      const res = await fetch(`${a.base}/api/auth/signout`, {
        method: 'POST',
        headers: { cookie: `hl_session=${p.token}`, origin: a.base },
      });
      if (res.status !== 204) throw new Error(`signout ${res.status}`);
    }
    const timeout = new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: sockets still open after 10 s`)), 10_000),
    );
    const at = await Promise.race([closes, timeout]);
    times.push(Math.max(...at) - started);
  }
  times.sort((x, y) => x - y);
  const pct = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]);
  return { p50: pct(0.5), p95: pct(0.95), p99: pct(0.99), max: Math.round(times.at(-1)) };
}

const runs = [];
for (let run = 0; run < RUNS; run++) {
  const result = { signOut: await measure(run, 'signout'), ban: await measure(run, 'ban') };
  runs.push(result);
  console.log(`run ${run + 1}: ${JSON.stringify(result)}`);
}
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const summary = {};
for (const name of ['signOut', 'ban']) {
  summary[name] = {};
  for (const p of ['p50', 'p95', 'p99', 'max']) {
    const xs = runs.map((r) => r[name][p]);
    summary[name][p] = { median: median(xs), spread: [Math.min(...xs), Math.max(...xs)] };
  }
}
const out = {
  at: new Date().toISOString(),
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB`,
  instances: 2,
  peoplePerSeries: PEOPLE,
  runs,
  summary,
  budget: { banP99Ms: 1000, met: summary.ban.p99.median <= 1000 },
};
fs.mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
fs.writeFileSync(
  new URL('./results/ban-close.json', import.meta.url),
  JSON.stringify(out, null, 2),
);
console.log(JSON.stringify({ summary, budget: out.budget }, null, 2));
await a.built.close();
await b.built.close();
process.exit(0);
