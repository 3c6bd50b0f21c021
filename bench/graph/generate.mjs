// A clustered friend graph with skewed degrees, big enough for the graph bench (1M users,
// average degree 100 = 50M friendships) and deterministic for a given seed.
//
// Model (Chung–Lu with communities, like the demo seed but on typed arrays): every user has a
// sociability weight (log-normal; a few hubs far out in the tail with thousands of friends),
// makes about half its weight in choices, and each choice lands on a partner drawn in
// proportion to the partner's weight — mostly inside the user's community, sometimes anywhere.
// Community membership is hashed, so a community's members are spread over the id range the way
// sign-up order would spread them (no artificial memory locality).

/** mulberry32: the same PRNG as the demo seed. */
export function rng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(next) {
  const u = Math.max(next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
}

/** Index i with cumulative[i-1] <= r < cumulative[i], searching [lo, hi). */
function search(cumulative, lo, hi, r) {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid] <= r) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Returns `{ n, edges: Float64Array of keys lo * (n + 1) + hi, sorted, unique; weights; hubs }`.
 * Users are 1..n (they become users.seq 1..n when loaded in order).
 */
export function generateGraph({
  users,
  avgDegree = 100,
  seed = 20240214,
  communitySize = 1000,
  localShare = 0.8,
  hubShare = 0.0002,
  hubMin = 1000,
  hubMax = 6000,
  log = () => {},
}) {
  const n = users;
  const next = rng(seed);
  const sigma = 0.8;
  // A log-normal's mean is median * e^(σ²/2); aim the mean at the requested average degree.
  const median = avgDegree / Math.exp((sigma * sigma) / 2);
  const weight = new Float64Array(n + 1);
  const isHub = new Uint8Array(n + 1);
  const hubCount = Math.max(3, Math.round(n * hubShare));
  for (let v = 1; v <= n; v++) {
    weight[v] = Math.min(1500, Math.max(2, Math.round(median * Math.exp(sigma * normal(next)))));
  }
  for (let k = 0; k < hubCount; k++) {
    const v = 1 + Math.floor(next() * n);
    isHub[v] = 1;
    weight[v] = hubMin + Math.floor(next() * (hubMax - hubMin));
  }

  // Communities: hashed membership, grouped by counting sort into one member array.
  const communities = Math.max(1, Math.round(n / communitySize));
  const community = new Int32Array(n + 1);
  const sizes = new Int32Array(communities + 1);
  for (let v = 1; v <= n; v++) {
    const c = Math.floor(next() * communities);
    community[v] = c;
    sizes[c + 1]++;
  }
  const start = new Int32Array(communities + 1);
  for (let c = 0; c < communities; c++) start[c + 1] = start[c] + sizes[c + 1];
  const fill = start.slice();
  const members = new Int32Array(n);
  for (let v = 1; v <= n; v++) members[fill[community[v]]++] = v;
  const localCum = new Float64Array(n);
  for (let c = 0; c < communities; c++) {
    let acc = 0;
    for (let i = start[c]; i < start[c + 1]; i++) localCum[i] = acc += weight[members[i]];
  }
  const globalCum = new Float64Array(n);
  let total = 0;
  for (let v = 1; v <= n; v++) globalCum[v - 1] = total += weight[v];

  // Duplicate draws inside dense communities are dropped later; draw a little more to land
  // near the requested average.
  const boost = 1.1;
  let choices = 0;
  for (let v = 1; v <= n; v++) choices += Math.max(1, Math.round((weight[v] / 2) * boost));
  const keys = new Float64Array(choices);
  const stride = n + 1;
  let k = 0;
  for (let v = 1; v <= n; v++) {
    const c = community[v];
    const lo = start[c];
    const hi = start[c + 1];
    const localTotal = hi > lo ? localCum[hi - 1] : 0;
    const share = isHub[v] ? 0.3 : localShare;
    const m = Math.max(1, Math.round((weight[v] / 2) * boost));
    for (let j = 0; j < m; j++) {
      let partner;
      if (hi - lo > 1 && next() < share) {
        partner = members[search(localCum, lo, hi, next() * localTotal)];
      } else {
        partner = 1 + search(globalCum, 0, n, next() * total);
      }
      if (partner === v) continue;
      keys[k++] = v < partner ? v * stride + partner : partner * stride + v;
    }
    if (v % 200000 === 0) log(`drew choices of ${v} users`);
  }
  const drawn = keys.subarray(0, k);
  drawn.sort();
  let u = 0;
  for (let i = 0; i < drawn.length; i++) {
    if (i === 0 || drawn[i] !== drawn[i - 1]) drawn[u++] = drawn[i];
  }
  const edges = drawn.slice(0, u);
  log(`${edges.length} unique friendships from ${k} draws`);
  return { n, stride, edges, isHub };
}

/** Symmetric CSR adjacency over 1..n: neighbours of v are nbrs[offsets[v] .. offsets[v+1]). */
export function toCsr(n, stride, edges) {
  const degree = new Int32Array(n + 2);
  for (let i = 0; i < edges.length; i++) {
    const lo = Math.floor(edges[i] / stride);
    const hi = edges[i] - lo * stride;
    degree[lo]++;
    degree[hi]++;
  }
  const offsets = new Int32Array(n + 2);
  for (let v = 1; v <= n + 1; v++) offsets[v] = offsets[v - 1] + degree[v - 1];
  const nbrs = new Int32Array(offsets[n + 1]);
  const fill = offsets.slice();
  for (let i = 0; i < edges.length; i++) {
    const lo = Math.floor(edges[i] / stride);
    const hi = edges[i] - lo * stride;
    nbrs[fill[lo]++] = hi;
    nbrs[fill[hi]++] = lo;
  }
  return { offsets, nbrs };
}

/** Friend count and distinct 2nd-degree count of every user (DESIGN.md §3.2), by brute force. */
export function trustFigures(n, { offsets, nbrs }, log = () => {}) {
  const first = new Int32Array(n + 1);
  const second = new Int32Array(n + 1);
  const mark = new Int32Array(n + 1);
  for (let v = 1; v <= n; v++) {
    const a = offsets[v];
    const b = offsets[v + 1];
    mark[v] = v;
    for (let i = a; i < b; i++) mark[nbrs[i]] = v;
    let count = 0;
    for (let i = a; i < b; i++) {
      const f = nbrs[i];
      for (let j = offsets[f], e = offsets[f + 1]; j < e; j++) {
        const y = nbrs[j];
        if (mark[y] !== v) {
          mark[y] = v;
          count++;
        }
      }
    }
    first[v] = b - a;
    second[v] = count;
    if (v % 100000 === 0) log(`trust figures for ${v} users`);
  }
  return { first, second };
}
