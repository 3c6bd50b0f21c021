// The graph index's own cost per Network page, in process (no HTTP, no load generator): what the
// traversal costs the server's event loop for each viewer, and where ranking the 2nd degree by
// walking it or by scanning the trust order is cheaper.
// Usage: npx node --import tsx bench/graph/traversal.mjs [--db=heartline_bench_graph]
//          [--admin=postgres://postgres@127.0.0.1:5432/postgres]
// Needs the database made by load.mjs; writes results/traversal.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENGINE } from '../../apps/server/src/modules/graph/graph.engine.ts';
import { GraphTraversal } from '../../apps/server/src/modules/graph/graph.traversal.ts';
import { bootApp } from './boot.mjs';
import { benchDatabase, indexViewers, parseArgs } from './common.mjs';

const { dbUrl } = benchDatabase(parseArgs());
const here = import.meta.dirname;
const log = (m) => console.log(`[traversal bench] ${m}`);

const { built, stop } = await bootApp(dbUrl, 'traversal');
// The graph's facade (graph.service.ts): what network.service calls.
const index = built.graph;

// The same viewers as run.mjs.
const { sampled, top } = await indexViewers(dbUrl, {
  knows: index.knows,
  degree: index.friendCount,
});

const pageRequest = (viewer) => ({
  viewer,
  degrees: [2],
  favorites: new Set(),
  onlyFavorites: false,
  after: null,
  limit: 50,
  search: '',
});
const round = (x) => Math.round(x * 100) / 100;
function percentiles(values) {
  const s = [...values].sort((a, b) => a - b);
  const at = (p) => round(s[Math.min(s.length - 1, Math.floor(p * s.length))]);
  return { n: s.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: round(s.at(-1)) };
}

// What a Network page asks of the index (as network.service does): the first 2nd-degree page
// ranked, then the capped 3rd-degree count when the 3rd tab is unlocked. The product's own
// traversal, so its thresholds decide walk or scan. Two passes; the second is reported (JIT warm).
const product = built.graph;
const page = {};
for (let pass = 0; pass < 2; pass++) {
  for (const [group, users] of [
    ['sampled', sampled],
    ['top0.1%', top],
  ]) {
    const times = [];
    for (const u of users) {
      const started = performance.now();
      product.rank(pageRequest(u));
      if (index.trust(u) >= 70) product.thirdCount(u, 1000);
      times.push(performance.now() - started);
    }
    page[group] = percentiles(times);
  }
}
log(`network page, index work only (ms): ${JSON.stringify(page)}`);

// Ranking the 2nd degree alone, both ways, by how many adjacency reads a full walk costs: the
// engine's own traversal with its thresholds forced, on the server's index (a bench may reach it).
const engineIndex = built.graph[ENGINE].index;
const walk = new GraphTraversal(engineIndex, { fullSecondBudget: Infinity });
const scan = new GraphTraversal(engineIndex, { fullSecondBudget: -1 });
const byCost = [];
for (const u of [...top, ...sampled]) {
  const cost = walk.walkCost(u);
  let t = performance.now();
  walk.rank(pageRequest(u));
  const walkMs = performance.now() - t;
  t = performance.now();
  scan.rank(pageRequest(u));
  byCost.push({ cost, walkMs, scanMs: performance.now() - t });
}
const edges = [0, 5e3, 2e4, 5e4, 1e5, 1.5e5, 2.5e5, 5e5, Infinity];
const rankSecond = [];
for (let i = 0; i + 1 < edges.length; i++) {
  const inBand = byCost.filter((r) => r.cost >= edges[i] && r.cost < edges[i + 1]);
  if (inBand.length === 0) continue;
  rankSecond.push({
    walkCost: `${edges[i]}–${edges[i + 1]}`,
    viewers: inBand.length,
    walkMs: percentiles(inBand.map((r) => r.walkMs)),
    scanMs: percentiles(inBand.map((r) => r.scanMs)),
    scanFaster: inBand.filter((r) => r.scanMs < r.walkMs).length,
  });
  const last = rankSecond.at(-1);
  log(
    `walk cost ${last.walkCost}: ${last.viewers} viewers, walk p50 ${last.walkMs.p50} ms, ` +
      `scan p50 ${last.scanMs.p50} ms, scan faster for ${last.scanFaster}`,
  );
}

const out = {
  page,
  rankSecond,
  machine: { cpus: os.cpus().length, node: process.version, at: new Date().toISOString() },
};
fs.writeFileSync(path.join(here, 'results/traversal.json'), JSON.stringify(out, null, 1) + '\n');
log('wrote bench/graph/results/traversal.json');
await stop();
process.exit(0);
