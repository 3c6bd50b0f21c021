import { expect, type Locator, type Page } from '@playwright/test';
import {
  completeOnboarding,
  expectNoSeriousA11yViolations,
  newcomer,
  signInAsNew,
} from './helpers.ts';
import {
  choiceScreen,
  expectSameDocument,
  followSocket,
  holdRequests,
  inviteLinkOf,
  landingCard,
  markDocument,
  requestRow,
  shot,
  signUpFromLanding,
  storedInvite,
  uploadPhoto,
} from './invite-helpers.ts';
import { gotoLive, openTab, row, summary, test, toast, type Member } from './network-helpers.ts';

/**
 * Invitation links and the invite consent chain (issue 12), with the creator and the invitee
 * each in a browser of their own. The invitee goes through the real landing, sign-in and
 * onboarding screens; the creator is set up through the API (people.signUp) and acts in the UI.
 */

const AFTER_INVITE = /\/network\?inviteProcessing=true/;

async function requestsOf(page: Page) {
  const response = await page.request.get('/api/connection-requests');
  expect(response.ok()).toBe(true);
  return (await response.json()) as { incoming: unknown[]; outgoing: unknown[] };
}

/**
 * Connect on the choice screen, seeing the processing screen while the chain starts. A newcomer
 * made the choice before onboarding (spec/1 §2 step 4): onboarding comes next, and ends on the
 * requests the chain started.
 */
async function connectFromChoice(page: Page, inviter: Member, code: string) {
  const accept = await holdRequests(page, `**/api/invitations/${code}/accept`, 'POST');
  await choiceScreen(page)
    .getByRole('button', { name: `Connect with ${inviter.name}` })
    .click();
  await accept.seen();
  await expect(page.getByRole('heading', { name: 'Processing Invite' })).toBeVisible();
  await expect(page.getByText('Please wait while we set up your connection...')).toBeVisible();
  await accept.release();
  await expect(toast(page, `Connection request sent to ${inviter.name}!`)).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/onboarding' || url.pathname === '/network');
  if (new URL(page.url()).pathname === '/onboarding') await completeOnboarding(page, AFTER_INVITE);
  await expect(page).toHaveURL(AFTER_INVITE);
  await expect(page.getByRole('tab', { name: /^Requests/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

test('an invitation link leads a newcomer through the consent chain to a friendship, live', async ({
  page,
  people,
}) => {
  test.setTimeout(120_000);
  const ann = await people.signUp('Ann');
  await uploadPhoto(ann.page);
  const annPage = ann.page;

  // Ann takes her link from the Invite Friends dialog and waits on her requests tab.
  await gotoLive(annPage, '/network');
  await annPage.getByRole('button', { name: 'Invite Friends' }).first().click();
  const dialog = annPage.getByRole('dialog', { name: 'Invite Friends' });
  const url = (await dialog.getByRole('link', { name: /\/invite\// }).textContent()) ?? '';
  const link = await inviteLinkOf(annPage);
  expect(url).toBe(link.url);
  await annPage.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await openTab(annPage, /^Requests/);
  await expect(annPage.getByText('No pending requests')).toBeVisible();
  await markDocument(annPage);

  // Bea opens the link signed out: who invites her, their photo, trust and message.
  const beaSocket = followSocket(page);
  await page.goto(link.path);
  const card = landingCard(page, ann.name);
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: `${ann.name}'s photo` })).toBeVisible();
  await expect(card.getByTestId('invite-trust')).toHaveText('Trust score 0');
  await expect(card.locator('blockquote')).toContainText(link.url);
  expect(await storedInvite(page)).toMatchObject({ inviteCode: link.code, inviterId: ann.id });

  // Sign-in and onboarding, then the choice screen; Connect starts the chain.
  const bea = await signUpFromLanding(page, 'Bea');
  const choice = choiceScreen(page);
  await expect(choice).toBeVisible();
  await expect(choice).toContainText(`${ann.name} invited you.`);
  await expect(choice.getByRole('button', { name: 'Just me (skip connection)' })).toBeVisible();
  await connectFromChoice(page, ann, link.code);
  expect(await storedInvite(page)).toBeNull();
  await markDocument(page);
  await beaSocket.joined();

  const beaSide = requestRow(page, 'outgoing', ann.name);
  await expect(beaSide).toContainText('Invitation · step 1 of 3');
  await expect(beaSide).toContainText(`Waiting for ${ann.name} to approve.`);

  // Step 1: Ann sees the request arrive and approves it.
  const annSide = requestRow(annPage, 'incoming', bea.name);
  await expect(annSide).toContainText(
    'Asked to connect through your invitation. Do you know them?',
  );
  await expect(annSide.getByRole('button', { name: `Reject ${bea.name}` })).toBeVisible();
  await shot(annPage, 'requests-chain-row-incoming');
  await annSide.getByRole('button', { name: `Approve ${bea.name}` }).click();
  await expect(annSide).toContainText('Invitation · step 2 of 3');
  await expect(annSide).toContainText('You approved. Give mutual consent to become friends.');

  // Bea is told at once, and her row moves on.
  await expect(toast(page, /^Connection Approved! 🎉/)).toBeVisible();
  await expect(beaSide).toContainText(`${ann.name} approved. Waiting for their mutual consent.`);

  // Step 2: Ann gives consent; Bea gets the final approval live.
  await expect(annSide.getByRole('button', { name: `Decline ${bea.name}` })).toBeVisible();
  await annSide.getByRole('button', { name: `Give consent ${bea.name}` }).click();
  await expect(requestRow(annPage, 'outgoing', bea.name)).toContainText(
    `Waiting for ${bea.name}'s final approval.`,
  );
  const finalRow = requestRow(page, 'incoming', ann.name);
  await expect(finalRow).toContainText('Invitation · step 3 of 3');
  await expect(finalRow).toContainText(
    `${ann.name} gave mutual consent. Your final approval makes you friends.`,
  );

  // Step 3: Bea approves the friendship.
  await finalRow.getByRole('button', { name: `Approve friendship ${ann.name}` }).click();
  await expect(toast(page, `You and ${ann.name} are now connected!`)).toBeVisible();
  await expect(finalRow).toBeHidden();
  await expect(requestRow(annPage, 'outgoing', bea.name)).toBeHidden();

  // Both are friends, with a trust score of 10, without a reload on either side.
  for (const [viewer, friend] of [
    [page, ann],
    [annPage, bea],
  ] as const) {
    await expect(viewer.getByRole('button', { name: 'Trust score 10' })).toBeVisible();
    await openTab(viewer, /^1st/);
    await expect(viewer.getByRole('tab', { name: '1st (1)' })).toBeVisible();
    await expect(row(viewer, friend.name).getByRole('img', { name: '1st degree' })).toBeVisible();
    await expect(viewer.getByTestId('network-count')).toHaveText('1 connection');
    await expectSameDocument(viewer);
  }
  expect((await summary(page)).trustScore).toBe(10);
  expect((await summary(annPage)).trustScore).toBe(10);
  expect(await requestsOf(page)).toEqual({ incoming: [], outgoing: [] });
});

test('"Just me" skips the connection: nothing is requested and the invitation is forgotten', async ({
  page,
  people,
}) => {
  const ann = await people.signUp('Ann');
  const link = await inviteLinkOf(ann.page);
  await gotoLive(ann.page, '/network?tab=requests');

  await page.goto(link.path);
  await expect(landingCard(page, ann.name)).toBeVisible();
  await signUpFromLanding(page, 'Bea');
  const choice = choiceScreen(page);
  await expect(choice).toBeVisible();
  // Right after sign-in: the choice screen says profile setup comes next, and it does.
  await expect(choice).toContainText("You'll complete your profile setup next");
  await choice.getByRole('button', { name: 'Just me (skip connection)' }).click();

  await expect(choice).toBeHidden();
  await completeOnboarding(page);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-page')).toBeVisible();
  expect(await storedInvite(page)).toBeNull();
  await page.reload();
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await expect(choice).toBeHidden();

  expect(await requestsOf(page)).toEqual({ incoming: [], outgoing: [] });
  expect(await requestsOf(ann.page)).toEqual({ incoming: [], outgoing: [] });
  await expect(ann.page.getByText('No pending requests')).toBeVisible();
  // The link was not used.
  const links = await ann.page.request.get('/api/invitations');
  const { items } = (await links.json()) as { items: { code: string; currentUses: number }[] };
  expect(items.find((item) => item.code === link.code)?.currentUses).toBe(0);
});

test('the choice comes right after sign-in, before onboarding, and a reload keeps it', async ({
  page,
  people,
}) => {
  const ann = await people.signUp('Ann');
  const link = await inviteLinkOf(ann.page);

  await page.goto(link.path);
  await expect(landingCard(page, ann.name)).toBeVisible();
  await page.getByRole('button', { name: 'Sign up or sign in to connect' }).click();
  await signInAsNew(page, newcomer('Bea'));
  await expect(page).toHaveURL(/\/onboarding/);
  await expect(choiceScreen(page)).toBeVisible();
  await expect(page.getByRole('button', { name: "Let's Get Started" })).toHaveCount(0);
  await page.reload();
  expect(await storedInvite(page)).toMatchObject({ inviteCode: link.code, inviterId: ann.id });

  const choice = choiceScreen(page);
  await expect(choice).toBeVisible();
  await expect(choice).toContainText(`${ann.name} invited you.`);
  await connectFromChoice(page, ann, link.code);
  expect((await requestsOf(ann.page)).incoming).toHaveLength(1);
});

test('the invitation opened in one tab is kept for a sign-in in a new tab', async ({
  page,
  people,
}) => {
  const ann = await people.signUp('Ann');
  const link = await inviteLinkOf(ann.page);

  await page.goto(link.path);
  await expect(landingCard(page, ann.name)).toBeVisible();

  const tab = await page.context().newPage();
  await tab.goto('/auth');
  await signInAsNew(tab, newcomer('Bea'));
  const choice = choiceScreen(tab);
  await expect(choice).toBeVisible();
  await expect(choice).toContainText(`${ann.name} invited you.`);
  await connectFromChoice(tab, ann, link.code);
  expect((await requestsOf(ann.page)).incoming).toHaveLength(1);
});

test('a link that stopped working during sign-up is dropped with its message, never offered', async ({
  page,
  people,
}) => {
  const ann = await people.signUp('Ann');
  const link = await inviteLinkOf(ann.page);
  await page.goto(link.path);
  await expect(landingCard(page, ann.name)).toBeVisible();
  expect(await storedInvite(page)).toMatchObject({ inviteCode: link.code });

  // Ann withdraws the link while Bea signs up.
  const off = await ann.page.request.post(`/api/invitations/${link.code}/deactivate`);
  expect(off.ok()).toBe(true);
  await signUpFromLanding(page, 'Bea');

  await expect(toast(page, 'This invitation has been deactivated')).toBeVisible();
  await expect(choiceScreen(page)).toHaveCount(0);
  await expect.poll(() => storedInvite(page)).toBeNull();
  expect((await requestsOf(ann.page)).incoming).toHaveLength(0);
});

test.describe('links that cannot be used', () => {
  test('an unknown or malformed link is invalid and sends the visitor to /', async ({ page }) => {
    for (const [path, message] of [
      ['/invite/abcdefghijklmnopqrstuv', 'Invalid invitation link'],
      ['/invite/a<b', 'Invalid invitation format'],
    ] as const) {
      await page.goto(path);
      await expect(toast(page, message)).toBeVisible();
      // '/' sends a signed-out visitor on to sign-in.
      await expect(page).toHaveURL(/\/auth$/);
      expect(await storedInvite(page)).toBeNull();
    }
  });

  test('the creator opening their own link is told they cannot accept it', async ({ people }) => {
    const ann = await people.signUp('Ann');
    const link = await inviteLinkOf(ann.page);
    await ann.page.goto(link.path);
    await expect(toast(ann.page, 'You cannot accept your own invitation link')).toBeVisible();
    await expect(ann.page).not.toHaveURL(/\/invite\//);
    expect(await storedInvite(ann.page)).toBeNull();
    expect(await requestsOf(ann.page)).toEqual({ incoming: [], outgoing: [] });
  });

  test('a deactivated link says so and sends the visitor to /', async ({ page, people }) => {
    const ann = await people.signUp('Ann');
    const link = await inviteLinkOf(ann.page);
    const deactivated = await ann.page.request.post(`/api/invitations/${link.code}/deactivate`);
    expect(deactivated.ok()).toBe(true);
    expect(await deactivated.json()).toMatchObject({ code: link.code, state: 'deactivated' });

    await page.goto(link.path);
    await expect(toast(page, 'This invitation has been deactivated')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await storedInvite(page)).toBeNull();
  });

  test('a lookup slower than 5 s times out with Try Again', async ({ page, people }) => {
    const ann = await people.signUp('Ann');
    const link = await inviteLinkOf(ann.page);
    // The lookup is held until the page gives up on it (the server would answer at once).
    const lookup = await holdRequests(page, `**/api/invitations/${link.code}`);
    await page.goto(link.path);
    await lookup.seen();
    const started = Date.now();
    const timeout = page
      .getByRole('alert')
      .filter({ hasText: 'Request timeout - please try again' });
    await expect(timeout).toBeVisible({ timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThan(4_500);
    await lookup.release();

    await timeout.getByRole('button', { name: 'Try Again' }).click();
    await expect(landingCard(page, ann.name)).toBeVisible();
  });
});

test('a signed-in, onboarded user opening a link is processed at once', async ({ people }) => {
  const ann = await people.signUp('Ann');
  const bea = await people.signUp('Bea');
  const link = await inviteLinkOf(ann.page);
  const page = bea.page;

  const accept = await holdRequests(page, `**/api/invitations/${link.code}/accept`, 'POST');
  await page.goto(link.path);
  await accept.seen();
  await expect(page.getByRole('heading', { name: 'Processing Invite' })).toBeVisible();
  await accept.release();

  await expect(page).toHaveURL(AFTER_INVITE);
  await expect(toast(page, `Connection request sent to ${ann.name}!`)).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Requests/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const outgoing = requestRow(page, 'outgoing', ann.name);
  await expect(outgoing).toContainText(`Waiting for ${ann.name} to approve.`);
  await expect(outgoing).toContainText('Invitation · step 1 of 3');
  await expect(choiceScreen(page)).toBeHidden();
  expect(await storedInvite(page)).toBeNull();
  expect((await requestsOf(ann.page)).incoming).toHaveLength(1);
});

test('the landing card and the choice screen are accessible, in light and dark', async ({
  page,
  people,
}) => {
  test.setTimeout(60_000);
  const ann = await people.signUp('Ann');
  await uploadPhoto(ann.page);
  const link = await inviteLinkOf(ann.page);

  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(link.path);
  const card = landingCard(page, ann.name);
  await expect(card.getByRole('img', { name: `${ann.name}'s photo` })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'landing-light');

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'landing-dark');

  await page.emulateMedia({ colorScheme: 'light' });
  await signUpFromLanding(page, 'Bea');
  await expect(choiceScreen(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'choice-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'choice-dark');

  await page.emulateMedia({ colorScheme: 'light' });
  await connectFromChoice(page, ann, link.code);
  await expect(requestRow(page, 'outgoing', ann.name)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'requests-chain-row-outgoing');
});

/** Fails when `locator` reaches past either side of the 390 px screen. */
async function expectWithinScreen(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 390;
  expect.soft(box, what).not.toBeNull();
  if (!box) return;
  expect.soft(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect.soft(Math.round(box.x + box.width), `${what}: right edge`).toBeLessThanOrEqual(width);
}

/**
 * A phone browser widens its layout viewport to fit whatever overflows: fixed parts (the tab
 * bar, toasts) then sit off-screen. Axe does not see this, so the boxes are measured.
 */
test('the landing card and a requests tab with a chain row fit a 390 px phone', async ({
  page,
  people,
}) => {
  const ann = await people.signUp('Ann');
  const bea = await people.signUp('Bea');
  const link = await inviteLinkOf(ann.page);

  // The landing card, its message ending in the long link, and its one button.
  await page.goto(link.path);
  const card = landingCard(page, ann.name);
  await expect(card).toBeVisible();
  await expectWithinScreen(page, card.getByRole('heading', { level: 1 }), 'landing title');
  await expectWithinScreen(page, card.locator('blockquote'), 'landing message');
  await expectWithinScreen(
    page,
    card.getByRole('button', { name: 'Sign up or sign in to connect' }),
    'landing button',
  );

  // The creator's requests tab with the invitee's request pending (and its badge).
  const accepted = await bea.page.request.post(`/api/invitations/${link.code}/accept`);
  expect(accepted.status()).toBe(201);
  await gotoLive(ann.page, '/network?tab=requests');
  await expect(requestRow(ann.page, 'incoming', bea.name)).toBeVisible();
  await expect(ann.page.getByRole('tab', { name: /^Requests/ })).toContainText('1');
  expect
    .soft(await ann.page.evaluate(() => window.innerWidth), 'layout viewport width')
    .toBe(ann.page.viewportSize()?.width);
  await expectWithinScreen(ann.page, ann.page.getByRole('navigation', { name: 'Main' }), 'tab bar');
  const bar = await ann.page.getByRole('navigation', { name: 'Main' }).boundingBox();
  expect
    .soft(Math.round((bar?.y ?? 0) + (bar?.height ?? 0)), 'tab bar bottom')
    .toBeLessThanOrEqual(ann.page.viewportSize()?.height ?? 844);
});
