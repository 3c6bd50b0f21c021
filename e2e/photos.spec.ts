import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  completeOnboarding,
  expectNoSeriousA11yViolations,
  newcomer,
  portraitJpeg,
  signInAsNew,
} from './helpers.ts';
import { gradientPng } from './fixtures/images.ts';
import { shot } from './invite-helpers.ts';
import { toast } from './network-helpers.ts';

const invalidType = 'Invalid file type. Please use JPEG, PNG, WebP, or GIF.';
const tooMany = 'You can have up to 6 photos. Delete one to add another.';

async function newUserOnPhotoScreen(page: Page, label: string) {
  const person = newcomer(label);
  await page.goto('/auth');
  await signInAsNew(page, person);
  await completeOnboarding(page);
  await page.goto('/profile/photo');
  await expect(page.getByRole('heading', { name: 'Photos', exact: true })).toBeVisible();
  return person;
}

const heroImage = (page: Page) =>
  page.getByRole('button', { name: 'Open your photo' }).locator('img');

type OwnPhoto = { id: string; url: string };

async function ownPhotos(page: Page): Promise<OwnPhoto[]> {
  const response = await page.request.get('/api/me/photos');
  expect(response.ok()).toBe(true);
  return (await response.json()) as OwnPhoto[];
}

const urlsOf = async (page: Page) => (await ownPhotos(page)).map((p) => p.url);

async function currentPhotoUrl(page: Page): Promise<string | null> {
  const body = (await (await page.request.get('/api/me/profile')).json()) as {
    photo: { url: string } | null;
  };
  return body.photo?.url ?? null;
}

/** A different picture each `hue`: content-addressed storage keeps each apart. */
const pngFile = (hue: number) => ({
  name: `gradient-${hue}.png`,
  mimeType: 'image/png',
  buffer: gradientPng(400, 500, hue),
});

/** Adds photos through the API, for journeys that need them there quickly. */
async function addPhotosByApi(page: Page, count: number, firstHue = 10) {
  for (let i = 0; i < count; i += 1) {
    const response = await page.request.post('/api/me/photos', {
      multipart: { file: pngFile(firstHue + i * 30) },
    });
    expect(response.status()).toBe(200);
  }
}

/** The photos as the screen shows them, in its order. */
const grid = (page: Page) => page.getByRole('list', { name: 'Photos' });
const shownUrls = (page: Page) =>
  grid(page)
    .locator('[data-handle] img')
    .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')));
const handle = (page: Page, position: number): Locator =>
  grid(page).getByRole('button', {
    name: position === 1 ? 'Photo 1, your main photo' : `Photo ${position}`,
    exact: true,
  });

/** A mouse drag as a person makes it: press, move in steps (past dnd-kit's 6 px), release. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

test('three photos: added, reordered by drag and by buttons, one made main, one deleted', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await newUserOnPhotoScreen(page, 'Pia');
  await expect(page.locator('.app-main nav, .tab-bar')).toHaveCount(0);
  await expect(page.getByText('0 of 6 photos')).toBeVisible();
  // One "Add photo" control; the other empty slots only take a tap to it.
  await expect(grid(page).getByRole('button', { name: 'Add photo' })).toHaveCount(1);

  const input = page.locator('input[type=file]');
  await input.setInputFiles(portraitJpeg);
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page.getByText('Upload successful!')).toBeVisible({ timeout: 15_000 });
  await expect(toast(page, 'Photo added')).toBeVisible();
  await expect(page.getByText('1 of 6 photos')).toBeVisible();
  for (const hue of [60, 200]) {
    await input.setInputFiles(pngFile(hue));
    await expect(page.getByText(`${(await ownPhotos(page)).length + 1} of 6 photos`)).toBeVisible({
      timeout: 15_000,
    });
  }
  await expect(page.getByText('3 of 6 photos')).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/photo$/);
  const [p1, p2, p3] = await urlsOf(page);
  expect(await shownUrls(page)).toEqual([p1, p2, p3]);
  await expect(handle(page, 1).getByText('Main')).toBeVisible();
  await expect(grid(page).getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
  await expect(grid(page).getByRole('button', { name: 'Move photo 3 later' })).toBeDisabled();

  // Dragged: the third photo to the front becomes the main one.
  await drag(page, handle(page, 3), handle(page, 1));
  await expect.poll(() => shownUrls(page)).toEqual([p3, p1, p2]);
  await expect.poll(() => urlsOf(page)).toEqual([p3, p1, p2]);
  await expect(toast(page, 'Main photo changed')).toBeVisible();

  // From the keyboard: the button keeps focus while its photo moves, and the move is said.
  await grid(page).getByRole('button', { name: 'Move photo 2 later' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => shownUrls(page)).toEqual([p3, p2, p1]);
  await expect(
    page.getByRole('status').filter({ hasText: 'Photo 2 moved to position 3' }),
  ).toHaveCount(1);
  // Last now, it cannot move later: focus is on the photo itself.
  await expect(handle(page, 3)).toBeFocused();
  await grid(page).getByRole('button', { name: 'Move photo 3 earlier' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => shownUrls(page)).toEqual([p3, p1, p2]);
  await expect(grid(page).getByRole('button', { name: 'Move photo 2 earlier' })).toBeFocused();
  await expect.poll(() => urlsOf(page)).toEqual([p3, p1, p2]);

  // Made main: the profile's photo follows.
  await grid(page).getByRole('button', { name: 'Make photo 3 main' }).click();
  await expect(toast(page, 'Main photo changed').last()).toBeVisible();
  await expect.poll(() => urlsOf(page)).toEqual([p2, p3, p1]);
  await page.getByRole('button', { name: 'Back to profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(heroImage(page)).toHaveAttribute('src', p2!);
  await page.getByRole('button', { name: 'Edit photos, 3 of 6 photos' }).click();
  await expect(page).toHaveURL(/\/profile\/photo$/);

  // Deleting asks first; the main photo's place goes to the next.
  await grid(page).getByRole('button', { name: 'Delete photo 1' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this photo?' });
  await expect(confirm.getByText('the next one becomes your main photo')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(await urlsOf(page)).toEqual([p2, p3, p1]);
  await grid(page).getByRole('button', { name: 'Delete photo 1' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Photo deleted')).toBeVisible();
  await expect(page.getByText('2 of 6 photos')).toBeVisible();
  expect(await urlsOf(page)).toEqual([p3, p1]);
  expect(await shownUrls(page)).toEqual([p3, p1]);
  await expect(handle(page, 1)).toBeFocused();
  expect(await currentPhotoUrl(page)).toBe(p3);
});

test('a refused reorder goes back and says so', async ({ page }) => {
  await newUserOnPhotoScreen(page, 'Rolf');
  await addPhotosByApi(page, 2);
  await page.reload();
  await expect(page.getByText('2 of 6 photos')).toBeVisible();
  const before = await urlsOf(page);
  await page.route('**/api/me/photos/order', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong' } }),
    }),
  );
  await grid(page).getByRole('button', { name: 'Move photo 2 earlier' }).click();
  await expect(toast(page, 'Your photos could not be reordered. Please try again.')).toBeVisible();
  await expect.poll(() => shownUrls(page)).toEqual(before);
});

test('six is the most: adding is turned off, and a seventh is refused', async ({ page }) => {
  await newUserOnPhotoScreen(page, 'Sixten');
  await addPhotosByApi(page, 5);
  await page.reload();
  await expect(page.getByText('5 of 6 photos')).toBeVisible();
  // A sixth arrives from elsewhere (another device); this screen still shows room for one.
  await addPhotosByApi(page, 1, 250);
  await page.locator('input[type=file]').setInputFiles(portraitJpeg);
  await expect(page.getByRole('alert').filter({ hasText: 'Upload failed:' })).toHaveText(
    `Upload failed: ${tooMany}`,
    { timeout: 15_000 },
  );
  // The refusal makes the screen ask again: six, and no way to add.
  await expect(page.getByText('6 of 6 photos')).toBeVisible();
  await expect(grid(page).getByRole('button', { name: 'Add photo' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Choose Photo' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Take a Photo' })).toBeDisabled();
  await expect(page.getByText('You have 6 photos, the most there can be.')).toBeVisible();

  const seventh = await page.request.post('/api/me/photos', { multipart: { file: pngFile(90) } });
  expect(seventh.status()).toBe(409);
  expect(JSON.stringify(await seventh.json())).toContain(tooMany);
  expect(await ownPhotos(page)).toHaveLength(6);
});

test('a file that is not an image is refused even when named .jpg', async ({ page }) => {
  await newUserOnPhotoScreen(page, 'Finn');
  const fake = {
    name: 'holiday.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('%PDF-1.7 not a picture'),
  };
  await page.locator('input[type=file]').setInputFiles(fake);
  const error = page.getByRole('alert').filter({ hasText: 'Upload failed:' });
  await expect(error).toHaveText(`Upload failed: ${invalidType}`);
  // In red: the danger colour of either theme has far more red than green or blue.
  const [r = 0, g = 0, b = 0] = (await error.evaluate((el) => getComputedStyle(el).color))
    .match(/\d+/g)!
    .map(Number);
  expect(r).toBeGreaterThan(Math.max(g, b) + 60);
  expect(await currentPhotoUrl(page)).toBeNull();

  // The server makes the same check when the browser's is skipped, on either route.
  for (const route of ['/api/photos', '/api/me/photos']) {
    const direct = await page.request.post(route, { multipart: { file: fake } });
    expect(direct.status(), route).toBe(400);
    expect(await direct.json(), route).toMatchObject({ success: false, error: invalidType });
  }
});

test('the camera captures, previews and adds a photo', async ({ page }) => {
  await newUserOnPhotoScreen(page, 'Cato');
  await addPhotosByApi(page, 1);
  await page.reload();
  await expect(page.getByText('1 of 6 photos')).toBeVisible();
  await page.getByRole('button', { name: 'Take a Photo' }).click();
  await expect(page.getByText('LIVE')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your current photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Take photo' }).click();
  await expect(page.getByRole('heading', { name: 'New Photo' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'The picture you just took' })).toBeVisible();
  // Cancel discards the picture and goes back to the live camera (it says it retakes).
  await page.getByRole('button', { name: 'Cancel, retake photo' }).click();
  await expect(page.getByText('LIVE')).toBeVisible();
  await page.getByRole('button', { name: 'Take photo' }).click();
  await page.getByRole('button', { name: 'Like! - Save!' }).click();
  await expect(page.getByText('Upload successful!')).toBeVisible({ timeout: 15_000 });
  await expect(toast(page, 'Photo added')).toBeVisible();
  await expect(page.getByText('2 of 6 photos')).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/photo$/);
  const photos = await ownPhotos(page);
  expect(photos).toHaveLength(2);
  // Added after the main photo, which stays.
  expect(await currentPhotoUrl(page)).toBe(photos[0]!.url);
  expect(await shownUrls(page)).toEqual(photos.map((p) => p.url));
});

test('a refused camera says so and offers to try again', async ({ page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await newUserOnPhotoScreen(page, 'Dana');
  await page.getByRole('button', { name: 'Take a Photo' }).click();
  const message = 'Camera access failed. Please check permissions.';
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Take photo' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Photos', exact: true })).toBeVisible();
});

test.describe('without a service worker', () => {
  // Requests the worker answers from its cache would bypass the routes below.
  test.use({ serviceWorkers: 'block' });

  test('the photo viewer saves, shares, edits, retries a failed load and closes', async ({
    page,
    context,
  }) => {
    const person = await newUserOnPhotoScreen(page, 'Vik');
    await page.locator('input[type=file]').setInputFiles(portraitJpeg);
    await expect(toast(page, 'Photo added')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await page.route('**/media/**', (route) => route.abort());
    await page.reload();
    await page.getByRole('button', { name: 'Open your photo' }).click();
    const viewer = page.getByRole('dialog', { name: `${person.name}'s Photo` });
    await expect(viewer.getByText('Failed to load')).toBeVisible();
    await page.unroute('**/media/**');
    await viewer.getByRole('button', { name: 'Please try again' }).click();
    await expect(viewer.getByRole('img', { name: `${person.name}'s Photo` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const download = page.waitForEvent('download');
    await viewer.getByRole('button', { name: 'Save' }).click();
    expect((await download).suggestedFilename()).toMatch(/-photo\.webp$/);

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate(() => {
      // Headless Chromium may offer a share sheet on some platforms; this journey is the fallback.
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await viewer.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/media\//);

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await page.getByRole('button', { name: 'Open your photo' }).click();
    await viewer.getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/profile\/photo$/);
  });

  test('a photo added offline waits in the queue and is added when back online', async ({
    page,
    context,
  }) => {
    await newUserOnPhotoScreen(page, 'Quin');
    await addPhotosByApi(page, 1);
    const main = await currentPhotoUrl(page);
    await page.reload();
    await expect(page.getByText('1 of 6 photos')).toBeVisible();
    await context.setOffline(true);
    await page.locator('input[type=file]').setInputFiles(portraitJpeg);
    await expect(page.getByText(/saved on this device and uploads automatically/)).toBeVisible();
    expect(
      await page.evaluate(async () => {
        const names = (await indexedDB.databases()).map((d) => d.name);
        return names.includes('heartline-uploads');
      }),
    ).toBe(true);
    await context.setOffline(false);
    await expect(toast(page, 'Photo added')).toBeVisible({ timeout: 20_000 });
    // Added after the others: the main photo stays.
    await expect.poll(async () => (await ownPhotos(page)).length).toBe(2);
    expect(await currentPhotoUrl(page)).toBe(main);
    await expect(page.getByText('2 of 6 photos')).toBeVisible();
  });
});

test('the Photos screen, light and dark, with three photos and with six', async ({ page }) => {
  test.setTimeout(60_000);
  await newUserOnPhotoScreen(page, 'Ines');
  await expectNoSeriousA11yViolations(page);
  await addPhotosByApi(page, 3);
  for (const count of [3, 6]) {
    if (count === 6) await addPhotosByApi(page, 3, 130);
    await page.reload();
    await expect(page.getByText(`${count} of 6 photos`)).toBeVisible();
    await expect(grid(page).locator('[data-handle] img')).toHaveCount(count);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await expectNoSeriousA11yViolations(page);
      // Nothing wider than the phone, every button a finger's size.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      for (const button of await grid(page).getByRole('button').all()) {
        const box = (await button.boundingBox())!;
        expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(32);
      }
      await shot(page, `photos-${count}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Back to profile' }).click();
  await expect(page.getByRole('button', { name: 'Edit photos, 6 of 6 photos' })).toBeVisible();
  await shot(page, 'profile-6-light');
});

test('the camera screen has no serious accessibility violations', async ({ page }) => {
  await newUserOnPhotoScreen(page, 'Iris');
  await page.getByRole('button', { name: 'Take a Photo' }).click();
  await expect(page.getByText('LIVE')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
