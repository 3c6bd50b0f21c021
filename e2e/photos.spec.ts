import { expect, test, type Page } from '@playwright/test';
import {
  completeOnboarding,
  expectNoSeriousA11yViolations,
  newcomer,
  portraitJpeg,
  signInAsNew,
} from './helpers.ts';
import { gradientPng } from './fixtures/images.ts';
import { toast } from './network-helpers.ts';

const invalidType = 'Invalid file type. Please use JPEG, PNG, WebP, or GIF.';

async function newUserOnPhotoScreen(page: Page, label: string) {
  const person = newcomer(label);
  await page.goto('/auth');
  await signInAsNew(page, person);
  await completeOnboarding(page);
  await page.goto('/profile/photo');
  await expect(page.getByRole('heading', { name: 'Profile Photo' })).toBeVisible();
  return person;
}

const heroImage = (page: Page) =>
  page.getByRole('button', { name: 'Open your photo' }).locator('img');

async function currentPhotoUrl(page: Page): Promise<string | null> {
  const body = (await (await page.request.get('/api/me/profile')).json()) as {
    photo: { url: string } | null;
  };
  return body.photo?.url ?? null;
}

test('a chosen photo uploads with progress, then the profile shows it', async ({ page }) => {
  await newUserOnPhotoScreen(page, 'Pia');
  await expect(page.locator('.app-main nav, .tab-bar')).toHaveCount(0);
  await page.locator('input[type=file]').setInputFiles(portraitJpeg);
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page.getByText('Upload successful!')).toBeVisible({ timeout: 15_000 });
  await expect(toast(page, 'Profile photo uploaded successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  const url = await currentPhotoUrl(page);
  expect(url).toMatch(/^\/media\//);
  await expect(heroImage(page)).toHaveAttribute('src', url!);

  // A second photo replaces the first.
  await page.getByRole('button', { name: 'Change profile photo' }).click();
  await page.locator('input[type=file]').setInputFiles({
    name: 'sunset.png',
    mimeType: 'image/png',
    buffer: gradientPng(800, 1000, 200),
  });
  await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });
  await expect.poll(() => currentPhotoUrl(page)).not.toBe(url);
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

  // The server makes the same check when the browser's is skipped.
  const direct = await page.request.post('/api/photos', { multipart: { file: fake } });
  expect(direct.status()).toBe(400);
  expect(await direct.json()).toMatchObject({ success: false, error: invalidType });
});

test('the camera captures, previews and saves a photo', async ({ page }) => {
  await newUserOnPhotoScreen(page, 'Cato');
  await page.getByRole('button', { name: 'Take a Photo' }).click();
  await expect(page.getByText('LIVE')).toBeVisible();
  await page.getByRole('button', { name: 'Take photo' }).click();
  await expect(page.getByRole('heading', { name: 'New Photo' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'The picture you just took' })).toBeVisible();
  // Cancel discards the picture and goes back to the live camera (it says it retakes).
  await page.getByRole('button', { name: 'Cancel, retake photo' }).click();
  await expect(page.getByText('LIVE')).toBeVisible();
  await page.getByRole('button', { name: 'Take photo' }).click();
  await page.getByRole('button', { name: 'Like! - Save!' }).click();
  await expect(page.getByText('Upload successful!')).toBeVisible({ timeout: 15_000 });
  // spec/1 §8: a camera shot is "saved".
  await expect(toast(page, 'Profile photo saved successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect.poll(() => currentPhotoUrl(page)).toMatch(/^\/media\//);
  await expect(heroImage(page)).toBeVisible();
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
  await expect(page.getByRole('heading', { name: 'Profile Photo' })).toBeVisible();
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
    await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });

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

  test('a photo chosen offline waits in the queue and uploads when back online', async ({
    page,
    context,
  }) => {
    await newUserOnPhotoScreen(page, 'Quin');
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
    await expect(page.getByText('Profile photo uploaded successfully!')).toBeVisible({
      timeout: 20_000,
    });
    await expect.poll(() => currentPhotoUrl(page)).toMatch(/^\/media\//);
  });
});

test('the upload and camera screens have no serious accessibility violations', async ({ page }) => {
  await newUserOnPhotoScreen(page, 'Ines');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Take a Photo' }).click();
  await expect(page.getByText('LIVE')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
