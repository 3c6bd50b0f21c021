import { expect, type Page } from '@playwright/test';
import { card, fitEachOther, openDiscover } from './discover-helpers.ts';
import { expectNoSeriousA11yViolations } from './helpers.ts';
import { joinAs, test, toast, type Member } from './network-helpers.ts';

/**
 * Discover's filters (issue 48): a city picked from the list, the distance between cities on
 * the card, and an age range and distance that change who Discover shows.
 */

test.describe.configure({ timeout: 90_000 });

async function cityOf(page: Page, name: string, country: string): Promise<number> {
  const res = await page.request.get(`/api/places?q=${encodeURIComponent(name)}`);
  const places = (await res.json()) as { id: number; name: string; country: string }[];
  return places.find((p) => p.name === name && p.country === country)!.id;
}

async function liveIn(member: Member, name: string, country: string) {
  const cityId = await cityOf(member.page, name, country);
  expect((await member.page.request.put('/api/me/city', { data: { cityId } })).ok()).toBe(true);
}

test('a distance and an age range set on Discover change who it shows', async ({
  page,
  people,
}) => {
  const [her, him] = await Promise.all([joinAs(page, 'Tali'), people.signUp('Haim')]);
  await fitEachOther(her, him);
  await liveIn(him, 'Haifa', 'IL');

  // Her city through Edit Profile's picker.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Profile' });
  await edit.getByRole('combobox', { name: 'City' }).fill('tel av');
  await edit.getByRole('option', { name: 'Tel Aviv, Israel' }).click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();

  await openDiscover(page);
  await expect(card(page)).toContainText('About 80 km away');

  const openFilters = async () => {
    await page.getByRole('button', { name: 'Discover filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Discover filters' });
    await expect(sheet).toBeVisible();
    return sheet;
  };
  let sheet = await openFilters();
  await expectNoSeriousA11yViolations(page);
  await sheet.getByLabel('Maximum distance').selectOption({ label: '50 km' });
  await sheet.getByRole('button', { name: 'Show people' }).click();
  await expect(toast(page, 'Filters saved')).toBeVisible();
  await expect(card(page)).toHaveCount(0);
  await expect(
    page.getByText('Nobody in your network fits the age range and distance you chose.', {
      exact: false,
    }),
  ).toBeVisible();

  // Wider again, through the empty state's own button; then an age range that leaves him out.
  await page.getByRole('button', { name: 'Change filters' }).click();
  sheet = page.getByRole('dialog', { name: 'Discover filters' });
  await sheet.getByLabel('Maximum distance').selectOption({ label: '100 km' });
  await sheet.getByRole('button', { name: 'Show people' }).click();
  await expect(card(page)).toHaveAttribute('data-user-id', him.id);

  sheet = await openFilters();
  await sheet.getByLabel('Youngest').fill('40');
  await sheet.getByLabel('Oldest').fill('35');
  await sheet.getByRole('button', { name: 'Show people' }).click();
  await expect(sheet.getByText('The youngest age cannot be above the oldest')).toBeVisible();
  await sheet.getByLabel('Oldest').fill('60');
  await sheet.getByRole('button', { name: 'Show people' }).click();
  await expect(sheet).toBeHidden();
  await expect(card(page)).toHaveCount(0);

  // Reset: the spec's window around her own age, any distance; he is back.
  sheet = await openFilters();
  await sheet.getByRole('button', { name: 'Reset filters' }).click();
  await sheet.getByRole('button', { name: 'Show people' }).click();
  await expect(card(page)).toHaveAttribute('data-user-id', him.id);
});
