import { expect, type Page } from '@playwright/test';
import {
  chatRow,
  chatStatus,
  chatTab,
  chatWith,
  friendsOf,
  openChat,
  send,
  test,
  tick,
} from './chat-helpers.ts';
import { chooseWhoSeesWhom, newcomer, signInAsNew } from './helpers.ts';
import { me, row, signInPersona, toast } from './network-helpers.ts';

/**
 * What a new user still hit (issue 45, "What a new user hit"): each journey is one finding,
 * tried as that user would, in the real app at 390×844.
 */

test.describe.configure({ timeout: 60_000 });

test('a session that cannot be looked up says so, with a retry, instead of the sign-in screen', async ({
  page,
}) => {
  await page.route('**/api/auth/session', (route) => route.abort('connectionrefused'));
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'System error loading user data' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeHidden();
  await page.unroute('**/api/auth/session');
  await page.getByRole('button', { name: 'Try Again' }).click();
  // The server answers again: signed out, so the sign-in screen, as the gate decides.
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
});

test("a chat that cannot be opened from a Network row says 'Failed to open chat'", async ({
  page,
}) => {
  await signInPersona(page, /Alice/);
  await page.goto('/network?tab=first');
  const bob = row(page, 'Bob Bakker');
  await expect(bob).toBeVisible();
  await page.route('**/api/chats', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue(),
  );
  await bob.getByRole('button', { name: 'Message Bob Bakker' }).click();
  await expect(toast(page, 'Failed to open chat')).toBeVisible();
  await expect(page).toHaveURL(/\/network/);
});

test('the first screen after a sign-in is not told to complete onboarding first', async ({
  page,
}) => {
  // Signed out, the person opens the Network: sign-in, then onboarding, without the notice.
  await page.goto('/network');
  await expect(page).toHaveURL(/\/auth/);
  await signInAsNew(page, newcomer('Rhea'));
  await expect(page).toHaveURL(/\/onboarding/, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: "Let's Get Started" })).toBeVisible();
  await expect(page.getByText('Please complete onboarding first')).toHaveCount(0);
  // Opening another screen mid-onboarding still says it.
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/onboarding/);
  await expect(page.getByText('Please complete onboarding first')).toBeVisible();
  // The steps after the notice are still history entries: Back returns to step 1.
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await page.goBack();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test("each onboarding step is a history entry, and Back from the first never shows the provider's error", async ({
  page,
}) => {
  await page.goto('/auth');
  await signInAsNew(page, newcomer('Hugo'));
  await expect(page).toHaveURL(/\/onboarding/, { timeout: 20_000 });
  const step = (n: number) => page.getByText(`Step ${n} of 3`);
  await expect(step(1)).toBeVisible();
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await expect(step(2)).toBeVisible();
  await page.goBack();
  await expect(step(1)).toBeVisible();
  await page.goForward();
  await expect(step(2)).toBeVisible();
  await chooseWhoSeesWhom(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(step(3)).toBeVisible();
  // Step 3 has a Back of its own now.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(step(2)).toBeVisible();
  await page.goBack();
  await expect(step(1)).toBeVisible();
  // Back once more: the spent sign-in page sends the browser on to the app.
  await page.goBack();
  await expect(page).toHaveURL(/\/onboarding/, { timeout: 15_000 });
  await expect(page.getByText(/"error"|Bad Request|SessionNotFound/)).toHaveCount(0);
  await expect(step(1)).toBeVisible();
});

// FIXME (issue 46, found 2026-12-02 at the session's end): fails 2 of 3 runs since this session's
// server changes (web of c1f284e + today's server fails too; c1f284e as a whole passed CI). After
// the reload the app sometimes routes on the tab's cached onboarding answer and ends on
// /onboarding or an empty main, never requesting /api/network; the server answers
// onboardingCompleted: true. A race in the web gate that the server's new timing exposes: fix it
// first next session, then remove this fixme.
test('a deep link opened after onboarding was finished elsewhere opens its screen', async ({
  page,
}) => {
  await page.goto('/auth');
  const person = newcomer('Lina');
  await signInAsNew(page, person);
  await expect(page).toHaveURL(/\/onboarding/, { timeout: 20_000 });
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  // Finished on another device: this tab's cached answer still says otherwise.
  const saved = await page.request.put('/api/onboarding/profile', {
    data: { name: person.name, dob: '1994-03-04' },
  });
  expect(saved.ok()).toBe(true);
  expect((await page.request.post('/api/onboarding/complete')).ok()).toBe(true);
  await page.goto('/network?tab=requests');
  await expect(page).toHaveURL(/\/network\?tab=requests$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Network' })).toBeVisible();
});

test('a deleted account ends on a sign-in screen that says it was deleted', async ({ page }) => {
  await page.goto('/auth');
  await signInAsNew(page, newcomer('Gone'));
  await expect(page).toHaveURL(/\/onboarding/, { timeout: 20_000 });
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/onboarding/);
  // Onboarding first, through the API, then Settings.
  const { name } = await me(page);
  await page.request.put('/api/onboarding/profile', { data: { name, dob: '1990-01-01' } });
  await page.request.post('/api/onboarding/complete');
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('textbox').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(
    page.getByText('Your account has been deleted, with everything stored in it.'),
  ).toBeVisible();
});

test('offline, the chat says it is connecting instead of showing the other person online', async ({
  people,
}) => {
  const [ann, bob] = await friendsOf(people, 'Ann', 'Bob');
  const chatId = await chatWith(ann.page, bob);
  await openChat(bob.page, chatId, ann.name);
  await openChat(ann.page, chatId, bob.name);
  await expect(chatStatus(ann.page)).toHaveText('Online');

  await ann.page.context().setOffline(true);
  // At once, not at the socket's next missed ping (~45 s).
  await expect(chatStatus(ann.page)).toHaveText('Connecting...', { timeout: 5_000 });
  await expect(ann.page.getByText('Offline. Reconnecting...')).toBeVisible({ timeout: 5_000 });
  await ann.page.context().setOffline(false);
  await expect(chatStatus(ann.page)).toHaveText('Online', { timeout: 15_000 });
  await expect(ann.page.getByText('Offline. Reconnecting...')).toBeHidden();
});

test('a muted chat says so in its menu and the list, and leaves the Chat tab badge', async ({
  people,
}) => {
  const [ann, bob] = await friendsOf(people, 'Ann', 'Bob');
  const chatId = await chatWith(ann.page, bob);
  // Ann is not in the chat while Bob writes: its messages stay unread for her.
  await openChat(bob.page, chatId, ann.name);
  await send(bob.page, 'one');
  await send(bob.page, 'two');
  await ann.page.goto('/chat');
  await expect(chatTab(ann.page)).toHaveAccessibleName(/2 unread/);

  // Muted (from another device, say): the badge leaves it out, the row says so and keeps its count.
  const muted = await ann.page.request.put(`/api/chats/${chatId}/mute`, { data: { muted: true } });
  expect(muted.status()).toBe(200);
  await ann.page.reload();
  await expect(chatRow(ann.page, bob.name).getByText('Muted')).toBeAttached();
  await expect(chatRow(ann.page, bob.name)).toContainText('2');
  await expect(chatTab(ann.page)).not.toHaveAccessibleName(/unread/);
  // A new message in the muted chat does not bring the badge back.
  await send(bob.page, 'three');
  await expect(chatRow(ann.page, bob.name)).toContainText('three');
  await expect(chatTab(ann.page)).not.toHaveAccessibleName(/unread/);

  // The chat's menu says what a tap does now, and unmuting and muting there work.
  await ann.page.goto(`/chat/${chatId}`);
  const menu = ann.page.getByRole('button', { name: `More options for ${bob.name}` });
  await menu.click();
  await ann.page.getByRole('menuitem', { name: 'Unmute notifications' }).click();
  await expect(toast(ann.page, 'Notifications on for this chat')).toBeVisible();
  await menu.click();
  await ann.page.getByRole('menuitem', { name: 'Mute notifications' }).click();
  await expect(toast(ann.page, 'Notifications muted for this chat')).toBeVisible();
  await menu.click();
  await expect(ann.page.getByRole('menuitem', { name: 'Unmute notifications' })).toBeVisible();
  await ann.page.keyboard.press('Escape');
});

test("after a friend deletes their account, one's ticks stay read and the chat knows them gone", async ({
  people,
}) => {
  const [ann, bob] = await friendsOf(people, 'Ann', 'Bob');
  const chatId = await chatWith(ann.page, bob);
  await openChat(bob.page, chatId, ann.name);
  await openChat(ann.page, chatId, bob.name);
  await send(ann.page, 'see you soon');
  await expect(tick(ann.page, 'see you soon')).toHaveAccessibleName('Read', { timeout: 10_000 });

  const deleted = await bob.page.request.delete('/api/me', { data: { confirm: 'DELETE' } });
  expect(deleted.status()).toBe(204);
  const paths: string[] = [];
  ann.page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/network/path/')) paths.push(pathname);
  });
  await ann.page.reload();
  await expect(ann.page.getByRole('region', { name: 'Chat with Unknown User' })).toBeVisible();
  await expect(tick(ann.page, 'see you soon')).toHaveAccessibleName('Read');
  await ann.page.getByRole('button', { name: "View Unknown User's profile" }).click();
  await expect(ann.page.getByText('This account was deleted')).toBeVisible();
  await expect(ann.page.getByText('Friend', { exact: true })).toHaveCount(0);
  expect(paths).toEqual([]);
});

test('the chat header shows an ordinary name whole at phone width', async ({ people }) => {
  const [ann, bruno] = await friendsOf(people, 'Ann', 'Bruno');
  const long = 'Bruno Brandenburg';
  expect((await bruno.page.request.patch('/api/me/profile', { data: { name: long } })).ok()).toBe(
    true,
  );
  const chatId = await chatWith(ann.page, bruno);
  await openChat(ann.page, chatId, long);
  const name = ann.page.locator('.chat__name');
  await expect(name).toHaveText(long);
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

/** Whether the page scrolls sideways at its width. */
const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test('50-character unbroken names, bios and cities never widen a screen at 390 px', async ({
  people,
}) => {
  test.setTimeout(120_000);
  const [ann, bob] = await friendsOf(people, 'Ann', 'Bob');
  const unbroken = (letter: string) => `${letter.toUpperCase()}${letter.repeat(49)}`;
  for (const [member, letter] of [
    [ann, 'a'],
    [bob, 'b'],
  ] as const) {
    const saved = await member.page.request.patch('/api/me/profile', {
      data: {
        name: unbroken(letter),
        bio: unbroken('x').repeat(3),
        location: unbroken('y').slice(0, 50),
        gender: 'woman',
        interestedIn: 'everyone',
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  const chatId = await chatWith(ann.page, bob);
  await openChat(bob.page, chatId, unbroken('a'));
  await send(bob.page, unbroken('m').repeat(2));
  const page = ann.page;
  for (const path of ['/profile', '/network?tab=first', '/discover', '/chat', `/chat/${chatId}`]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await overflows(page), path).toBe(false);
  }
  await page.goto(`/chat/${chatId}`);
  await page.getByRole('button', { name: `View ${unbroken('b')}'s profile` }).click();
  expect(await overflows(page), 'the chat profile sheet').toBe(false);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await overflows(page), 'Edit Profile').toBe(false);
  const box = await page.getByRole('dialog').boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
});

test("toasts sit above the photo step's buttons instead of covering them", async ({ page }) => {
  await page.goto('/auth');
  await signInAsNew(page, newcomer('Tia'));
  await expect(page).toHaveURL(/\/onboarding/, { timeout: 20_000 });
  await page.getByRole('button', { name: "Let's Get Started" }).click();
  await chooseWhoSeesWhom(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  // A failed finish shows its toast while the buttons stay: the toast must not cover them.
  await page.route('**/api/onboarding/complete', (route) => route.abort('connectionreset'));
  const skip = page.getByRole('button', { name: 'Skip for now' });
  await skip.click();
  const shown = page.locator('.toast').first();
  await expect(shown).toBeVisible();
  await expect(skip).toBeEnabled();
  const toastBox = (await shown.boundingBox())!;
  const skipBox = (await skip.boundingBox())!;
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(skipBox.y);
});
