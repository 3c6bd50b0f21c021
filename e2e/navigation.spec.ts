import { expect, type Page } from '@playwright/test';
import { openTab, rows, signInPersona, test } from './network-helpers.ts';

/**
 * Moving around the app (app/navigation.tsx on lib/app-history.ts): scroll positions per screen,
 * and navigation held while a task that must not be interrupted runs. Alice's seeded network is
 * long enough to scroll.
 */

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

function tab(page: Page, name: RegExp) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
}

test('a screen opened again comes back where it was left; another opens at its top', async ({
  page,
}) => {
  await signInPersona(page, /Alice/);
  await page.goto('/network');
  await openTab(page, /^All/);
  await expect(rows(page)).toHaveCount(20);
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => scrollY(page)).toBe(600);

  await tab(page, /^Chat/).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  expect(await scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/network/);
  await expect(rows(page)).toHaveCount(20);
  await expect.poll(() => scrollY(page)).toBe(600);

  // Its tab brings it back where it was too; a reload keeps the place.
  await tab(page, /^Profile/).click();
  await expect(page).toHaveURL(/\/profile$/);
  expect(await scrollY(page)).toBe(0);
  await tab(page, /^Network/).click();
  await expect(rows(page)).toHaveCount(20);
  await expect.poll(() => scrollY(page)).toBe(600);
  await page.reload();
  await expect(rows(page)).toHaveCount(20);
  await expect.poll(() => scrollY(page)).toBe(600);
});

test('while the app asks to wait, links and Back do nothing; then its own navigation goes through', async ({
  page,
}) => {
  await signInPersona(page, /Alice/);
  await page.goto('/network');
  await expect(rows(page).first()).toBeVisible();
  await tab(page, /^Profile/).click();
  await expect(page).toHaveURL(/\/profile$/);

  // Sign-out runs as a task that must not be interrupted; its answer is held.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/signout', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Please Wait' })).toBeVisible();

  // A link under the overlay (clicked from script: the overlay covers it), then Back.
  const clicked = await page.evaluate(() => {
    const link = document.querySelector<HTMLElement>('a[href="/chat"]');
    link?.click();
    return link !== null;
  });
  expect(clicked).toBe(true);
  expect(page.url()).toMatch(/\/profile$/);
  // The browser steps back to /network; the app steps forward again, and /profile stays shown.
  await page.goBack();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(rows(page)).toHaveCount(0);
  await expect(page.getByRole('alertdialog', { name: 'Please Wait' })).toBeVisible();

  release();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
});
