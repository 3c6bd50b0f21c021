import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { preloadLinkHeader, SCREEN_ANSWERS, SCREEN_CODE } from '@heartline/domain';
import { uploadPhoto } from './invite-helpers.ts';
import { newcomer, signInAsNew } from './helpers.ts';
import { signUpOnboarded } from './network-helpers.ts';

/** The web build the server under test serves (scripts/start.mjs builds it before the run). */
const assets = path.resolve(import.meta.dirname, '../apps/web/dist/assets');

function bundledSources(): string[] {
  return fs
    .readdirSync(assets)
    .filter((file) => file.endsWith('.js.map'))
    .flatMap((file) => {
      const map = JSON.parse(fs.readFileSync(path.join(assets, file), 'utf8')) as {
        sources: string[];
      };
      return map.sources;
    });
}

test('the production build carries no development build of a library', () => {
  const sources = bundledSources();
  expect(sources.filter((s) => /\/dist\/development\/|\.development\.js$/.test(s))).toEqual([]);
  expect(sources.some((s) => s.includes('/wouter/'))).toBe(true);
  // React itself (the product's owner asked for it by name, DESIGN.md §1), and nothing that
  // stands in for it: no alias to another library.
  expect(sources.some((s) => s.includes('/node_modules/react-dom/'))).toBe(true);
  expect(sources.some((s) => s.includes('/node_modules/react/'))).toBe(true);
  expect(sources.filter((s) => /\/node_modules\/(preact|inferno|nervjs)/.test(s))).toEqual([]);
});

/** The bundled sources of a served chunk, from its source map beside it in the build. */
function sourcesOf(url: string): string[] {
  const file = path.join(assets, new URL(url).pathname.replace(/^\/assets\//, '') + '.map');
  if (!fs.existsSync(file)) return [];
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { sources: string[] }).sources;
}

test('a signed-out first load of the sign-in page does not load the schema library', async ({
  page,
}) => {
  // zod is ~22 KB of the JavaScript budget (issue 17): the answers a first load waits for are
  // read without it (startup-answers.ts), and the schemas come with the signed-in chunk.
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((url) => sourcesOf(url).length > 0)).toBe(true);
  const withZod = scripts.filter((url) => sourcesOf(url).some((s) => s.includes('/zod/')));
  expect(withZod).toEqual([]);
});

test('a signed-in first load gets the tab bar, the live connection and the waiting uploads with the signed-in chunk', async ({
  browser,
}) => {
  // Each was a lazy chunk of its own, a request more on every signed-in first load (issue 17).
  await inOwnContext(browser, async (page) => {
    await signUpOnboarded(page, 'Onechunk');
    const cookies = await page.context().cookies();
    await inOwnContext(browser, async (cold, context) => {
      await context.addCookies(cookies);
      const scripts: string[] = [];
      cold.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.url());
      });
      await cold.goto('/network');
      await expect(cold.getByRole('heading', { name: 'Network' })).toBeVisible();
      await expect(cold.getByRole('navigation', { name: /main/i })).toBeVisible();
      await cold.waitForLoadState('networkidle');
      const fileOf = (module: string) =>
        scripts.filter((url) => sourcesOf(url).some((s) => s.endsWith(module)));
      for (const module of [
        'src/components/TabBar.tsx',
        'src/app/RealtimeBridge.tsx',
        'src/app/BackgroundUploads.tsx',
      ]) {
        const files = fileOf(module);
        expect(files, module).toHaveLength(1);
        expect(new URL(files[0]!).pathname, module).toMatch(/^\/assets\/signed-in-/);
      }
    });
  });
});

/** The staff console's code (DESIGN.md §6: members never download it). */
const STAFF_CODE =
  /\/src\/screens\/Staff\/|\/src\/state\/queries\/staff|\/packages\/domain\/src\/staff-console\.ts$|\/@simplewebauthn\//;

test("a member's first load carries none of the staff console: not in the entry, not in the signed-in chunk", async ({
  browser,
}) => {
  // On the build: the page's entry with every file it imports, and the signed-in chunk.
  const manifest = JSON.parse(
    fs.readFileSync(path.resolve(assets, '../.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string; name?: string; isEntry?: boolean; imports?: string[] }>;
  const firstLoad = new Set<string>();
  const add = (key: string) => {
    if (firstLoad.has(key) || !manifest[key]) return;
    firstLoad.add(key);
    for (const next of manifest[key].imports ?? []) add(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry || chunk.name === 'signed-in') add(key);
  }
  const fileSources = (key: string) => sourcesOf(`http://build/${manifest[key]!.file}`);
  expect([...firstLoad].map(fileSources).flat().length).toBeGreaterThan(100);
  for (const key of firstLoad) {
    expect(
      fileSources(key).filter((s) => STAFF_CODE.test(s)),
      manifest[key]!.file,
    ).toEqual([]);
  }
  // The console is built, in files of its own (so the check above has something to miss).
  expect(builtFileOf('src/screens/Staff/StaffConsole.tsx')).toBeDefined();

  // In the browser: a member's cold signed-in start.
  await inOwnContext(browser, async (page) => {
    await signUpOnboarded(page, 'Nostaff');
    const cookies = await page.context().cookies();
    await inOwnContext(browser, async (cold, context) => {
      await context.addCookies(cookies);
      const scripts: string[] = [];
      cold.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.url());
      });
      await cold.goto('/network');
      await expect(cold.getByRole('heading', { name: 'Network' })).toBeVisible();
      await cold.waitForLoadState('networkidle');
      const loaded = scripts.flatMap(sourcesOf);
      expect(loaded.some((s) => s.endsWith('src/screens/Network/NetworkScreen.tsx'))).toBe(true);
      expect(loaded.filter((s) => STAFF_CODE.test(s))).toEqual([]);
    });
  });
});

test('the drag-and-drop library is built into the Photos screen only', () => {
  // @dnd-kit is for reordering photos (issue 48): no other screen, and no first load, needs it.
  const manifest = JSON.parse(
    fs.readFileSync(path.resolve(assets, '../.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const withDndKit = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter(
    (file) => sourcesOf(`http://build/${file}`).some((s) => s.includes('/@dnd-kit/')),
  );
  expect(withDndKit).toEqual([builtFileOf('src/screens/Profile/PhotoUploadScreen.tsx')]);
});

/**
 * Runs `journey` in a browser context of its own, with no service worker: it would answer the
 * page from its cache, without the server's headers.
 */
async function inOwnContext(
  browser: Browser,
  journey: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    await journey(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** Holds back every request to `url` until the function it returns is called. */
async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((done) => (release = done));
  await page.route(url, async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

/** A cold start's storage: no persisted answers to show first (the session cookie stays). */
async function forgetStoredAnswers(page: Page, context: BrowserContext): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(page.url()).origin,
    storageTypes: 'local_storage,indexeddb',
  });
  await cdp.detach();
}

/** The built file of a source module, from the build's Vite manifest (SCREEN_CODE's keys). */
function builtFileOf(module: string): string | undefined {
  const manifest = JSON.parse(
    fs.readFileSync(path.resolve(assets, '../.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  return manifest[module]?.file;
}

/**
 * Collects Chromium's warnings, a few seconds after the load event, about a preload nobody
 * took up: an answer the screen does not ask for with that exact URL was fetched for nothing.
 */
async function unusedPreloads(context: BrowserContext, page: Page): Promise<string[]> {
  const unused: string[] = [];
  const cdp = await context.newCDPSession(page);
  cdp.on('Log.entryAdded', ({ entry }) => {
    if (/preload/i.test(entry.text)) unused.push(entry.text);
  });
  await cdp.send('Log.enable');
  return unused;
}

/**
 * Loads `screen` and checks its Link header: it names the files of the screen's modules
 * (SCREEN_CODE, through the build's manifest) and ends with its answers. Each built file it
 * names is fetched exactly once (a style preloaded in another fetch mode than the app's own
 * request is fetched twice), each answer at least once, and Chromium reports no preload as
 * unused (it does so for styles and answers; a module preload nobody imports goes unreported).
 */
async function loadTakingUpPreloads(
  page: Page,
  screen: string,
  unused: string[],
  shown: () => Promise<void>,
): Promise<void> {
  const requested: string[] = [];
  const onRequest = (request: { url: () => string }) => requested.push(request.url());
  page.on('request', onRequest);
  const response = await page.goto(screen);
  const link = response?.headers().link ?? '';
  expect(link.endsWith(preloadLinkHeader(SCREEN_ANSWERS[screen] ?? [])), link).toBe(true);
  for (const module of SCREEN_CODE[screen] ?? []) {
    const file = builtFileOf(module);
    expect(file, module).toBeDefined();
    expect(link, screen).toContain(`</${file}>; rel=modulepreload`);
  }
  await shown();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(4_000);
  expect(unused, screen).toEqual([]);
  page.off('request', onRequest);
  // A built file is fetched once; an answer at least once (the screen may ask again later).
  const named = [...link.matchAll(/<([^>]+)>/g)].map((m) => new URL(m[1] ?? '', page.url()));
  const times = (url: URL) => requested.filter((r) => r === url.href).length;
  expect(
    named
      .filter((url) => (url.pathname.startsWith('/assets/') ? times(url) !== 1 : times(url) < 1))
      .map(String),
    screen,
  ).toEqual([]);
}

test("a signed-in first load takes up all the code and every answer the page's Link header preloads", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  await inOwnContext(browser, async (page) => {
    await signUpOnboarded(page, 'Preload');
    // /profile also preloads the own photo, its largest paint, once the session names it.
    await uploadPhoto(page);
    // Each screen in a context of its own with the session cookie only: a cold first load,
    // with no file in the HTTP cache and no query cache in storage.
    const cookies = await page.context().cookies();
    // /onboarding is left out: this person has finished it, so the app sends them on.
    for (const screen of ['/profile', '/network', '/discover', '/chat', '/settings']) {
      await inOwnContext(browser, async (cold, context) => {
        await context.addCookies(cookies);
        const unused = await unusedPreloads(context, cold);
        await loadTakingUpPreloads(cold, screen, unused, async () => {
          if (screen !== '/profile') return;
          const photo = cold.locator('.profile__photo-img');
          await expect(photo).toHaveAttribute('src', /^\/media\//);
          const preloaded = await cold
            .locator('link[rel=preload][as=image]')
            .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
          expect(preloaded).toEqual([await photo.getAttribute('src')]);
        });
      });
    }
  });
});

test("a newcomer's first load of /onboarding takes up the code and the answer its Link header preloads", async ({
  browser,
}) => {
  // The journey above cannot: its person has finished onboarding and is sent on from there.
  await inOwnContext(browser, async (page, context) => {
    await page.goto('/auth');
    await signInAsNew(page, newcomer('Preonboard'));
    await expect(page).toHaveURL(/\/onboarding/);
    const unused = await unusedPreloads(context, page);
    await loadTakingUpPreloads(page, '/onboarding', unused, () =>
      expect(page.getByText('Welcome, Preonboard!')).toBeVisible(),
    );
  });
});

test('the first screen of a load shows at once and counts as painted; a screen moved to fades in', async ({
  browser,
}) => {
  await inOwnContext(browser, async (page) => {
    const signIn = page.getByRole('button', { name: 'Continue with Google' });
    // Whether the largest contentful paint so far is the app's own (not index.html's launch
    // screen, which paints before any script).
    const appPainted = () =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            new PerformanceObserver((list) => {
              const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element };
              resolve(
                Boolean(last?.element && document.getElementById('root')?.contains(last.element)),
              );
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            setTimeout(() => resolve(false), 1000);
          }),
      );
    await page.goto('/auth');
    await expect(signIn).toBeVisible();
    // A returning signed-out visitor: the sign-in screen renders at once, with no splash before
    // it. Faded in from opacity 0, it was painted but Chromium recorded no contentful paint.
    await page.reload();
    await expect(signIn).toBeVisible();
    await expect.poll(appPainted).toBe(true);
    await expect(page.locator('#main .page-fade')).toHaveCount(0);

    await signUpOnboarded(page, 'Fade');
    await page.goto('/network');
    await expect(page.getByRole('heading', { name: 'Network' })).toBeVisible();
    await expect(page.locator('#main .page-fade')).toHaveCount(0);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Profile' })
      .click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.locator('#main .page-fade')).toHaveCount(1);
  });
});

test('the launch screen paints before any script or stylesheet file comes, and goes as the app covers the page', async ({
  browser,
}) => {
  await inOwnContext(browser, async (page, context) => {
    // The page's own styles are inline, admitted by the CSP's hash of them (plugins/inline-styles.ts).
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const launch = page.locator('#launch');
    const firstPaints = () =>
      page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length);
    // Half its HTML in, the launch screen does not show: its card, laid out without its lower
    // half, would move when the rest came (a layout shift).
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.route(/\/auth$/, async (route) => {
      const html = await (await route.fetch()).text();
      const cut = html.indexOf('<p class="splash__percent">');
      expect(cut).toBeGreaterThan(0);
      await route.fulfill({ contentType: 'text/html', body: html.slice(0, cut) });
    });
    await page.goto('/auth');
    await expect(launch).toHaveCount(1);
    await expect(launch.locator('.splash__title')).toHaveText('Heartline');
    await expect(launch.locator('.splash__title')).toBeHidden();
    await page.unrouteAll();

    // Every script and stylesheet file held back: what shows is the HTML alone.
    const release = await holdRequests(page, '**/assets/*.{js,css}');
    try {
      await page.goto('/auth', { waitUntil: 'commit' });
      await expect(launch.getByRole('heading', { name: 'Heartline' })).toBeVisible();
      await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
      await expect.poll(firstPaints).toBe(1);
      // Only the mark and the name show; the splash's steps hold their places unseen.
      await expect(launch.getByRole('progressbar')).toBeHidden();
      await expect(launch.getByText('Initializing')).toBeHidden();
      // If the app never starts, a way to try again shows after a while (fast-forwarded here).
      const reload = launch.getByRole('link', { name: 'Reload' });
      await expect(reload).toBeHidden();
      await page.evaluate(() =>
        document
          .getAnimations()
          .filter((a) => a instanceof CSSAnimation && a.animationName === 'launch-late')
          .forEach((a) => a.finish()),
      );
      await expect(reload).toBeVisible();
    } finally {
      release();
    }
    // A stranger: the sign-in screen takes its place.
    await expect(page.getByRole('heading', { name: 'Welcome to Heartline' })).toBeVisible();
    await expect(launch).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Heartline', exact: true })).toHaveCount(0);

    // Signed in, a cold start: the splash takes its place, and then the screen.
    await page.unroute('**/assets/*.{js,css}');
    await signUpOnboarded(page, 'Launch');
    const releaseSession = await holdRequests(page, '**/api/auth/session');
    await forgetStoredAnswers(page, context);
    try {
      await page.goto('/network');
      await expect(page.getByRole('progressbar', { name: 'Loading progress' })).toBeVisible();
      await expect(launch).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Heartline', exact: true })).toHaveCount(1);
    } finally {
      releaseSession();
    }
    await expect(page.getByRole('heading', { name: 'Network' })).toBeVisible();
    await expect(page.locator('.splash')).toHaveCount(0);

    // A warm start: the launch screen stays until the screen itself shows, not a spinner. The
    // app does not render before the screen's code is in (main.tsx), so nothing is under it.
    // Warm once the answers are kept (the query cache is written at most once a second).
    await expect
      .poll(() =>
        page.evaluate(() => localStorage.getItem('heartline.queryCache')?.includes('"session"')),
      )
      .toBe(true);
    const releaseCode = await holdRequests(page, '**/assets/NetworkScreen-*.js');
    try {
      await page.reload();
      await expect(launch.getByRole('heading', { name: 'Heartline' })).toBeVisible();
      await page.waitForTimeout(500);
      await expect(launch).toHaveCount(1);
      await expect(page.locator('#root')).toBeEmpty();
    } finally {
      releaseCode();
    }
    await expect(page.getByRole('heading', { name: 'Network' })).toBeVisible();
    await expect(launch).toHaveCount(0);
    expect(refused).toEqual([]);

    // What index.html preloads (the session answer), a warm start takes up too.
    const unused = await unusedPreloads(context, page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Network' })).toBeVisible();
    await page.waitForTimeout(4_000);
    expect(unused).toEqual([]);
  });
});

test('a cold signed-in start shows its screen without waiting for the live connection', async ({
  browser,
}) => {
  await inOwnContext(browser, async (page, context) => {
    await signUpOnboarded(page, 'Socketless');
    // The live connection opens but never hears from the server, so it fails only when its
    // handshake times out (5 s), and then says so in the offline banner.
    let sockets = 0;
    await page.routeWebSocket(/\/socket\.io\//, () => {
      sockets += 1;
    });
    // When the splash went, when the socket was first opened, and when the connection was
    // first called offline.
    await page.addInitScript(() => {
      const seen = { splashShown: false, splashGoneAt: 0, socketAt: 0, offlineAt: 0 };
      Object.assign(window, { __seen: seen });
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          seen.socketAt ||= performance.now();
        }
      };
      new MutationObserver(() => {
        // The splash itself, not index.html's launch screen before it.
        const splash = document.querySelector('.splash:not(.splash--launch)') !== null;
        if (splash) seen.splashShown = true;
        else if (seen.splashShown && !seen.splashGoneAt) seen.splashGoneAt = performance.now();
        if (!seen.offlineAt && document.querySelector('.connection-banner')) {
          seen.offlineAt = performance.now();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await forgetStoredAnswers(page, context);
    await page.goto('/network');
    await expect(page.getByRole('heading', { name: 'Network' })).toBeVisible();
    await expect(page.locator('.splash')).toHaveCount(0, { timeout: 10_000 });
    // The socket opens once the first screen is in (lib/first-screen.ts), so after the splash.
    await expect.poll(() => sockets).toBeGreaterThan(0);
    const seen = await page.evaluate(
      () =>
        (
          window as unknown as {
            __seen: {
              splashShown: boolean;
              splashGoneAt: number;
              socketAt: number;
              offlineAt: number;
            };
          }
        ).__seen,
    );
    // A cold start: the splash showed its steps, and went before the connection was tried.
    expect(seen.splashShown).toBe(true);
    expect(seen.splashGoneAt).toBeGreaterThan(0);
    expect(seen.socketAt).toBeGreaterThan(seen.splashGoneAt);
    if (seen.offlineAt) expect(seen.offlineAt).toBeGreaterThan(seen.socketAt);
  });
});

test('a cold first load of each main screen does not shift its layout while its answers come', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await inOwnContext(browser, async (page, context) => {
    await signUpOnboarded(page, 'Steady');
    // Answers that come after the screen has rendered: what it shows while it waits must hold
    // its place. The session and the app's settings are let through: the app waits for them
    // before it shows any screen.
    await page.route(
      (url) => url.pathname.startsWith('/api/') && !/^\/api\/(auth|config)/.test(url.pathname),
      async (route) => {
        await new Promise((done) => setTimeout(done, 1500));
        await route.fallback();
      },
    );
    await page.addInitScript(() => {
      const shifts: { value: number; moved: string[] }[] = [];
      Object.assign(window, { __shifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node: Node | null }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          // What moved, by its class (a text node's element's); the node may be gone later.
          const moved = entry.sources.map((source) => {
            const node = source.node;
            const element = node instanceof Element ? node : (node?.parentElement ?? null);
            return element?.className.toString() ?? '?';
          });
          shifts.push({ value: entry.value, moved });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const [screen, ready] of [
      ['/settings', page.getByRole('region', { name: 'Account' })],
      ['/network', page.getByRole('tab', { name: /^1st/ })],
      ['/profile', page.getByRole('heading', { level: 1 })],
      ['/chat', page.getByRole('heading', { name: 'Messages' })],
    ] as const) {
      await forgetStoredAnswers(page, context);
      await page.goto(screen);
      await expect(ready).toBeVisible();
      await page.waitForLoadState('networkidle');
      const shifts = await page.evaluate(
        () => (window as unknown as { __shifts: { value: number; moved: string[] }[] }).__shifts,
      );
      const said = `${screen}: ${JSON.stringify(shifts)}`;
      expect(
        shifts.reduce((sum, { value }) => sum + value, 0),
        said,
      ).toBeLessThan(0.02);
      // Three that were there and are gone: Network's tabs widening when their counts came,
      // the splash's closing line appearing, and Chat's empty state taking over the spinner's
      // element.
      const moved = shifts.flatMap((shift) => shift.moved);
      const fixed = /net-tabs|splash__footer|network-empty/;
      expect(
        moved.filter((name) => fixed.test(name)),
        said,
      ).toEqual([]);
    }
  });
});

test('what a screen shows while its answer comes animates on the compositor only', async ({
  browser,
}) => {
  await inOwnContext(browser, async (page, context) => {
    await signUpOnboarded(page, 'Shimmer');
    // The own profile held back: /profile shows its skeleton until it comes.
    const release = await holdRequests(page, '**/api/me/profile');
    await forgetStoredAnswers(page, context);
    try {
      await page.goto('/profile');
      await expect(page.locator('.skeleton').first()).toBeVisible();
      await expect(page.locator('.splash')).toHaveCount(0);
      // Every running animation's properties, by its name: transform and opacity the compositor
      // runs alone; any other is painted again on the main thread every frame.
      const animated = await page.evaluate(() =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect instanceof KeyframeEffect)
          .map((a) => ({
            name: a instanceof CSSAnimation ? a.animationName : a.constructor.name,
            properties: (a.effect as KeyframeEffect)
              .getKeyframes()
              .flatMap((frame) => Object.keys(frame))
              .filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key)),
          })),
      );
      expect(animated.map((a) => a.name)).toContain('shimmer');
      for (const { name, properties } of animated) {
        expect(properties.length, name).toBeGreaterThan(0);
        expect(
          properties.filter((p) => p !== 'transform' && p !== 'opacity'),
          name,
        ).toEqual([]);
      }
    } finally {
      release();
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.skeleton')).toHaveCount(0);
  });
});
