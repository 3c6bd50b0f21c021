import { expect, type Page } from '@playwright/test';
import { chatWith, openChat, send } from './chat-helpers.ts';
import { befriend, gotoLive, joinAs, sendRequest, test } from './network-helpers.ts';

/**
 * Browser notifications (issue 16, the in-browser part; spec/3 §4): the in-app explanation
 * before the permission prompt, a notification only while the app is not in front, and a click
 * that opens the right screen.
 */

test.describe.configure({ timeout: 60_000 });

type Shown = { title: string; body?: string; url?: string; requireInteraction?: boolean };

/**
 * Records the notifications the page shows (the service worker's and the page's own), and
 * makes the page believe it is or is not in front.
 */
async function recordNotifications(page: Page, inFront: boolean) {
  await page.addInitScript((focused: boolean) => {
    const shown: unknown[] = [];
    (window as unknown as { __shown: unknown[] }).__shown = shown;
    Document.prototype.hasFocus = () => focused;
    const record = (title: string, options?: NotificationOptions) =>
      shown.push({
        title,
        body: options?.body,
        url: (options?.data as { url?: string } | undefined)?.url,
        requireInteraction: options?.requireInteraction,
      });
    ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
      record(title, options);
      return Promise.resolve();
    };
    class Recorded {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      constructor(title: string, options?: NotificationOptions) {
        record(title, options);
      }
      close() {}
    }
    (window as unknown as { Notification: unknown }).Notification = Recorded;
    // The tone: counted, not heard.
    const tones = { count: 0 };
    (window as unknown as { __tones: typeof tones }).__tones = tones;
    const node = () => ({
      connect: (next: unknown) => next ?? node(),
      frequency: { value: 0 },
      gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
      start: () => (tones.count += 1),
      stop() {},
      onended: null,
    });
    (window as unknown as { AudioContext: unknown }).AudioContext = class {
      currentTime = 0;
      destination = {};
      createOscillator = node;
      createGain = node;
      close = () => Promise.resolve();
    };
  }, inFront);
}

const shown = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shown: Shown[] }).__shown);

test('the app explains before asking, and "Not now" is remembered', async ({ browser }) => {
  // Undecided permission (the config grants it to every other journey; `permissions: []`
  // would deny it).
  const context = await browser.newContext();
  await context.clearPermissions();
  try {
    const page = await context.newPage();
    await joinAs(page, 'Noti');
    await page.goto('/profile');
    const prompt = page.getByRole('complementary', { name: 'Turn on notifications?' });
    await expect(page.getByTestId('profile-page')).toBeVisible();
    // Not over a screen that is only being looked at: it waits for the person to use it.
    await page.waitForTimeout(2_500);
    await expect(prompt).toBeHidden();
    await page.keyboard.press('Shift');
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('new messages, matches and connection requests');
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await expect(prompt).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('profile-page')).toBeVisible();
    await page.waitForTimeout(2_500);
    await page.keyboard.press('Shift');
    await page.waitForTimeout(500);
    await expect(prompt).toBeHidden();
    // Settings can still turn them on.
    await page.goto('/settings');
    await expect(page.getByText('Off for this browser.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn on' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a request while the app is not in front shows one that stays, and opens the requests tab', async ({
  page,
  people,
}) => {
  const me = await joinAs(page, 'Nora');
  const asker = await people.signUp('Asko');
  await recordNotifications(page, false);
  await gotoLive(page, '/profile');
  await sendRequest(asker.page, me);
  await expect
    .poll(() => shown(page))
    .toEqual([
      {
        title: 'Friend Request',
        body: asker.name,
        url: '/network?tab=requests',
        requireInteraction: true,
      },
    ]);
  // With a short tone (notifications.sound is on by default).
  expect(
    await page.evaluate(() => (window as unknown as { __tones: { count: number } }).__tones.count),
  ).toBe(1);
  // A click reaches the page through the service worker's message: it opens that screen.
  await page.evaluate(() =>
    navigator.serviceWorker.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'heartline:navigate', url: '/network?tab=requests' },
      }),
    ),
  );
  await expect(page).toHaveURL(/\/network\?tab=requests$/);
});

test('nothing is shown while the app is in front, or for a kind turned off', async ({
  page,
  people,
}) => {
  const me = await joinAs(page, 'Fron');
  const [first, second] = [await people.signUp('Firs'), await people.signUp('Seco')];
  await recordNotifications(page, true);
  await gotoLive(page, '/profile');
  await sendRequest(first.page, me);
  await expect(page.getByText(`Friend Request: ${first.name}`)).toBeVisible();
  // Give a notification that should not come the time it would take to come.
  await page.waitForTimeout(500);
  expect(await shown(page)).toEqual([]);

  // In the background, with connection requests turned off in Settings.
  const off = await page.request.patch('/api/me/settings', {
    data: { notifications: { connectionRequests: false } },
  });
  expect(off.ok()).toBe(true);
  await recordNotifications(page, false);
  // The Settings screen shows the setting from the same cache the notifications read: once it
  // says off, the page knows (a wait on the request itself raced the restored cache).
  await gotoLive(page, '/settings');
  await expect(
    page.getByRole('switch', { name: 'Connection requests', exact: true }),
  ).toHaveAttribute('aria-checked', 'false');
  await sendRequest(second.page, me);
  await expect(page.getByText(`Friend Request: ${second.name}`)).toBeVisible();
  await page.waitForTimeout(500);
  expect(await shown(page)).toEqual([]);
});

test("a new friend's first message names its sender (issue 45: it said 'New message')", async ({
  page,
  people,
}) => {
  const me = await joinAs(page, 'Niko');
  const friend = await people.signUp('Frie');
  await befriend({ ...me, page }, friend);
  await recordNotifications(page, false);
  // The profile: this page has not loaded the chat list, so it knows no chat with them.
  await gotoLive(page, '/profile');
  const chatId = await chatWith(friend.page, me);
  const sent = await friend.page.request.get(`/api/chats/${chatId}`);
  expect(sent.ok()).toBe(true);
  await openChat(friend.page, chatId, me.name);
  await send(friend.page, 'hello from your new friend');
  // Typing into the composer may show a 'typing...' notification first (spec/3 §4): the
  // message's own is the one asked about.
  const messages = async () => (await shown(page)).filter((n) => n.body !== 'typing...');
  await expect.poll(messages).toEqual([
    expect.objectContaining({
      title: friend.name,
      body: 'hello from your new friend',
      url: `/chat/${chatId}`,
    }),
  ]);
});
