// What the web app costs on the wire: builds it (with its precompressed copies), serves it with
// the real server, and loads each main route cold in Chromium (cache disabled, no service
// worker), signed in through the development provider where the route needs it. For every
// response it records the bytes that crossed the wire (headers included, CDP encodedDataLength),
// the decoded size and the Content-Encoding. The baseline in the same run is the decoded size:
// what the same responses cost uncompressed. Fails (exit 1) if any text response over 1 KiB went
// out uncompressed, or if the sign-in route's JavaScript passes its budget.
// Usage: node bench/web-bundle/run.mjs [--dist=<web build>] [--out=<results file>]
// --dist measures another build than apps/web/dist (and skips the build); --out writes there
// instead of results/latest.json.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildWeb, chromiumPath, serveBuild, signUpNewcomer } from '../serve-build.mjs';

/** JavaScript transferred for /auth, compressed (issue 44: 150 KiB before usable, React included). */
const AUTH_JS_BUDGET_KB = 150;
const TEXT = /^(?:text\/|application\/(?:json|javascript|manifest\+json)|image\/svg)/;

const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const dist = arg('dist');
const outFile = arg('out');
if (!dist) buildWeb();
// As the e2e tests run it: the development provider signs the bench person in.
const app = await serveBuild({
  name: 'bundle',
  env: {
    NODE_ENV: 'test',
    SEED_ON_EMPTY: 'false',
    ...(dist ? { WEB_DIST: path.resolve(dist) } : {}),
  },
});
const { base } = app;

/** Loads `route` cold in a new page of `context`; returns every response's wire figures. */
async function measure(context, route, ready) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const seen = new Map();
  cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    seen.set(requestId, {
      url: new URL(response.url).pathname,
      type,
      status: response.status,
      mime: response.mimeType,
      encoding: headers['content-encoding'] ?? 'identity',
      decodedBytes: 0,
      wireBytes: 0,
    });
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    const r = seen.get(requestId);
    if (r) r.decodedBytes += dataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const r = seen.get(requestId);
    if (r) r.wireBytes = encodedDataLength;
  });
  await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  await ready(page);
  await page.close();
  return [...seen.values()].filter((r) => r.wireBytes > 0 && !r.url.startsWith('/socket.io'));
}

function summarise(route, responses) {
  const kb = (n) => Number((n / 1024).toFixed(1));
  const sum = (rs, key) => rs.reduce((n, r) => n + r[key], 0);
  const js = responses.filter((r) => r.type === 'Script');
  const css = responses.filter((r) => r.type === 'Stylesheet');
  const byEncoding = {};
  for (const r of responses)
    byEncoding[r.encoding] = kb((byEncoding[r.encoding] ?? 0) * 1024 + r.wireBytes);
  const uncompressed = responses.filter(
    (r) => TEXT.test(r.mime) && r.decodedBytes > 1024 && r.encoding === 'identity',
  );
  return {
    route,
    requests: responses.length,
    wireKB: kb(sum(responses, 'wireBytes')),
    uncompressedKB: kb(sum(responses, 'decodedBytes')),
    ratio: Number(
      (sum(responses, 'wireBytes') / Math.max(1, sum(responses, 'decodedBytes'))).toFixed(3),
    ),
    jsWireKB: kb(sum(js, 'wireBytes')),
    jsUncompressedKB: kb(sum(js, 'decodedBytes')),
    cssWireKB: kb(sum(css, 'wireBytes')),
    wireKBByEncoding: byEncoding,
    sentUncompressed: uncompressed.map((r) => `${r.url} (${kb(r.decodedBytes)} KiB)`),
    files: responses
      .sort((a, b) => b.wireBytes - a.wireBytes)
      .map((r) => ({
        url: r.url,
        type: r.type,
        encoding: r.encoding,
        wireBytes: r.wireBytes,
        decodedBytes: r.decodedBytes,
      })),
  };
}

let failed = false;
try {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  const routes = [];
  const button = (name) => (page) => page.getByRole('button', { name }).first().waitFor();
  const heading = (name) => (page) => page.getByRole('heading', { name }).first().waitFor();
  routes.push(summarise('/auth', await measure(context, '/auth', button('Continue with Google'))));

  // Sign in as a new person at the development provider (as the e2e tests do).
  const page = await context.newPage();
  await signUpNewcomer(page, base, 'Bench Person');
  await page.close();
  routes.push(
    summarise('/onboarding', await measure(context, '/onboarding', button("Let's Get Started"))),
  );
  const onboard = await context.newPage();
  await onboard.goto(`${base}/onboarding`);
  await onboard.getByRole('button', { name: "Let's Get Started" }).click();
  await onboard.getByRole('button', { name: 'Continue' }).click();
  await onboard.getByRole('button', { name: 'Skip for now' }).click();
  await onboard.waitForURL(/\/profile$/);
  await onboard.close();
  routes.push(summarise('/profile', await measure(context, '/profile', heading(/Bench Person/))));
  routes.push(summarise('/network', await measure(context, '/network', heading('Network'))));
  await browser.close();

  const auth = routes[0];
  const result = {
    date: new Date().toISOString(),
    note: 'Bytes are deterministic for a given build; one run per route. wireKB includes headers.',
    authJsBudgetKB: AUTH_JS_BUDGET_KB,
    authJsWithinBudget: auth.jsWireKB <= AUTH_JS_BUDGET_KB,
    routes,
  };
  console.log(
    routes
      .map(
        (r) =>
          `${r.route.padEnd(12)} wire ${String(r.wireKB).padStart(7)} KiB of ${String(r.uncompressedKB).padStart(7)} KiB (ratio ${r.ratio}); JS ${r.jsWireKB} of ${r.jsUncompressedKB} KiB; uncompressed text: ${r.sentUncompressed.length}`,
      )
      .join('\n'),
  );
  const file = outFile
    ? path.resolve(outFile)
    : path.join(import.meta.dirname, 'results', 'latest.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  for (const r of routes) {
    for (const f of r.sentUncompressed) {
      console.error(`UNCOMPRESSED on ${r.route}: ${f}`);
      failed = true;
    }
  }
  if (!result.authJsWithinBudget) {
    console.error(
      `/auth JavaScript ${auth.jsWireKB} KiB is over the ${AUTH_JS_BUDGET_KB} KiB budget`,
    );
    failed = true;
  }
} finally {
  app.stop();
}
process.exit(failed ? 1 : 0);
