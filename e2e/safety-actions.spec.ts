import { expect, type Page, type Request } from '@playwright/test';
import { chatRow, composer, openChat, test } from './chat-helpers.ts';
import {
  card,
  expectCardOf,
  fitEachOther,
  interestedIn,
  openDiscover,
} from './discover-helpers.ts';
import { expectNoSeriousA11yViolations } from './helpers.ts';
import { befriend, toast, type Member, type People } from './network-helpers.ts';

/**
 * Report, block and unmatch where another person is shown (issue 47): the Discover card's menu,
 * the match celebration and a match chat's menu. People sign up over HTTP (chat-helpers.ts);
 * what the server kept is read back through the API each person can reach: their own reports
 * (GET /api/reports), blocks (GET /api/blocks), Discover feed, Matches count and chats. Texts
 * are the domain's (relationMessages, discoverMessages).
 */

test.describe.configure({ timeout: 60_000 });

const REPORTED = 'Thank you. Our moderators will review your report.';

/** Two friends who fit each other, with Discover open on his card in her browser. */
async function pairOnDiscover(people: People) {
  const [her, him] = await Promise.all([people.signUp('Hana'), people.signUp('Ivo')]);
  await fitEachOther(her, him);
  await openDiscover(her.page);
  await expectCardOf(her.page, him);
  return { her, him };
}

function menuButton(page: Page, name: string) {
  return card(page).getByRole('button', { name: `More options for ${name}` });
}

type Listed = { items: Record<string, unknown>[] };

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

const myReports = async (page: Page) => (await getJson<Listed>(page, '/api/reports')).items;
const myBlocks = async (page: Page) =>
  (await getJson<Listed>(page, '/api/blocks')).items.map((item) => item.userId);
const feedIds = async (page: Page) =>
  (await getJson<Listed>(page, '/api/discover')).items.map((item) => item.id);
const matchCount = async (page: Page) =>
  (await getJson<{ stats: { matches: number } }>(page, '/api/me/profile')).stats.matches;

function reportRequest(page: Page): Promise<Request> {
  return page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/reports',
  );
}

/**
 * Waits until the app's stored copy of the deck no longer holds the person. The app writes its
 * query cache to localStorage at most once a second and a start shows what it restores, so a
 * reload within that second would show the deck as it was before the block.
 */
async function storedDeckWithout(page: Page, userId: string) {
  await expect
    .poll(() =>
      page.evaluate((id) => {
        const stored = JSON.parse(localStorage.getItem('heartline.queryCache') ?? '{}') as {
          clientState?: { queries?: { queryKey: unknown[]; state: { data: unknown } }[] };
        };
        const deck = stored.clientState?.queries?.find(
          (query) => query.queryKey[0] === 'discover' && query.queryKey[1] === 'feed',
        );
        return JSON.stringify(deck?.state.data ?? null).includes(id);
      }, userId),
    )
    .toBe(false);
}

/** She likes him over the API; he likes her back from his card: the match celebration. */
async function matchOnHisDiscover(her: Member, him: Member) {
  const liked = await her.page.request.post(`/api/discover/${him.id}/like`, { data: {} });
  expect(liked.ok()).toBe(true);
  await openDiscover(him.page);
  await expectCardOf(him.page, her);
  await him.page.getByRole('button', { name: `Like ${her.name}`, exact: true }).click();
  await him.page
    .getByRole('dialog', { name: `Like ${her.name}?` })
    .getByRole('button', { name: 'Like' })
    .click();
  const match = him.page.getByRole('dialog', { name: "It's a Match!" });
  await expect(match).toContainText(`You and ${her.name} liked each other!`);
  return match;
}

test('report from a Discover card with a reason, details and "Also block": the card leaves, the server has both', async ({
  people,
}) => {
  const { her, him } = await pairOnDiscover(people);
  const { page } = her;

  await menuButton(page, him.name).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: `Report ${him.name}?` });
  await expect(dialog).toContainText('Reports are handled confidentially by our moderators.');
  await expect(dialog.getByRole('button', { name: 'Report' })).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Harassment or bullying' }).check();
  await dialog
    .getByRole('textbox', { name: 'Anything else we should know? (optional)' })
    .fill('  Kept messaging after I asked him to stop.  ');
  const alsoBlock = dialog.getByRole('checkbox', { name: `Also block ${him.name}` });
  await expect(alsoBlock).not.toBeChecked();
  // What a block does is said beside the box (spec/2 §2).
  await expect(dialog).toContainText('It lasts until you unblock them.');
  await alsoBlock.check();
  await expectNoSeriousA11yViolations(page);

  const sent = reportRequest(page);
  await dialog.getByRole('button', { name: 'Report and block' }).click();
  expect((await sent).postDataJSON()).toEqual({
    userId: him.id,
    reason: 'harassment',
    context: 'discover',
    details: 'Kept messaging after I asked him to stop.',
  });
  await expect(toast(page, `${REPORTED} ${him.name} is blocked.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  // Gone from the deck like a pass, but with no undo.
  await expect(card(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);

  expect(await myReports(page)).toEqual([
    expect.objectContaining({ name: him.name, reason: 'harassment', status: 'open' }),
  ]);
  expect(await myBlocks(page)).toEqual([him.id]);
  expect(await feedIds(page)).not.toContain(him.id);
  await storedDeckWithout(page, him.id);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Discover', level: 1 })).toBeVisible();
  await expect(page.getByTestId('discover-count')).toHaveText(/\d+ profiles?$/);
  await expect(card(page)).toHaveCount(0);
});

test('block from a Discover card with the keyboard: the next card comes forward with the focus', async ({
  people,
}) => {
  const [her, him, other] = await Promise.all([
    people.signUp('Hana'),
    people.signUp('Ivo'),
    people.signUp('Jon'),
  ]);
  await fitEachOther(her, him);
  await interestedIn(other, 'man', 'women');
  await befriend(her, other);
  const { page } = her;
  await openDiscover(page);
  const firstId = await card(page).getAttribute('data-user-id');
  const [first, second] = firstId === him.id ? [him, other] : [other, him];
  await expectCardOf(page, first);

  // 44 px targets, at 390 px wide.
  const button = menuButton(page, first.name);
  const box = (await button.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);

  // Opening the menu focuses its first item; the arrow keys go round; Escape gives focus back.
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: `More options for ${first.name}` });
  await expect(menu.getByRole('menuitem', { name: 'Block' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Report' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  // Keys on the menu's button never swipe the card.
  await expectCardOf(page, first);

  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem', { name: 'Block' })).toBeFocused();
  const itemBox = (await menu.getByRole('menuitem', { name: 'Block' }).boundingBox())!;
  expect(itemBox.height).toBeGreaterThanOrEqual(44);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Block ${first.name}?` });
  await expect(dialog).toContainText(
    'Blocking removes them from your network, hides you from each other everywhere and lets our moderators know. It lasts until you unblock them.',
  );
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(toast(page, `${first.name} is blocked.`)).toBeVisible();

  await expectCardOf(page, second);
  await expect(card(page)).toBeFocused();
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  expect(await myBlocks(page)).toEqual([first.id]);
  // A block files no report the person sees as theirs (it is the moderators' own note).
  expect(await myReports(page)).toEqual([]);
  await storedDeckWithout(page, first.id);
  await page.reload();
  await openDiscover(page);
  await expectCardOf(page, second);
  expect(await feedIds(page)).toEqual([second.id]);
});

test('report from the match celebration: a reason, no block, and the match stays', async ({
  people,
}) => {
  const [her, him] = await Promise.all([people.signUp('Hana'), people.signUp('Ivo')]);
  await fitEachOther(her, him);
  const match = await matchOnHisDiscover(her, him);
  const { page } = him;

  // Quieter than the two choices: after them, and not filled.
  await expect(match.getByRole('button', { name: 'Send Message' })).toBeVisible();
  await match.getByRole('button', { name: `Report ${her.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Report ${her.name}?` });
  await dialog.getByRole('radio', { name: 'Fake profile' }).check();
  const sent = reportRequest(page);
  await dialog.getByRole('button', { name: 'Report' }).click();
  expect((await sent).postDataJSON()).toEqual({
    userId: her.id,
    reason: 'fake_profile',
    context: 'matches',
  });
  await expect(toast(page, REPORTED)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(match).toBeHidden();

  expect(await myReports(page)).toEqual([
    expect.objectContaining({ name: her.name, reason: 'fake_profile' }),
  ]);
  expect(await myBlocks(page)).toEqual([]);
  expect(await matchCount(page)).toBe(1);
});

test('block from the match celebration: the match and its chat are gone for him', async ({
  people,
}) => {
  const [her, him] = await Promise.all([people.signUp('Hana'), people.signUp('Ivo')]);
  await fitEachOther(her, him);
  const match = await matchOnHisDiscover(her, him);
  const { page } = him;

  await match.getByRole('button', { name: `Block ${her.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Block ${her.name}?` });
  await expect(dialog).toContainText('It lasts until you unblock them.');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(toast(page, `${her.name} is blocked.`)).toBeVisible();
  await expect(match).toBeHidden();

  expect(await myBlocks(page)).toEqual([her.id]);
  expect(await matchCount(page)).toBe(0);
  expect(await matchCount(her.page)).toBe(0);
  const chats = await getJson<{ chats: { otherUserId: string }[] }>(page, '/api/chats');
  expect(chats.chats.map((chat) => chat.otherUserId)).not.toContain(her.id);
});

test('unmatch from a match chat’s menu: back at the list, the chat closed, the match gone for both', async ({
  people,
}) => {
  const [her, him] = await Promise.all([people.signUp('Hana'), people.signUp('Ivo')]);
  await fitEachOther(her, him);
  expect((await her.page.request.post(`/api/discover/${him.id}/like`, { data: {} })).ok()).toBe(
    true,
  );
  const liked = await him.page.request.post(`/api/discover/${her.id}/like`, { data: {} });
  const { match } = (await liked.json()) as { match: { chatId: string } };
  const chatId = match.chatId;
  const { page } = her;

  // Friends who matched keep their one open chat: it offers no Unmatch.
  await openChat(page, chatId, him.name);
  const menuFor = page.getByRole('button', { name: `More options for ${him.name}` });
  await menuFor.click();
  await expect(page.getByRole('menuitem', { name: 'Disconnect' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Unmatch' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // No longer friends, still matched: a match chat.
  expect((await page.request.post(`/api/connections/${him.id}/disconnect`)).ok()).toBe(true);
  await openChat(page, chatId, him.name);
  await expect(composer(page)).toBeVisible();
  await menuFor.click();
  await expect(page.getByRole('menuitem', { name: 'Disconnect' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Unmatch' }).click();
  const dialog = page.getByRole('dialog', { name: `Unmatch ${him.name}?` });
  await expect(dialog).toContainText(
    `You leave each other's matches and this chat closes: neither of you can send messages in it, though it stays readable. ${him.name} is not notified and won't appear in your Discover again.`,
  );
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Unmatch' }).click();

  await expect(page).toHaveURL(/\/chat$/);
  await expect(toast(page, `You unmatched ${him.name}.`)).toBeVisible();
  // The server keeps the chat, readable and closed to both (docs/API-discover.md).
  await chatRow(page, him.name).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${chatId}$`));
  await expect(page.getByRole('note')).toHaveText('You can no longer message this person.');
  await expect(composer(page)).toHaveCount(0);
  await menuFor.click();
  await expect(page.getByRole('menuitem', { name: 'Report' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Unmatch' })).toHaveCount(0);

  expect(await matchCount(page)).toBe(0);
  expect(await matchCount(him.page)).toBe(0);
  const his = await getJson<{ canMessage: boolean }>(him.page, `/api/chats/${chatId}`);
  expect(his.canMessage).toBe(false);
});
