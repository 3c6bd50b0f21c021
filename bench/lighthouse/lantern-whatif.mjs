// What Lighthouse's simulation would say without some requests (issue 17). Lighthouse scores a
// load by replaying its unthrottled recording under the mobile preset (Lantern): every request
// and main-thread task that came before the observed largest paint, over six HTTP/1.1
// connections per origin that start slow, with each request's initiator as its dependency. So
// a request that has nothing to do with the largest paint can still move the LCP. This records
// one cold load of a route once (Lighthouse's gather mode: its trace and DevTools log), then
// audits that same recording again with the requests each variant names taken out of the log.
// The variants share one recording, so their differences are the simulation's alone, with no
// machine noise between them (a new recording differs by ±150 ms). A diagnostic: nothing is
// written to results/, and taking a request out of the log is not the same as the app not making
// it (its main-thread work stays in the trace).
//
//   node bench/lighthouse/lantern-whatif.mjs /discover /tmp/lh-discover \
//     '{"no sw": ["workbox-window"], "no badges": ["/api/network/summary", "/api/chats"]}'
//   SHOW=1 node bench/lighthouse/lantern-whatif.mjs /discover /tmp/lh-discover   # the graph
//   TTFB=10 node bench/lighthouse/lantern-whatif.mjs /discover /tmp/lh-discover   # faster server
//
// Arguments: the route; a directory for the recording (default: one per route in the system's
// temporary directory, also for ""; made on the first call, reused after: delete it to record
// again); a JSON object of variant name → URL substrings to take out (every request whose URL
// holds one of them). "as recorded" always runs first. SHOW=1 prints, per
// variant, the optimistic LCP simulation's nodes (start, end, what, what it waited for). TTFB=n
// caps each answer's server time at n ms (the page's own request excepted). Signed-in routes
// load as the seed persona, /auth signed out; the build must exist (`npm run build`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { Simulation } from 'lighthouse/core/lib/lantern/lantern.js';
import { chromium } from 'playwright-core';
import {
  chromiumPath,
  COLD_STORAGE_TYPES,
  freePort,
  serveBuild,
  signInPersona,
} from '../serve-build.mjs';

const route = process.argv[2] ?? '/network';
const recording =
  process.argv[3] ||
  path.join(os.tmpdir(), `heartline-lantern-whatif${route.replaceAll('/', '-')}`);
/** Which route a recording is of, kept beside it. */
const routeFile = path.join(recording, 'route.txt');
const variants = { 'as recorded': [], ...JSON.parse(process.argv[4] ?? '{}') };
const ttfbCap = process.env.TTFB === undefined ? null : Number(process.env.TTFB);
const config = {
  extends: 'lighthouse:default',
  settings: {
    onlyCategories: ['performance'],
    // Cold, as in run.mjs: no HTTP cache, no service worker, no stored queries.
    clearStorageTypes: COLD_STORAGE_TYPES,
  },
};

if (!fs.existsSync(recording)) {
  const app = await serveBuild({
    name: 'lantern-whatif',
    command: 'start',
    env: { SEED_ON_EMPTY: 'true', NODE_ENV: 'development' },
  });
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-lantern-whatif-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--no-first-run'],
  });
  try {
    if (route !== '/auth') {
      const page = await context.newPage();
      await signInPersona(page, app.base, /Alice Anderson/);
      await page.close();
    }
    await lighthouse(
      `${app.base}${route}`,
      { port, logLevel: 'error', gatherMode: recording },
      config,
    );
    fs.writeFileSync(routeFile, route);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
    app.stop();
  }
}
const recorded = fs.existsSync(routeFile) ? fs.readFileSync(routeFile, 'utf8') : null;
if (recorded !== route) {
  console.error(`${recording} holds a recording of ${recorded ?? 'no known route'}, not ${route}`);
  process.exit(1);
}

const short = (url) => (url ?? '').replace(/^https?:\/\/[^/]+/, '').slice(0, 60);

for (const [name, drops] of Object.entries(variants)) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-lantern-variant-'));
  for (const file of fs.readdirSync(recording).filter((f) => f !== 'route.txt')) {
    fs.copyFileSync(path.join(recording, file), path.join(dir, file));
  }
  const logFile = path.join(
    dir,
    fs.readdirSync(dir).find((f) => f.endsWith('devtoolslog.json')),
  );
  const log = JSON.parse(fs.readFileSync(logFile, 'utf8'));
  const dropped = new Set(
    log
      .filter((e) => e.method === 'Network.requestWillBeSent')
      .filter((e) => drops.some((d) => e.params.request.url.includes(d)))
      .map((e) => e.params.requestId),
  );
  const kept = log.filter((e) => !dropped.has(e.params?.requestId));
  if (ttfbCap !== null) {
    for (const e of kept) {
      const timing = e.method === 'Network.responseReceived' ? e.params.response.timing : null;
      if (!timing || e.params.type === 'Document') continue;
      timing.receiveHeadersEnd = Math.min(timing.receiveHeadersEnd, timing.sendEnd + ttfbCap);
    }
  }
  fs.writeFileSync(logFile, JSON.stringify(kept));
  Simulation.Simulator.allNodeTimings.clear();
  const { lhr } = await lighthouse(
    'http://localhost/',
    { logLevel: 'error', auditMode: dir },
    config,
  );
  fs.rmSync(dir, { recursive: true, force: true });
  const metric = (id) => Math.round(lhr.audits[id].numericValue);
  console.log(
    `${name.padEnd(24)} ${String(dropped.size).padStart(2)} taken out  FCP ${metric('first-contentful-paint')}  LCP ${metric('largest-contentful-paint')}  TBT ${metric('total-blocking-time')}  Performance ${Math.round(lhr.categories.performance.score * 100)}`,
  );
  if (!process.env.SHOW) continue;
  const timings = Simulation.Simulator.allNodeTimings.get('optimisticLargestContentfulPaint');
  for (const [node, t] of [...(timings ?? new Map())].sort(
    (a, b) => a[1].startTime - b[1].startTime,
  )) {
    const request = node.request ?? node.rawRequest;
    const what =
      node.type === 'network'
        ? `${request?.resourceType} ${request?.transferSize} B ${short(request?.url)}`
        : `main thread, ${Math.round((node.event?.dur ?? 0) / 1000)} ms as recorded`;
    const after = node
      .getDependencies()
      .map((d) =>
        d.type === 'network'
          ? short((d.request ?? d.rawRequest)?.url)
              .split('/')
              .pop()
          : `task@${Math.round(timings.get(d)?.startTime ?? -1)}`,
      )
      .join(', ');
    console.log(
      `  ${String(Math.round(t.startTime)).padStart(5)} ${String(Math.round(t.endTime)).padStart(5)}  ${what}  ← ${after}`,
    );
  }
}
