// Graph bench: the real server on the database loaded by load.mjs, measured on loopback against
// a plain-SQL baseline in the same run.
// Usage: npx node --import tsx bench/graph/run.mjs [--db=heartline_bench_graph] [--rate=500]
//          [--seconds=30] [--changes=200] [--instances=1] [--only=network|discover]
//          [--filters] (with --only=discover: cities for everyone, filters for the bench users,
//          and the profile page and city search runs of issue 48)
//          [--admin=postgres://postgres@127.0.0.1:5432/postgres]
//
// Two load generators: autocannon (closed loop; with a rate it fires each connection's quota
// back to back at the start of every second, so its latencies include its own bursts), and an
// open-loop pacer that sends at evenly spaced instants and times each request from the instant
// it was due (no coordinated omission). Latency budgets are read from the pacer.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import readline from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchDatabase, benchViewers, parseArgs } from './common.mjs';

const args = parseArgs();
const { dbName, dbUrl } = benchDatabase(args);
const rate = Number(args.rate ?? 500);
const seconds = Number(args.seconds ?? 30);
const changes = Number(args.changes ?? 200);
const instances = Number(args.instances ?? 1);
const here = import.meta.dirname;
const log = (m) => console.log(`[graph bench] ${m}`);

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

function percentiles(values) {
  const s = [...values].sort((a, b) => a - b);
  const at = (p) => (s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : null);
  const round = (x) => (x === null ? null : Math.round(x * 100) / 100);
  return {
    n: s.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(s.at(-1) ?? null),
  };
}

// ---- sessions for sampled users ----------------------------------------------------------
const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
const viewers = await benchViewers(db);
const userCount = viewers.users;
const pick = viewers.pick;

async function sessionsFor(seqs) {
  const users = await db.query(
    'select id, seq::int as seq from users where seq = any($1::bigint[])',
    [seqs],
  );
  const out = [];
  for (const u of users.rows) {
    const token = randomBytes(32).toString('base64url');
    const hash = createHash('sha256').update(token).digest('hex');
    await db.query(
      `insert into sessions (token_hash, user_id, idle_expires_at, expires_at, user_agent)
       values ($1, $2, now() + interval '1 day', now() + interval '1 day', 'graph bench')`,
      [hash, u.id],
    );
    out.push({ seq: u.seq, id: u.id, cookie: `hl_session=${token}` });
  }
  return out;
}
const sampled = await sessionsFor(viewers.sampled);
const topUsers = await sessionsFor(viewers.top);
log(`${userCount} users; ${sampled.length} sampled, top ${topUsers.length} by degree`);

// ---- issue 48: cities and filters (--filters), before the server loads the index ---------------
/** Real cities (GeoNames ids and coordinates), a few within a few hundred km of each other. */
const BENCH_CITIES = [
  [293397, 32.08088, 34.78057], // Tel Aviv
  [294801, 32.81841, 34.9885], // Haifa
  [281184, 31.76904, 35.21633], // Jerusalem
  [295530, 31.25181, 34.7913], // Beersheba
  [2643743, 51.50853, -0.12574], // London
  [2655603, 52.48142, -1.89983], // Birmingham
  [2643123, 53.48095, -2.23743], // Manchester
  [1273294, 28.65195, 77.23149], // Delhi
  [1275339, 19.07283, 72.88261], // Mumbai
  [1277333, 12.97194, 77.59369], // Bengaluru
  [5128581, 40.71427, -74.00597], // New York
  [4930956, 42.35843, -71.05977], // Boston
];
if (args.filters) {
  // Neighbouring seqs share a city (the generator's clusters are runs of seqs), 12 cities.
  const started = performance.now();
  await db.query(
    `update users u set city_id = c.id, city_lat = c.lat, city_lon = c.lon
     from unnest($1::int[], $2::float8[], $3::float8[]) with ordinality as c(id, lat, lon, k)
     where c.k - 1 = (u.seq / 2000) % $4`,
    [
      BENCH_CITIES.map((c) => c[0]),
      BENCH_CITIES.map((c) => c[1]),
      BENCH_CITIES.map((c) => c[2]),
      BENCH_CITIES.length,
    ],
  );
  // Every bench viewer set an age range and a distance.
  await db.query(
    `insert into user_settings (user_id, discover_age_min, discover_age_max, discover_max_km)
     select u.id, 22, 45, 250 from users u where u.seq = any($1::bigint[])
     on conflict (user_id) do update set discover_age_min = 22, discover_age_max = 45,
       discover_max_km = 250`,
    [[...sampled, ...topUsers].map((u) => u.seq)],
  );
  log(`cities and filters set in ${Math.round(performance.now() - started)} ms`);
}

// ---- the server ----------------------------------------------------------------------------
const port = await freePort();
const warmPorts = [];
if (instances > 1) for (let i = 0; i < instances; i++) warmPorts.push(await freePort());
const child = spawn(
  process.execPath,
  [
    // e.g. BENCH_SERVER_NODE_ARGS=--cpu-prof to profile the server under load.
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    '--import',
    'tsx',
    path.join(here, 'server.mjs'),
    dbUrl,
    String(port),
    String(instances),
    warmPorts.join(','),
  ],
  {
    cwd: path.resolve(here, '../../apps/server'),
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const ready = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('server not ready within 600 s')), 600_000);
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    if (process.env.BENCH_TRACE) fs.appendFileSync(process.env.BENCH_TRACE, line + '\n');
    if (line.startsWith('READY ')) {
      clearTimeout(timer);
      resolve(JSON.parse(line.slice(6)));
    }
  });
  child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
});
log(`server ready: ${JSON.stringify(ready)}`);
const base = `http://127.0.0.1:${port}`;

async function load(label, users, pathFor, { rps = rate, duration = seconds, connections } = {}) {
  let k = 0;
  const latencies = [];
  let errors = 0;
  const instance = autocannon({
    url: base,
    connections: connections ?? Math.max(10, Math.min(100, Math.ceil(rps / 10))),
    duration,
    ...(rps ? { overallRate: rps } : {}),
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const u = users[k++ % users.length];
          return { ...req, path: pathFor(u), headers: { cookie: u.cookie } };
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status !== 200) errors++;
    latencies.push(ms);
  });
  const result = await instance;
  const summary = {
    label,
    generator: rps ? 'autocannon, rate-limited' : `autocannon, ${connections} connections`,
    targetRps: rps ?? null,
    achievedRps: Math.round(latencies.length / duration),
    errors: errors + result.errors + result.timeouts,
    latencyMs: percentiles(latencies),
  };
  log(JSON.stringify(summary));
  return summary;
}

/**
 * Open loop: request i is due at start + i / rps, whatever happened before; its latency runs
 * from that instant. `group(i)` tags requests so one run can report populations separately.
 */
async function paced(
  label,
  pick,
  pathFor,
  { rps = rate, duration = seconds, graceMs = 20_000, to = port } = {},
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round(rps * duration);
  const interval = 1000 / rps;
  const byGroup = new Map();
  /** Latencies by the 5 s window their request was due in: where in the run a tail sits. */
  const byWindow = [];
  let errors = 0;
  const started = performance.now();
  const pending = new Map();
  // The generator's own stalls (its GC, being descheduled) delay sends and so count as latency:
  // reported beside the figures so a tail can be told apart from the server's.
  const ownDelay = monitorEventLoopDelay({ resolution: 1 });
  ownDelay.enable();
  await new Promise((resolve) => {
    let sent = 0;
    let done = 0;
    const finish = () => {
      if (++done === total) resolve();
    };
    // A system that cannot keep up would keep the run going for ever: stop waiting after the
    // grace period and count what is still open at its latency so far (a lower bound).
    setTimeout(resolve, duration * 1000 + graceMs).unref();
    const tick = () => {
      const now = performance.now();
      while (sent < total && started + sent * interval <= now) {
        const due = started + sent * interval;
        const { user, group } = pick(sent++);
        const id = sent;
        pending.set(id, { due, group });
        const req = http.get(
          {
            host: '127.0.0.1',
            port: to,
            path: pathFor(user),
            headers: { cookie: user.cookie },
            agent,
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              pending.delete(id);
              if (res.statusCode !== 200) errors++;
              if (!byGroup.has(group)) byGroup.set(group, []);
              const ms = performance.now() - due;
              byGroup.get(group).push(ms);
              const window = Math.floor((due - started) / 5000);
              (byWindow[window] ??= []).push(ms);
              finish();
            });
          },
        );
        req.on('error', () => {
          if (!pending.delete(id)) return;
          errors++;
          finish();
        });
      }
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  const ended = performance.now();
  const unfinished = pending.size;
  for (const { due, group } of pending.values()) {
    if (!byGroup.has(group)) byGroup.set(group, []);
    byGroup.get(group).push(ended - due);
  }
  pending.clear();
  const elapsed = (ended - started) / 1000;
  const all = [...byGroup.values()].flat();
  const summary = {
    label,
    generator: 'open-loop pacer',
    targetRps: rps,
    achievedRps: Math.round((all.length - unfinished) / elapsed),
    errors,
    unfinished,
    latencyMs: percentiles(all),
    groups: Object.fromEntries([...byGroup].map(([g, v]) => [g, percentiles(v)])),
    by5sWindow: byWindow.map((v) => percentiles(v ?? [])),
    generatorLoopDelayMs: {
      p99: Math.round(ownDelay.percentile(99) / 1e5) / 10,
      max: Math.round(ownDelay.max / 1e5) / 10,
    },
  };
  ownDelay.disable();
  agent.destroy();
  log(JSON.stringify(summary));
  return summary;
}

/** One request at a time: the baseline's best case, no queueing at all. */
async function sequential(label, users, pathFor, count) {
  const latencies = [];
  let errors = 0;
  for (let i = 0; i < count; i++) {
    const u = users[i % users.length];
    const t0 = performance.now();
    const res = await fetch(base + pathFor(u), { headers: { cookie: u.cookie } });
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
    if (res.status !== 200) errors++;
  }
  const summary = { label, mode: 'sequential', errors, latencyMs: percentiles(latencies) };
  log(JSON.stringify(summary));
  return summary;
}

const networkPath = () => '/api/network?tab=second&limit=50';
const baselinePath = () => '/api/bench/baseline/network';
const thirdPath = () => '/api/network/connections?tab=third&limit=50';
// 2 % of the requests come from the 0.1 % best-connected users (20 times their share), so the
// run says enough about them; they are reported as their own group.
const mixed = (i) =>
  i % 50 === 7
    ? { user: topUsers[Math.floor(i / 50) % topUsers.length], group: 'top0.1%' }
    : { user: sampled[i % sampled.length], group: 'sampled' };
const sampledOnly = (i) => ({ user: sampled[i % sampled.length], group: 'sampled' });

const results = {
  dataset: JSON.parse(fs.readFileSync(path.join(here, `results/dataset-${dbName}.json`), 'utf8')),
  startup: ready,
};
// Steady state: every bench user opens the page once before the measured runs (their session,
// counts and the people on their page are then what a returning user finds in the caches).
const everyUser = (i) => ({
  user: i < sampled.length ? sampled[i] : topUsers[i - sampled.length],
  group: i < sampled.length ? 'sampled' : 'top0.1%',
});
const warmUp = { rps: 200, duration: (sampled.length + topUsers.length) / 200 };
if (args.only === 'discover') await runDiscover();
results.firstOpens = await paced(
  'first opens (warm-up), every bench user once',
  everyUser,
  networkPath,
  warmPorts.length ? { ...warmUp, to: warmPorts[0] } : warmUp,
);
// Several instances: every instance has seen every user once, as under a load balancer after a
// while (each keeps its own session, counts and people caches).
for (const [i, to] of warmPorts.slice(1).entries()) {
  await paced(`first opens on instance ${i + 2}`, everyUser, networkPath, { ...warmUp, to });
}
const loopDelay = async () =>
  (await fetch(`${base}/api/bench/loop`, { method: 'POST', headers: { origin: base } })).json();
await loopDelay();
results.network = await paced('network page (product), sampled + top 0.1 %', mixed, networkPath);
results.network.serverSideMs = await loopDelay();
log(`server side during the network run: ${JSON.stringify(results.network.serverSideMs)}`);
if (args.only === 'network') {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await db.query(`delete from sessions where user_agent = 'graph bench'`);
  await db.end();
  process.exit(0);
}
results.networkAutocannon = await load(
  'network page (product), autocannon at the same rate',
  sampled,
  networkPath,
  { duration: Math.min(seconds, 20) },
);
results.networkCapacity = await load(
  'network page (product), autocannon closed loop',
  sampled,
  networkPath,
  { rps: null, connections: 8, duration: 10 },
);
results.third = await paced('3rd-degree first page (product)', sampledOnly, thirdPath, {
  rps: 100,
  duration: 20,
});
results.networkSequential = await sequential(
  'network page (product), one at a time',
  sampled,
  networkPath,
  300,
);
results.networkTopSequential = await sequential(
  'network page (product), top 0.1 %, one at a time',
  topUsers,
  networkPath,
  Math.min(30, topUsers.length),
);
await sequential('baseline warm-up', sampled.slice(300), baselinePath, 10);
results.baselineSequential = await sequential(
  'network page (plain SQL), one at a time',
  sampled,
  baselinePath,
  200,
);
results.baselineTopSequential = await sequential(
  'network page (plain SQL), top 0.1 %, one at a time',
  topUsers,
  baselinePath,
  Math.min(30, topUsers.length),
);
// ---- friendship changes: time until every affected stored figure is right --------------------
const changeRuns = [];
const everyone = [...sampled, ...topUsers];
for (let i = 0; i < changes / 2; i++) {
  const a = everyone[Math.floor(pick() * everyone.length)].seq;
  const b = everyone[Math.floor(pick() * everyone.length)].seq;
  if (a === b) continue;
  const [lo, hi] = a < b ? [a, b] : [b, a];
  for (const op of ['add', 'remove']) {
    const res = await fetch(`${base}/api/bench/change`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ a: lo, b: hi, op }),
    });
    changeRuns.push(await res.json());
  }
}
results.changes = {
  count: changeRuns.length,
  commitToStoredMs: percentiles(changeRuns.map((c) => c.commitToStoredMs)),
  totalMs: percentiles(changeRuns.map((c) => c.totalMs)),
  usersChecked: percentiles(changeRuns.map((c) => c.reach)),
  wrongStoredFigures: changeRuns.reduce((s, c) => s + c.wrong, 0),
  endsMatchIndependentSql: changeRuns.every((c) => c.endsMatchIndependentSql),
};
log(`changes: ${JSON.stringify(results.changes)}`);
results.memory = await (await fetch(`${base}/api/bench/stats`)).json();
// Last: the baseline cannot keep up, and the requests it leaves queued load the machine until
// the server stops.
results.baselineSameRate = await paced('network page (plain SQL), same rate', mixed, baselinePath, {
  duration: 5,
  graceMs: 10_000,
});

const ratio = (b, p) => (b && p ? Math.round((b / p) * 10) / 10 : null);
results.ratios = {
  // Baseline latencies over product latencies: at the same offered rate, and against the
  // baseline's unloaded best case (one request at a time), which flatters the baseline.
  p99SameRate: ratio(results.baselineSameRate.latencyMs.p99, results.network.latencyMs.p99),
  p50SameRate: ratio(results.baselineSameRate.latencyMs.p50, results.network.latencyMs.p50),
  p99OneAtATime: ratio(
    results.baselineSequential.latencyMs.p99,
    results.networkSequential.latencyMs.p99,
  ),
  p50OneAtATime: ratio(
    results.baselineSequential.latencyMs.p50,
    results.networkSequential.latencyMs.p50,
  ),
  p99BaselineOneAtATimeVsProductAtRate: ratio(
    results.baselineSequential.latencyMs.p99,
    results.network.latencyMs.p99,
  ),
  topP99OneAtATime: ratio(
    results.baselineTopSequential.latencyMs.p99,
    results.networkTopSequential.latencyMs.p99,
  ),
};
results.machine = {
  cpus: os.cpus().length,
  // The machine is shared: the load average says how much of it the bench really had.
  loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
  node: process.version,
  at: new Date().toISOString(),
};

child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
await db.query(`delete from sessions where user_agent = 'graph bench'`);
await db.end();
fs.mkdirSync(path.join(here, 'results'), { recursive: true });
const file =
  args.out ?? (dbName === 'heartline_bench_graph' ? 'latest.json' : `latest-${dbName}.json`);
const where = (name) => (path.isAbsolute(name) ? name : path.join(here, 'results', name));
fs.writeFileSync(where(file), JSON.stringify(results, null, 2) + '\n');
log(`ratios: ${JSON.stringify(results.ratios)}`);
log(`wrote bench/graph/results/${file}`);

/**
 * `--only=discover` (issue 14): Discover's first page at 200 req/s open loop (sampled + top
 * 0.1 %), next pages from stored cursors, one at a time against the plain-SQL baseline, and the
 * baseline's answers compared with the product's. Writes results/discover.json.
 */
async function runDiscover() {
  const discoverRate = Number(args.rate ?? 200);
  const everyone = [...sampled, ...topUsers];
  // Every bench user has already acted on 100 people (a third each liked, passed, skipped):
  // they leave the feed, and reading them is part of every page.
  await db.query(
    `insert into swipes (user_seq, target_seq, action)
     select u.seq, t.target, case g % 3 when 0 then 'pass' when 1 then 'skip' else 'like' end
     from unnest($2::bigint[]) as u(seq)
     cross join generate_series(1, 100) g
     cross join lateral (select 1 + ((u.seq * 7919 + g * 104729) % $1) as target) t
     where t.target <> u.seq
     on conflict do nothing`,
    [userCount, everyone.map((u) => u.seq)],
  );
  const firstPage = () => '/api/discover?limit=20';
  const out = {
    dataset: JSON.parse(fs.readFileSync(path.join(here, `results/dataset-${dbName}.json`), 'utf8')),
    startup: ready,
  };
  const warm = { rps: 200, duration: everyone.length / 200 };
  out.firstOpens = await paced(
    'discover first opens (warm-up), every bench user once',
    everyUser,
    firstPage,
    warm,
  );
  const serverSide = async () =>
    (await fetch(`${base}/api/bench/loop`, { method: 'POST', headers: { origin: base } })).json();
  await serverSide();
  out.first = await paced('discover first page (product), sampled + top 0.1 %', mixed, firstPage, {
    rps: discoverRate,
  });
  out.first.serverSideMs = await serverSide();

  // What the feeds hold, and a cursor per user for the next-page run.
  const withCursor = [];
  const items = [];
  const degrees = { '1st': 0, '2nd': 0, '3rd': 0 };
  let empty = 0;
  for (const u of sampled.slice(0, 1000)) {
    const res = await fetch(base + firstPage(), { headers: { cookie: u.cookie } });
    const page = await res.json();
    items.push(page.items.length);
    if (page.items.length === 0) empty++;
    for (const item of page.items) degrees[item.degree]++;
    if (page.nextCursor) withCursor.push({ ...u, cursor: page.nextCursor });
  }
  out.feeds = {
    users: items.length,
    emptyFirstPages: empty,
    itemsPerFirstPage: percentiles(items),
    cardsByDegree: degrees,
    withNextPage: withCursor.length,
  };
  log(`feeds: ${JSON.stringify(out.feeds)}`);
  out.next = await paced(
    'discover next page (product), sampled',
    (i) => ({ user: withCursor[i % withCursor.length], group: 'sampled' }),
    (u) => `/api/discover?limit=20&cursor=${u.cursor}`,
    { rps: discoverRate },
  );
  if (args.filters) {
    // Another person's profile (issue 48), opened from the viewer's own first page.
    const opened = [];
    for (const u of sampled.slice(0, 1000)) {
      const page = await (
        await fetch(base + firstPage(), { headers: { cookie: u.cookie } })
      ).json();
      for (const item of page.items.slice(0, 3)) opened.push({ ...u, target: item.id });
    }
    out.profile = await paced(
      "another person's profile (product), from the viewer's feed",
      (i) => ({ user: opened[i % opened.length], group: 'sampled' }),
      (u) => `/api/people/${u.target}`,
      { rps: discoverRate },
    );
    // The city search, 2 to 5 letters of real city names.
    const prefixes = [
      'ha',
      'tel',
      'jeru',
      'lon',
      'man',
      'de',
      'mum',
      'beng',
      'new',
      'bos',
      'san',
      'par',
    ];
    out.places = await paced(
      'city search (product)',
      (i) => ({
        user: { ...sampled[i % sampled.length], q: prefixes[i % prefixes.length] },
        group: 'sampled',
      }),
      (u) => `/api/places?q=${u.q}`,
      { rps: discoverRate },
    );
  }
  out.firstSequential = await sequential(
    'discover first page (product), one at a time',
    sampled,
    firstPage,
    300,
  );

  // The baseline, one at a time, and whether it gives the same cards in the same order.
  const baselinePage = () => '/api/bench/baseline/discover';
  const compared = sampled.slice(0, Number(args.baselineUsers ?? 30));
  const baselineMs = [];
  let same = 0;
  const differ = [];
  for (const u of compared) {
    const t0 = performance.now();
    const res = await fetch(base + baselinePage(), { headers: { cookie: u.cookie } });
    const page = await res.json();
    baselineMs.push(performance.now() - t0);
    const product = await (
      await fetch(base + firstPage(), { headers: { cookie: u.cookie } })
    ).json();
    const a = product.items.map((x) => x.id).join(',');
    const b = page.items.map((x) => x.id).join(',');
    if (a === b) same++;
    else differ.push(u.seq);
  }
  out.baselineSequential = {
    label: 'discover first page (plain SQL), one at a time',
    latencyMs: percentiles(baselineMs),
  };
  out.baselineAgrees = { users: compared.length, samePage: same, differ };
  log(JSON.stringify(out.baselineSequential));
  log(`baseline agrees: ${JSON.stringify(out.baselineAgrees)}`);
  const ratio = (b, p) => (b && p ? Math.round((b / p) * 10) / 10 : null);
  out.ratios = {
    p50OneAtATime: ratio(out.baselineSequential.latencyMs.p50, out.firstSequential.latencyMs.p50),
    p99OneAtATime: ratio(out.baselineSequential.latencyMs.p99, out.firstSequential.latencyMs.p99),
    p50BaselineOneAtATimeVsProductAtRate: ratio(
      out.baselineSequential.latencyMs.p50,
      out.first.latencyMs.p50,
    ),
  };
  out.budgets = {
    firstP95: { ms: out.first.latencyMs.p95, budget: 25, met: out.first.latencyMs.p95 <= 25 },
    firstP99: { ms: out.first.latencyMs.p99, budget: 60, met: out.first.latencyMs.p99 <= 60 },
    nextP95: { ms: out.next.latencyMs.p95, budget: 10, met: out.next.latencyMs.p95 <= 10 },
  };
  if (out.profile) {
    out.budgets.profileP95 = {
      ms: out.profile.latencyMs.p95,
      budget: 20,
      met: out.profile.latencyMs.p95 <= 20,
    };
    out.budgets.placesP95 = {
      ms: out.places.latencyMs.p95,
      budget: 10,
      met: out.places.latencyMs.p95 <= 10,
    };
  }
  out.machine = {
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
    node: process.version,
    at: new Date().toISOString(),
  };
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await db.query(`delete from sessions where user_agent = 'graph bench'`);
  await db.end();
  const file = args.out ?? 'discover.json';
  // An absolute --out is kept as given (issue 52: it was joined under results/ and lost).
  const target = path.isAbsolute(file) ? file : path.join(here, 'results', file);
  fs.writeFileSync(target, JSON.stringify(out, null, 2) + '\n');
  log(`budgets: ${JSON.stringify(out.budgets)}`);
  log(`wrote bench/graph/results/${file}`);
  process.exit(0);
}
