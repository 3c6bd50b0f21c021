// The report queue's first page with 100,000 open reports (issue 47 budget: p95 <= 50 ms),
// through the real server and PostgreSQL, as a moderator's console asks for it. Baseline in the
// same run: GET /api/staff/me, the same session and staff checks without the queue.
//   npx node --import tsx bench/moderation/queue.mjs [--reports=100000] [--runs=3] [--requests=500]
// Makes (and drops at the start) the database heartline_bench_moderation on the local server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createSessionsService } from '../../apps/server/src/modules/auth/sessions.service.ts';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, Number(v)];
  }),
);
const REPORTS = args.reports ?? 100_000;
const RUNS = args.runs ?? 3;
const REQUESTS = args.requests ?? 500;
const CASES = Math.round(REPORTS * 0.4);
const PEOPLE = Math.round(REPORTS * 0.6);
const DB_NAME = 'heartline_bench_moderation';
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${DB_NAME}`);
const PORT = 3999;

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`drop database if exists ${DB_NAME} with (force)`);
await admin.query(`create database ${DB_NAME}`);
await admin.end();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-bench-moderation-'));
const built = await buildApp(
  loadConfig({
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
    LOG_LEVEL: 'silent',
    SEED_ON_EMPTY: 'false',
  }),
  { logger: false },
);

// The data, in SQL: PEOPLE members, the first CASES of them reported, each case 2 or 3
// distinct reporters (REPORTS in all), reasons spread over the list, reports over 60 days.
const client = new pg.Client({ connectionString: dbUrl });
await client.connect();
const seedStarted = performance.now();
await client.query(`
  insert into users (id, name, created_at, friend_count)
  select gen_random_uuid(), 'Bench Person ' || g, now() - (g % 400) * interval '1 day', g % 7
    from generate_series(1, ${PEOPLE}) g;
  create temporary table people as
    select row_number() over (order by seq) - 1 as n, id from users;
  insert into moderation_cases (id, user_id, opened_at)
  select gen_random_uuid(), p.id, now() - (p.n % 60) * interval '1 day'
    from people p where p.n < ${CASES};
  insert into reports (id, case_id, reporter_id, reported_id, reason, context, details, created_at)
  select gen_random_uuid(), c.id, r.id, c.user_id,
         (array['spam','harassment','fake_profile','inappropriate_content','underage','other',
                'blocked'])[(i * 31 % 7) + 1],
         'discover', '', c.opened_at + (i % 24) * interval '1 hour'
    from generate_series(0, ${REPORTS - 1}) i
    join people rp on rp.n = i % ${CASES}
    join moderation_cases c on c.user_id = rp.id
    join people r on r.n = (i % ${CASES} + 1 + (i / ${CASES}) * 13) % ${PEOPLE};
  update moderation_cases c set reporters = x.reporters, reasons = x.reasons,
         severity = x.severity, standing = x.standing, urgent = x.reporters >= 3 and x.severity >= 4
    from (select r.case_id, count(distinct r.reporter_id)::int as reporters,
                 array_agg(distinct r.reason) as reasons,
                 max(case r.reason when 'underage' then 6 when 'harassment' then 5
                     when 'fake_profile' then 4 when 'inappropriate_content' then 3
                     when 'spam' then 2 when 'other' then 1 else 0 end)::int as severity,
                 sum((case when ru.created_at < now() - interval '30 days' then 1 else 0 end)
                     + (case when ru.friend_count >= 3 then 1 else 0 end))::int as standing
            from reports r join users ru on ru.id = r.reporter_id group by r.case_id) x
   where x.case_id = c.id;
  analyze;
`);
const seeded = (
  await client.query(
    `select (select count(*) from reports)::int as reports,
            (select count(*) from moderation_cases where status = 'open')::int as cases`,
  )
).rows[0];
const seedMs = performance.now() - seedStarted;

// A moderator whose session holds a passkey confirmation (the ceremony is not what is timed).
const mod = (
  await client.query(`insert into users (id, name) values (gen_random_uuid(), 'Bench Moderator')
    returning id`)
).rows[0].id;
await client.query(`insert into staff_roles (user_id, role) values ($1, 'moderator')`, [mod]);
const sessions = createSessionsService(built.db, { idleMs: 3_600_000, absoluteMs: 3_600_000 });
const { token, info } = await sessions.create(mod, 'bench');
await client.query(`update sessions set staff_verified_at = now() where token_hash = $1`, [
  info.tokenHash,
]);
await built.app.listen({ host: '127.0.0.1', port: PORT });

const base = `http://127.0.0.1:${PORT}`;
const headers = { cookie: `hl_session=${token}` };
async function timed(pathname) {
  const started = performance.now();
  const res = await fetch(base + pathname, { headers });
  const body = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${pathname}: ${res.status} ${body.slice(0, 200)}`);
  return { ms, bytes: body.length };
}
const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
async function series(pathname) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const t = await timed(pathname);
    times.push(t.ms);
    bytes = t.bytes;
  }
  times.sort((a, b) => a - b);
  const r = (x) => Math.round(x * 100) / 100;
  return { p50: r(pct(times, 50)), p95: r(pct(times, 95)), p99: r(pct(times, 99)), bytes };
}

const first = await timed('/api/staff/cases');
const page = JSON.parse(await (await fetch(`${base}/api/staff/cases`, { headers })).text());
for (let i = 0; i < 50; i++) await timed('/api/staff/cases');

const targets = {
  baseline: '/api/staff/me',
  queue: '/api/staff/cases',
  underage: '/api/staff/cases?reason=underage',
  urgent: '/api/staff/cases?state=urgent',
  page20: '/api/staff/cases?offset=1000',
};
const runs = [];
for (let run = 0; run < RUNS; run++) {
  const result = {};
  for (const [name, pathname] of Object.entries(targets)) result[name] = await series(pathname);
  runs.push(result);
  console.log(`run ${run + 1}: ${JSON.stringify(result)}`);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const summary = {};
for (const name of Object.keys(targets)) {
  summary[name] = {};
  for (const p of ['p50', 'p95', 'p99']) {
    const xs = runs.map((r) => r[name][p]);
    summary[name][p] = { median: median(xs), spread: [Math.min(...xs), Math.max(...xs)] };
  }
}
const plan = (
  await client.query(
    `explain (analyze, buffers, format text)
     select c.id from moderation_cases c where c.status = 'open'
      order by c.status, c.urgent desc, c.severity desc, c.reporters desc, c.standing desc,
               c.opened_at, c.id limit 51`,
  )
).rows
  .map((r) => r['QUERY PLAN'])
  .join('\n');

const out = {
  at: new Date().toISOString(),
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB`,
  seeded: { ...seeded, seedMs: Math.round(seedMs) },
  firstRequestMs: Math.round(first.ms * 100) / 100,
  firstPage: { items: page.items.length, counts: page.counts, nextOffset: page.nextOffset },
  requestsPerSeries: REQUESTS,
  runs,
  summary,
  budget: { queueP95Ms: 50, met: summary.queue.p95.median <= 50 },
  plan,
};
fs.mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
fs.writeFileSync(new URL('./results/queue.json', import.meta.url), JSON.stringify(out, null, 2));
console.log(JSON.stringify({ summary, budget: out.budget, seeded: out.seeded }, null, 2));
await client.end();
await built.close();
process.exit(0);
