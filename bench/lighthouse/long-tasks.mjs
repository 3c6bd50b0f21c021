// Where a cold first load spends its main thread (issue 17): loads a route in Chromium at 4× CPU
// slowdown (Lighthouse's mobile preset) with nothing cached, records a Chrome trace, and lists
// every task over 50 ms: its length, the trace events inside it (module evaluation, layout,
// ...), the functions that took its samples and the first app frame above each sample, mapped
// through the build's source maps. Then, over all runs, the long tasks' samples by where their
// function comes from (the app, a package, or '(program)': the browser's own work, parsing,
// style, layout and paint among it) and by function. A diagnostic, not a benchmark: no budget,
// nothing written.
//
//   npm run build -w @heartline/web     # the build to look at (production, with source maps)
//   node bench/lighthouse/long-tasks.mjs /network [runs]
//
// Signed-in routes load as the seed persona; /auth loads signed out. Nothing polls the page
// while the trace runs (a locator's polling would show up as tasks of its own): the trace
// covers a fixed 6 s from navigation.
import fs from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { chromiumPath, pageMainThread, serveBuild, signInPersona } from '../serve-build.mjs';

const route = process.argv[2] ?? '/network';
const runs = Number(process.argv[3] ?? 1);
const PERSONA = 'Alice Anderson';
const TRACE_MS = 6000;
const LONG_US = 50_000;
const assets = path.resolve(import.meta.dirname, '../../apps/web/dist/assets');

const maps = new Map();
function mapFor(url) {
  if (!url?.includes('/assets/')) return null;
  if (!maps.has(url)) {
    const file = path.join(assets, url.split('/assets/')[1]);
    maps.set(
      url,
      fs.existsSync(`${file}.map`) ? new TraceMap(fs.readFileSync(`${file}.map`, 'utf8')) : null,
    );
  }
  return maps.get(url);
}

/** "function source:line", through the source map when the frame is in a built chunk. */
function frameName(frame) {
  const at = originalOf(mapFor(frame.url), frame);
  if (at?.source) {
    const source = at.source.replace(/^(\.\.\/)+/, '').replace(/.*node_modules\//, '');
    return `${at.name ?? frame.functionName ?? '?'} ${source}:${at.line}`;
  }
  return `${frame.functionName || '(anonymous)'} ${(frame.url ?? '').split('/').pop()}`;
}

/** The frame's source position, or null when the map has none (a line past the map's end). */
function originalOf(map, frame) {
  if (!map) return null;
  try {
    return originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  } catch {
    return null;
  }
}

const isAppFrame = (name) => / (src|packages\/domain)\//.test(name);
const KINDS = new Set([
  'v8.evaluateModule',
  'EvaluateScript',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'MinorGC',
  'MajorGC',
]);

/** The CPU profile samples of one renderer process, as [time µs, node id], and the nodes. */
function samplesOf(events, pid) {
  const nodes = new Map();
  const samples = [];
  let t = 0;
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile') t = e.args.data.startTime;
    if (e.name !== 'ProfileChunk') continue;
    const profile = e.args.data.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) nodes.set(node.id, node);
    const deltas = e.args.data.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      t += deltas[i] ?? 0;
      samples.push([t, id]);
    });
  }
  return { nodes, samples };
}

// Over all runs: the long tasks' samples by where their function comes from, and by function.
const bySource = new Map();
const byFunction = new Map();

/**
 * Where a sampled frame's function comes from, read off `frameName`'s "name source" (the name
 * may hold a space, the source does not): 'app', 'domain', a package, a file of its own, one of
 * V8's pseudo-frames ('(program)': the browser's own work), a built chunk the maps do not
 * cover, or 'native' (the browser's functions: fetch, appendChild).
 */
function sourceOf(name) {
  if (/^\((program|idle|root|garbage collector)\) $/.test(name)) return name.trim();
  const at = name.slice(name.lastIndexOf(' ') + 1);
  if (!at) return 'native';
  if (!at.includes(':')) return 'unmapped chunk code';
  const file = at.slice(0, at.lastIndexOf(':'));
  if (file.startsWith('src/')) return 'app';
  if (file.startsWith('packages/domain/')) return 'domain';
  return file.match(/^(@[^/]+\/[^/]+|[^/]+)\//)?.[1] ?? file;
}

function report(events, base) {
  const main = pageMainThread(events, base);
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
  const { nodes, samples } = samplesOf(events, main.pid);
  const parent = new Map();
  for (const node of nodes.values()) if (node.parent) parent.set(node.id, node.parent);
  const origin = tasks[0]?.ts ?? 0;
  let blocking = 0;
  for (const task of tasks.filter((x) => x.dur > LONG_US)) {
    blocking += task.dur / 1000 - 50;
    const end = task.ts + task.dur;
    const inside = samples.filter(([ts]) => ts >= task.ts && ts <= end);
    const self = new Map();
    const app = new Map();
    for (const [, id] of inside) {
      const node = nodes.get(id);
      if (!node) continue;
      const name = frameName(node.callFrame);
      self.set(name, (self.get(name) ?? 0) + 1);
      const src = sourceOf(name);
      bySource.set(src, (bySource.get(src) ?? 0) + 1);
      byFunction.set(name, (byFunction.get(name) ?? 0) + 1);
      for (let up = id; up; up = parent.get(up)) {
        const frame = frameName(nodes.get(up).callFrame);
        if (isAppFrame(frame)) {
          app.set(frame, (app.get(frame) ?? 0) + 1);
          break;
        }
      }
    }
    const kinds = new Map();
    for (const e of onMain) {
      if (e === task || !KINDS.has(e.name) || e.ts < task.ts || e.ts + e.dur > end) continue;
      kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur / 1000);
    }
    const top = (counts, n) =>
      [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([name, c]) => `${Math.round((100 * c) / Math.max(1, inside.length))}% ${name}`)
        .join(' | ');
    console.log(
      `@${((task.ts - origin) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(0)} ms`,
    );
    console.log(
      `   events: ${[...kinds]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
        .join(' | ')}`,
    );
    console.log(`   self:   ${top(self, 6)}`);
    console.log(`   app:    ${top(app, 6)}`);
  }
  console.log(`sum over long tasks of (length - 50 ms): ${blocking.toFixed(0)} ms`);
}

const app = await serveBuild({
  name: 'long-tasks',
  env: { SEED_ON_EMPTY: 'true', NODE_ENV: 'development' },
});
const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (route !== '/auth') {
    const page = await context.newPage();
    await signInPersona(page, app.base, PERSONA);
    await page.close();
  }
  for (let run = 1; run <= runs; run++) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', {
      origin: app.base,
      storageTypes: 'local_storage,indexeddb,cache_storage,service_workers',
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    await page.goto(`${app.base}${route}`);
    await page.waitForTimeout(TRACE_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString());
    console.log(`\n=== ${route}, run ${run} (4x CPU, cold)`);
    report(trace.traceEvents, app.base);
    await page.close();
  }
  const all = [...bySource.values()].reduce((a, b) => a + b, 0);
  const pct = ([k, v]) => `${((100 * v) / all).toFixed(1).padStart(5)}% ${k}`;
  console.log(`\n=== samples in long tasks, all runs (${all}), by source`);
  for (const e of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(pct(e));
  console.log('=== by function');
  for (const e of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(pct(e));
} finally {
  await browser.close();
  app.stop();
}
