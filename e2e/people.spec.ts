import { expect, type Page } from '@playwright/test';
import { gradientPng } from './fixtures/images.ts';
import { expectNoSeriousA11yViolations } from './helpers.ts';
import { card, expectCardOf, fitEachOther, openDiscover } from './discover-helpers.ts';
import { joinAs, row, test, toast, type Member } from './network-helpers.ts';

/**
 * Another person's whole profile (issue 48): opened from a Discover card, a Network row and the
 * chat; its photos swipe and step by arrow keys; a like chosen there runs in Discover.
 */

test.describe.configure({ timeout: 90_000 });

/** Adds photos to the person's profile through the API, as the Photos screen does. */
async function addPhotos(page: Page, count: number) {
  for (let i = 0; i < count; i++) {
    const res = await page.request.post('/api/me/photos', {
      multipart: {
        file: { name: `p${i}.png`, mimeType: 'image/png', buffer: gradientPng(600, 750, i * 90) },
      },
    });
    expect(res.ok()).toBe(true);
  }
}

async function withPrompt(member: Member) {
  const res = await member.page.request.patch('/api/me/profile', {
    data: {
      bio: 'Maps, bread and long walks.',
      prompts: [{ prompt: 'first-date', answer: 'A bakery, then the old harbour' }],
    },
  });
  expect(res.ok()).toBe(true);
}

test('a Discover card opens the whole profile: photos by swipe and keys, then a like from it', async ({
  page,
  people,
}) => {
  const [her, him] = await Promise.all([joinAs(page, 'Dana'), people.signUp('Eli')]);
  await fitEachOther(her, him);
  await addPhotos(him.page, 3);
  await withPrompt(him);

  await openDiscover(page);
  await expectCardOf(page, him);
  await card(page)
    .getByRole('button', { name: `View ${him.name}'s profile` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/people/${him.id}\\?from=discover$`));
  await expect(page.getByRole('heading', { level: 2 })).toContainText(him.name);
  await expect(page.getByText('A perfect first date…')).toBeVisible();
  await expect(page.getByText('A bakery, then the old harbour')).toBeVisible();
  await expect(page.getByText('Maps, bread and long walks.')).toBeVisible();

  const photos = page.getByTestId('person-photos');
  await expect(photos.locator('img')).toHaveCount(3);
  const index = page.getByTestId('person-photo-index');
  await expect(index).toHaveText('Photo 1 of 3');
  await photos.focus();
  await page.keyboard.press('ArrowRight');
  await expect(index).toHaveText('Photo 2 of 3');
  await page.getByRole('button', { name: 'Next photo' }).click();
  await expect(index).toHaveText('Photo 3 of 3');
  await expect(page.getByRole('button', { name: 'Next photo' })).toBeDisabled();
  // A finger's swipe: the strip scrolls back by one photo.
  const box = (await photos.boundingBox())!;
  await photos.evaluate((el, width) => el.scrollBy({ left: -width }), box.width);
  await expect(index).toHaveText('Photo 2 of 3');
  await expectNoSeriousA11yViolations(page);

  // A like chosen on the profile asks in Discover, as the card's own button does.
  await page.getByRole('button', { name: `Like ${him.name}`, exact: true }).click();
  await expect(page).toHaveURL(/\/discover$/);
  const ask = page.getByRole('dialog', { name: `Like ${him.name}?` });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(toast(page, `You liked ${him.name}!`)).toBeVisible();
});

test('a Network row and a chat open the profile; someone outside the network is not found', async ({
  page,
  people,
}) => {
  const [her, him] = await Promise.all([joinAs(page, 'Nora'), people.signUp('Omar')]);
  await fitEachOther(her, him);
  const stranger = await people.signUp('Stan');

  await page.goto('/network');
  await row(page, him.name).getByRole('link', { name: him.name }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${him.id}$`));
  await expect(page.getByRole('heading', { level: 2 })).toContainText(him.name);
  await expect(page.getByText('Friend', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Message' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);

  // The chat header's sheet leads back to the profile.
  await page
    .getByRole('button', { name: new RegExp(him.name) })
    .first()
    .click();
  await page.getByRole('button', { name: 'View profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${him.id}$`));

  await page.goto(`/people/${stranger.id}`);
  await expect(page.getByRole('alert')).toHaveText('This profile is not available');
});
