// Chat bench (issue 13): the production server (apps/server/src/main.ts) as a child process on a
// fresh PostgreSQL database, driven over loopback by load generators in other processes
// (load.mjs) holding one real Socket.IO client per user.
//
// Usage: npx node --import tsx bench/chat/run.mjs [--users 10000] [--rate 2000] [--seconds 30]
//          [--runs 3] [--warmup 5] [--idle 20] [--reconnect 1000] [--missed 3] [--loaders 2]
//          [--connect-concurrency 100] [--probe 10,25,... (default rate/200 ... rate/1.25)]
//          [--probe-seconds 10] [--history 20] [--redis] [--keep-db] [--out file]
//          [--admin postgres://postgres@127.0.0.1:5432/postgres]
// Quick check: --users 2000 --rate 500 --seconds 10 (results go to a temporary file unless --out).
// Diagnostics (environment): BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'
// (node flags for the server; the profile is written when it exits), BENCH_LOADER_NODE_ARGS (the
// same for the load generators).
//
// Phases: seed (users in friend pairs, one chat per pair, a session each) -> server start ->
// RSS and CPU with no sockets -> every user connects (and resumes, like the web client) -> 20 s
// idle with all sockets open (RSS per connection, idle CPU) -> warm-up -> capacity probe (rising
// rates up to the first the server cannot keep up with) -> 1,000 sockets drop, messages are sent
// to them, all reconnect at once and must each resume exactly the messages they missed ->
// message runs at --rate (open loop, between the members of random pairs, delivery timed to the
// recipient's message.created), last because an overloaded server takes a while to recover.
// See README.md.
import { fork, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { MESSAGE_RATE_LIMIT } from '../../packages/domain/src/chat.ts';
import { TRUST_POINTS_FIRST } from '../../packages/domain/src/trust.ts';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';
import { rssBytes, startCpuMeter } from './proc.mjs';

const { values: opts } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '30' },
    runs: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '5' },
    idle: { type: 'string', default: '20' },
    reconnect: { type: 'string', default: '1000' },
    missed: { type: 'string', default: '3' },
    loaders: { type: 'string', default: '2' },
    'connect-concurrency': { type: 'string', default: '100' },
    probe: { type: 'string' },
    'probe-seconds': { type: 'string', default: '10' },
    history: { type: 'string', default: '20' },
    redis: { type: 'boolean', default: false },
    'keep-db': { type: 'boolean', default: false },
    out: { type: 'string' },
    admin: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const users = Number(opts.users) - (Number(opts.users) % 2);
const rate = Number(opts.rate);
const seconds = Number(opts.seconds);
const runs = Number(opts.runs);
const history = Number(opts.history);
const warmup = Number(opts.warmup);
const idleSeconds = Number(opts.idle);
const loaders = Number(opts.loaders);
const reconnectCount = Math.min(Number(opts.reconnect), users / 2);
const missedPerUser = Number(opts.missed);
const full = users === 10_000 && rate === 2000 && reconnectCount === 1000;
/** Rates of the capacity probe (what this machine sustains), lowest first. */
const probeRates = (
  opts.probe ?? [200, 80, 40, 20, 10, 5, 2.5, 1.25].map((d) => Math.round(rate / d)).join(',')
)
  .split(',')
  .filter(Boolean)
  .map(Number);
const probeSeconds = Number(opts['probe-seconds']);

const BUDGET = {
  sockets: 10_000,
  rate: 2000,
  deliveryP50Ms: 5,
  deliveryP99Ms: 50,
  /** "Sustained": acknowledged messages per second within 2 % of the target. */
  achievedShare: 0.98,
  reconnectMs: 10_000,
};
const WALL_LIMIT_MS = 14.5 * 60_000;

const here = import.meta.dirname;
const root = path.resolve(here, '../..');
const began = Date.now();
const log = (m) => console.log(`[chat bench ${((Date.now() - began) / 1000).toFixed(1)} s] ${m}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-bench-chat-'));
const dbName = `heartline_bench_chat_${randomBytes(4).toString('hex')}`;
const serverLogCopy = path.join(os.tmpdir(), `${dbName}-server.log`);
const dbUrl = Object.assign(new URL(opts.admin), { pathname: `/${dbName}` }).href;

// Per-account sends over the whole bench stay far below the limit when senders cycle evenly.
const perUserPerMinute = (rate / users) * 60;
if (perUserPerMinute > MESSAGE_RATE_LIMIT.points / 2) {
  console.error(`--rate ${rate} over ${users} users is ${perUserPerMinute}/min per account`);
  process.exit(2);
}

/**
 * Where the deliveries over 50 ms were sent: a few 100 ms windows holding most of them is a
 * stall (a GC pause, a checkpoint); many windows with a few each is queueing.
 */
function slowWindows(parts, firstWall) {
  const counts = new Map();
  for (const p of parts) {
    for (const [w, n] of Object.entries(p.slowBy100ms ?? {})) {
      counts.set(Number(w), (counts.get(Number(w)) ?? 0) + n);
    }
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const top = [...counts].sort((a, b) => b[1] - a[1]);
  return {
    over50ms: total,
    firstSendWall: Math.round(firstWall),
    windowsWithAny: counts.size,
    inBusiest10Windows: top.slice(0, 10).reduce((a, [, n]) => a + n, 0),
    busiest: top
      .slice(0, 10)
      .map(([w, n]) => ({ atS: Math.round((w * 100 - firstWall) / 100) / 10, n })),
  };
}

function percentiles(values) {
  const s = Float64Array.from(values).sort();
  const at = (p) => (s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : null);
  const round = (x) => (x === null ? null : Math.round(x * 100) / 100);
  return {
    n: s.length,
    p50: round(at(0.5)),
    p90: round(at(0.9)),
    p99: round(at(0.99)),
    p999: round(at(0.999)),
    max: round(s.length ? s[s.length - 1] : null),
  };
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
/** Median and range of per-run figures; null when no run had the figure (nothing delivered). */
const spread = (values) => {
  const xs = values.filter((x) => typeof x === 'number');
  if (xs.length === 0) return { median: null, min: null, max: null };
  return { median: Math.round(median(xs) * 100) / 100, min: Math.min(...xs), max: Math.max(...xs) };
};
/** A budget `value <= limit` is met only by a figure that exists. */
const within = (value, limit) => typeof value === 'number' && value <= limit;
const mb = (bytes) => Math.round(bytes / 1024 / 102.4) / 10;
const sumCounts = (list) => {
  const out = {};
  for (const counts of list)
    for (const [k, v] of Object.entries(counts ?? {})) out[k] = (out[k] ?? 0) + v;
  return out;
};

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

// ---- cleanup: only what this script started, by pid; the database it created -----------------
let server = null;
const loaderProcs = [];
let cleaning = null;
async function cleanup() {
  cleaning ??= (async () => {
    await monitor?.end().catch(() => undefined);
    for (const l of loaderProcs)
      if (l.exitCode === null && l.signalCode === null) l.kill('SIGTERM');
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const exited = await Promise.race([
        new Promise((r) => server.once('exit', () => r(true))),
        sleep(15_000).then(() => false),
      ]);
      if (!exited) server.kill('SIGKILL');
    }
    if (!opts['keep-db']) {
      const admin = new pg.Client({ connectionString: opts.admin });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
      log(`dropped ${dbName}`);
    }
    // The server's log outlives the run (its warnings and errors explain failures).
    const logFile = path.join(tmp, 'server.log');
    if (fs.existsSync(logFile)) fs.copyFileSync(logFile, serverLogCopy);
    fs.rmSync(tmp, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}
const watchdog = setTimeout(() => {
  log(`still running after ${WALL_LIMIT_MS / 60_000} min: giving up`);
  void cleanup().finally(() => process.exit(3));
}, WALL_LIMIT_MS);
watchdog.unref();

// ---- database: fresh, migrated by the server's own code, seeded straight into its tables ----
async function createAndSeed() {
  const admin = new pg.Client({ connectionString: opts.admin });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const migrated = await openDatabase({ databaseUrl: dbUrl, dataDir: 'memory://' });
  await migrated.destroy();

  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const ids = Array.from({ length: users }, () => uuidv7());
  // One friend each (the pair), no 2nd degree: the stored trust figures already match the
  // graph, so the server's start-up reconcile writes nothing and records no events.
  await db.query(
    `insert into users (id, email, name, trust_score, friend_count, second_degree_count)
     select id, 'chat' || n || '@bench.test', 'Chat User ' || n, $2, 1, 0
       from unnest($1::uuid[]) with ordinality as t(id, n)`,
    [ids, TRUST_POINTS_FIRST],
  );
  const { rows } = await db.query('select id, seq::int as seq from users');
  const seqOf = new Map(rows.map((r) => [r.id, r.seq]));
  const pairs = [];
  for (let i = 0; i < users; i += 2) {
    const [a, b] = [ids[i], ids[i + 1]];
    const [low, high] = seqOf.get(a) < seqOf.get(b) ? [a, b] : [b, a];
    pairs.push({ chatId: uuidv7(), low, high });
  }
  const lows = pairs.map((p) => seqOf.get(p.low));
  const highs = pairs.map((p) => seqOf.get(p.high));
  await db.query(
    `insert into friendships (user_low, user_high)
     select * from unnest($1::bigint[], $2::bigint[])`,
    [lows, highs],
  );
  // The chats as POST /api/chats creates them (chat.chats.repository.ts createChat, migration 0008).
  await db.query(
    `insert into chats (id, user_low, user_high, kind)
     select id, lo, hi, 'friend' from unnest($1::uuid[], $2::bigint[], $3::bigint[]) as t(id, lo, hi)`,
    [pairs.map((p) => p.chatId), lows, highs],
  );
  await db.query(
    `insert into chat_members (user_id, chat_id) select * from unnest($1::uuid[], $2::uuid[])`,
    [pairs.flatMap((p) => [p.low, p.high]), pairs.flatMap((p) => [p.chatId, p.chatId])],
  );
  // A history in every chat, already delivered (messages, both members' events, the streams'
  // heads), as a chat service in steady state has: on empty tables PostgreSQL plans the send
  // statements for empty tables and keeps those plans (scans of messages and events) until
  // autovacuum's analyze, which a 2,000/s run reaches only after ~1 minute of slow sends.
  if (history > 0) {
    await db.query(
      `insert into messages (id, chat_id, seq, sender_id, client_id, content, created_at, read_at)
       select gen_random_uuid(), c.id, g, case when g % 2 = 0 then lo.id else hi.id end,
              gen_random_uuid(), 'earlier message ' || g, t.at, t.at
         from chats c
         join users lo on lo.seq = c.user_low
         join users hi on hi.seq = c.user_high
        cross join generate_series(1, $1::int) g
        cross join lateral (select now() - interval '1 day' + g * interval '1 minute' as at) t`,
      [history],
    );
    await db.query(
      `update chats set last_seq = $1::int,
         last_message_at = now() - interval '1 day' + $1::int * interval '1 minute'`,
      [history],
    );
    await db.query(
      `insert into events (stream, seq, type, actor_id, payload, created_at, dispatched_at)
       select 'user:' || mem.user_id, m.seq, 'message.created', m.sender_id,
              jsonb_build_object('message', jsonb_build_object('id', m.id, 'chatId', m.chat_id,
                'senderId', m.sender_id, 'clientId', m.client_id, 'content', m.content,
                'createdAt', m.created_at, 'readAt', m.read_at, 'seq', m.seq)),
              m.created_at, m.created_at
         from messages m join chat_members mem on mem.chat_id = m.chat_id
        order by m.created_at, m.chat_id`,
    );
    await db.query(
      `insert into event_streams (stream, last_seq)
       select 'user:' || user_id, $1::int from chat_members`,
      [history],
    );
  }
  // Sessions as sessions.service.ts creates them: the cookie holds a random token, the table
  // its SHA-256.
  const tokens = new Map(ids.map((id) => [id, randomBytes(32).toString('base64url')]));
  await db.query(
    `insert into sessions (token_hash, user_id, idle_expires_at, expires_at, user_agent)
     select h, u, now() + interval '1 day', now() + interval '1 day', 'chat bench'
       from unnest($1::text[], $2::uuid[]) as t(h, u)`,
    [ids.map((id) => createHash('sha256').update(tokens.get(id)).digest('hex')), ids],
  );
  await db.query('vacuum analyze');
  const settings = await db.query(
    `select name, setting from pg_settings where name in ('server_version', 'synchronous_commit',
       'fsync', 'wal_sync_method', 'shared_buffers', 'max_connections', 'commit_delay')`,
  );
  await db.end();
  const person = (id) => ({ id, cookie: `hl_session=${tokens.get(id)}` });
  return {
    pairs: pairs.map((p) => ({ chatId: p.chatId, a: person(p.low), b: person(p.high) })),
    postgres: Object.fromEntries(settings.rows.map((r) => [r.name, r.setting])),
  };
}

// ---- the server: main.ts as in production ------------------------------------------------------
async function startServer(port) {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir);
  const logFile = path.join(tmp, 'server.log');
  const out = fs.openSync(logFile, 'a');
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATABASE_URL: dbUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_ON_EMPTY: 'false',
    // Production refuses to start without an identity provider; discovery is lazy and these
    // are never used (sessions are made directly).
    GOOGLE_CLIENT_ID: 'chat-bench-unused',
    GOOGLE_CLIENT_SECRET: 'chat-bench-unused',
    ...(opts.redis
      ? {
          REDIS_URL: 'redis://127.0.0.1:6379',
          REDIS_PREFIX: `hlbench:${randomBytes(4).toString('hex')}`,
        }
      : {}),
  };
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const argv = [
    process.execPath,
    ...serverNodeFlags,
    ...nodeArgs,
    '--import',
    'tsx',
    'apps/server/src/main.ts',
  ];
  // Every socket is a file descriptor: raise the limit through a shell when it is too low (the
  // shell execs node, so the child's pid is the server's).
  const child =
    fdLimit.soft >= fdsNeeded(users)
      ? spawn(argv[0], argv.slice(1), { cwd: root, env, stdio: ['ignore', out, out] })
      : spawn('bash', ['-c', `ulimit -n ${fdLimit.hard} && exec "$@"`, 'bash', ...argv], {
          cwd: root,
          env,
          stdio: ['ignore', out, out],
        });
  fs.closeSync(out);
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${tail(logFile)}`);
    if (performance.now() - started > 120_000) throw new Error('server not up within 120 s');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return { child, url, logFile, startMs: Math.round(performance.now() - started) };
}

/** This process's open-file limits (children inherit them). */
function readFdLimit() {
  const line = fs
    .readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const [soft, hard] = line.trim().split(/\s+/).slice(3, 5);
  const n = (v) => (v === 'unlimited' ? Infinity : Number(v));
  return { soft: n(soft), hard: n(hard) };
}
const fdLimit = readFdLimit();
/** Sockets plus headroom (database pool, files, the listening socket). */
const fdsNeeded = (sockets) => sockets + 1000;

const tail = (file) => fs.readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');

// ---- load generators ----------------------------------------------------------------------------
function startLoader(file) {
  const child = fork(path.join(here, 'load.mjs'), [file], {
    cwd: root,
    execArgv: [
      ...(process.env.BENCH_LOADER_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  loaderProcs.push(child);
  const waiting = new Map();
  let nextId = 1;
  const ready = new Promise((resolve, reject) => {
    child.on('message', (m) => {
      if (m.ready) return resolve();
      const w = waiting.get(m.id);
      if (!w) return;
      waiting.delete(m.id);
      if (m.ok) w.resolve(m.result);
      else w.reject(new Error(m.error));
    });
    child.once('exit', (code) => {
      const err = new Error(`load generator exited with ${code}`);
      reject(err);
      for (const w of waiting.values()) w.reject(err);
      waiting.clear();
    });
  });
  return {
    child,
    ready,
    ask: (cmd, args = {}) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        child.send({ id, cmd, ...args });
      }),
  };
}

// ---- phases --------------------------------------------------------------------------------------
let gens = [];
const all = (cmd, argsFor) => Promise.all(gens.map((g, i) => g.ask(cmd, argsFor(i))));
/** The bench database's backends (the server's pool and dispatcher), for their CPU. */
let monitor = null;
async function benchBackends() {
  const { rows } = await monitor.query(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [dbName],
  );
  return rows.map((r) => r.pid);
}

/**
 * CPU from now until `stop()`: the server, the load generators, the bench database's backends
 * ('postgresBench'), every other postgres process ('postgres': WAL writer, checkpointer, other
 * databases) and everything else ('other').
 */
async function cpuMeter() {
  const before = await benchBackends();
  const meter = startCpuMeter([server.pid, ...gens.map((g) => g.child.pid), ...before]);
  return {
    async stop() {
      const after = await benchBackends();
      return meter.stop({
        server: [server.pid],
        loaders: gens.map((g) => g.child.pid),
        postgresBench: [...new Set([...before, ...after])],
      });
    },
  };
}

/** CPU over [at, at + ms] while something else runs. */
async function meterDuring(at, ms) {
  await sleep(Math.max(0, at - Date.now()));
  const meter = await cpuMeter();
  await sleep(ms);
  return meter.stop();
}

/**
 * Waits until the server is calm again: every socket connected and no bench backend in a
 * transaction or running a query for over 100 ms, twice in a row (at most 120 s). After an
 * overload the server drains its queues and the clients it dropped reconnect.
 */
async function settle(what, expectConnected = users) {
  const started = Date.now();
  let calm = 0;
  let last = {};
  while (Date.now() - started < 120_000) {
    const status = await all('status', () => ({}));
    const { rows } = await monitor.query(
      `select count(*)::int as n from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid()
          and (state = 'idle in transaction'
               or (state = 'active' and now() - query_start > interval '100 ms'))`,
      [dbName],
    );
    last = { connected: status.reduce((n, x) => n + x.connected, 0), busyBackends: rows[0].n };
    if (last.connected === expectConnected && last.busyBackends === 0) {
      if (++calm >= 2) break;
    } else {
      calm = 0;
    }
    await sleep(1000);
  }
  const out = { ms: Date.now() - started, calm: calm >= 2, ...last };
  if (out.ms > 5000 || !out.calm) log(`settling ${what}: ${JSON.stringify(out)}`);
  return out;
}

/** Transactions committed in the bench database so far (PostgreSQL's statistics). */
async function commits() {
  const { rows } = await monitor.query(
    'select xact_commit::bigint as n from pg_stat_database where datname = $1',
    [dbName],
  );
  return Number(rows[0].n);
}

/**
 * What the bench database's backends are doing, sampled every 200 ms over [at, at + ms]: the
 * average number of backends per state and wait event. 'idle in transaction / ClientRead' is a
 * transaction waiting for the server's next statement; 'active / IO:WALSync' a commit waiting
 * for the disk; 'active / Lock:...' a row lock.
 */
async function sampleBackends(at, ms) {
  await sleep(Math.max(0, at - Date.now()));
  const counts = {};
  let samples = 0;
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const { rows } = await monitor.query(
      `select state, coalesce(wait_event_type || ':' || wait_event, 'cpu') as wait, count(*)::int as n
         from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and state <> 'idle'
        group by 1, 2`,
      [dbName],
    );
    samples++;
    for (const r of rows)
      counts[`${r.state} / ${r.wait}`] = (counts[`${r.state} / ${r.wait}`] ?? 0) + r.n;
    await sleep(200);
  }
  return Object.fromEntries(
    Object.entries(counts)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => [k, Math.round((n / samples) * 100) / 100]),
  );
}

async function messageRun(label, runSeconds, runRate = rate) {
  const commitsBefore = await commits();
  const startAt = Date.now() + 300;
  const cpu = meterDuring(startAt, runSeconds * 1000);
  const backends = sampleBackends(startAt + 1000, runSeconds * 1000 - 2000);
  const parts = await all('phase', () => ({
    rate: runRate / loaders,
    seconds: runSeconds,
    startAt,
    graceMs: 15_000,
  }));
  const first = Math.min(...parts.map((p) => p.firstSendWall));
  const lastAck = Math.max(...parts.map((p) => p.lastAckWall));
  const lastSend = Math.max(...parts.map((p) => p.lastSendWall));
  const sum = (key) => parts.reduce((n, p) => n + p[key], 0);
  const ackErrors = sumCounts(parts.map((p) => p.ackErrors));
  const client = sumCounts(parts.map((p) => ({ ...p.stats, connectErrors: undefined })));
  delete client.connectErrors;
  const result = {
    label,
    targetRate: runRate,
    seconds: runSeconds,
    sent: sum('sent'),
    acknowledgedOk: sum('ackOk'),
    ackErrors,
    delivered: sum('delivered'),
    undelivered: sum('undelivered'),
    duplicates: sum('duplicates'),
    sendRate: Math.round(sum('sent') / ((lastSend - first) / 1000)),
    achievedRate: Math.round(sum('ackOk') / ((lastAck - first) / 1000)),
    deliveryMs: percentiles(parts.flatMap((p) => p.deliveryMs)),
    slowDeliveries: slowWindows(parts, first),
    deliveryFromScheduleMs: percentiles(parts.flatMap((p) => p.deliveryFromDueMs)),
    ackMs: percentiles(parts.flatMap((p) => p.ackMs)),
    pacerLagMs: percentiles(parts.flatMap((p) => p.lagMs)),
    client,
    cpu: await cpu,
    postgresBackends: await backends,
    serverRssMB: mb(rssBytes(server.pid)),
  };
  // CPU time per acknowledged message (steady state: the meter covers the sending window).
  const perMessage = (pct) => Math.round(((pct / 100) * 1000 * 100) / result.achievedRate) / 100;
  result.cpuMsPerMessage = {
    server: perMessage(result.cpu.cpuPercentOfOneCore.server),
    postgresBench: perMessage(result.cpu.cpuPercentOfOneCore.postgresBench),
    loaders: perMessage(result.cpu.cpuPercentOfOneCore.loaders),
  };
  // Statistics reach pg_stat_database within a second of a backend going idle.
  await sleep(1500);
  result.commitsPerMessage =
    Math.round((((await commits()) - commitsBefore) / Math.max(1, result.acknowledgedOk)) * 100) /
    100;
  const messagesInWindow = result.achievedRate * result.cpu.seconds;
  const per = (n) => Math.round((n / messagesInWindow) * 10) / 10;
  result.syscallsPerMessage = Object.fromEntries(
    Object.entries(result.cpu.syscalls).map(([group, c]) => [
      group,
      { reads: per(c.syscr), writes: per(c.syscw), contextSwitches: per(c.ctxSwitches) },
    ]),
  );
  result.errors =
    Object.values(ackErrors).reduce((a, b) => a + b, 0) +
    result.undelivered +
    result.duplicates +
    (client.unexpectedDisconnects ?? 0) +
    (client.missedStreams ?? 0);
  log(
    `${label}: sent ${result.sent} (${result.sendRate}/s), acked ${result.acknowledgedOk} ` +
      `(${result.achievedRate}/s), delivery p50 ${result.deliveryMs.p50} p99 ${result.deliveryMs.p99} ms, ` +
      `ack p50 ${result.ackMs.p50} p99 ${result.ackMs.p99} ms, errors ${result.errors} ` +
      `${JSON.stringify(ackErrors)}; cpu ${JSON.stringify(result.cpu.cpuPercentOfOneCore)} ` +
      `machine ${result.cpu.machineBusyPercent}%`,
  );
  return result;
}

const split = (n, i) => Math.floor(n / loaders) + (i < n % loaders ? 1 : 0);

// ---- main ------------------------------------------------------------------------------------
const results = {
  date: new Date().toISOString(),
  parameters: {
    users,
    pairs: users / 2,
    rate,
    secondsPerRun: seconds,
    runs,
    warmupSeconds: warmup,
    idleSeconds,
    reconnect: reconnectCount,
    missedPerReconnectingUser: missedPerUser,
    loadGenerators: loaders,
    probeRates,
    probeSeconds,
    history,
    redis: opts.redis,
    nodeEnv: 'production',
    serverNodeFlags,
    serverNodeArgs: process.env.BENCH_SERVER_NODE_ARGS ?? '',
  },
  budgets: BUDGET,
};
let failed = false;
try {
  log(
    `database ${dbName}, ${users} users, ${loaders} load generators, ` +
      `open-file limit ${fdLimit.soft} (hard ${fdLimit.hard})`,
  );
  if (fdLimit.hard < fdsNeeded(users) || fdLimit.soft < fdsNeeded(Math.ceil(users / loaders))) {
    throw new Error(`${users} sockets need more file descriptors than this machine allows`);
  }
  const seedStarted = performance.now();
  const { pairs, postgres } = await createAndSeed();
  results.postgres = postgres;
  log(
    `seeded ${users} users, ${pairs.length} friend pairs with a chat each holding ${history} ` +
      `earlier messages, ${users} sessions`,
  );
  results.seedMs = Math.round(performance.now() - seedStarted);

  const port = await freePort();
  const started = await startServer(port);
  server = started.child;
  log(`server pid ${server.pid} up in ${started.startMs} ms (${started.url})`);
  results.serverStartMs = started.startMs;
  monitor = new pg.Client({ connectionString: dbUrl });
  await monitor.connect();

  // Baseline with no sockets: RSS (median of 3 samples) and CPU at rest.
  await sleep(3000);
  const rssSamples = [];
  for (let i = 0; i < 3; i++) {
    rssSamples.push(rssBytes(server.pid));
    await sleep(500);
  }
  const rssBefore = median(rssSamples);
  const restMeter = startCpuMeter();
  await sleep(5000);
  const rest = restMeter.stop({ server: [server.pid] });
  log(`server at rest: RSS ${mb(rssBefore)} MB, CPU ${rest.cpuPercentOfOneCore.server}%`);

  // Load generators, each with its slice of the pairs.
  gens = Array.from({ length: loaders }, (_, i) => {
    const file = path.join(tmp, `pairs-${i}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify({ url: started.url, pairs: pairs.filter((_, k) => k % loaders === i) }),
    );
    return startLoader(file);
  });
  await Promise.all(gens.map((g) => g.ready));

  const connectMeter = await cpuMeter();
  const connected = await all('connect', () => ({
    concurrency: Number(opts['connect-concurrency']),
  }));
  const connectCpu = await connectMeter.stop();
  results.connect = {
    sockets: connected.reduce((n, c) => n + c.sockets, 0),
    totalMs: Math.round(Math.max(...connected.map((c) => c.ms))),
    perSocketMs: percentiles(connected.flatMap((c) => c.connectMs)),
    connectErrors: sumCounts(connected.map((c) => c.stats.connectErrors)),
    cpu: connectCpu,
  };
  log(
    `connected ${results.connect.sockets} sockets in ${results.connect.totalMs} ms ` +
      `(connect + first resume p50 ${results.connect.perSocketMs.p50} p99 ${results.connect.perSocketMs.p99} ms)`,
  );

  // Idle with every socket open.
  await sleep(5000);
  const idleMeter = await cpuMeter();
  const idleRss = [];
  for (let i = 0; i < idleSeconds; i++) {
    await sleep(1000);
    idleRss.push(rssBytes(server.pid));
  }
  const idleCpu = await idleMeter.stop();
  const rssAfter = median(idleRss);
  const loaderRss = await all('rss', () => ({}));
  results.idle = {
    sockets: results.connect.sockets,
    serverRssBeforeMB: mb(rssBefore),
    serverRssAfterMB: mb(rssAfter),
    serverRssPerConnectionKB:
      Math.round((rssAfter - rssBefore) / results.connect.sockets / 102.4) / 10,
    serverCpuPercentAtRestNoSockets: rest.cpuPercentOfOneCore.server,
    serverCpuPercentIdle: idleCpu.cpuPercentOfOneCore.server,
    cpu: idleCpu,
    loadGeneratorRssPerConnectionKB:
      Math.round(loaderRss.reduce((n, r) => n + r.rss, 0) / results.connect.sockets / 102.4) / 10,
  };
  log(
    `idle ${idleSeconds} s with ${results.idle.sockets} sockets: server RSS ${results.idle.serverRssBeforeMB} -> ` +
      `${results.idle.serverRssAfterMB} MB (${results.idle.serverRssPerConnectionKB} KB per connection), ` +
      `server CPU ${results.idle.serverCpuPercentIdle}% (machine busy ${idleCpu.machineBusyPercent}%: ${idleCpu.busiestOther.join(', ')})`,
  );

  // Warm-up (JIT, pool, caches) at a modest rate.
  if (warmup > 0) results.warmup = await messageRun('warm-up', warmup, Math.round(rate / 40));

  // Capacity probe: short runs at rising rates (the first, rate/200, is the latency floor with
  // hardly any load), up to the first the server cannot keep up with; reported: the highest
  // rate that met every message budget and the highest rate acknowledged.
  if (probeRates.length) {
    results.probe = [];
    for (const probeRate of probeRates) {
      await settle(`before probe ${probeRate}/s`);
      const r = await messageRun(`probe ${probeRate}/s`, probeSeconds, probeRate);
      const ok =
        r.achievedRate >= BUDGET.achievedShare * probeRate &&
        within(r.deliveryMs.p50, BUDGET.deliveryP50Ms) &&
        within(r.deliveryMs.p99, BUDGET.deliveryP99Ms) &&
        r.errors === 0;
      results.probe.push({
        rate: probeRate,
        achievedRate: r.achievedRate,
        deliveryMs: r.deliveryMs,
        ackMs: r.ackMs,
        errors: r.errors,
        ackErrors: r.ackErrors,
        cpu: r.cpu,
        cpuMsPerMessage: r.cpuMsPerMessage,
        syscallsPerMessage: r.syscallsPerMessage,
        commitsPerMessage: r.commitsPerMessage,
        postgresBackends: r.postgresBackends,
        meetsBudgets: ok,
      });
      // Past capacity: higher rates would only measure the same overload.
      if (r.achievedRate < 0.9 * probeRate) break;
    }
    const passing = results.probe.filter((p) => p.meetsBudgets).map((p) => p.rate);
    results.sustainedRate = passing.length ? Math.max(...passing) : 0;
    results.capacityRate = Math.max(...results.probe.map((p) => p.achievedRate));
    log(
      `probe: highest rate meeting the message budgets ${results.sustainedRate}/s; ` +
        `highest rate acknowledged ${results.capacityRate}/s`,
    );
  }

  // Reconnect: drop some sockets, message them, bring them all back at once.
  results.settleBeforeReconnect = await settle('before the reconnect phase');
  const awayParts = await all('away', (i) => ({ count: split(reconnectCount, i) }));
  await sleep(2000);
  // Gently (a few senders at a time per generator): this creates the gap, it is not load.
  const sentParts = await all('sendMissed', () => ({ perUser: missedPerUser, concurrency: 25 }));
  results.settleBeforeReconnectAtOnce = await settle(
    'before reconnecting',
    users - awayParts.reduce((n, p) => n + p.away, 0),
  );
  const at = Date.now() + 500;
  const reconnectCpu = meterDuring(at, 3000);
  const back = await all('reconnect', () => ({ at, timeoutMs: 30_000 }));
  const completeMs = back.flatMap((b) => b.completeMs);
  const rstats = sumCounts(back.map((b) => ({ ...b.stats, connectErrors: undefined })));
  delete rstats.connectErrors;
  results.reconnect = {
    sockets: awayParts.reduce((n, p) => n + p.away, 0),
    missedMessagesSent: sentParts.reduce((n, p) => n + p.ok, 0),
    missedSendErrors: sumCounts(sentParts.map((p) => p.errors)),
    missedSendRetries: sentParts.reduce((n, p) => n + p.retries, 0),
    missedSendMs: Math.round(Math.max(...sentParts.map((p) => p.ms))),
    complete: completeMs.length,
    incomplete: back.reduce((n, b) => n + b.incomplete, 0),
    messagesStillMissing: back.reduce((n, b) => n + b.stillMissing, 0),
    unexpectedMessages: back.reduce((n, b) => n + b.extra, 0),
    allCompleteMs:
      back.every((b) => b.incomplete === 0) && completeMs.length
        ? Math.round(Math.max(...completeMs))
        : null,
    completeMsPercentiles: percentiles(completeMs),
    connectedMsPercentiles: percentiles(back.flatMap((b) => b.connectedMs)),
    client: rstats,
    connectErrors: sumCounts(back.map((b) => b.stats.connectErrors)),
    cpuFirst3s: await reconnectCpu,
  };
  log(
    `reconnect: ${results.reconnect.sockets} sockets, ${results.reconnect.missedMessagesSent} missed messages; ` +
      `${results.reconnect.complete} complete, all in ${results.reconnect.allCompleteMs} ms ` +
      `(p50 ${results.reconnect.completeMsPercentiles.p50} ms), still missing ${results.reconnect.messagesStillMissing}, ` +
      `unexpected ${results.reconnect.unexpectedMessages}, ${JSON.stringify(rstats)}`,
  );

  // The measured runs at the budget's rate, last: a server pushed past its capacity may take
  // a while to recover, and nothing after them depends on it. A run that reaches less than half
  // the target rate is not repeated (the others would measure the same overload).
  results.messageRuns = [];
  for (let i = 0; i < runs; i++) {
    const calm = await settle(`before run ${i + 1}`);
    const r = await messageRun(`run ${i + 1}`, seconds);
    r.settleBefore = calm;
    results.messageRuns.push(r);
    if (r.achievedRate < 0.5 * rate && i + 1 < runs) {
      results.runsSkipped = `${runs - i - 1} (run ${i + 1} reached ${r.achievedRate}/s of ${rate}/s)`;
      log(`runs after run ${i + 1} skipped: overloaded`);
      break;
    }
  }
  const mr = results.messageRuns;
  if (mr.length)
    results.messages = {
      deliveryP50Ms: spread(mr.map((r) => r.deliveryMs.p50)),
      deliveryP99Ms: spread(mr.map((r) => r.deliveryMs.p99)),
      deliveryFromScheduleP99Ms: spread(mr.map((r) => r.deliveryFromScheduleMs.p99)),
      ackP50Ms: spread(mr.map((r) => r.ackMs.p50)),
      ackP99Ms: spread(mr.map((r) => r.ackMs.p99)),
      achievedRate: spread(mr.map((r) => r.achievedRate)),
      errors: mr.reduce((n, r) => n + r.errors, 0),
      serverCpuPercent: spread(mr.map((r) => r.cpu.cpuPercentOfOneCore.server)),
      postgresBenchCpuPercent: spread(mr.map((r) => r.cpu.cpuPercentOfOneCore.postgresBench)),
      postgresOtherCpuPercent: spread(mr.map((r) => r.cpu.cpuPercentOfOneCore.postgres)),
      serverCpuMsPerMessage: spread(mr.map((r) => r.cpuMsPerMessage.server)),
      postgresBenchCpuMsPerMessage: spread(mr.map((r) => r.cpuMsPerMessage.postgresBench)),
      loadGeneratorsCpuPercent: spread(mr.map((r) => r.cpu.cpuPercentOfOneCore.loaders)),
      otherCpuPercent: spread(mr.map((r) => r.cpu.cpuPercentOfOneCore.other)),
    };

  await all('close', () => ({}));
  await monitor.end();
  monitor = null;
  results.machine = {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    memoryGB: Math.round(os.totalmem() / 1024 ** 3),
    // The machine is shared: the load average says how much of it others used meanwhile.
    loadAverageAtEnd: os.loadavg().map((x) => Math.round(x * 100) / 100),
    node: process.version,
    kernel: os.release(),
  };
} catch (err) {
  failed = true;
  console.error(err);
  if (server)
    console.error(
      `server log (${path.join(tmp, 'server.log')}):\n${tail(path.join(tmp, 'server.log'))}`,
    );
} finally {
  const warnings = server ? fs.readFileSync(path.join(tmp, 'server.log'), 'utf8').trim() : '';
  results.serverLogLines = warnings ? warnings.split('\n').length : 0;
  if (warnings) results.serverLogFirstLines = warnings.split('\n').slice(0, 5);
  await cleanup();
  if (warnings) log(`server log (${results.serverLogLines} lines): ${serverLogCopy}`);
}

// ---- verdict ------------------------------------------------------------------------------------
const m = results.messages;
const rc = results.reconnect;
const checks = [
  {
    figure: 'concurrent authenticated sockets',
    value: results.connect?.sockets,
    budget: `${users} (issue: ${BUDGET.sockets})`,
    met: results.connect?.sockets === users,
  },
  {
    figure: 'server RSS per connection',
    value: results.idle && `${results.idle.serverRssPerConnectionKB} KB`,
    budget: 'report',
    met: null,
  },
  {
    figure: 'server CPU idle, all sockets open',
    value: results.idle && `${results.idle.serverCpuPercentIdle} % of a core`,
    budget: 'report',
    met: null,
  },
  {
    figure: 'achieved rate (median of runs)',
    value: m && `${m.achievedRate.median}/s [${m.achievedRate.min}–${m.achievedRate.max}]`,
    budget: `≥ ${BUDGET.achievedShare * rate}/s (target ${rate}; issue ${BUDGET.rate})`,
    met: m ? m.achievedRate.median >= BUDGET.achievedShare * rate : runs === 0 ? null : false,
  },
  {
    figure: 'delivery p50 (median of runs)',
    value: m && `${m.deliveryP50Ms.median} ms [${m.deliveryP50Ms.min}–${m.deliveryP50Ms.max}]`,
    budget: `≤ ${BUDGET.deliveryP50Ms} ms`,
    met: m ? within(m.deliveryP50Ms.median, BUDGET.deliveryP50Ms) : runs === 0 ? null : false,
  },
  {
    figure: 'delivery p99 (median of runs)',
    value: m && `${m.deliveryP99Ms.median} ms [${m.deliveryP99Ms.min}–${m.deliveryP99Ms.max}]`,
    budget: `≤ ${BUDGET.deliveryP99Ms} ms`,
    met: m ? within(m.deliveryP99Ms.median, BUDGET.deliveryP99Ms) : runs === 0 ? null : false,
  },
  {
    figure: 'ack p50 / p99 (median of runs)',
    value: m && `${m.ackP50Ms.median} / ${m.ackP99Ms.median} ms`,
    budget: 'report',
    met: null,
  },
  {
    figure: 'message errors (all runs)',
    value: m?.errors,
    budget: '0',
    met: m ? m.errors === 0 : runs === 0 ? null : false,
  },
  {
    figure: `${reconnectCount} reconnect at once, all resumed exactly`,
    value:
      rc && (rc.allCompleteMs === null ? `${rc.incomplete} incomplete` : `${rc.allCompleteMs} ms`),
    budget: `≤ ${BUDGET.reconnectMs} ms, nothing lost or extra`,
    met: rc
      ? rc.allCompleteMs !== null &&
        rc.allCompleteMs <= BUDGET.reconnectMs &&
        rc.unexpectedMessages === 0 &&
        rc.messagesStillMissing === 0 &&
        rc.missedMessagesSent === rc.sockets * missedPerUser &&
        !rc.client.missedStreams
      : false,
  },
];
results.verdict = checks;
results.budgetsMet = !failed && checks.every((c) => c.met !== false);

const file =
  opts.out ??
  (full
    ? path.join(here, 'results', 'latest.json')
    : path.join(os.tmpdir(), `chat-bench-${dbName}.json`));
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, JSON.stringify(results, null, 2) + '\n');

console.log('');
console.table(
  checks.map((c) => ({
    figure: c.figure,
    value: c.value ?? '—',
    budget: c.budget,
    met: c.met === null ? '' : c.met ? 'yes' : 'NO',
  })),
);
log(
  `wrote ${path.relative(process.cwd(), file)}; budgets ${results.budgetsMet ? 'met' : 'MISSED'}`,
);
process.exit(results.budgetsMet ? 0 : 1);
