// Discover's cost in the graph index per page, in process (no HTTP, no database per page): the
// first page ranked with the filters, its count, and the next page, per viewer, so the server's
// share of a Discover request can be told apart from queueing and the database.
// Usage: npx node --import tsx bench/graph/discover-index.mjs [--db=heartline_bench_graph]
// Needs the database made by load.mjs; writes results/discover-index.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DISCOVER_TOTAL_CAP, unlockedTabs } from '@heartline/domain';
import { candidateFilter } from '../../apps/server/src/modules/graph/graph.candidates.ts';
import { dayNumber } from '../../apps/server/src/modules/graph/graph.facts.ts';
import { degreesOfTab } from '../../apps/server/src/modules/network/network.policy.ts';
import { bootApp } from './boot.mjs';
import { benchDatabase, indexViewers, parseArgs } from './common.mjs';

const { dbUrl } = benchDatabase(parseArgs());
const here = import.meta.dirname;
const log = (m) => console.log(`[discover index] ${m}`);
const { built, stop } = await bootApp(dbUrl, 'discover');
const { index, traversal } = built.graph;
const { sampled, top } = await indexViewers(dbUrl, index);
const round = (x) => Math.round(x * 1000) / 1000;
function percentiles(values) {
  const s = [...values].sort((a, b) => a - b);
  const at = (p) => round(s[Math.min(s.length - 1, Math.floor(p * s.length))]);
  return { n: s.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: round(s.at(-1)) };
}

const day = dayNumber(new Date());
function request(viewer, after) {
  const degrees = degreesOfTab('all', unlockedTabs(index.degree(viewer), index.trust(viewer)));
  const admit = candidateFilter(index, index.posOf(viewer), day, new Set());
  return {
    degrees,
    admit,
    req: {
      viewer,
      degrees,
      favorites: new Set(),
      onlyFavorites: false,
      after,
      limit: 20,
      search: '',
      admit,
    },
  };
}

const out = {};
for (let pass = 0; pass < 2; pass++) {
  for (const [group, users] of [
    ['sampled', sampled.slice(0, 1500)],
    ['top0.1%', top],
  ]) {
    const rank = [];
    const count = [];
    const next = [];
    for (const u of users) {
      const first = request(u, null);
      let t = performance.now();
      const page = traversal.rank(first.req);
      rank.push(performance.now() - t);
      t = performance.now();
      traversal.countRanked(first.degrees, first.admit, DISCOVER_TOTAL_CAP);
      count.push(performance.now() - t);
      const last = page.length > 20 ? page[19] : null;
      if (last) {
        const again = request(u, last);
        t = performance.now();
        traversal.rank(again.req);
        next.push(performance.now() - t);
      }
    }
    out[group] = {
      firstRankMs: percentiles(rank),
      countMs: percentiles(count),
      nextRankMs: percentiles(next),
    };
  }
}
log(JSON.stringify(out));
out.machine = {
  cpus: os.cpus().length,
  loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
  node: process.version,
  at: new Date().toISOString(),
};
fs.writeFileSync(
  path.join(here, 'results/discover-index.json'),
  JSON.stringify(out, null, 1) + '\n',
);
log('wrote bench/graph/results/discover-index.json');
await stop();
process.exit(0);
