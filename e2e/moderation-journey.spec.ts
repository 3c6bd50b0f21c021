import { expect } from '@playwright/test';
import { test as base } from './chat-helpers.ts';
import { card, expectCardOf, fitEachOther, openDiscover } from './discover-helpers.ts';
import { befriend, gotoLive, row, toast, type Member } from './network-helpers.ts';
import { newStaff, rootAdminFixture, staffNav } from './staff-helpers.ts';

/**
 * Issue 47's whole journey, every step in the UI a person would use: a member reports someone
 * from a Discover card; a moderator enrols a passkey, finds the case, reads the report and bans;
 * the banned person's open tab shows the ban at once and their friend's Network loses them; the
 * appeal is filed, an admin overturns it, and the friend sees them again. Each screen's details
 * have journeys of their own (safety-actions, staff, staff-reports, standing).
 */

const test = base.extend<{ rootAdmin: Member }>({ rootAdmin: rootAdminFixture });

test.describe.configure({ timeout: 150_000 });

test('reported from Discover, banned in the console, appealed and restored', async ({
  people,
  rootAdmin,
}) => {
  const [her, him, pal, moderator] = await Promise.all([
    people.signUp('Hedda'),
    people.signUp('Hugo'),
    people.signUp('Pal'),
    newStaff(people, rootAdmin, 'Marshal', 'moderator'),
  ]);
  await fitEachOther(her, him);
  await befriend(pal, him);

  // She reports him from his card.
  await openDiscover(her.page);
  await expectCardOf(her.page, him);
  await card(her.page)
    .getByRole('button', { name: `More options for ${him.name}` })
    .click();
  await her.page.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = her.page.getByRole('dialog', { name: `Report ${him.name}?` });
  await dialog.getByRole('radio', { name: 'Fake profile' }).check();
  const words = 'These photos are of a model, not of him.';
  await dialog
    .getByRole('textbox', { name: 'Anything else we should know? (optional)' })
    .fill(words);
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(toast(her.page, 'Thank you. Our moderators will review your report.')).toBeVisible();

  // He is in the app, on his Network, when the decision lands.
  await gotoLive(him.page, '/network');
  await pal.page.goto('/network');
  await expect(row(pal.page, him.name)).toBeVisible();

  // The moderator opens the queue, the case, and reads her report.
  const { page } = moderator;
  await page.goto('/staff');
  await expect(staffNav(page).getByRole('link', { name: 'Reports' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const queued = page
    .getByRole('list', { name: /^Cases/ })
    .getByRole('listitem')
    .filter({ hasText: him.name });
  await expect(queued).toContainText('Fake profile');
  await queued.getByRole('button').click();
  const kase = page.getByRole('article', { name: him.name });
  const report = kase.getByRole('article', { name: her.name });
  await expect(report).toContainText('Fake profile');
  await expect(report).toContainText(words);
  await expect(report).toContainText('Discover');

  const decision = kase.getByRole('form', { name: 'Decision' });
  await decision.getByRole('radio', { name: 'Ban' }).check();
  await decision.getByLabel('Reason').selectOption({ label: 'A fake identity' });
  await decision
    .getByLabel('Message to the person (optional)')
    .fill('The photos on your profile are of someone else.');
  await decision.getByRole('button', { name: 'Send decision' }).click();
  await page
    .getByRole('dialog', { name: `Ban ${him.name}?` })
    .getByRole('button', { name: 'Ban' })
    .click();
  await expect(toast(page, 'Case decided')).toBeVisible();

  // His open tab shows the ban at once, with the reason and the moderator's words.
  await expect(him.page.getByRole('heading', { name: 'Your account is banned' })).toBeVisible({
    timeout: 5_000,
  });
  await expect(him.page.getByText('A fake identity', { exact: true })).toBeVisible();
  await expect(him.page.getByText('The photos on your profile are of someone else.')).toBeVisible();

  // To his friend he is gone.
  await pal.page.reload();
  await expect(pal.page.getByRole('heading', { name: 'Network' })).toBeVisible();
  await expect(row(pal.page, him.name)).toHaveCount(0);

  // He appeals; an admin overturns the ban (a moderator may not lift one).
  await him.page.getByLabel('Ask us to look again').fill('They are my photos, from last summer.');
  await him.page.getByRole('button', { name: 'Send appeal' }).click();
  await expect(
    him.page.getByRole('status').filter({ hasText: 'Your appeal was sent.' }),
  ).toBeVisible();
  const admin = rootAdmin.page;
  await admin.goto('/staff/appeals');
  const appeal = admin
    .getByRole('article')
    .filter({ has: admin.getByRole('heading', { name: him.name }) });
  await expect(appeal).toContainText('They are my photos, from last summer.');
  await appeal.getByRole('radio', { name: 'Overturn' }).check();
  await appeal.getByLabel('Reason the person reads').fill('We checked: the photos are yours.');
  await appeal.getByRole('button', { name: 'Send decision' }).click();
  await expect(admin.getByText('Decision sent')).toBeVisible();

  // He is back, and so is he in his friend's Network.
  await him.page.goto('/network');
  await expect(row(him.page, pal.name)).toBeVisible();
  await pal.page.reload();
  await expect(row(pal.page, him.name)).toBeVisible();
});
