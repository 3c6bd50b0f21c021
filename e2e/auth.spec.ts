import { expect, test } from '@playwright/test';
import {
  completeOnboarding,
  expectNoSeriousA11yViolations,
  newcomer,
  signInAsNew,
  signInAsPersona,
} from './helpers.ts';

test('a newcomer opens /, lands on /auth, signs in and reaches onboarding', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Heartline' })).toBeVisible();
  await expect(page.getByText('Sign in with Google to continue')).toBeVisible();
  const person = newcomer('Olivia');
  await signInAsNew(page, person);
  await expect(page).toHaveURL(/\/onboarding/);
  await expect(page.getByText('Welcome, Olivia!')).toBeVisible();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
});

test('a visitor opening /network is returned there after sign-in', async ({ page }) => {
  await page.goto('/network');
  await expect(page).toHaveURL(/\/auth$/);
  // Someone who finished onboarding: a newcomer is held on /onboarding (e2e/onboarding.spec.ts).
  await signInAsPersona(page, /Alice Anderson/);
  await expect(page).toHaveURL(/\/network$/);
});

test.describe('the error query parameter', () => {
  const cases: [string, string][] = [
    ['callback_failed', 'Authentication callback failed. Please try again.'],
    ['no_session', 'No session was created. Please try signing in again.'],
    ['exception', 'An error occurred during authentication. Please try again.'],
    ['something_else', 'Authentication failed. Please try again.'],
  ];
  for (const [code, message] of cases) {
    test(code, async ({ page }) => {
      await page.goto(`/auth?error=${code}`);
      await expect(page.getByRole('alert')).toHaveText(message);
    });
  }
});

test('sign-out ends the session on the server and returns to sign-in', async ({ page }) => {
  await page.goto('/auth');
  await signInAsNew(page, newcomer('Sven'));
  await completeOnboarding(page);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await page.getByRole('button', { name: /more options/i }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  const session = await page.request.get('/api/auth/session');
  expect(await session.json()).toEqual({ user: null });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the theme choice persists across reloads', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/auth');
  await signInAsNew(page, newcomer('Theo'));
  await completeOnboarding(page);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: /more options/i }).click();
  await page.getByRole('menuitem', { name: /dark/i }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('unknown paths and the old sign-in paths redirect', async ({ page }) => {
  for (const p of ['/login', '/signin', '/signup', '/register']) {
    await page.goto(p);
    await expect(page).toHaveURL(/\/auth$/);
  }
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/auth$/);
  await signInAsNew(page, newcomer('Uma'));
  await expect(page).toHaveURL(/\/onboarding/);
  await page.goto('/definitely-not-here');
  await expect(page).toHaveURL(/\/(profile|onboarding)$/);
});

test('legal pages are public', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: 'Terms of Service' })).toBeVisible();
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
});

test('the sign-in screen has no serious accessibility violations', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test.describe('a returning visitor on the sign-in screen', () => {
  // page.route sees the page's own requests only: no service worker in between.
  test.use({ serviceWorkers: 'block' });

  test('last seen signed out, gets the screen without waiting for the session check', async ({
    page,
  }) => {
    await page.goto('/auth');
    const heading = page.getByRole('heading', { name: 'Welcome to Heartline' });
    await expect(heading).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('heartline.signedOut')))
      .toBe('1');

    // The session check is held back for the rest of the test.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/session', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.reload();
    await expect(heading).toBeVisible({ timeout: 3_000 });
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    await expect(page.locator('#launch')).toHaveCount(0);
    // A warm start: no splash over it.
    await expect(
      page.getByRole('status').filter({ has: page.getByRole('progressbar') }),
    ).toHaveCount(0);
    release();
  });

  test('a stranger gets the screen at once on /auth and on /, and a signed-in browser does not', async ({
    page,
  }) => {
    // Nothing of this browser's is known: no cookie, no storage. The session check is held.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/session', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    const heading = page.getByRole('heading', { name: 'Welcome to Heartline' });
    // The splash with its steps, not index.html's launch screen (the mark and the name alone).
    const splash = page.getByRole('status').filter({ has: page.getByRole('progressbar') });
    await page.goto('/auth');
    await expect(heading).toBeVisible({ timeout: 3_000 });
    await expect(page.locator('#launch')).toHaveCount(0);
    await expect(splash).toHaveCount(0);
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(heading).toBeVisible({ timeout: 3_000 });
    await expect(splash).toHaveCount(0);
    release();
    await page.unroute('**/api/auth/session');

    // Signed in, the browser carries the mark: with the check held again, `/` waits behind
    // the splash instead of showing the sign-in screen.
    await signInAsPersona(page, /Alice Anderson/);
    await expect(page).not.toHaveURL(/\/auth/);
    const marked = await page.context().cookies();
    expect(marked.find((c) => c.name === 'hl_signed_in')).toMatchObject({ httpOnly: false });
    const heldAgain = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/session', async (route) => {
      await heldAgain;
      await route.continue().catch(() => undefined);
    });
    await page.evaluate(() => localStorage.clear());
    await page.goto('/');
    await expect(splash).toBeVisible();
    await expect(heading).toHaveCount(0);
    release();
    await expect(page).toHaveURL(/\/(profile|network|discover)$/);
  });

  test('signed in after all, is moved on once the session check answers', async ({ page }) => {
    await page.goto('/auth');
    await signInAsPersona(page, /Alice Anderson/);
    await expect(page).not.toHaveURL(/\/auth/);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('heartline.signedOut')))
      .toBeNull();

    // As if this browser had last seen nobody (a session started in another way).
    await page.evaluate(() => localStorage.setItem('heartline.signedOut', '1'));
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/(profile|network|discover)$/);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('heartline.signedOut')))
      .toBeNull();
  });
});
