import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers.ts';
import {
  card,
  expectCardOf,
  fitEachOther,
  interestedIn,
  openDiscover,
} from './discover-helpers.ts';
import { befriend, joinAs, test, toast, type People } from './network-helpers.ts';

/**
 * Discover (issue 14) with new people in browsers of their own. Two friends see each other's
 * card (1st degree); their genders and "interested in" are set to fit each other, and both are
 * 30 (signUpOnboarded). Texts are the domain's (packages/domain/src/discover.ts).
 */

// Each journey signs up two people through the UI first: on a busy 2-core machine that alone
// can take most of the default 30 s.
test.describe.configure({ timeout: 60_000 });

/** Two new friends who fit each other's preferences: a woman and a man. */
async function pair(page: Page, people: People) {
  const [her, him] = await Promise.all([joinAs(page, 'Dana'), people.signUp('Eli')]);
  await fitEachOther(her, him);
  return { her, him };
}

/** Two new friends (pair), with Discover open on his card in her browser. */
async function pairOnDiscover(page: Page, people: People) {
  const friends = await pair(page, people);
  await openDiscover(page);
  await expectCardOf(page, friends.him);
  return friends;
}

/** Drags the current card with the mouse, through pointer events, and lets it go. */
async function swipe(page: Page, dx: number, dy: number) {
  const box = await card(page).boundingBox();
  if (!box) throw new Error('No card to swipe');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
  await page.mouse.up();
}

test('two people like each other by swiping right: a match, live on both sides, and its chat', async ({
  page,
  people,
}) => {
  test.setTimeout(90_000);
  const { her, him } = await pair(page, people);

  // She likes him first: no match yet, and nothing tells him.
  await openDiscover(her.page, true);
  await expectCardOf(her.page, him);
  await expect(her.page.getByText('#1 of 1')).toBeVisible();
  await expect(her.page.getByTestId('discover-count')).toHaveText('1 profile');
  await expectNoSeriousA11yViolations(her.page);
  await swipe(her.page, 160, 10);
  await expect(toast(her.page, `You liked ${him.name}!`)).toBeVisible();
  await expect(her.page.getByRole('heading', { name: "You're all caught up!" })).toBeVisible();

  // He likes her back: the celebration for him, the 'New Match!' toast for her, live.
  await openDiscover(him.page, true);
  await expectCardOf(him.page, her);
  await swipe(him.page, 160, -10);
  const match = him.page.getByRole('dialog', { name: "It's a Match!" });
  await expect(match).toContainText(`You and ${her.name} liked each other!`);
  await expect(toast(her.page, `New Match! You matched with ${him.name}`)).toBeVisible();
  await expectNoSeriousA11yViolations(him.page);

  await match.getByRole('button', { name: 'Send Message' }).click();
  await expect(him.page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(
    him.page.getByText(`You matched! Start your conversation here. Say hello to ${her.name}!`),
  ).toBeVisible();
});

test('a pass by swiping left can be undone: the card comes back', async ({ page, people }) => {
  const { him } = await pairOnDiscover(page, people);

  await swipe(page, -160, 0);
  const undo = page.getByRole('status').filter({ hasText: `${him.name} declined` });
  await expect(undo).toBeVisible();
  await expect(card(page)).toHaveCount(0);
  // Under the header, not over it (issue 45: the bar covered the Invite Friends button).
  const header = (await page.getByRole('button', { name: 'Invite Friends' }).boundingBox())!;
  const bar = (await undo.boundingBox())!;
  expect(bar.y).toBeGreaterThanOrEqual(header.y + header.height);

  await undo.getByRole('button', { name: 'Undo' }).click();
  await expectCardOf(page, him);
  await expect(undo).toBeHidden();
  await expect(page.getByText('#1 of 1')).toBeVisible();

  // The server brought him back too: the feed offers him again.
  const feed = await page.request.get('/api/discover');
  expect(feed.ok()).toBe(true);
  const { items } = (await feed.json()) as { items: { id: string }[] };
  expect(items.map((item) => item.id)).toEqual([him.id]);
});

/** What the person's swipes stored, from their data export. */
async function storedSwipes(page: Page): Promise<{ userId: string; action: string }[]> {
  const exported = await page.request.get('/api/me/export');
  expect(exported.ok()).toBe(true);
  return ((await exported.json()) as { swipes: { userId: string; action: string }[] }).swipes;
}

test("a super like from the card's button says 'Super Liked!', shows on their card, once a day (issues 45, 48)", async ({
  page,
  people,
}) => {
  const { her, him } = await pairOnDiscover(page, people);
  await page.getByRole('button', { name: `Super like ${him.name}` }).click();
  const ask = page.getByRole('dialog', { name: `Super like ${him.name}?` });
  await expect(ask).toContainText('You have 1 super like a day.');
  await ask.getByRole('button', { name: 'Super Like' }).click();
  await expect(toast(page, 'Super Liked!')).toBeVisible();
  expect(await storedSwipes(page)).toEqual([
    expect.objectContaining({ userId: him.id, action: 'superlike' }),
  ]);

  // His Discover: her card says she super liked him.
  await openDiscover(him.page);
  await expectCardOf(him.page, her);
  await expect(card(him.page).getByText('Super liked you')).toBeVisible();
  await expectNoSeriousA11yViolations(him.page);

  // A second one today is refused with when the next is ready, and her next card stays. The
  // new friend reaches her open Discover live (the friendship event reads the feed again).
  const other = await people.signUp('Fin');
  await interestedIn(other, 'man', 'women');
  await befriend(her, other);
  await expectCardOf(page, other);
  await page.getByRole('button', { name: `Super like ${other.name}` }).click();
  await page
    .getByRole('dialog', { name: `Super like ${other.name}?` })
    .getByRole('button', { name: 'Super Like' })
    .click();
  await expect(
    toast(page, 'You can super like once every 24 hours. The next one is yours in 24 hours.'),
  ).toBeVisible();
  await expectCardOf(page, other);
});

test('holding a card still asks for a super like', async ({ page, people }) => {
  const { him } = await pairOnDiscover(page, people);
  const box = (await card(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.down();
  await page.waitForTimeout(800);
  await page.mouse.up();
  const ask = page.getByRole('dialog', { name: `Super like ${him.name}?` });
  await ask.getByRole('button', { name: 'Super Like' }).click();
  await expect(toast(page, 'Super Liked!')).toBeVisible();
  expect(await storedSwipes(page)).toEqual([
    expect.objectContaining({ userId: him.id, action: 'superlike' }),
  ]);
});

test('a swipe the server refuses puts the card back in its place, ready to swipe again', async ({
  page,
  people,
}) => {
  const { him } = await pairOnDiscover(page, people);
  const home = await card(page).boundingBox();
  expect(home).not.toBeNull();

  // The first pass fails on the server, at once: the answer comes while the card still flies.
  let refused = false;
  await page.route('**/api/discover/*/pass', async (route) => {
    if (refused) return route.continue();
    refused = true;
    await route.fulfill({ status: 500, json: { error: 'Internal server error' } });
  });
  await swipe(page, -160, 0);
  await expect(toast(page, 'Failed to decline profile')).toBeVisible();
  await expectCardOf(page, him);
  // Back where it was, not left off screen where its flight ended.
  await expect
    .poll(async () => Math.round((await card(page).boundingBox())?.x ?? -1))
    .toBe(Math.round(home!.x));

  await swipe(page, -160, 0);
  await expect(page.getByRole('status').filter({ hasText: `${him.name} declined` })).toBeVisible();
  await expect(card(page)).toHaveCount(0);
});

test('a skipped person comes back after Start Over on the caught-up screen', async ({
  page,
  people,
}) => {
  const { him } = await pairOnDiscover(page, people);

  await swipe(page, 0, -160);
  await expect(page.getByRole('heading', { name: 'All Caught Up!' })).toBeVisible();
  await page.getByRole('button', { name: 'Start Over' }).click();
  await expect(toast(page, 'Discovery reset! Starting from the beginning.')).toBeVisible();
  await expectCardOf(page, him);
});

test('the arrow keys act on the focused card: right likes', async ({ page, people }) => {
  const { him } = await pairOnDiscover(page, people);

  // Down shows the path (a friend: You -> him) and the dialog hands focus back to the card.
  await card(page).focus();
  await page.keyboard.press('ArrowDown');
  const path = page.getByRole('dialog', { name: 'Connection Path' });
  await expect(path.getByRole('heading', { name: 'Why this connection?' })).toBeVisible();
  await expect(path).toContainText(`${him.name} is your friend.`);
  await expectNoSeriousA11yViolations(page);
  await path.getByRole('button', { name: 'Got it!' }).click();
  await expect(card(page)).toBeFocused();

  await page.keyboard.press('ArrowRight');
  await expect(toast(page, `You liked ${him.name}!`)).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're all caught up!" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your favorites' })).toHaveAttribute(
    'href',
    '/network?filter=favorites',
  );
});

test('after a swipe the next card has the focus: the arrow keys go on through the deck', async ({
  page,
  people,
}) => {
  const { her, him } = await pair(page, people);
  const other = await people.signUp('Finn');
  await interestedIn(other, 'man', 'women');
  await befriend(her, other);
  await openDiscover(page);
  const first = await card(page).getAttribute('data-user-id');
  expect([him.id, other.id]).toContain(first);

  // The card swiped away keeps its element while it flies off (about 220 ms), then goes.
  await page.evaluate(() => {
    const flight = { left: 0, gone: 0 };
    const el = document.querySelector('[data-testid="discover-card"]');
    const stage = document.querySelector('.dstage');
    if (!el || !stage) throw new Error('no card');
    new MutationObserver(() => {
      if (!flight.left && el.classList.contains('dcard--leaving')) flight.left = performance.now();
      if (flight.left && !flight.gone && !el.isConnected) flight.gone = performance.now();
    }).observe(stage, { subtree: true, childList: true, attributes: true });
    Object.assign(window, { flight });
  });
  await swipe(page, -160, 0);
  const flight = () =>
    page.evaluate(() => (window as unknown as { flight: { left: number; gone: number } }).flight);
  await expect.poll(async () => (await flight()).gone).toBeGreaterThan(0);
  const { left, gone } = await flight();
  expect(gone - left).toBeGreaterThanOrEqual(200);
  const second = first === him.id ? other : him;
  await expectCardOf(page, second);
  await expect(card(page)).toBeFocused();

  await page.keyboard.press('ArrowLeft');
  await expect(
    page.getByRole('status').filter({ hasText: `${second.name} declined` }),
  ).toBeVisible();
  await expect(card(page)).toHaveCount(0);
});

test('a newcomer without friends sees why nobody is there, and can invite', async ({ page }) => {
  await joinAs(page, 'Lone');
  await openDiscover(page);
  await expect(page.getByRole('heading', { name: 'No people to discover' })).toBeVisible();
  await expect(
    page.getByText('Discover shows people through your friends. Invite a friend to get started.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Invite Friends' }).last().click();
  await expect(page.getByRole('dialog', { name: 'Invite Friends' })).toBeVisible();
});

test('a newcomer with one friend meets their friends in Discover (issue 48)', async ({
  page,
  people,
}) => {
  const [newcomer, inviter, theirs] = await Promise.all([
    joinAs(page, 'Newcomer'),
    people.signUp('Inviter'),
    people.signUp('Theirs'),
  ]);
  // Only the friend of a friend fits her preferences.
  await interestedIn(newcomer, 'woman', 'men');
  await interestedIn(inviter, 'woman', 'women');
  await interestedIn(theirs, 'man', 'women');
  await befriend(newcomer, inviter);
  await befriend(inviter, theirs);
  await openDiscover(page);
  await expectCardOf(page, theirs);
  await expect(card(page)).toContainText('2nd');
});

test('a paused profile leaves Discover both ways until one tap resumes it (issue 48)', async ({
  page,
  people,
}) => {
  const { her, him } = await pair(page, people);
  await page.goto('/settings');
  const pause = page.getByRole('switch', { name: 'Pause my profile', exact: true });
  await expect(pause).toHaveAttribute('aria-checked', 'false');
  await pause.click();
  await expect(toast(page, 'Your profile is paused')).toBeVisible();
  await expect(pause).toHaveAttribute('aria-checked', 'true');

  // Her Discover says so and offers the way back; his shows nobody.
  await page.goto('/discover');
  await expect(page.getByRole('heading', { name: 'Your profile is paused' })).toBeVisible({
    timeout: 20_000,
  });
  await expectNoSeriousA11yViolations(page);
  await him.page.goto('/discover');
  await expect(him.page.getByRole('heading', { name: 'No people to discover' })).toBeVisible({
    timeout: 20_000,
  });

  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(toast(page, 'Your profile is back in Discover')).toBeVisible();
  await expectCardOf(page, him);
  await openDiscover(him.page);
  await expectCardOf(him.page, her);
});
