// First load on a mid-range phone (issue 17): Lighthouse 12.2.3 (pinned in the root
// package.json) with its default mobile preset — simulated slow 4G (150 ms RTT, 1.6 Mbit/s),
// 4× CPU slowdown, a Moto G Power screen — against `npm start` (scripts/start.mjs: the
// production build on the embedded defaults, the demo world seeded), three runs per route,
// medians reported. /auth is loaded signed out, /onboarding as a person who just signed up, the
// rest as a seed persona. Lighthouse clears the cache, service workers and Cache Storage before
// each run; this bench also clears local storage and IndexedDB (a cold first visit: no
// persisted query cache), keeping only the session cookie.
//
// Then the repeat visit: the same routes in Chromium with the service worker installed and the
// same throttling applied through the DevTools protocol (150 ms, 1.6 Mbit/s, CPU 4×): the time
// from navigation to the screen being usable (its main control or heading visible), three runs;
// then once more with every API answer held back 3 s — usable before the hold ends means no
// request blocked the screen (the cached data answered); and anything fetched from the network
// instead of the service worker before the screen was usable.
//
// Exits 1 when a budget is missed (median of the runs). Results: results/latest.json.
// Usage: node bench/lighthouse/run.mjs [--runs=3] [--routes=/auth,/network] [--dist=<web build>]
//   [--out=<results file>] [--no-repeat]
// --dist serves another web build than apps/web/dist (an A/B of two builds on the same server
// code); --out writes the results there instead of results/latest.json; --no-repeat skips the
// repeat visits.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import {
  chromiumPath,
  COLD_STORAGE_TYPES,
  freePort,
  median,
  serveBuild,
  signInPersona,
  signUpNewcomer,
  throttleLikeMobilePreset,
} from '../serve-build.mjs';

const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const runs = Number(arg('runs') ?? 3);
const only = arg('routes')?.split(',');
/** Where to write each run's full Lighthouse report (for looking into a result). */
const dump = arg('dump');
const dist = arg('dist');
const outFile = arg('out');
const repeat = !process.argv.includes('--no-repeat');

/** Issue 44's budgets, on React; LCP is aimed at 2.0 s (`lcpAimMs`, reported, not failed). */
const BUDGET = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 2500,
  lcpAimMs: 2000,
  tbtMs: 150,
  cls: 0.02,
  /**
   * JavaScript transferred before the first screen is usable, compressed: the scripts requested
   * before the largest paint of Lighthouse's own (unthrottled) load. What the app loads after
   * it, the realtime client say, is reported as `scriptKB` but not held to this budget.
   */
  scriptBeforeUsableKB: 150,
  repeatUsableMs: 1000,
};
const PERSONA = /Alice Anderson/;

/** Each route, who loads it, and what on it means "usable". */
const ROUTES = [
  {
    route: '/auth',
    as: 'nobody',
    usable: (p) => p.getByRole('button', { name: 'Continue with Google' }),
  },
  {
    route: '/onboarding',
    as: 'newcomer',
    usable: (p) => p.getByRole('button', { name: "Let's Get Started" }),
  },
  { route: '/profile', as: 'persona', usable: (p) => p.getByRole('heading', { name: PERSONA }) },
  { route: '/network', as: 'persona', usable: (p) => p.getByRole('heading', { name: 'Network' }) },
  { route: '/discover', as: 'persona', usable: (p) => p.getByTestId('discover-card').first() },
  { route: '/chat', as: 'persona', usable: (p) => p.getByRole('heading', { name: 'Messages' }) },
  {
    route: '/settings',
    as: 'persona',
    usable: (p) => p.getByRole('heading', { name: 'Settings' }),
  },
].filter((r) => !only || only.includes(r.route));

const app = await serveBuild({
  name: 'lighthouse',
  command: 'start',
  env: {
    SEED_ON_EMPTY: 'true',
    NODE_ENV: 'development',
    ...(dist ? { WEB_DIST: path.resolve(dist) } : {}),
  },
});
const { base } = app;
const debugPort = await freePort();
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-bench-lh-profile-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: chromiumPath(),
  headless: true,
  viewport: { width: 390, height: 844 },
  args: [
    `--remote-debugging-port=${debugPort}`,
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

/** Signs the browser in as `who` through the development provider. */
async function signIn(who) {
  await context.clearCookies();
  if (who === 'nobody') return;
  const page = await context.newPage();
  if (who === 'persona') await signInPersona(page, base, PERSONA);
  else await signUpNewcomer(page, base, 'Bench Newcomer');
  await page.close();
}

const ms = (x) => Math.round(x);
/**
 * One Lighthouse run of `route`. Lighthouse 12.2.3 with this Chromium now and then loses the
 * trace (NO_NAVSTART) or the LCP event; such a run is repeated (up to 3 attempts) and counted.
 */
async function audit(route) {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await auditOnce(route);
      if (Number.isFinite(result.lcpMs)) return { ...result, attempts: attempt };
      if (attempt >= 3) throw new Error(`${route}: no LCP in 3 attempts`);
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

async function auditOnce(route) {
  const { lhr } = await lighthouse(
    `${base}${route}`,
    {
      port: debugPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    },
    {
      extends: 'lighthouse:default',
      settings: { clearStorageTypes: COLD_STORAGE_TYPES },
    },
  );
  if (dump) {
    fs.mkdirSync(dump, { recursive: true });
    fs.writeFileSync(path.join(dump, `${route.slice(1)}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${route}: ${lhr.runtimeError.message}`);
  const a = lhr.audits;
  const requests = a['network-requests'].details.items;
  const lcp = a['largest-contentful-paint'].numericValue;
  const kb = (n) => Math.round((n / 1024) * 10) / 10;
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  // Both on the clock of Lighthouse's observed load (not the simulated one): its requests are
  // timed from the page's own request, its paints from navigation, a few ms apart.
  const usableAt = a.metrics.details.items[0].observedLargestContentfulPaint;
  const beforeUsable = scripts.filter((r) => r.networkRequestTime < usableAt);
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
    fcpMs: ms(a['first-contentful-paint'].numericValue),
    lcpMs: ms(lcp),
    tbtMs: ms(a['total-blocking-time'].numericValue),
    cls: Math.round(a['cumulative-layout-shift'].numericValue * 1000) / 1000,
    siMs: ms(a['speed-index'].numericValue),
    transferKB: kb(a['total-byte-weight'].numericValue),
    scriptKB: kb(scripts.reduce((n, r) => n + r.transferSize, 0)),
    scriptBeforeUsableKB: kb(beforeUsable.reduce((n, r) => n + r.transferSize, 0)),
    requests: requests.length,
    failedAudits: [
      ...lhr.categories.accessibility.auditRefs,
      ...lhr.categories['best-practices'].auditRefs,
    ]
      .map((ref) => a[ref.id])
      .filter((x) => x.score !== null && x.score < 1 && x.scoreDisplayMode !== 'informative')
      .map((x) => x.id),
    unusedJsKB: kb(a['unused-javascript'].details?.overallSavingsBytes ?? 0),
    // Lighthouse's own measure of how fast this machine is at the run (higher is faster): a
    // result compares with another only on a machine of about the same index.
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/** How long the repeat visit holds every API answer back. */
const API_HOLD_MS = 3000;

/**
 * The repeat visit: the route loaded once (the service worker installs and takes control), then
 * again under the preset's throttling with every API answer held back for API_HOLD_MS. Usable =
 * the screen's main control or heading visible; usable well before the hold ends means no
 * request blocked the first render (the cached data answered). Also listed: anything that
 * still went to the network (not to the service worker) before the screen was usable.
 */
async function repeatVisit({ route, usable }, { holdApi }) {
  const page = await context.newPage();
  await page.goto(`${base}${route}`);
  await usable(page).waitFor({ timeout: 30_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 50 && !navigator.serviceWorker.controller; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await throttleLikeMobilePreset(cdp);
  if (holdApi) await cdp.send('Fetch.enable', { patterns: [{ urlPattern: `${base}/api/*` }] });
  const held = [];
  cdp.on('Fetch.requestPaused', ({ requestId, request }) => {
    held.push(new URL(request.url).pathname);
    setTimeout(
      () => cdp.send('Fetch.continueRequest', { requestId }).catch(() => undefined),
      API_HOLD_MS,
    );
  });
  const fromNetwork = [];
  cdp.on('Network.responseReceived', ({ response }) => {
    const url = new URL(response.url);
    if (!response.fromServiceWorker && !url.pathname.startsWith('/api/')) {
      fromNetwork.push(url.pathname);
    }
  });
  const start = Date.now();
  await page.goto(`${base}${route}`, { waitUntil: 'commit' });
  await usable(page).waitFor({ timeout: 30_000 });
  const usableMs = Date.now() - start;
  const networkBeforeUsable = [...fromNetwork];
  await cdp.send('Fetch.disable').catch(() => undefined);
  await page.close();
  return {
    usableMs,
    apiHeldMs: holdApi ? API_HOLD_MS : 0,
    apiHeld: [...new Set(held)],
    networkBeforeUsable,
  };
}

let code = 0;
const results = [];
try {
  for (const r of ROUTES) {
    await signIn(r.as);
    const each = [];
    for (let i = 0; i < runs; i++) each.push(await audit(r.route));
    const repeats = [];
    for (let i = 0; repeat && i < runs; i++) {
      repeats.push(await repeatVisit(r, { holdApi: false }));
    }
    // Every screen renders from what the browser kept: the sign-in screen from "last seen
    // signed out" (the session check then runs behind it), the others from cached answers.
    const held = repeat ? await repeatVisit(r, { holdApi: true }) : null;
    const mid = (key) => median(each.map((x) => x[key]));
    const summary = {
      route: r.route,
      as: r.as,
      median: {
        performance: mid('performance'),
        accessibility: mid('accessibility'),
        bestPractices: mid('bestPractices'),
        fcpMs: mid('fcpMs'),
        lcpMs: mid('lcpMs'),
        tbtMs: mid('tbtMs'),
        cls: mid('cls'),
        siMs: mid('siMs'),
        transferKB: mid('transferKB'),
        scriptKB: mid('scriptKB'),
        scriptBeforeUsableKB: mid('scriptBeforeUsableKB'),
        repeatUsableMs: repeat ? median(repeats.map((x) => x.usableMs)) : null,
      },
      spread: {
        performance: [
          Math.min(...each.map((x) => x.performance)),
          Math.max(...each.map((x) => x.performance)),
        ],
        lcpMs: [Math.min(...each.map((x) => x.lcpMs)), Math.max(...each.map((x) => x.lcpMs))],
        tbtMs: [Math.min(...each.map((x) => x.tbtMs)), Math.max(...each.map((x) => x.tbtMs))],
        repeatUsableMs: repeat
          ? [
              Math.min(...repeats.map((x) => x.usableMs)),
              Math.max(...repeats.map((x) => x.usableMs)),
            ]
          : null,
      },
      runs: each,
      repeatVisits: repeats,
      repeatVisitApiHeld: held,
    };
    const m = summary.median;
    summary.missed = [
      m.performance < BUDGET.performance && `performance ${m.performance} < ${BUDGET.performance}`,
      m.accessibility < BUDGET.accessibility && `accessibility ${m.accessibility}`,
      m.bestPractices < BUDGET.bestPractices && `best practices ${m.bestPractices}`,
      m.lcpMs > BUDGET.lcpMs && `LCP ${m.lcpMs} ms > ${BUDGET.lcpMs}`,
      m.tbtMs > BUDGET.tbtMs && `TBT ${m.tbtMs} ms > ${BUDGET.tbtMs}`,
      m.cls > BUDGET.cls && `CLS ${m.cls} > ${BUDGET.cls}`,
      m.scriptBeforeUsableKB > BUDGET.scriptBeforeUsableKB &&
        `JS before usable ${m.scriptBeforeUsableKB} KiB > ${BUDGET.scriptBeforeUsableKB}`,
      m.repeatUsableMs !== null &&
        m.repeatUsableMs > BUDGET.repeatUsableMs &&
        `repeat visit ${m.repeatUsableMs} ms > ${BUDGET.repeatUsableMs}`,
      held &&
        held.usableMs >= API_HOLD_MS &&
        `repeat visit waited for ${held.apiHeld.join(', ')} (usable after ${held.usableMs} ms with the API held ${API_HOLD_MS} ms)`,
      repeats.some((x) => x.networkBeforeUsable.length) &&
        `repeat visit went to the network before usable: ${[...new Set(repeats.flatMap((x) => x.networkBeforeUsable))].join(', ')}`,
    ].filter(Boolean);
    if (summary.missed.length) code = 1;
    results.push(summary);
    console.log(
      `${r.route.padEnd(11)} perf ${m.performance} a11y ${m.accessibility} bp ${m.bestPractices} ` +
        `FCP ${m.fcpMs} LCP ${m.lcpMs} TBT ${m.tbtMs} CLS ${m.cls} JS ${m.scriptBeforeUsableKB} KiB before usable (${m.scriptKB} in all) ` +
        `all ${m.transferKB} KiB repeat ${m.repeatUsableMs} ms` +
        (m.lcpMs > BUDGET.lcpAimMs ? `  (LCP over the ${BUDGET.lcpAimMs} ms aim)` : '') +
        (summary.missed.length ? `  MISSED: ${summary.missed.join('; ')}` : ''),
    );
  }
  const out = {
    date: new Date().toISOString(),
    tool: 'Lighthouse 12.2.3, default (mobile) config, simulated throttling',
    server: 'npm start (scripts/start.mjs): production build, embedded defaults, demo world',
    runsPerRoute: runs,
    budget: BUDGET,
    machine: {
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
      benchmarkIndex: median(results.flatMap((r) => r.runs.map((x) => x.benchmarkIndex))),
    },
    routes: results,
  };
  const file = outFile
    ? path.resolve(outFile)
    : path.join(import.meta.dirname, 'results', only ? 'partial.json' : 'latest.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
} catch (err) {
  console.error(err);
  code = 1;
} finally {
  await context.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
  app.stop();
}
process.exit(code);
