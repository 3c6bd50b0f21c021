import { expect, test, type Page } from '@playwright/test';
import {
  completeOnboarding,
  expectNoSeriousA11yViolations,
  newcomer,
  signInAsNew,
  yearsAgo,
} from './helpers.ts';
import { shot } from './invite-helpers.ts';

async function newUserOnProfile(page: Page, label: string) {
  await page.goto('/auth');
  await signInAsNew(page, newcomer(label));
  await completeOnboarding(page);
  await expect(page.getByTestId('profile-page')).toBeVisible();
}

async function openEditProfile(page: Page) {
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('edit profile round-trips every field', async ({ page }) => {
  await newUserOnProfile(page, 'Ella');
  let dialog = await openEditProfile(page);
  await dialog.getByLabel('Full Name').fill('Ella Edited');
  await dialog.getByLabel('Date of Birth').fill('1992-11-05');
  await dialog.getByRole('radio', { name: 'Dating' }).check();
  await expect(dialog.getByText('(0 selected)')).toBeVisible();
  for (const interest of ['Music', 'Hiking', 'DIY']) {
    await dialog.getByRole('button', { name: interest, exact: true }).click();
  }
  await dialog.getByRole('button', { name: 'Hiking', exact: true }).click();
  await expect(dialog.getByText('(2 selected)')).toBeVisible();
  await dialog.getByLabel('Gender').selectOption({ label: 'Non-binary' });
  await dialog.getByRole('radio', { name: 'Everyone' }).check();
  await dialog.getByLabel('Bio').fill('Climbs rocks, bakes bread.');
  // The city comes from the list (issue 48): type, then pick one of the server's matches.
  await dialog.getByRole('combobox', { name: 'City' }).fill('Utrec');
  await dialog.getByRole('option', { name: 'Utrecht, Netherlands' }).click();
  await expect(dialog.getByTestId('city-current')).toHaveText('Utrecht, Netherlands');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();

  const heading = page.getByRole('heading', { name: /^Ella Edited, \d+$/ });
  await expect(heading).toBeVisible();
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(page.getByText('Utrecht, Netherlands')).toBeVisible();
  await expect(page.getByText('Looking for dating')).toBeVisible();
  await expect(page.getByText('Climbs rocks, bakes bread.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Interests' }).getByRole('listitem')).toHaveText([
    'Music',
    'DIY',
  ]);

  dialog = await openEditProfile(page);
  await expect(dialog.getByLabel('Full Name')).toHaveValue('Ella Edited');
  await expect(dialog.getByLabel('Date of Birth')).toHaveValue('1992-11-05');
  await expect(dialog.getByRole('radio', { name: 'Dating' })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Music', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(dialog.getByRole('button', { name: 'Hiking', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(dialog.getByText('(2 selected)')).toBeVisible();
  await expect(dialog.getByLabel('Gender')).toHaveValue('nonbinary');
  await expect(dialog.getByRole('radio', { name: 'Everyone' })).toBeChecked();
  await expect(dialog.getByLabel('Bio')).toHaveValue('Climbs rocks, bakes bread.');
  await expect(dialog.getByTestId('city-current')).toHaveText('Utrecht, Netherlands');

  // Clearing the optional birthdate is saved as "none".
  await dialog.getByLabel('Date of Birth').fill('');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Ella Edited', exact: true })).toBeVisible();
});

test('edit profile shows every validation message and clears it on edit', async ({ page }) => {
  await newUserOnProfile(page, 'Ivo');
  const dialog = await openEditProfile(page);
  const name = dialog.getByLabel('Full Name');
  const dob = dialog.getByLabel('Date of Birth');
  const save = dialog.getByRole('button', { name: 'Save Changes' });
  await expect(dob).toHaveAttribute('max', yearsAgo(18));
  await expect(dob).toHaveAttribute('min', yearsAgo(100));

  await name.fill('  ');
  await dob.fill(yearsAgo(17));
  await save.click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('You must be at least 18 years old')).toBeVisible();
  await expect(name).toBeFocused();
  await name.fill('Ivo Valid');
  await expect(dialog.getByText('Name is required')).toBeHidden();
  await expect(dialog.getByText('You must be at least 18 years old')).toBeVisible();
  await dob.fill(yearsAgo(101));
  await save.click();
  await expect(dialog.getByText('Please enter a valid date of birth')).toBeVisible();
  await dob.fill('1990-01-01');
  await expect(dialog.getByText('Please enter a valid date of birth')).toBeHidden();
  await dialog.getByLabel('Bio').fill('x'.repeat(501));
  await save.click();
  await expect(dialog.getByText('Bio must be at most 500 characters')).toBeVisible();
  await dialog.getByLabel('Bio').fill('Short and true.');
  // A city nobody has is not in the list: nothing to pick.
  await dialog.getByRole('combobox', { name: 'City' }).fill('Qqqxyz');
  await expect(
    dialog.getByText('No city found. Try another spelling or a bigger city nearby.'),
  ).toBeVisible();

  // Cancel (after asking, since fields were changed) keeps the saved profile as it was.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog', { name: 'Discard your changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: /^Ivo Tester, \d+$/ })).toBeVisible();
});

test('the profile page: trust breakdown, stats, completing the profile, Escape closes dialogs', async ({
  page,
}) => {
  await newUserOnProfile(page, 'Tara');
  for (const tile of ['Connections', 'Matches', 'Friends']) {
    await expect(page.getByRole('term').filter({ hasText: tile })).toBeVisible();
  }
  // What the Connections tile counts, beside the Network's larger count (issue 18).
  await expect(page.getByText(/Connections are your friends and their friends/)).toBeVisible();
  // Opened from the keyboard; closed with Escape, focus is back on the badge that opened it.
  const badge = page.getByRole('button', { name: /^Trust score 0/ });
  await badge.focus();
  await page.keyboard.press('Enter');
  const trust = page.getByRole('dialog', { name: 'Trust Score Breakdown' });
  await expect(trust.getByText('10 points per friend (1st degree)')).toBeVisible();
  await expect(trust.getByText('1 point per friend of friend (2nd degree)')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(trust).toBeHidden();
  await expect(badge).toBeFocused();

  // Without a photo, both the photo and 'Complete Profile' lead to the upload screen.
  await expect(page.getByText('Your profile is 40% complete')).toBeVisible();
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(page).toHaveURL(/\/profile\/photo$/);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: 'Add a profile photo' }).click();
  await expect(page).toHaveURL(/\/profile\/photo$/);
});

test('the trust breakdown says why the score did not load, and Try Again loads it', async ({
  page,
}) => {
  await newUserOnProfile(page, 'Theo');
  let failing = true;
  await page.route('**/api/trust/me', (route) =>
    failing
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Database timeout' } }),
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: /^Trust score 0/ }).click();
  const trust = page.getByRole('dialog', { name: 'Trust Score Breakdown' });
  // spec/1 §8, after the query's own retries.
  await expect(trust.getByText('Trust score calculation failed: Database timeout')).toBeVisible({
    timeout: 15_000,
  });
  failing = false;
  await trust.getByRole('button', { name: 'Try Again' }).click();
  await expect(trust.getByText('10 points per friend (1st degree)')).toBeVisible();
});

test('prompts: two answered in Edit Profile show on the profile and stay after a reload', async ({
  page,
}) => {
  await newUserOnProfile(page, 'Pria');
  let dialog = await openEditProfile(page);
  const prompts = dialog.getByRole('group', { name: /^Prompts/ });
  await expect(prompts.getByText('(0 of 3)')).toBeVisible();
  const addPrompt = async (prompt: string) => {
    await prompts.getByRole('button', { name: 'Add a prompt' }).click();
    const choose = prompts.getByLabel('Choose a prompt');
    await expect(choose).toBeFocused();
    await choose.selectOption({ label: prompt });
    await prompts.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(prompts.getByRole('textbox', { name: prompt })).toBeFocused();
  };
  await addPrompt('A perfect first date…');
  const firstDate = prompts.getByRole('textbox', { name: 'A perfect first date…' });
  await firstDate.fill('A walk along the canals, then soup.');
  await expect(prompts.getByText('35/150')).toBeVisible();
  await addPrompt('I geek out on…');
  // A prompt already used is not offered again.
  await prompts.getByRole('button', { name: 'Add a prompt' }).click();
  await expect(
    prompts.getByLabel('Choose a prompt').locator('option', { hasText: 'A perfect first date…' }),
  ).toHaveCount(0);
  await prompts.getByRole('button', { name: 'Cancel' }).click();
  const geek = prompts.getByRole('textbox', { name: 'I geek out on…' });
  await geek.fill('x'.repeat(151));
  await expect(prompts.getByText('151/150')).toBeVisible();
  // A third, then removed again.
  await addPrompt('My hidden talent…');
  await expect(prompts.getByText('(3 of 3)')).toBeVisible();
  await expect(prompts.getByRole('button', { name: 'Add a prompt' })).toHaveCount(0);
  await prompts.getByRole('button', { name: 'Remove prompt: My hidden talent…' }).click();
  await expect(prompts.getByRole('textbox', { name: 'My hidden talent…' })).toHaveCount(0);

  const save = dialog.getByRole('button', { name: 'Save Changes' });
  await save.click();
  await expect(prompts.getByText('An answer must be at most 150 characters')).toBeVisible();
  await prompts.scrollIntoViewIfNeeded();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousA11yViolations(page);
    await shot(page, `edit-prompts-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(geek).toBeFocused();
  await geek.fill('Old maps and the trains that ran on them.');
  await expect(prompts.getByText('An answer must be at most 150 characters')).toBeHidden();

  // The server's refusal shows under the answer it names.
  let refuse = true;
  await page.route('**/api/me/profile', async (route) => {
    if (route.request().method() !== 'PATCH' || !refuse) return route.fallback();
    refuse = false;
    await route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Answer contains characters that are not allowed',
          fields: { 'prompts.1.answer': 'Answer contains characters that are not allowed' },
        },
      }),
    });
  });
  await save.click();
  await expect(
    prompts
      .getByRole('alert')
      .filter({ hasText: 'Answer contains characters that are not allowed' }),
  ).toBeVisible();
  await expect(geek).toHaveAttribute('aria-invalid', 'true');
  await save.click();
  await expect(dialog).toBeHidden();

  const shown = async () => {
    const card = page.locator('.prompt-list');
    await expect(card.getByRole('term')).toHaveText(['A perfect first date…', 'I geek out on…']);
    await expect(card.getByRole('definition')).toHaveText([
      'A walk along the canals, then soup.',
      'Old maps and the trains that ran on them.',
    ]);
  };
  await expect(page.getByRole('heading', { name: 'Prompts' })).toBeVisible();
  await shown();
  await page.reload();
  await shown();
  await page.locator('.prompt-list').scrollIntoViewIfNeeded();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousA11yViolations(page);
    await shot(page, `profile-prompts-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  dialog = await openEditProfile(page);
  await expect(dialog.getByRole('textbox', { name: 'A perfect first date…' })).toHaveValue(
    'A walk along the canals, then soup.',
  );
  await expect(dialog.getByText('(2 of 3)')).toBeVisible();
});

test('closing Edit Profile with unsaved changes asks first; untouched, it just closes', async ({
  page,
}) => {
  await newUserOnProfile(page, 'Esme');
  let dialog = await openEditProfile(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  dialog = await openEditProfile(page);
  await dialog.getByLabel('Bio').fill('Half-typed thoughts');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(dialog.getByLabel('Bio')).toHaveValue('Half-typed thoughts');
  // Escape on the question closes only the question.
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  dialog = await openEditProfile(page);
  await expect(dialog.getByLabel('Bio')).toHaveValue('');
});

test('the profile page and the edit dialog have no serious accessibility violations', async ({
  page,
}) => {
  await newUserOnProfile(page, 'Axel');
  await expectNoSeriousA11yViolations(page);
  await openEditProfile(page);
  await expectNoSeriousA11yViolations(page);
});

test('sign out from the menu clears local and session storage except the theme', async ({
  page,
}) => {
  await newUserOnProfile(page, 'Sami');
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: /Switch to (dark|light) theme/ }).click();
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  // Written again after the clearing: the mark that this browser is signed out now (it holds
  // nothing about the person; the sign-in screen shows at once on the next visit).
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('heartline.signedOut')))
    .toBe('1');
  const stored = await page.evaluate(() => ({
    local: Object.keys(localStorage).filter((k) => k !== 'heartline.queryCache'),
    session: Object.keys(sessionStorage),
  }));
  expect(stored.local.sort()).toEqual(['heartline.signedOut', 'heartline.theme']);
  // Only the sign-in screen's own scroll position is written again; no place to return to.
  expect(stored.session.filter((k) => k !== 'heartline.scroll')).toEqual([]);
});
