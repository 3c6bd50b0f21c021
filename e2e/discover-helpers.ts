import { expect, type Page } from '@playwright/test';
import { befriend, gotoLive, type Member, type Person } from './network-helpers.ts';

/**
 * Discover's set-up and lookups, shared by its journeys (discover.spec.ts) and the safety
 * actions on its cards (safety-actions.spec.ts). Texts are the domain's
 * (packages/domain/src/discover.ts).
 */

/** Sets the profile fields Discover matches people on. */
export async function interestedIn(
  member: Member,
  gender: 'woman' | 'man',
  wants: 'women' | 'men',
) {
  const response = await member.page.request.patch('/api/me/profile', {
    data: { gender, interestedIn: wants },
  });
  expect(response.ok()).toBe(true);
}

/**
 * Two people who fit each other's preferences (a woman and a man, both 30 as the sign-ups
 * make them) and are friends, so each is on the other's Discover as 1st degree.
 */
export async function fitEachOther(her: Member, him: Member) {
  await interestedIn(her, 'woman', 'men');
  await interestedIn(him, 'man', 'women');
  await befriend(her, him);
}

/**
 * Opens Discover and waits for its first page (the header counts the profiles) and for the
 * splash to go. Starting the app can take several seconds on a loaded 2-core machine.
 */
export async function openDiscover(page: Page, live = false) {
  if (live) await gotoLive(page, '/discover');
  else await page.goto('/discover');
  await expect(page.getByTestId('discover-count')).toHaveText(/\d+ profiles?$/, {
    timeout: 20_000,
  });
  // The start-up splash fades out over the screen and would take the first drag.
  await expect(page.locator('.splash')).toHaveCount(0);
}

export function card(page: Page) {
  return page.getByTestId('discover-card');
}

/** The current card shows this person (the heading reads "Name, age"). */
export async function expectCardOf(page: Page, person: Person) {
  await expect(card(page)).toHaveAttribute('data-user-id', person.id);
  await expect(card(page).getByRole('heading')).toContainText(person.name);
}
