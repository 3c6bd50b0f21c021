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
