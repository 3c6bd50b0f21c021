// The real server (buildApp) on the bench database, plus two bench-only routes:
//   GET  /bench/baseline/network  the Network page answered by the best plain SQL we could write
//   POST /bench/change            one friendship change through the product's graph write path,
//                                 with timings and a check of every stored figure it moved
// Prints one line `READY {json}` with start-up figures. Run by run.mjs; usage:
//   node --import tsx bench/graph/server.mjs <databaseUrl> <port> [instances=1]
// With more than one instance, node's cluster module runs them on the one port (the product's
// scale-out model, one instance per core); they keep their graph indexes in step over Redis.
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import inspector from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { requireSession } from '../../apps/server/src/plugins/session.ts';

const [databaseUrl, port, instancesArg, warmPortsArg] = process.argv.slice(2);
const instances = Number(instancesArg ?? 1);
// With several instances, each also answers on a port of its own (the n-th of this list), so
// the warm-up can reach every instance's caches for every bench user.
const warmPorts = (warmPortsArg ?? '').split(',').filter(Boolean).map(Number);

if (cluster.isPrimary && instances > 1) {
  const prefix = `hlbench:${randomBytes(4).toString('hex')}:`;
  const ready = [];
  for (let i = 0; i < instances; i++) {
    const worker = cluster.fork({ BENCH_REDIS_PREFIX: prefix });
    worker.on('message', (m) => {
      if (!m?.ready) return;
      ready.push(m.ready);
      if (ready.length === instances) {
        console.log(
          `READY ${JSON.stringify({
            instances,
            buildAppMs: Math.max(...ready.map((r) => r.buildAppMs)),
            indexLoadMs: Math.max(...ready.map((r) => r.indexLoadMs)),
            indexBytes: ready[0].indexBytes,
            edges: ready[0].edges,
            rssGrowthBytes: ready[0].rssGrowthBytes,
          })}`,
        );
      }
    });
  }
  const stopAll = () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.once('SIGTERM', stopAll);
  process.once('SIGINT', stopAll);
} else {
  await serve();
}

async function serve() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-bench-graph-'));
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const built = await buildApp(
    loadConfig({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: port,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      SEED_ON_EMPTY: 'false',
      ...(process.env.BENCH_REDIS_PREFIX
        ? { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: process.env.BENCH_REDIS_PREFIX }
        : {}),
    }),
    { logger: false },
  );
  const buildMs = performance.now() - started;
  const { app } = built;
  const graph = built.graph;

  // The baseline gets the same pool size as the app and more sort/hash memory than the default,
  // so it is not handicapped by spills.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: '-c work_mem=64MB' });

  const FRIENDS = `
  f as (
    select user_high as x from friendships where user_low = (select seq from me)
    union all
    select user_low from friendships where user_high = (select seq from me)
  )`;
  const NEIGHBOURS = (col) => `
  cross join lateral (
    select user_high as y from friendships where user_low = ${col}
    union all
    select user_low from friendships where user_high = ${col}
  ) e`;

  const BASELINE_SUMMARY = `
  with me as (select id, seq, trust_score, friend_count, second_degree_count from users where id = $1),
  ${FRIENDS},
  s as (
    select distinct e.y from f ${NEIGHBOURS('f.x')}
    where e.y <> (select seq from me) and e.y not in (select x from f)
  ),
  t as (
    -- DISTINCT cannot stop early in PostgreSQL; cap the rows it has to look at instead.
    select distinct y from (
      select e.y from s ${NEIGHBOURS('s.y')}
      where e.y <> (select seq from me) and e.y not in (select x from f) and e.y not in (select y from s)
      limit 20000
    ) z
  )
  select me.trust_score, me.friend_count, me.second_degree_count,
         least((select count(*) from t), 999)::int as third,
         (select count(*) from connection_requests r where r.to_user_id = me.id and r.status = 'PENDING')::int as pending,
         (select count(*) from favorites v where v.user_seq = me.seq)::int as favorites
  from me`;

  const BASELINE_SECOND = `
  with me as (select seq from users where id = $1),
  ${FRIENDS},
  fof as (
    select e.y, count(*)::int as mutual, min(f.x) as via
    from f ${NEIGHBOURS('f.x')}
    where e.y <> (select seq from me) and e.y not in (select x from f)
    group by e.y
  )
  select u.id, u.name, u.bio, u.avatar_url, u.trust_score, fof.mutual, c.id as via_id, c.name as via_name
  from fof
  join users u on u.seq = fof.y
  join users c on c.seq = fof.via
  order by u.trust_score desc, lower(u.name), u.seq
  limit $2`;

  app.get('/api/bench/baseline/network', async (request) => {
    const { userId } = requireSession(request);
    const summary = await pool.query(BASELINE_SUMMARY, [userId]);
    const page = await pool.query(BASELINE_SECOND, [userId, 50]);
    return { summary: summary.rows[0], items: page.rows };
  });

  // Discover's first page in plain SQL: the degrees by joins (3rd only at trust >= 70, 2nd at 3
  // friends), every filter of the product as WHERE clauses, sorted by trust. The 3rd degree
  // cannot be capped without changing the answer, so it is materialised in full.
  const BASELINE_DISCOVER = `
  with me as (
    select u.id, u.seq, u.gender, u.interested_in, u.dob, u.trust_score, u.friend_count
    from users u where u.id = $1
  ),
  ${FRIENDS},
  s as (
    select distinct e.y from f ${NEIGHBOURS('f.x')}
    where (select friend_count from me) >= 3
      and e.y <> (select seq from me) and e.y not in (select x from f)
  ),
  t as (
    select distinct e.y from s ${NEIGHBOURS('s.y')}
    where (select trust_score from me) >= 70
      and e.y <> (select seq from me) and e.y not in (select x from f) and e.y not in (select y from s)
  ),
  c as (
    select x as y, 1 as degree from f
    union all select y, 2 from s
    union all select y, 3 from t
  )
  select u.id, u.name, u.bio, u.location, u.interests, u.photo_url, u.trust_score, c.degree
  from c
  cross join me
  join users u on u.seq = c.y
  join user_onboarding_status o on o.user_id = u.id and o.onboarding_completed
  left join user_settings st on st.user_id = u.id
  where u.account_status = 'ACTIVE' and u.dob is not null and not coalesce(st.hide_from_search, false)
    and c.degree <= case coalesce(st.discovery_visibility, '1st_2nd')
                      when '1st_only' then 1 when '1st_2nd' then 2 else 3 end
    and (me.interested_in = 'everyone' or (me.interested_in = 'women' and u.gender = 'woman')
         or (me.interested_in = 'men' and u.gender = 'man'))
    and (u.interested_in = 'everyone' or (u.interested_in = 'women' and me.gender = 'woman')
         or (u.interested_in = 'men' and me.gender = 'man'))
    and abs(extract(year from age(u.dob)) - extract(year from age(me.dob))) <= 5
    and not exists (select 1 from swipes w where w.user_seq = me.seq and w.target_seq = u.seq)
    and not exists (select 1 from blocks b where (b.blocker_seq = me.seq and b.blocked_seq = u.seq)
                                              or (b.blocker_seq = u.seq and b.blocked_seq = me.seq))
  order by u.trust_score desc, c.degree, lower(u.name), u.seq
  limit $2`;

  app.get('/api/bench/baseline/discover', async (request) => {
    const { userId } = requireSession(request);
    const page = await pool.query(BASELINE_DISCOVER, [userId, 20]);
    return { items: page.rows };
  });

  app.post('/api/bench/change', async (request) => {
    const { a, b, op } = request.body;
    let insideMs = 0;
    const t0 = performance.now();
    await graph.write(async (trx, record) => {
      const changed =
        op === 'add'
          ? await graph.insertFriendship(trx, a, b)
          : await graph.deleteFriendship(trx, a, b);
      if (changed) await record(op === 'add' ? 'add' : 'remove', a, b);
      insideMs = performance.now();
    });
    const storedMs = performance.now() - insideMs;
    // Which users moved: both ends and their friends is the superset; compare all of them.
    const reach = [...new Set([a, b, ...graph.friendsOf(a), ...graph.friendsOf(b)])];
    const rows = await pool.query(
      'select seq::int as seq, friend_count, second_degree_count, trust_score from users where seq = any($1::bigint[])',
      [reach],
    );
    let wrong = 0;
    for (const r of rows.rows) {
      if (
        r.friend_count !== graph.friendCount(r.seq) ||
        r.second_degree_count !== graph.secondCount(r.seq) ||
        r.trust_score !== graph.trust(r.seq)
      ) {
        wrong++;
      }
    }
    const verifyA = await built.trust.verify(a);
    const verifyB = await built.trust.verify(b);
    return {
      totalMs: performance.now() - t0,
      commitToStoredMs: storedMs,
      reach: reach.length,
      wrong,
      endsMatchIndependentSql: verifyA.matches && verifyB.matches,
    };
  });

  // How long the event loop was blocked (ms), since the last reset: separates the server's own
  // stalls from time spent waiting on PostgreSQL or the network.
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  // BENCH_STALLS=1: every event-loop gap over 40 ms is printed with its time, to line up with
  // --trace-gc output (run.mjs copies the server's lines to BENCH_TRACE).
  if (process.env.BENCH_STALLS) {
    let last = performance.now();
    setInterval(() => {
      const now = performance.now();
      if (now - last > 40) console.log(`STALL at ${Math.round(now)} gap ${Math.round(now - last)}`);
      last = now;
    }, 5).unref();
  }
  // And how long requests spent inside the server (first byte read to response written).
  let served = [];
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/api/network')) served.push(reply.elapsedTime);
  });
  // One heap diagnostic per run, started with the measured run (BENCH_HEAP_SNAPSHOT wins):
  // BENCH_HEAP_SNAPSHOT=<file>: a heap snapshot 5 s in (it forces a full GC and pauses ~8 s).
  // BENCH_HEAP_PROF=<file>: what survives young-generation collections in the first 15 s (V8's
  // sampling heap profiler drops a sample when a young GC collects its object; samples of
  // objects later collected by a full GC are kept, so promoted garbage shows), as .heapprofile.
  let heapProfiling = false;
  app.post('/api/bench/loop', async () => {
    if (process.env.BENCH_STALLS) console.log(`LOOP at ${Math.round(performance.now())}`);
    if (process.env.BENCH_HEAP_SNAPSHOT && !heapProfiling) {
      heapProfiling = true;
      setTimeout(() => {
        const file = v8.writeHeapSnapshot(process.env.BENCH_HEAP_SNAPSHOT);
        console.log(`HEAP SNAPSHOT ${file} at ${Math.round(performance.now())}`);
      }, 5_000);
    }
    if (process.env.BENCH_HEAP_PROF && !heapProfiling) {
      heapProfiling = true;
      const session = new inspector.Session();
      session.connect();
      await session.post('HeapProfiler.startSampling', {
        samplingInterval: 16384,
        includeObjectsCollectedByMajorGC: true,
      });
      setTimeout(async () => {
        const { profile } = await session.post('HeapProfiler.getSamplingProfile');
        await session.post('HeapProfiler.stopSampling');
        fs.writeFileSync(process.env.BENCH_HEAP_PROF, JSON.stringify(profile));
        console.log(`HEAP PROFILE written at ${Math.round(performance.now())}`);
        session.disconnect();
      }, 15_000);
    }
    const ms = (q) => Math.round((loopDelay.percentile(q) / 1e6) * 10) / 10;
    served.sort((a, b) => a - b);
    const at = (q) => Math.round((served[Math.floor(served.length * q)] ?? 0) * 10) / 10;
    const out = {
      eventLoopDelay: {
        p50: ms(50),
        p99: ms(99),
        p999: ms(99.9),
        max: Math.round(loopDelay.max / 1e5) / 10,
      },
      inServer: { n: served.length, p50: at(0.5), p95: at(0.95), p99: at(0.99) },
    };
    loopDelay.reset();
    served = [];
    return out;
  });

  app.get('/api/bench/stats', async () => ({
    indexBytes: graph.stats().bytes,
    edges: graph.stats().edges,
    heapUsed: process.memoryUsage().heapUsed,
    rss: process.memoryUsage().rss,
  }));

  await app.listen({ host: '127.0.0.1', port: Number(port) });
  if (process.env.BENCH_STALLS) {
    // Connections opened each second and open now (keep-alive reuse by the load generator).
    let opened = 0;
    app.server.on('connection', () => opened++);
    setInterval(() => {
      app.server.getConnections((_err, open) => {
        console.log(`CONN at ${Math.round(performance.now())} opened ${opened} open ${open}`);
        opened = 0;
      });
    }, 1000).unref();
  }
  const warmPort = cluster.isWorker ? warmPorts[cluster.worker.id - 1] : undefined;
  if (warmPort) {
    // The same request handler behind a second listener: Fastify serves it like the first.
    const [handler] = app.server.listeners('request');
    await new Promise((resolve) =>
      http.createServer(handler).listen(warmPort, '127.0.0.1', resolve),
    );
  }
  const figures = {
    buildAppMs: Math.round(buildMs),
    indexLoadMs: Math.round(graph.stats().lastLoadMs),
    indexBytes: graph.stats().bytes,
    edges: graph.stats().edges,
    rssGrowthBytes: process.memoryUsage().rss - rssBefore,
  };
  if (cluster.isWorker) process.send({ ready: figures });
  else console.log(`READY ${JSON.stringify(figures)}`);

  const stop = async () => {
    await pool.end();
    await built.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}
