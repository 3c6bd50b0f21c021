import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

let counter = 0;

/** A unique new person for one test. */
export function newcomer(label: string) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { name: `${label} Tester`, email: `${label.toLowerCase()}.${id}@example.test` };
}

/** From the sign-in screen: "Continue with Google", then create an account at the dev provider. */
export async function signInAsNew(page: Page, person: { name: string; email: string }) {
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByRole('button', { name: 'Create and continue' }).click();
}

/** From the sign-in screen: "Continue with Google", then pick an existing demo persona. */
export async function signInAsPersona(page: Page, name: RegExp | string) {
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  await page.getByRole('button', { name }).first().click();
}

/** Onboarding step 2's choices (issue 48): a woman interested in men, looking for dating. */
export async function chooseWhoSeesWhom(page: Page) {
  await page.getByLabel('Gender').selectOption({ label: 'Woman' });
  await page
    .getByRole('group', { name: 'Interested in' })
    .getByRole('radio', { name: 'Men', exact: true })
    .check();
  await page
    .getByRole('group', { name: "I'm looking for" })
    .getByRole('radio', { name: 'Dating' })
    .check();
}

/**
 * From onboarding step 1: the quickest way through (prefilled name, the default birthdate, the
 * choices of `chooseWhoSeesWhom`, no photo), for journeys that start after onboarding. Ends on /profile, or on the screen the
 * person was going to (`endsAt`).
 */
export async function completeOnboarding(page: Page, endsAt: RegExp = /\/profile$/) {
  await expect(page).toHaveURL(/\/onboarding/);
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await chooseWhoSeesWhom(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(endsAt, { timeout: 10_000 });
}

/**
 * Waits until no finite animation or transition is running: a page fading in (200 ms) reads
 * as low contrast to axe. Endless animations (spinners) are not waited for.
 */
export async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** DESIGN.md §4: no serious or critical axe-core violations on the current screen. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // The start-up splash fades out over the screen; judge the screen, not the fade.
  await expect(page.locator('.splash')).toHaveCount(0);
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([]);
}

/** An ISO date `years` before today (UTC), as the date inputs take it. */
export function yearsAgo(years: number, extraDays = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + extraDays);
  return d.toISOString().slice(0, 10);
}

export const portraitJpeg = path.join(import.meta.dirname, 'fixtures', 'portrait.jpg');
