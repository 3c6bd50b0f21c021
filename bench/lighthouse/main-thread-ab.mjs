// What a cold first load does on the main thread, for two builds of the web app (issue 17):
// the quantities a change to start-up work moves, measured without throttling and with both
// builds under the same machine load. On this shared machine Lighthouse's TBT of one build
// ranges up to 10x between runs, so its A/B often cannot tell a change of 100-300 ms. Single loads
// here spread widely too (every load is in the results file); compare the medians over
// alternating loads of the two builds, and look at the spread before trusting one.
//
//   node bench/lighthouse/main-thread-ab.mjs --a=<baseline build dir> [--b=apps/web/dist]
//       [--loads=8] [--routes=/profile,/network] [--label-a=before] [--label-b=after]
//
// Both builds are served at once by their own server (apps/server on the embedded defaults,
// the demo world seeded), and loads alternate A, B then B, A. Each load is cold: a fresh browser
// context holding only the seed persona's session cookie, nothing cached, no service worker.
// Per load, from a Chrome trace of the page's first 2.5 s:
//   - mainMs:     every main-thread task's length, summed;
//   - blocking4x: the sum over tasks of max(0, 4 x length - 50 ms): the main thread's blocking
//                 time were every task 4x as long (Lighthouse's mobile preset scales the tasks
//                 it observes by 4; its TBT counts only those between FCP and TTI);
//   - evalMs:     module evaluation (v8.evaluateModule), summed;
//   - compileMs:  V8's compilation on the main thread (V8.CompileCode events, summed; V8
//                 compiles a function there when it is first called, unless it was compiled on
//                 a background thread while the script streamed in).
// Written to results/main-thread-ab-latest.json with every load, the medians and B/A ratios.
// A diagnostic beside run.mjs, not a budget: run.mjs holds the budgets.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  chromiumPath,
  median,
  pageMainThread,
  root,
  serveBuild,
  signInPersona,
} from '../serve-build.mjs';

const arg = (name) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? null;
const dists = {
  A: arg('a') ? path.resolve(arg('a')) : null,
  B: path.resolve(arg('b') ?? path.join(root, 'apps/web/dist')),
};
if (!dists.A) throw new Error('--a=<a web build directory> is required (the baseline)');
for (const dir of Object.values(dists)) {
  if (!fs.existsSync(path.join(dir, 'index.html'))) throw new Error(`no web build in ${dir}`);
}
const routes = (arg('routes') ?? '/profile,/network,/discover,/chat,/settings').split(',');
const loads = Number(arg('loads') ?? 8);
const TRACE_MS = 2500;
const PERSONA = 'Alice Anderson';
const METRICS = ['mainMs', 'blocking4x', 'evalMs', 'compileMs'];

function measure(events, base) {
  const thread = pageMainThread(events, base);
  const main = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.dur);
  const total = (name) =>
    main.filter((e) => e.name === name).reduce((sum, e) => sum + e.dur / 1000, 0);
  const tasks = main.filter((e) => e.name === 'RunTask');
  return {
    mainMs: total('RunTask'),
    blocking4x: tasks.reduce((sum, t) => sum + Math.max(0, (4 * t.dur) / 1000 - 50), 0),
    evalMs: total('v8.evaluateModule'),
    compileMs: total('V8.CompileCode'),
  };
}

const servers = {};
const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
try {
  const cookies = {};
  for (const build of ['A', 'B']) {
    servers[build] = await serveBuild({
      name: `main-thread-${build}`,
      env: { SEED_ON_EMPTY: 'true', NODE_ENV: 'development', WEB_DIST: dists[build] },
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInPersona(page, servers[build].base, PERSONA);
    cookies[build] = await context.cookies();
    await context.close();
  }

  const results = Object.fromEntries(routes.map((r) => [r, { A: [], B: [] }]));
  for (let i = 0; i < loads; i++) {
    for (const route of routes) {
      for (const build of i % 2 ? ['B', 'A'] : ['A', 'B']) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
        await context.addCookies(cookies[build]);
        const page = await context.newPage();
        await browser.startTracing(page, {
          categories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'v8.execute',
            'disabled-by-default-v8.compile',
          ],
        });
        await page.goto(`${servers[build].base}${route}`);
        await page.waitForTimeout(TRACE_MS);
        const trace = JSON.parse((await browser.stopTracing()).toString());
        results[route][build].push(measure(trace.traceEvents, servers[build].base));
        await context.close();
      }
    }
  }

  const summary = {};
  for (const route of routes) {
    summary[route] = {};
    const line = [route.padEnd(12)];
    for (const metric of METRICS) {
      const [a, b] = ['A', 'B'].map((x) => median(results[route][x].map((m) => m[metric])));
      summary[route][metric] = { A: Math.round(a), B: Math.round(b), ratio: +(b / a).toFixed(2) };
      line.push(`${metric} ${Math.round(a)} -> ${Math.round(b)}`);
    }
    console.log(line.join(' | '));
  }
  const out = path.join(import.meta.dirname, 'results/main-thread-ab-latest.json');
  fs.writeFileSync(
    out,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        what: 'cold loads without throttling, builds served at once, loads alternating',
        builds: { A: arg('label-a') ?? 'A', B: arg('label-b') ?? 'B' },
        loadsPerRoute: loads,
        traceMs: TRACE_MS,
        medians: summary,
        loads: results,
      },
      null,
      1,
    )}\n`,
  );
  console.log(`written: ${path.relative(root, out)}`);
} finally {
  await browser.close();
  for (const server of Object.values(servers)) server.stop();
}
