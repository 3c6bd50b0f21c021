import { expect, type Page } from '@playwright/test';
import { test } from './chat-helpers.ts';
import { expectNoSeriousA11yViolations } from './helpers.ts';
import { befriend, gotoLive, row, type Member, type Person } from './network-helpers.ts';
import { rootAdminFixture } from './staff-helpers.ts';

/**
 * A moderator's decisions as the member lives them (issue 47, Terms §4 and §10): a warning and
 * each content removal shown once before anything else until acknowledged, what reporters hear
 * back, and a ban from the moment it is made to an appeal overturning it, with the friend's
 * Network losing and regaining the person. The moderator acts through the staff API on the
 * STAFF_ADMINS account's confirmed session (the console's screens have journeys of their own:
 * staff.spec.ts, staff-reports.spec.ts). Texts are the Standing screens' and the domain's.
 */

test.describe.configure({ timeout: 90_000 });

/** The STAFF_ADMINS account, confirmed with its passkey, in a browser of its own. */
const adminFixture = test.extend<{ admin: Member }>({ admin: rootAdminFixture });

async function post(page: Page, path: string, data: unknown): Promise<unknown> {
  const response = await page.request.post(path, { data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return response.json();
}

/** The open case about `person` in the queue (one at a time per person). */
async function caseAbout(admin: Page, person: Person): Promise<string> {
  const response = await admin.request.get('/api/staff/cases');
  const { items } = (await response.json()) as {
    items: { id: string; person: { id: string } | null }[];
  };
  const found = items.find((item) => item.person?.id === person.id);
  expect(found, `an open case about ${person.name}`).toBeDefined();
  return found!.id;
}

async function report(reporter: Member, reported: Person, reason: string) {
  const response = await reporter.page.request.post('/api/reports', {
    data: { userId: reported.id, reason, context: 'network', details: 'Seen in the Network.' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The notice on screen: its title, the reason, the moderator's words; then "I understand". */
async function acknowledge(page: Page, title: string, reason: string, message: string) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(reason, { exact: true })).toBeVisible();
  await expect(page.getByText(message)).toBeVisible();
  await page.getByRole('button', { name: 'I understand' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeHidden();
  // Read once: the next visit opens the app itself.
  await page.reload();
  await expect(page.getByRole('heading', { name: title })).toBeHidden();
  await expect(page.getByRole('button', { name: 'I understand' })).toBeHidden();
}

adminFixture(
  'a warning, appealed and overturned, and a removed bio each show until read; the reporter hears back',
  async ({ people, admin }) => {
    const [wes, rita] = await Promise.all([people.signUp('Wes'), people.signUp('Rita')]);
    await befriend(wes, rita);
    const bio = 'A bio the moderators will take down.';
    const saved = await wes.page.request.patch('/api/me/profile', { data: { bio } });
    expect(saved.ok(), await saved.text()).toBe(true);

    await post(admin.page, `/api/staff/people/${wes.id}/actions`, {
      kind: 'warn',
      reason: 'harassment',
      message: 'Please keep your messages kind.',
    });
    // He appeals the warning from it, then goes on; the outcome is shown to him once decided.
    const warned = 'A warning from our moderators';
    await wes.page.goto('/profile');
    await expect(wes.page.getByRole('heading', { name: warned })).toBeVisible();
    await wes.page.getByRole('button', { name: 'Ask us to look again' }).click();
    await wes.page.getByRole('button', { name: 'Send appeal' }).click();
    await expect(wes.page.getByRole('alert')).toHaveText('Say why the decision should change');
    await wes.page.getByLabel('Ask us to look again').fill('That was a joke between friends.');
    await wes.page.getByRole('button', { name: 'Send appeal' }).click();
    await expect(
      wes.page.getByRole('status').filter({ hasText: 'Your appeal was sent.' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(wes.page);
    await wes.page.getByRole('button', { name: 'I understand' }).click();
    await expect(wes.page.getByRole('heading', { name: warned })).toBeHidden();
    const appeals = await admin.page.request.get('/api/staff/appeals');
    const { items } = (await appeals.json()) as { items: { id: string; userId: string }[] };
    const appeal = items.find((item) => item.userId === wes.id);
    expect(appeal).toBeDefined();
    await post(admin.page, `/api/staff/appeals/${appeal!.id}/decision`, {
      decision: 'overturned',
      reason: 'Your friend confirmed it was a joke.',
    });
    await acknowledge(
      wes.page,
      warned,
      'Harassment or bullying',
      'Your friend confirmed it was a joke.',
    );

    // Rita reports him; her reports say so, and stay "waiting" until a moderator decides.
    await report(rita, wes, 'inappropriate_content');
    await rita.page.goto('/settings?reports');
    const dialog = rita.page.getByRole('dialog', { name: 'Your reports' });
    const mine = dialog.getByTestId('my-report').filter({ hasText: wes.name });
    await expect(mine).toContainText('Inappropriate content');
    await expect(mine).toContainText('Waiting for review');
    await expectNoSeriousA11yViolations(rita.page);

    const caseId = await caseAbout(admin.page, wes);
    await post(admin.page, `/api/staff/cases/${caseId}/decision`, {
      kind: 'remove_bio',
      reason: 'sexual_content',
      message: 'The bio broke the rules on sexual content.',
    });
    await acknowledge(
      wes.page,
      'Your bio was removed',
      'Unwanted sexual content',
      'The bio broke the rules on sexual content.',
    );
    const profile = await wes.page.request.get('/api/me/profile');
    expect(((await profile.json()) as { bio: string | null }).bio ?? '').toBe('');

    await rita.page.reload();
    await expect(mine).toContainText('Thank you. Our moderators took action.');
    await expect(mine).not.toContainText('Waiting for review');
  },
);

adminFixture(
  'a ban shows at once in the open tab, takes the person out of the Network, and an appeal brings them back',
  async ({ people, admin }) => {
    const [bo, fay] = await Promise.all([people.signUp('Bo'), people.signUp('Fay')]);
    await befriend(bo, fay);
    await fay.page.goto('/network');
    await expect(row(fay.page, bo.name)).toBeVisible();

    // Bo is in the app when the ban lands: the screen changes without a reload.
    await gotoLive(bo.page, '/network');
    await post(admin.page, `/api/staff/people/${bo.id}/actions`, {
      kind: 'ban',
      reason: 'fake_identity',
      message: 'The photos are of someone else.',
    });
    await expect(bo.page.getByRole('heading', { name: 'Your account is banned' })).toBeVisible({
      timeout: 5_000,
    });
    await expect(bo.page.getByText('A fake identity', { exact: true })).toBeVisible();
    await expect(bo.page.getByText('The photos are of someone else.')).toBeVisible();
    await expectNoSeriousA11yViolations(bo.page);

    // To Fay he is gone: not in her Network, and asking about him reads as about nobody.
    await fay.page.reload();
    await expect(fay.page.getByRole('heading', { name: 'Network' })).toBeVisible();
    await expect(row(fay.page, bo.name)).toHaveCount(0);
    expect((await fay.page.request.get(`/api/network/path/${bo.id}`)).status()).toBe(404);

    // His appeal: refused empty, sent once.
    await bo.page.getByRole('button', { name: 'Send appeal' }).click();
    await expect(bo.page.getByRole('alert')).toHaveText('Say why the decision should change');
    await bo.page.getByLabel('Ask us to look again').fill('Those are my own photos.');
    await bo.page.getByRole('button', { name: 'Send appeal' }).click();
    await expect(
      bo.page.getByRole('status').filter({ hasText: 'Your appeal was sent.' }),
    ).toBeVisible();

    const appeals = await admin.page.request.get('/api/staff/appeals');
    const { items } = (await appeals.json()) as { items: { id: string; userId: string }[] };
    const appeal = items.find((item) => item.userId === bo.id);
    expect(appeal).toBeDefined();
    await post(admin.page, `/api/staff/appeals/${appeal!.id}/decision`, {
      decision: 'overturned',
      reason: 'We checked: they are your photos.',
    });

    await bo.page.goto('/network');
    await expect(bo.page.getByRole('heading', { name: 'Your account is banned' })).toBeHidden();
    await expect(row(bo.page, fay.name)).toBeVisible();
    await fay.page.reload();
    await expect(row(fay.page, bo.name)).toBeVisible();
  },
);
