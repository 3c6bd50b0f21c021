import { expect, type Page } from '@playwright/test';
import { animationsSettled, expectNoSeriousA11yViolations } from './helpers.ts';
import { joinAs, smallNetwork, test } from './network-helpers.ts';

/**
 * The developer page, /real-database-test (spec/3 §2, DESIGN.md §3.10). The e2e server runs
 * outside production, where the page is open to everyone; the production gate (404 unless
 * staff) is covered by apps/server/src/modules/dev/dev.routes.test.ts.
 */

function devPage(page: Page) {
  return page.getByRole('region', { name: 'Developer page' });
}

function devRows(page: Page) {
  return page.getByTestId('dev-connection-row');
}

/** A full-page picture for review, kept with the test's results. */
async function shot(page: Page, name: string) {
  await animationsSettled(page);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test("shows the signed-in user's own data, the network tabs, the real path and the check", async ({
  page,
  people,
}) => {
  test.setTimeout(90_000);
  const { me, friends, friendOfFriend } = await smallNetwork(page, people, {
    me: 'Devon',
    friends: ['Fay', 'Gus', 'Hal'],
    friendOfFriend: 'Ivy',
  });
  const session = (await (await page.request.get('/api/auth/session')).json()) as {
    user: { email: string };
  };

  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/real-database-test');
  await expect(devPage(page).getByRole('heading', { name: 'Developer page' })).toBeVisible();

  // The profile card: who is signed in, with real counts (3 friends + 1 friend of a friend).
  const profile = page.getByRole('region', { name: me.name });
  await expect(profile.getByRole('heading', { name: me.name })).toBeVisible();
  await expect(profile.getByTestId('dev-profile-email')).toHaveText(session.user.email);
  await expect(profile.getByRole('img', { name: `${me.name}, no photo` })).toHaveText('DT');
  const stat = (label: string) => profile.locator('.stats__tile').filter({ hasText: label });
  await expect(stat('Connections').locator('dd')).toHaveText('4');
  await expect(stat('Matches').locator('dd')).toHaveText('0');
  await expect(stat('Friends').locator('dd')).toHaveText('3');
  await expect(page.getByRole('status').filter({ hasText: /^Connected, / })).toBeVisible();

  // Tabs with counts; the All tab lists everyone, 2nd only the friend of a friend.
  await expect(page.getByRole('tab', { name: 'All (4)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: '1st (3)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '2nd (1)' })).toBeVisible();
  await expect(devRows(page)).toHaveCount(4);
  await page.getByRole('tab', { name: '1st (3)' }).click();
  await expect(devRows(page)).toHaveCount(3);
  for (const friend of friends) {
    await expect(devRows(page).filter({ hasText: friend.name })).toContainText('1st degree');
  }
  // Keyboard: arrows move between the tabs.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: '2nd (1)' })).toBeFocused();
  await expect(page.getByRole('tab', { name: '2nd (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(devRows(page)).toHaveCount(1);
  const fof = devRows(page).filter({ hasText: friendOfFriend.name });
  await expect(fof).toContainText('2nd degree');

  await fof.getByRole('button', { name: `Show connection path to ${friendOfFriend.name}` }).click();
  const pathDialog = page.getByRole('dialog', { name: 'Real Connection Path' });
  await expect(pathDialog).toBeVisible();
  await expect(pathDialog.getByRole('list', { name: /^Connection path/ })).toHaveAttribute(
    'aria-label',
    `Connection path: You → ${friends[0].name} → ${friendOfFriend.name}`,
  );
  await expect(pathDialog.locator('.path__step')).toHaveText([
    'You',
    friends[0].name,
    friendOfFriend.name,
  ]);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'dev-page-path-light');
  await pathDialog.getByRole('button', { name: 'Done' }).click();
  await expect(pathDialog).toBeHidden();

  // The trust button opens the app's trust modal.
  await profile.getByRole('button', { name: 'Trust score 31. Show breakdown' }).click();
  const trust = page.getByRole('dialog', { name: 'Trust Score Breakdown' });
  await expect(trust).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(trust).toBeHidden();

  // Verify calculations: the stored score beside the independent recount.
  await page.getByRole('button', { name: 'Verify calculations' }).click();
  const check = page.getByRole('region', { name: 'Trust calculation check' });
  await expect(check).toContainText('Match: the stored score and the independent recount agree');
  await expect(check.getByRole('row', { name: /^Trust score/ })).toHaveText(
    /Trust score\s*31\s*31/,
  );

  await expect(page.getByRole('link', { name: 'Export data' })).toHaveAttribute(
    'href',
    '/api/me/export',
  );
  await expect(page.getByRole('button', { name: 'Switch user' })).toBeVisible();

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(check).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: /^Connected, loaded in \d+ ms$/ }),
  ).toBeVisible();

  await expectNoSeriousA11yViolations(page);
  await shot(page, 'dev-page-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'dev-page-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // ?realdb=true opens the developer page over any route.
  await page.goto('/network?realdb=true');
  await expect(devPage(page).getByRole('heading', { name: 'Developer page' })).toBeVisible();
  await expect(page).toHaveURL(/\/network\?realdb=true$/);
  await expect(page.getByRole('tab', { name: 'All (4)' })).toBeVisible();
});

test("a failed call shows 'Error: {message}' and Retry loads the page", async ({ page }) => {
  test.setTimeout(60_000);
  await joinAs(page, 'Erra');
  let failing = true;
  await page.route('**/api/network/summary', (route) =>
    failing
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'INTERNAL', message: 'The database is not answering' },
          }),
        })
      : route.fallback(),
  );
  await page.goto('/real-database-test');
  const alert = page.getByRole('alert').filter({ hasText: 'Error:' });
  // The data library retries a failed load a few times before it gives up.
  await expect(alert).toHaveText(/Error: The database is not answering/, { timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: /^Error$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'dev-page-error');

  failing = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toBeHidden();
  await expect(page.getByRole('tab', { name: 'All (0)' })).toBeVisible();
  await expect(page.getByText('No connections in this tab yet.')).toBeVisible();
});

test('Switch user signs out and offers the account picker', async ({ page }) => {
  await joinAs(page, 'Swen');
  await page.goto('/real-database-test');
  await page.getByRole('button', { name: 'Switch user' }).click();
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  expect(
    ((await (await page.request.get('/api/auth/session')).json()) as { user: unknown }).user,
  ).toBeNull();
});
