import { expect, test, type CDPSession, type Page, type Worker } from '@playwright/test';
import { gotoLive, joinAs } from './network-helpers.ts';

/**
 * Web Push in the service worker (issue 16; apps/web/public/sw-notifications.js): a push message
 * delivered to the worker through the DevTools protocol, as a push service would deliver it,
 * and the notification it shows read back from the browser.
 *
 * The worker skips a push while a window of the app is visible and focused. Playwright makes
 * every page act as focused (focus emulation), so `inBackground` turns that off for the app's
 * page and brings another page of the same browser to the front: headless Chromium then reports
 * the app's window visible but not focused, as when the person is in another tab.
 */

// Waiting on the service worker (install, activate, control) is slow on a loaded machine.
test.describe.configure({ timeout: 120_000 });

/** The server's notification payload (push.service.ts, `NotificationSpec`). */
type Payload = {
  title: string;
  body: string;
  tag: string;
  url: string;
  icon?: string;
  closeAfterMs?: number;
};

type Shown = {
  title: string;
  body: string;
  tag: string;
  url: unknown;
  requireInteraction: boolean;
};

/**
 * What the tests use of the service worker's global scope (the e2e files are typed for pages: the
 * WebWorker library cannot be loaded next to the DOM one).
 */
type WorkerScope = {
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<{ visibilityState: DocumentVisibilityState; focused: boolean }[]>;
  };
  registration: ServiceWorkerRegistration;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
  dispatchEvent(event: Event): boolean;
};

/**
 * A signed-in person's app, open, live (its realtime bridge, which also takes the worker's
 * messages, is mounted) and controlled by its service worker.
 */
async function openApp(page: Page, label: string) {
  await joinAs(page, label);
  await page.goto('/profile');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first load is not controlled yet; loading it again puts the page under the worker.
  await gotoLive(page, '/profile');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 60_000,
    })
    .toBe(true);
}

/** Delivers push messages to the app's service worker registration (DevTools protocol). */
async function pushChannel(page: Page) {
  const origin = new URL(page.url()).origin;
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && new URL(r.scopeURL).origin === origin);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  return async (payload: Payload) => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: id,
      data: JSON.stringify(payload),
    });
  };
}

/** The app's service worker, for reading what it sees. */
async function serviceWorker(page: Page): Promise<Worker> {
  const origin = new URL(page.url()).origin;
  const ours = () =>
    page
      .context()
      .serviceWorkers()
      .find((w) => w.url().startsWith(origin));
  await expect.poll(() => ours() !== undefined, { timeout: 30_000 }).toBe(true);
  return ours()!;
}

/** The app's windows as the worker sees them (what its skip rule reads). */
function windowsSeenBy(worker: Worker) {
  return worker.evaluate(async () => {
    const clients = await (self as unknown as WorkerScope).clients.matchAll({
      type: 'window',
      includeUncontrolled: true,
    });
    return clients.map((c) => ({ visible: c.visibilityState === 'visible', focused: c.focused }));
  });
}

/**
 * Another page in front of the app: the app's window stays visible but loses the focus, as when
 * the person is in another tab or app. Waits until the worker sees it so.
 */
async function inBackground(page: Page, worker: Worker) {
  // Playwright emulates focus for every page (each acts as if in front); the app's page must
  // have the browser's real focus state, which it loses to the page brought to the front.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
  await cdp.detach();
  const other = await page.context().newPage();
  await other.bringToFront();
  await expect
    .poll(() => windowsSeenBy(worker), { timeout: 15_000 })
    .toEqual([{ visible: true, focused: false }]);
  return other;
}

/** The notifications the app's service worker registration shows now. */
function shownNotifications(page: Page): Promise<Shown[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: unknown } | null)?.url,
      requireInteraction: n.requireInteraction,
    }));
  });
}

test('a push while the app is not in front shows the message, with or without its content', async ({
  page,
}) => {
  await openApp(page, 'Pusa');
  const push = await pushChannel(page);
  const worker = await serviceWorker(page);
  await inBackground(page, worker);

  await test.step('with content: the sender and the text, closed after its time', async () => {
    await push({
      title: 'Ann Push',
      body: 'Hello',
      tag: 'chat:content',
      url: '/chat/content',
      closeAfterMs: 5000,
    });
    await expect
      .poll(() => shownNotifications(page), { timeout: 15_000 })
      .toEqual([
        {
          title: 'Ann Push',
          body: 'Hello',
          tag: 'chat:content',
          url: '/chat/content',
          requireInteraction: false,
        },
      ]);
    // A message closes by itself (spec/3 §4: after 5 s).
    await expect.poll(() => shownNotifications(page), { timeout: 20_000 }).toEqual([]);
  });

  await test.step('without content: "New message" and nothing else', async () => {
    // The server's payload for "nothing on the lock screen" (notificationFor, preview 'none').
    await push({
      title: 'New message',
      body: '',
      tag: 'chat:hidden',
      url: '/chat/hidden',
      closeAfterMs: 5000,
    });
    await expect
      .poll(() => shownNotifications(page), { timeout: 15_000 })
      .toEqual([
        {
          title: 'New message',
          body: '',
          tag: 'chat:hidden',
          url: '/chat/hidden',
          requireInteraction: false,
        },
      ]);
  });
});

test('a request stays until acted on, and a click on it opens the requests tab', async ({
  page,
}) => {
  await openApp(page, 'Pusr');
  const push = await pushChannel(page);
  const worker = await serviceWorker(page);
  await inBackground(page, worker);

  await push({
    title: 'Friend Request',
    body: 'Asko Asker',
    tag: 'request:push-e2e',
    url: '/network?tab=requests',
  });
  await expect
    .poll(() => shownNotifications(page), { timeout: 15_000 })
    .toEqual([
      {
        title: 'Friend Request',
        body: 'Asko Asker',
        tag: 'request:push-e2e',
        url: '/network?tab=requests',
        requireInteraction: true,
      },
    ]);

  // Playwright cannot click a system notification, and the DevTools protocol has no command for
  // it: the click is a `notificationclick` event made in the worker with the notification it
  // showed, run by the worker's own listener. Its `waitUntil` is taken over (a script-made event
  // may not extend itself) to wait for the listener's work and see it fail, if it does. Chromium
  // lets a worker focus a window only after a real click, so the focus itself is not covered
  // here: the listener asks for it after posting the screen, and goes on if it is refused.
  const clicked = await worker.evaluate(async (tag) => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications({ tag });
    if (!notification) return 'no notification';
    const event = new scope.NotificationEvent('notificationclick', { notification });
    const work: Promise<unknown>[] = [];
    Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => work.push(p) });
    scope.dispatchEvent(event);
    try {
      await Promise.all(work);
      return work.length === 1 ? 'done' : `${work.length} promises`;
    } catch (error) {
      return String(error);
    }
  }, 'request:push-e2e');
  expect(clicked).toBe('done');
  // The worker asked the app's window to open the screen, and the notification went away.
  await expect(page).toHaveURL(/\/network\?tab=requests$/, { timeout: 15_000 });
  await expect.poll(() => shownNotifications(page)).toEqual([]);
});

test('nothing is shown while the app is in front', async ({ page }) => {
  await openApp(page, 'Pusf');
  const push = await pushChannel(page);
  const worker = await serviceWorker(page);
  await page.bringToFront();
  await expect
    .poll(() => windowsSeenBy(worker), { timeout: 15_000 })
    .toEqual([{ visible: true, focused: true }]);

  await push({ title: 'Ann Push', body: 'In front', tag: 'chat:front', url: '/chat/front' });
  // Give the worker time to handle it before the app leaves the front.
  await page.waitForTimeout(3_000);
  expect(await shownNotifications(page)).toEqual([]);

  // Once the app is behind another page a push is shown, and the first one still is not (had it
  // been handled late, after the app left the front, it would be here too).
  await inBackground(page, worker);
  await push({ title: 'Ann Push', body: 'Behind', tag: 'chat:behind', url: '/chat/behind' });
  await expect
    .poll(() => shownNotifications(page), { timeout: 15_000 })
    .toEqual([expect.objectContaining({ body: 'Behind', tag: 'chat:behind' })]);
});
