// Does numbering users for memory locality speed up the 2nd-degree walk? The walk's cost is
// memory latency: one random read of a 4 MB mark array per friend-of-friend, then one of the
// trust array per 2nd-degree person. users.seq follows sign-up order, which says nothing about
// who is friends with whom; numbered so that friends sit near each other, most of those reads
// would land in cache lines already loaded.
//
// This times the bare walk (as GraphTraversal.collectSecond does it: stamp, mutual count, list
// and trust of each 2nd-degree person) over a plain copy of the index's adjacency, in the
// users.seq numbering and in two renumberings computed here, for the same viewers in one run:
//   bfs     breadth-first from the highest-degree users (friends get nearby numbers)
//   labels  label propagation (each user takes the label most of their friends have, a few
//           rounds), then users sorted by label: a community gets contiguous numbers
// The index itself numbers users by label propagation (graph.locality.ts); this compares the
// orders on the bare walk, outside the index.
// Usage: npx node --import tsx bench/graph/locality.mjs [--db=heartline_bench_graph] [--rounds=5]
// Needs the database made by load.mjs; writes results/locality.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GraphIndex } from '../../apps/server/src/modules/graph/graph.index.ts';
import { loadSnapshotByCopy } from '../../apps/server/src/modules/graph/graph.loader.ts';
import { benchDatabase, indexViewers, parseArgs } from './common.mjs';
import { rng } from './generate.mjs';

const args = parseArgs();
const { dbUrl } = benchDatabase(args);
const labelRounds = Number(args.rounds ?? 5);
const here = import.meta.dirname;
const log = (m) => console.log(`[locality bench] ${m}`);
const round3 = (x) => Math.round(x * 1000) / 1000;

const index = new GraphIndex();
index.load(await loadSnapshotByCopy(dbUrl));
const n = index.seqLimit;

const { sampled, top } = await indexViewers(dbUrl, index);

// A plain CSR copy in seq numbering, with the trust array beside it.
const off = new Int32Array(n + 1);
for (let v = 0; v < n; v++) off[v + 1] = off[v] + (index.knows(v) ? index.degree(v) : 0);
const adj = new Int32Array(off[n]);
for (let v = 0; v < n; v++) if (index.knows(v)) adj.set(index.neighbours(v), off[v]);
const trustBySeq = new Int32Array(n);
for (let v = 0; v < n; v++) trustBySeq[v] = index.trust(v);
const bySeq = { off, adj, trust: trustBySeq };
log(`${n - 1} users, ${adj.length / 2} friendships copied`);

/** The graph renumbered by perm (perm[seq] = new number), neighbour lists sorted again. */
function renumber(perm) {
  const seqAt = new Int32Array(n);
  for (let v = 0; v < n; v++) seqAt[perm[v]] = v;
  const o = new Int32Array(n + 1);
  const a = new Int32Array(adj.length);
  const trust = new Int32Array(n);
  for (let p = 0; p < n; p++) {
    const v = seqAt[p];
    o[p + 1] = o[p] + (off[v + 1] - off[v]);
    trust[p] = bySeq.trust[v];
    let k = o[p];
    for (let j = off[v]; j < off[v + 1]; j++) a[k++] = perm[adj[j]];
    a.subarray(o[p], k).sort();
  }
  return { off: o, adj: a, trust };
}

function bfsOrder() {
  const perm = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  const byDegree = Array.from({ length: n }, (_, v) => v).sort(
    (x, y) => off[y + 1] - off[y] - (off[x + 1] - off[x]),
  );
  let next = 0;
  for (const start of byDegree) {
    if (perm[start] >= 0) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    perm[start] = next++;
    while (head < tail) {
      const v = queue[head++];
      for (let j = off[v]; j < off[v + 1]; j++) {
        const y = adj[j];
        if (perm[y] < 0) {
          perm[y] = next++;
          queue[tail++] = y;
        }
      }
    }
  }
  return perm;
}

function labelOrder(tieBreak) {
  const label = new Int32Array(n);
  for (let v = 0; v < n; v++) label[v] = v;
  const count = new Int32Array(n);
  const seen = new Int32Array(4096);
  const visit = Int32Array.from({ length: n }, (_, v) => v);
  const shuffle = rng(7);
  for (let r = 0; r < labelRounds; r++) {
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(shuffle() * (i + 1));
      const t = visit[i];
      visit[i] = visit[j];
      visit[j] = t;
    }
    let changed = 0;
    for (let i = 0; i < n; i++) {
      const v = visit[i];
      let best = label[v];
      let bestCount = 0;
      let k = 0;
      for (let j = off[v]; j < off[v + 1]; j++) {
        const l = label[adj[j]];
        if (count[l] === 0 && k < seen.length) seen[k++] = l;
        const c = ++count[l];
        if (c > bestCount || (c === bestCount && l < best)) {
          bestCount = c;
          best = l;
        }
      }
      for (let j = off[v]; j < off[v + 1]; j++) count[label[adj[j]]] = 0;
      if (best !== label[v]) {
        label[v] = best;
        changed++;
      }
    }
    log(`label propagation round ${r + 1}: ${changed} users changed label`);
    if (changed === 0) break;
  }
  const order = Array.from({ length: n }, (_, v) => v).sort(
    (x, y) => label[x] - label[y] || tieBreak[x] - tieBreak[y],
  );
  const perm = new Int32Array(n);
  order.forEach((v, i) => {
    perm[v] = i;
  });
  return { perm, labels: new Set(label).size };
}

// The walk, as collectSecond does it (stamp and saturating count in one word per user).
const mark = new Uint32Array(n);
const list = new Int32Array(n);
const trusts = new Int32Array(n);
let epoch = 0;
function walk(g, viewer) {
  epoch++;
  if (epoch * 4 + 3 > 0xffff) {
    mark.fill(0);
    epoch = 1;
  }
  const base = epoch * 4;
  mark[viewer] = base << 16;
  for (let j = g.off[viewer]; j < g.off[viewer + 1]; j++) mark[g.adj[j]] = (base + 1) << 16;
  const second = base + 2;
  const firstVisit = ((second << 16) | 1) >>> 0;
  let count = 0;
  for (let i = g.off[viewer]; i < g.off[viewer + 1]; i++) {
    const f = g.adj[i];
    for (let j = g.off[f]; j < g.off[f + 1]; j++) {
      const y = g.adj[j];
      const w = mark[y];
      const m = w >>> 16;
      if (m >= base) {
        if (m === second && (w & 0xffff) !== 0xffff) mark[y] = w + 1;
        continue;
      }
      mark[y] = firstVisit;
      trusts[count] = g.trust[y];
      list[count++] = y;
    }
  }
  return count;
}

function percentiles(values) {
  const s = [...values].sort((a, b) => a - b);
  const at = (p) => round3(s[Math.min(s.length - 1, Math.floor(p * s.length))]);
  return { p50: at(0.5), p95: at(0.95), mean: round3(s.reduce((a, b) => a + b, 0) / s.length) };
}

const layouts = { seq: { g: bySeq, perm: null } };
let started = performance.now();
const bfs = bfsOrder();
layouts.bfs = { g: renumber(bfs), perm: bfs, buildMs: Math.round(performance.now() - started) };
started = performance.now();
const labels = labelOrder(bfs);
layouts.labels = {
  g: renumber(labels.perm),
  perm: labels.perm,
  buildMs: Math.round(performance.now() - started),
  communities: labels.labels,
};
log(`orders built: bfs ${layouts.bfs.buildMs} ms, labels ${layouts.labels.buildMs} ms`);

// Every layout walks the same viewers and must find the same 2nd degrees. Three passes in
// rotating order; the last is reported (warm JIT, and no layout always goes first).
const names = Object.keys(layouts);
const out = {};
for (let pass = 0; pass < 3; pass++) {
  const order = names.map((_, i) => names[(i + pass) % names.length]);
  for (const [group, viewers] of [
    ['sampled', sampled],
    ['top0.1%', top],
  ]) {
    const sizes = {};
    for (const name of order) {
      const { g, perm } = layouts[name];
      const times = [];
      let total = 0;
      for (const v of viewers) {
        const t = performance.now();
        total += walk(g, perm ? perm[v] : v);
        times.push(performance.now() - t);
      }
      sizes[name] = total;
      (out[group] ??= {})[name] = percentiles(times);
    }
    if (new Set(Object.values(sizes)).size !== 1) throw new Error(`layouts disagree: ${sizes}`);
  }
}
for (const group of Object.keys(out)) {
  for (const name of names) {
    out[group][name].p50Ratio = round3(out[group].seq.p50 / out[group][name].p50);
  }
  log(`${group}: ${JSON.stringify(out[group])}`);
}

const result = {
  walkMs: out,
  orders: {
    bfs: { buildMs: layouts.bfs.buildMs },
    labels: { buildMs: layouts.labels.buildMs, communities: layouts.labels.communities },
  },
  viewers: { sampled: sampled.length, top: top.length },
  machine: { cpus: os.cpus().length, node: process.version, at: new Date().toISOString() },
};
fs.writeFileSync(path.join(here, 'results/locality.json'), JSON.stringify(result, null, 1) + '\n');
log('wrote bench/graph/results/locality.json');
process.exit(0);
