import { expect, test } from '@playwright/test';
import { uploadPhoto } from './invite-helpers.ts';
import { signUpOnboarded } from './network-helpers.ts';

test('the manifest makes the app installable with its name, icons and theme colour', async ({
  page,
  request,
}) => {
  await page.goto('/auth');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = (await (await request.get(href!)).json()) as {
    name: string;
    theme_color: string;
    display: string;
    icons: { sizes: string; purpose?: string }[];
  };
  expect(manifest.name).toBe('Heartline');
  expect(manifest.theme_color).toBe('#e91e63');
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((i) => i.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#e91e63');
});

test('the service worker serves the app shell offline', async ({ page, context }) => {
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first load is not controlled yet; a reload puts the page under the worker.
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  await context.setOffline(true);
  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: 'Terms of Service' })).toBeVisible();
  await context.setOffline(false);
});

test('start-up asks for the session once, before the app code has run', async ({ page }) => {
  const paths: string[] = [];
  page.on('request', (r) => paths.push(new URL(r.url()).pathname));
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  // index.html preloads the session; the app's own request reuses that answer.
  expect(paths.filter((p) => p === '/api/auth/session')).toHaveLength(1);
  // Asked for before any code the app loads itself (the screen's chunk).
  const screenChunk = paths.findIndex((p) => /^\/assets\/AuthScreen-.*\.js$/.test(p));
  expect(screenChunk).toBeGreaterThan(paths.indexOf('/api/auth/session'));
  expect(paths.indexOf('/api/auth/session')).toBeGreaterThanOrEqual(0);
});

test('the service worker, the live connection and the tab badges wait for the first screen, not for its photo', async ({
  browser,
}) => {
  // FIRST_SCREEN_CAP_MS (apps/web/src/lib/first-screen.ts): past it they start anyway.
  const capMs = 10_000;
  // Signed up in one context; the cold start in another with the session cookie alone, so no
  // worker is installed yet and nothing is cached.
  const setup = await browser.newContext({ serviceWorkers: 'block' });
  const context = await browser.newContext();
  try {
    const signUp = await setup.newPage();
    await signUpOnboarded(signUp, 'Workerwaits');
    await uploadPhoto(signUp);
    await context.addCookies(await setup.cookies());

    const page = await context.newPage();
    // When (on the page's clock) the app first asked to register a worker.
    await page.addInitScript(() => {
      const proto = ServiceWorkerContainer.prototype;
      const register: typeof proto.register = Reflect.get(proto, 'register');
      proto.register = function (this: ServiceWorkerContainer, ...args) {
        const seen = window as unknown as { __registerAskedAt?: number };
        seen.__registerAskedAt ??= performance.now();
        return register.apply(this, args);
      };
    });
    const registerAskedAt = () =>
      page.evaluate(() => (window as unknown as { __registerAskedAt?: number }).__registerAskedAt);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    // The tab bar's badges on /profile: the chat list (unread) and the network summary (requests).
    const badgeAnswers = ['/api/chats', '/api/network/summary'];
    // The own photo, the first screen's largest paint, comes only when the test says so.
    let sendPhoto!: () => void;
    const photoHeld = new Promise<void>((resolve) => (sendPhoto = resolve));
    await page.route('**/media/**', async (route) => {
      await photoHeld;
      await route.continue();
    });

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: /Workerwaits/ })).toBeVisible();
    await expect(page.locator('.splash')).toHaveCount(0);
    await page.waitForTimeout(1_000);
    // Still well before the cap, or this proves nothing.
    expect(await page.evaluate(() => performance.now())).toBeLessThan(capMs - 2_000);
    expect(asked.some((p) => p.startsWith('/media/'))).toBe(true);
    expect(asked.some((p) => p.includes('/workbox-window'))).toBe(false);
    expect(await registerAskedAt()).toBeUndefined();
    expect(sockets).toEqual([]);
    expect(asked.filter((p) => badgeAnswers.includes(p))).toEqual([]);
    // The splash went, so its live-connection step was done: started, and waiting is not
    // failing (no offline banner).
    await expect(page.getByText('Offline. Reconnecting...')).toHaveCount(0);

    const sentAt = await page.evaluate(() => performance.now());
    sendPhoto();
    await expect.poll(registerAskedAt, { timeout: capMs }).toBeGreaterThan(sentAt);
    // Because the photo came, not because the cap passed.
    expect(await registerAskedAt()).toBeLessThan(capMs);
    await expect.poll(() => sockets.length).toBe(1);
    await expect.poll(() => badgeAnswers.filter((p) => asked.includes(p))).toEqual(badgeAnswers);
    await expect
      .poll(() =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined),
      )
      .toBe(true);
  } finally {
    await context.close();
    await setup.close();
  }
});
