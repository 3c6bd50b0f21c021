import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers.ts';
import { joinAs, test, toast } from './network-helpers.ts';

/**
 * Settings (issue 15): every control is stored on the server, changes what other people see or
 * can do, and reverts when a save fails. Texts are the domain's (packages/domain/src/settings.ts).
 */

test.describe.configure({ timeout: 60_000 });

const toggle = (page: Page, name: string) => page.getByRole('switch', { name, exact: true });

async function stored(page: Page) {
  const response = await page.request.get('/api/me/settings');
  expect(response.ok()).toBe(true);
  return (await response.json()) as {
    privacy: Record<string, unknown>;
    notifications: Record<string, boolean>;
    safety: Record<string, boolean>;
    chat: Record<string, boolean>;
  };
}

test('the four cards show the stored settings, and a change is saved on the server', async ({
  page,
}) => {
  await joinAs(page, 'Sefa');
  await page.goto('/settings');
  for (const title of [
    'Privacy & Visibility',
    'Appearance',
    'Notifications',
    'Safety & Security',
    'Account',
  ]) {
    await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  }
  // The spec's defaults (the test people accept requests from strangers: network-helpers.ts).
  await expect(
    page.getByRole('radio', { name: 'Friends and friends of friends (2nd degree)' }),
  ).toBeChecked();
  await expect(toggle(page, 'Show my age')).toHaveAttribute('aria-checked', 'true');
  await expect(toggle(page, 'Promotions and news')).toHaveAttribute('aria-checked', 'false');
  await expect(toggle(page, 'Hide from search')).toHaveAttribute('aria-checked', 'false');

  await toggle(page, 'Show my age').click();
  await expect(toast(page, 'Privacy settings updated')).toBeVisible();
  const third = page.getByRole('radio', { name: 'Up to the 3rd degree' });
  await third.click();
  await expect(third).toBeChecked();
  await toggle(page, 'Promotions and news').click();
  await expect(toast(page, 'Notification settings updated')).toBeVisible();
  await expect
    .poll(async () => {
      const s = await stored(page);
      return [s.privacy.showAge, s.privacy.profileVisibility, s.notifications.promotions];
    })
    .toEqual([false, '1st_2nd_3rd', true]);

  // Another device: a fresh start of the app, nothing cached in the browser.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(toggle(page, 'Show my age')).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('radio', { name: 'Up to the 3rd degree' })).toBeChecked();
  await expect(toggle(page, 'Promotions and news')).toHaveAttribute('aria-checked', 'true');
});

test('a failed save puts the switch back and says so', async ({ page }) => {
  await joinAs(page, 'Fail');
  await page.goto('/settings');
  const hide = toggle(page, 'Hide from search');
  await expect(hide).toHaveAttribute('aria-checked', 'false');
  await page.route('**/api/me/settings', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong' } }),
        })
      : route.continue(),
  );
  await hide.click();
  await expect(toast(page, 'Failed to save privacy settings')).toBeVisible();
  await expect(hide).toHaveAttribute('aria-checked', 'false');
  expect((await stored(page)).safety.hideFromSearch).toBe(false);
});

test('"require mutual connections" decides whether a stranger may send a request', async ({
  page,
  people,
}) => {
  const owner = await joinAs(page, 'Mura');
  const stranger = await people.signUp('Stra');
  await page.goto('/settings');
  const mutual = toggle(page, 'Require mutual connections');
  await expect(mutual).toHaveAttribute('aria-checked', 'false');
  await mutual.click();
  await expect(mutual).toHaveAttribute('aria-checked', 'true');
  await expect(toast(page, 'Privacy settings updated')).toBeVisible();

  const refused = await stranger.page.request.post('/api/connection-requests', {
    data: { toUserId: owner.id },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    'This person accepts requests only from people with a friend in common',
  );

  await mutual.click();
  await expect(mutual).toHaveAttribute('aria-checked', 'false');
  await expect.poll(async () => (await stored(page)).safety.requireMutualConnections).toBe(false);
  const sent = await stranger.page.request.post('/api/connection-requests', {
    data: { toUserId: owner.id },
  });
  expect(sent.status()).toBe(201);
});

test('the blocked-people list opens from Safety and unblocks', async ({ page, people }) => {
  await joinAs(page, 'Blok');
  const other = await people.signUp('Bloc');
  expect((await page.request.post(`/api/blocks/${other.id}`)).ok()).toBe(true);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Blocked people' }).click();
  const dialog = page.getByRole('dialog', { name: 'Blocked people' });
  const item = dialog.getByTestId('blocked-person').filter({ hasText: other.name });
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: /Unblock/ }).click();
  await expect(dialog.getByTestId('blocked-person')).toHaveCount(0);
});

test('the path-privacy switch lives in Settings and the profile menu leads there', async ({
  page,
}) => {
  await joinAs(page, 'Path');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const paths = toggle(page, "Show me as the connecting person in other people's paths");
  await expect(paths).toHaveAttribute('aria-checked', 'true');
  await paths.click();
  await expect(paths).toHaveAttribute('aria-checked', 'false');
  await expect(toast(page, 'Privacy settings updated')).toBeVisible();
  // Back returns to the profile.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('the settings screen has no serious accessibility violations, light and dark', async ({
  page,
}) => {
  await joinAs(page, 'Axel');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Safety & Security' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});
