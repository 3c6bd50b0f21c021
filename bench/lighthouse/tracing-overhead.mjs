// How much Lighthouse's own trace lengthens the page's long tasks (issue 17). Lighthouse's TBT
// scales the tasks of a trace it records itself; this loads a route cold at 4x CPU (applied
// through the DevTools protocol) with no trace, with Lighthouse 12.2.3's trace categories, and
// with a lean set (the timeline alone), and sums the long tasks the page itself observes
// (PerformanceObserver 'longtask', 6 s). Modes alternate load by load. Nothing is written.
// With --each, it adds one mode per Lighthouse category: Lighthouse's set with that one dropped,
// to find which category costs the most.
//
//   node bench/lighthouse/tracing-overhead.mjs [/network] [loads per mode, 5] [--each]
import { chromium } from 'playwright-core';
import { chromiumPath, median, serveBuild, signInPersona } from '../serve-build.mjs';

const [route = '/network', loadsArg = '5'] = process.argv.slice(2).filter((a) => a !== '--each');
const loads = Number(loadsArg);
const each = process.argv.includes('--each');
const PERSONA = 'Alice Anderson';
const WAIT_MS = 6000;

const MODES = {
  'no trace': null,
  // Trace.getDefaultTraceCategories() of lighthouse/core/gather/gatherers/trace.js (12.2.3).
  lighthouse: [
    '-*',
    'disabled-by-default-lighthouse',
    'loading',
    'v8',
    'v8.execute',
    'blink.user_timing',
    'blink.console',
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'disabled-by-default-devtools.screenshot',
    'disabled-by-default-devtools.timeline.stack',
    'disabled-by-default-devtools.timeline.frame',
    'latencyInfo',
    'disabled-by-default-devtools.timeline.invalidationTracking',
  ],
  'timeline only': [
    '-*',
    'loading',
    'v8.execute',
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
  ],
};
if (each) {
  for (const category of MODES.lighthouse.slice(1)) {
    // Named in full but for the prefix: two categories differ only by it.
    const name = category.replace('disabled-by-default-', 'dbd:');
    MODES[`- ${name}`] = MODES.lighthouse.filter((c) => c !== category);
  }
}

const app = await serveBuild({
  name: 'tracing-overhead',
  env: { SEED_ON_EMPTY: 'true', NODE_ENV: 'development' },
});
const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
try {
  const signIn = await browser.newContext();
  await signInPersona(await signIn.newPage(), app.base, PERSONA);
  const cookies = await signIn.cookies();
  await signIn.close();

  const sums = Object.fromEntries(Object.keys(MODES).map((mode) => [mode, []]));
  const order = Object.keys(MODES);
  for (let i = 0; i < loads; i++) {
    for (const mode of i % 2 ? [...order].reverse() : order) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        serviceWorkers: 'block',
      });
      await context.addCookies(cookies);
      const page = await context.newPage();
      await page.addInitScript(() => {
        const seen = { longMs: 0 };
        Object.assign(window, { __seen: seen });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) seen.longMs += entry.duration;
        }).observe({ type: 'longtask', buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      if (MODES[mode]) await browser.startTracing(page, { categories: MODES[mode] });
      await page.goto(`${app.base}${route}`);
      await page.waitForTimeout(WAIT_MS);
      const { longMs } = await page.evaluate(() => window.__seen);
      if (MODES[mode]) await browser.stopTracing();
      sums[mode].push(Math.round(longMs));
      await context.close();
    }
  }
  const base = median(sums['no trace']);
  console.log(`${route}, the page's long tasks summed (ms), ${loads} cold loads each at 4x CPU:`);
  for (const [mode, values] of Object.entries(sums)) {
    const m = median(values);
    console.log(
      `  ${mode.padEnd(46)} median ${String(Math.round(m)).padStart(5)} ` +
        `(x${(m / base).toFixed(2)})  loads ${values.join(', ')}`,
    );
  }
} finally {
  await browser.close();
  app.stop();
}
