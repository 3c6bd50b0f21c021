import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  completeOnboarding,
  expectNoSeriousA11yViolations,
  newcomer,
  signInAsNew,
} from './helpers.ts';

/**
 * Issue 15: the Account card of Settings. A fresh person (never a shared demo persona: the
 * account is deleted) exports their data, then deletes the account through the dialog.
 */
test('export my data, then delete the account for good', async ({ page }) => {
  const person = newcomer('Dora');
  await page.goto('/auth');
  await signInAsNew(page, person);
  await completeOnboarding(page);

  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Account' });
  await expect(card).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Export: a JSON file named for today, holding the person's own data.
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Export my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^heartline-export-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await fs.readFile(await download.path(), 'utf8')) as {
    account: { email: string; createdAt: string };
    profile: { name: string };
  };
  expect(data.profile.name).toBe(person.name);
  expect(data.account.email).toBe(person.email);

  // Delete: the dialog explains, and waits for the word before it deletes anything.
  await card.getByRole('button', { name: 'Delete account' }).click();
  let dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/immediate and permanent/)).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  // Escape closes it without deleting.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await card.getByRole('button', { name: 'Delete account' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const input = dialog.getByLabel('Type DELETE to confirm');
  await expect(input).toBeFocused();
  await page.keyboard.type('DELETE');
  await expect(confirm).toBeEnabled();
  await page.keyboard.press('Enter');

  // Signed out on the sign-in screen; the old session is gone.
  await expect(page).toHaveURL(/\/auth/, { timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  const session = (await (await page.request.get('/api/auth/session')).json()) as {
    user: unknown;
  };
  expect(session.user).toBeNull();

  // The same provider account signs in to a fresh account: onboarding, not the old profile.
  await signInAsNew(page, person);
  await expect(page).toHaveURL(/\/onboarding/, { timeout: 10_000 });
  const fresh = (await (await page.request.get('/api/me/export')).json()) as {
    account: { createdAt: string };
  };
  expect(new Date(fresh.account.createdAt).getTime()).toBeGreaterThan(
    new Date(data.account.createdAt).getTime(),
  );
});

test('the Account card in the dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/auth');
  await signInAsNew(page, newcomer('Dusk'));
  await completeOnboarding(page);
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Account' });
  await expect(card).toBeVisible();
  for (const name of ['Export my data', 'Sign Out', 'Delete account']) {
    const box = await card.getByRole('button', { name }).boundingBox();
    expect(box?.height ?? 0, name).toBeGreaterThanOrEqual(44);
  }
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
