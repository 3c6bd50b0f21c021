import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAsNew } from './helpers.ts';
import { signUpOnboarded, test as base, type Member, type Person } from './network-helpers.ts';
import {
  grantRole,
  newStaff,
  passGate,
  rootAdminFixture,
  signedIn,
  staffNav,
  virtualAuthenticator,
} from './staff-helpers.ts';

// The staff console at /staff (issue 47, DESIGN.md §6), against the real staff API, with
// Chromium's virtual authenticator answering the passkey prompts.

/** `people`, and the STAFF_ADMINS account signed in and confirmed in a browser of its own. */
const test = base.extend<{ rootAdmin: Member }>({ rootAdmin: rootAdminFixture });

/** The bundled sources of a served script, from its source map in the build under test. */
function sourcesOf(url: string): string[] {
  const assets = path.resolve(import.meta.dirname, '../apps/web/dist/assets');
  const file = path.join(assets, new URL(url).pathname.replace(/^\/assets\//, '') + '.map');
  if (!fs.existsSync(file)) return [];
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { sources: string[] }).sources;
}

function scriptsLoaded(page: Page): string[] {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  return scripts;
}

const staffAction = (as: Page, person: Person, body: object) =>
  as.request.post(`/api/staff/people/${person.id}/actions`, { data: body });

test('a member who opens /staff is sent on as from any unknown path, and downloads none of the console', async ({
  page,
}) => {
  await signUpOnboarded(page, 'Curious');
  await page.goto('/nowhere-at-all');
  await expect(page).not.toHaveURL(/nowhere/);
  const unknownGoesTo = new URL(page.url()).pathname;

  const scripts = scriptsLoaded(page);
  await page.goto('/staff');
  await expect(page).toHaveURL((url) => url.pathname === unknownGoesTo);
  await expect(page.getByText('Staff console')).toHaveCount(0);
  await page.goto('/staff/roles');
  await expect(page).toHaveURL((url) => url.pathname === unknownGoesTo);
  expect((await page.request.get('/api/staff/me')).status()).toBe(404);

  // What it loaded was the check alone (so the check below looks at real files).
  const files = (pattern: RegExp) =>
    scripts.filter((url) => sourcesOf(url).some((source) => pattern.test(source)));
  expect(files(/src\/screens\/Staff\/StaffScreen\.tsx$/).length).toBeGreaterThan(0);
  expect(
    files(/src\/screens\/Staff\/(?!StaffScreen)|@simplewebauthn|state\/queries\/staff\.ts/),
  ).toEqual([]);
});

test('a moderator enrols a passkey on the first visit; a reload opens the console at once; a second device confirms', async ({
  browser,
  rootAdmin,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const moderator = await signUpOnboarded(page, 'Moderator');
    await grantRole(rootAdmin.page, moderator, 'moderator');
    const key = await virtualAuthenticator(page);

    // Every staff route but the status and the ceremonies waits for the passkey.
    expect((await page.request.get('/api/staff/appeals')).status()).toBe(403);
    await page.goto('/staff');
    await expect(page.getByRole('heading', { name: 'Staff console' })).toBeVisible();
    await expect(page.locator('.staff__role')).toHaveText('Moderator');
    await expect(staffNav(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await passGate(page, 'enrol');
    expect(await key.credentials()).toHaveLength(1);

    // A moderator's console: the reports first, and appeals; not the audit log or the roles.
    await expect(staffNav(page).getByRole('link')).toHaveText(['Reports', 'Appeals']);
    await expect(staffNav(page).getByRole('link', { name: 'Reports' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const status = (await (await page.request.get('/api/staff/me')).json()) as {
      passkeys: number;
      verifiedUntil: string;
    };
    expect(status.passkeys).toBe(1);
    expect(Date.parse(status.verifiedUntil) - Date.now()).toBeGreaterThan(11.9 * 3_600_000);

    // The server keeps the confirmation on the session: a reload asks for nothing.
    await page.reload();
    await expect(staffNav(page)).toBeVisible();
    await expect(
      page.getByRole('heading', { name: /Confirm it is you|Enrol a passkey/ }),
    ).toHaveCount(0);
    await page.goto('/staff/audit');
    await expect(page).toHaveURL(/\/staff$/);
    await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Audit log' })).toHaveCount(0);
    expect((await page.request.get('/api/staff/audit')).status()).toBe(403);

    // A second device: a new session, so the passkey confirms it; one without the key fails.
    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      const secondKey = await virtualAuthenticator(second);
      await second.goto('/auth');
      await signInAsNew(second, moderator);
      await signedIn(second);
      await second.goto('/staff');
      await expect(second.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
      await second.getByRole('button', { name: 'Use my passkey' }).click();
      await expect(second.getByRole('alert')).toContainText('cancelled or timed out');
      await expect(staffNav(second)).toHaveCount(0);
      const [credential] = await key.credentials();
      await secondKey.add(credential!);
      await passGate(second, 'confirm');
    } finally {
      await other.close();
    }
  } finally {
    await context.close();
  }
});

test('a staff call answered 403 PASSKEY_REQUIRED sends the console back to its gate', async ({
  people,
  rootAdmin,
}) => {
  const moderator = await newStaff(people, rootAdmin, 'Lapsed', 'moderator');
  const { page } = moderator;
  // As the server answers once the 12 hours are over (the console opens on the report queue).
  await page.route(
    /\/api\/staff\/cases\?/,
    (route) =>
      route.fulfill({
        status: 403,
        json: {
          error: {
            code: 'PASSKEY_REQUIRED',
            message: 'Confirm it is you with your passkey to open the staff console',
          },
        },
      }),
    { times: 1 },
  );
  await page.reload();
  await passGate(page, 'confirm');
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Open/ })).toBeChecked();
  await staffNav(page).getByRole('link', { name: 'Appeals' }).click();
  await expect(page.getByText('No open appeals.')).toBeVisible();
});

test('appeals are decided with a reason: a moderator upholds one, and only an admin overturns a ban', async ({
  people,
  rootAdmin,
}) => {
  test.setTimeout(90_000);
  const [moderator, sue, ben] = await Promise.all([
    newStaff(people, rootAdmin, 'Judge', 'moderator'),
    people.signUp('Suspended'),
    people.signUp('Banned'),
  ]);
  // The decisions and the appeals, through the API on each one's own session.
  for (const [person, body] of [
    [sue, { kind: 'suspend', days: 7, reason: 'spam', message: 'Links to a shop in every chat.' }],
    [ben, { kind: 'ban', reason: 'scam', message: '' }],
  ] as const) {
    expect((await staffAction(moderator.page, person, body)).status()).toBe(200);
    const appeal = await person.page.request.post('/api/standing/appeal', {
      data: { text: `${person.name}: it was a misunderstanding.` },
    });
    expect(appeal.status()).toBe(200);
  }

  const { page } = moderator;
  await page.goto('/staff/appeals');
  const card = (person: Person) =>
    page.getByRole('article').filter({ has: page.getByRole('heading', { name: person.name }) });
  await expect(card(sue)).toBeVisible();
  await expect(card(sue)).toContainText('Suspension: Spam');
  await expect(card(sue)).toContainText('Links to a shop in every chat.');
  await expect(card(sue)).toContainText(`${sue.name}: it was a misunderstanding.`);
  await expect(card(sue)).toContainText(sue.id);
  await expect(card(ben)).toContainText('Ban: Scams or fraud');
  await expectNoSeriousA11yViolations(page);

  // The server's texts for what is missing.
  const send = (person: Person) => card(person).getByRole('button', { name: 'Send decision' });
  await send(sue).click();
  await expect(card(sue).getByRole('alert')).toHaveText('Uphold or overturn the decision');
  await card(sue).getByRole('radio', { name: 'Uphold' }).check();
  await send(sue).click();
  await expect(card(sue).getByRole('alert')).toHaveText('Give the person a reason');
  await card(sue).getByLabel('Reason the person reads').fill('The links were spam.');
  await send(sue).click();
  await expect(page.getByText('Decision sent')).toBeVisible();
  await expect(card(sue)).toHaveCount(0);
  const standing = (await (await sue.page.request.get('/api/auth/session')).json()) as {
    standing: { appeal: unknown };
  };
  expect(standing.standing.appeal).toEqual({
    status: 'upheld',
    decisionReason: 'The links were spam.',
  });

  // A moderator may not lift a ban: the server says so, and the appeal stays open.
  await card(ben).getByRole('radio', { name: 'Overturn' }).check();
  await card(ben).getByLabel('Reason the person reads').fill('Looks like a mistake.');
  await send(ben).click();
  await expect(card(ben).getByRole('alert')).toHaveText('Only an admin can lift a ban');
  await page.reload();
  await expect(card(ben)).toBeVisible();
});

test('an admin reads the audit log, pages back through it, grants and revokes roles; never their own', async ({
  people,
  rootAdmin,
}) => {
  test.setTimeout(120_000);
  const [admin, newcomer] = await Promise.all([
    newStaff(people, rootAdmin, 'Auditor', 'admin'),
    people.signUp('Promoted'),
  ]);
  const { page } = admin;
  await expect(staffNav(page).getByRole('link')).toHaveText([
    'Reports',
    'Appeals',
    'Audit log',
    'Roles',
  ]);
  await expect(page.locator('.staff__role')).toHaveText('Admin');

  // Roles: grant by user ID, with the server's refusals.
  await staffNav(page).getByRole('link', { name: 'Roles' }).click();
  await expect(page).toHaveURL(/\/staff\/roles$/);
  const staffList = page.getByRole('list', { name: 'Staff' });
  const member = (person: Person) => staffList.getByRole('listitem').filter({ hasText: person.id });
  await expect(member(admin)).toContainText('You');
  await expect(member(admin)).toContainText('Admin');
  await expectNoSeriousA11yViolations(page);
  const grant = page.getByRole('form', { name: 'Grant a role' });
  await grant.getByLabel('User ID').fill(admin.id);
  await grant.getByRole('radio', { name: 'Moderator' }).check();
  await grant.getByRole('button', { name: 'Grant role' }).click();
  await expect(grant.getByRole('alert')).toHaveText('Another admin changes your own role');
  await grant.getByLabel('User ID').fill('not-an-id');
  await grant.getByRole('button', { name: 'Grant role' }).click();
  await expect(grant.getByRole('alert')).toHaveText('Invalid user ID provided');
  await grant.getByLabel('User ID').fill(newcomer.id);
  await grant.getByRole('button', { name: 'Grant role' }).click();
  await expect(page.getByText('Role granted')).toBeVisible();
  await expect(member(newcomer)).toContainText(newcomer.name);
  await expect(member(newcomer)).toContainText('Moderator');

  // The audit log: the grant, by whom, about whom.
  await staffNav(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const filter = page.getByRole('form', { name: 'Filter the audit log' });
  await filter.getByLabel('About (subject)').fill(newcomer.id);
  await filter.getByRole('button', { name: 'Filter' }).click();
  const entries = page
    .getByRole('list', { name: 'Audit entries, newest first' })
    .getByRole('listitem');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('Role granted');
  await expect(entries.first()).toContainText('Moderator');
  await expect(entries.first()).toContainText(admin.name);
  await expect(entries.first()).toContainText(newcomer.id);
  await expectNoSeriousA11yViolations(page);
  // Read-only: nothing in the log to change or remove.
  await expect(page.locator('.audit-list').getByRole('button')).toHaveCount(0);

  // A page is 100 entries; older ones come with `before`.
  for (let i = 0; i < 50; i += 1) {
    expect((await page.request.delete(`/api/staff/roles/${newcomer.id}`)).status()).toBe(200);
    await grantRole(page, newcomer, 'moderator');
  }
  await page.reload();
  await filter.getByLabel('About (subject)').fill(newcomer.id);
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(entries).toHaveCount(100);
  await expect(page.getByText('The start of the log.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Older entries' }).click();
  await expect(entries).toHaveCount(101);
  await expect(entries.last()).toContainText('Role granted');
  await expect(page.getByText('The start of the log.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Older entries' })).toHaveCount(0);

  // A filter the server refuses says why, in place of the list.
  await filter.getByLabel('By (staff member)').fill('nobody');
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid user ID provided');

  // Revoking: the role is gone from the list, and the person from the staff routes.
  await staffNav(page).getByRole('link', { name: 'Roles' }).click();
  await member(newcomer)
    .getByRole('button', { name: `Revoke ${newcomer.name}'s role` })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Role revoked')).toBeVisible();
  await expect(member(newcomer)).toHaveCount(0);
  expect((await newcomer.page.request.get('/api/staff/me')).status()).toBe(404);
});
