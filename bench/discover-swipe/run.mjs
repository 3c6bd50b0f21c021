// Swiping in Discover on a mid-range phone profile (issue 14): the production build served by
// the real server with the demo world, signed in as a seed persona (a new one each run, with
// friends and friends of friends in the seed), Chromium at 390×844 with CPU throttling 4×.
// Twenty swipes by pointer drags (alternating left and right, each 12 moves over ~200 px), with
// every animation frame's time recorded in the page; a frame longer than 1.5 × 16.7 ms counts
// as dropped (its extra vsyncs). Baseline in the same run: the same page held still for as
// long, so what the drags cost is told apart from what the throttled page costs idle.
// Usage: node bench/discover-swipe/run.mjs [--runs=3]   (results/latest.json)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildWeb, chromiumPath, median, serveBuild, signInPersona } from '../serve-build.mjs';

const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 3);
const SWIPES = 20;
const FRAME_MS = 1000 / 60;
/** Seed personas with long decks (friends of friends in the demo world). */
const PERSONAS = [/Alice Anderson/, /Bob Bakker/, /Carol Chen/, /Dave Dekker/, /Erin Evans/];

buildWeb();
const app = await serveBuild({ name: 'swipe', env: { NODE_ENV: 'test', SEED_ON_EMPTY: 'true' } });
const { base } = app;

/** Frame times (ms between animation frames) recorded in the page while `work` runs. */
async function frames(page, work) {
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__frames = [];
    let last = performance.now();
    const tick = (now) => {
      w.__frames.push(now - last);
      last = now;
      if (w.__recording) requestAnimationFrame(tick);
    };
    w.__recording = true;
    requestAnimationFrame(tick);
  });
  await work();
  return page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__recording = false;
    return w.__frames.slice(1);
  });
}

function summarise(times) {
  const dropped = times.reduce((n, t) => n + Math.max(0, Math.round(t / FRAME_MS) - 1), 0);
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] * 10) / 10;
  const total = times.reduce((s, t) => s + t, 0);
  return {
    frames: times.length,
    droppedFrames: dropped,
    longFrames: times.filter((t) => t > 1.5 * FRAME_MS).length,
    fps: Math.round((times.length / total) * 1000 * 10) / 10,
    frameMs: { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) },
  };
}

let code = 0;
try {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-background-networking', '--no-first-run'],
  });
  const results = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    const page = await context.newPage();
    await signInPersona(page, base, PERSONAS[run % PERSONAS.length]);
    await page.goto(`${base}/discover`);
    const card = page.getByTestId('discover-card');
    await card.first().waitFor({ timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.waitForTimeout(1000);

    const idle = await frames(page, () => page.waitForTimeout(4000));
    let swiped = 0;
    const swipeStart = Date.now();
    const during = await frames(page, async () => {
      for (let s = 0; s < SWIPES; s++) {
        const box = await card
          .first()
          .boundingBox({ timeout: 5000 })
          .catch(() => null);
        if (!box) break;
        const x = box.x + box.width / 2;
        const y = box.y + box.height / 2;
        const dx = s % 2 === 0 ? -200 : 200;
        await page.mouse.move(x, y);
        await page.mouse.down();
        for (let k = 1; k <= 12; k++) {
          await page.mouse.move(x + (dx * k) / 12, y + (k % 3), { steps: 1 });
        }
        await page.mouse.up();
        swiped++;
        // The next card is in place (the one swiped away is gone or a dialog opened).
        await page.waitForTimeout(350);
        // A plain selector: a role query walks the whole page on its main thread, and its
        // frames would be counted as the app's.
        const dialog = page.locator('dialog[open]');
        if (await dialog.isVisible().catch(() => false)) {
          await page.keyboard.press('Escape');
          await page.waitForTimeout(200);
        }
      }
    });
    const swipeMs = Date.now() - swipeStart;
    results.push({
      run: run + 1,
      persona: String(PERSONAS[run % PERSONAS.length]),
      swiped,
      swipeMs,
      idle: summarise(idle),
      swiping: summarise(during),
    });
    console.log(JSON.stringify(results.at(-1)));
    await context.close();
  }
  await browser.close();
  const out = {
    date: new Date().toISOString(),
    profile:
      'Chromium, 390×844, CPU throttling 4×, production build, demo world, a seed persona per run',
    swipesPerRun: SWIPES,
    runs: results,
    median: {
      droppedFramesSwiping: median(results.map((r) => r.swiping.droppedFrames)),
      droppedFramesIdle: median(results.map((r) => r.idle.droppedFrames)),
      fpsSwiping: median(results.map((r) => r.swiping.fps)),
      frameP95Swiping: median(results.map((r) => r.swiping.frameMs.p95)),
    },
    spread: {
      droppedFramesSwiping: [
        Math.min(...results.map((r) => r.swiping.droppedFrames)),
        Math.max(...results.map((r) => r.swiping.droppedFrames)),
      ],
    },
    machine: {
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
    },
  };
  fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(import.meta.dirname, 'results', 'latest.json'),
    `${JSON.stringify(out, null, 2)}\n`,
  );
  console.log(JSON.stringify(out.median));
} catch (err) {
  console.error(err);
  code = 1;
} finally {
  app.stop();
}
process.exit(code);
