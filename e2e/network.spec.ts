import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import {
  befriend,
  joinAs,
  openTab,
  row,
  rows,
  signInPersona,
  signUpOnboarded,
  smallNetwork,
  summary,
  test,
  toast,
} from './network-helpers.ts';
import { animationsSettled } from './helpers.ts';

/**
 * The Network screen. Journeys that only look read the seeded demo world
 * (apps/server/src/db/seed/personas.ts): alice's friends are bob, carol, dave and erin (plus
 * generated people); frank is 2nd degree through bob only, heidi 3rd degree through bob and
 * frank. Journeys that change a network (favorites, disconnect, report, connect, privacy,
 * block) build one of new people instead, so no journey depends on another one's leftovers and
 * the personas stay as the seed made them.
 */

async function openNetwork(page: Page) {
  await page.goto('/network');
  await expect(page.getByRole('heading', { name: 'Network', level: 1 })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

async function openNetworkAs(page: Page, persona: RegExp) {
  await signInPersona(page, persona);
  await openNetwork(page);
}

/** The names on the rows shown, in order. */
function rowNames(page: Page) {
  return rows(page).locator('.conn__name');
}

test('the tabs show the counts of the summary and the header says how many connections', async ({
  page,
}) => {
  await openNetworkAs(page, /Alice/);
  const s = await summary(page);
  expect(s.counts.first).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId('network-count')).toHaveText(`${s.counts.all} connections`);
  await expect(page.getByRole('tab', { name: `All (${s.counts.all})` })).toBeVisible();
  await expect(page.getByRole('tab', { name: `1st (${s.counts.first})` })).toBeVisible();
  await expect(page.getByRole('tab', { name: `2nd (${s.counts.second})` })).toBeVisible();
  await expect(page.getByRole('tab', { name: `Favorites (${s.counts.favorites})` })).toBeVisible();

  await openTab(page, /^1st/);
  for (const name of ['Bob Bakker', 'Carol Chen', 'Dave Dekker', 'Erin Evans']) {
    const friend = row(page, name);
    await expect(friend).toBeVisible();
    await expect(friend.getByRole('img', { name: '1st degree' })).toHaveText('1');
    await expect(friend.getByRole('button', { name: `Favorite ${name}` })).toBeVisible();
  }
  // A page holds 20 at most; the rest arrive on demand, never the whole set at once.
  expect(await rows(page).count()).toBeLessThanOrEqual(Math.max(20, s.counts.first));

  // More arrive when the end of the list scrolls into view.
  await openTab(page, /^All/);
  await expect(rows(page)).toHaveCount(20);
  await rows(page).nth(19).scrollIntoViewIfNeeded();
  await expect(rows(page)).toHaveCount(40);
  // The button loads the next page too. Clicked without scrolling it into view: Playwright's
  // click scrolls, which also reaches the scroll trigger; the button then reads 'Loading...' and
  // the click retries on the next 'Load more', so several pages could arrive.
  await page.getByRole('button', { name: 'Load more' }).dispatchEvent('click');
  await expect(rows(page)).toHaveCount(Math.min(60, s.counts.all));
  await openTab(page, /^1st/);

  // The URL names the tab, so a link like /network?filter=favorites opens it directly.
  await expect(page).toHaveURL(/tab=first/);
  await page.goto('/network?filter=favorites');
  await expect(page.getByRole('tab', { name: /^Favorites/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('search filters the list by name through the API', async ({ page }) => {
  await openNetworkAs(page, /Alice/);
  await page.getByRole('button', { name: 'Search connections' }).click();
  const box = page.getByPlaceholder('Search connections...');
  await expect(box).toBeFocused();
  const searched = page.waitForRequest((r) => r.url().includes('q=Carol'));
  await box.fill('Carol');
  await searched;
  await expect(row(page, 'Carol Chen')).toBeVisible();
  for (const name of await rows(page).locator('.conn__name').allTextContents()) {
    expect(name.toLowerCase()).toContain('carol');
  }
  await box.fill('zzzz-nobody');
  await expect(page.getByText('No connections match “zzzz-nobody”')).toBeVisible();
  await box.press('Escape');
  await expect(box).toBeHidden();
  await expect(page.getByRole('button', { name: 'Search connections' })).toBeFocused();
  await expect(rows(page)).toHaveCount(20);
});

test('show path expands You -> intermediary -> target inline', async ({ page }) => {
  await openNetworkAs(page, /Alice/);
  await openTab(page, /^2nd/);
  await page.getByRole('button', { name: 'Search connections' }).click();
  await page.getByPlaceholder('Search connections...').fill('Frank Fischer');
  const frank = row(page, 'Frank Fischer');
  await expect(frank.getByRole('img', { name: '2nd degree' })).toHaveText('2');
  await frank.getByRole('button', { name: 'Show path' }).click();
  await expect(frank.getByRole('list', { name: /Connection path/ })).toHaveAccessibleName(
    'Connection path: You → Bob Bakker → Frank Fischer',
  );
  await frank.getByRole('button', { name: 'Hide path' }).click();
  await expect(frank.getByRole('list', { name: /Connection path/ })).toBeHidden();

  await openTab(page, /^3rd/);
  await page.getByPlaceholder('Search connections...').fill('Heidi Hoffmann');
  const heidi = row(page, 'Heidi Hoffmann');
  await expect(heidi.getByRole('img', { name: '3rd degree' })).toHaveText('3');
  await heidi.getByRole('button', { name: 'Show path' }).click();
  await expect(heidi.getByRole('list', { name: /Connection path/ })).toHaveAccessibleName(
    'Connection path: You → Bob Bakker → Frank Fischer → Heidi Hoffmann',
  );
});

test('a 2nd-degree row shows its trust and mutual count whole at phone width', async ({ page }) => {
  await openNetworkAs(page, /Alice/);
  await openTab(page, /^2nd/);
  const detail = rows(page).first().locator('.conn__detail');
  await expect(detail).toContainText(/via .+ · Trust \d+ · \d+ mutual/);
  // Nothing of the line is cut off: every fact lies inside the line's box.
  const clipped = await detail.evaluate((line) => {
    const box = line.getBoundingClientRect();
    return [...line.querySelectorAll('.conn__fact')].some((fact) => {
      const r = fact.getBoundingClientRect();
      return r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5;
    });
  });
  expect(clipped).toBe(false);
});

test('the favorite star toggles at once and persists after a reload', async ({ page, people }) => {
  // Two friends of equal standing rank by name, Ava before Zeno, until Zeno is a favorite.
  const [me, ava, zeno] = await Promise.all([
    joinAs(page, 'Fay'),
    people.signUp('Ava'),
    people.signUp('Zeno'),
  ]);
  await befriend(me, ava);
  await befriend(me, zeno);
  await openNetwork(page);
  await openTab(page, /^1st/);
  await expect(rowNames(page)).toHaveText([ava.name, zeno.name]);
  const star = row(page, zeno.name).getByRole('button', { name: `Favorite ${zeno.name}` });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/favorites/') && r.request().method() === 'POST',
  );
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  expect((await saved).ok()).toBe(true);

  // Reload without the browser's cached lists: the state comes from the server.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Favorites (1)' })).toBeVisible();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  // Favorites rank first.
  await expect(rowNames(page)).toHaveText([zeno.name, ava.name]);
  await openTab(page, /^Favorites/);
  await expect(rowNames(page)).toHaveText([zeno.name]);

  // And off again: un-starring is saved too.
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('tab', { name: 'Favorites (0)' })).toBeVisible();
  expect((await summary(page)).counts.favorites).toBe(0);
});

test('disconnect asks first, then removes the row', async ({ page, people }) => {
  const [me, ava, zeno] = await Promise.all([
    joinAs(page, 'Dina'),
    people.signUp('Ava'),
    people.signUp('Zeno'),
  ]);
  await befriend(me, ava);
  await befriend(me, zeno);
  await openNetwork(page);
  await openTab(page, /^1st/);
  await expect(page.getByRole('tab', { name: '1st (2)' })).toBeVisible();
  const target = row(page, zeno.name);

  await target.getByRole('button', { name: `More options for ${zeno.name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Block' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Report' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('dialog', { name: `Disconnect from ${zeno.name}?` });
  await expect(dialog).toContainText('They will not be notified.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(target).toBeVisible();

  await target.getByRole('button', { name: `More options for ${zeno.name}` }).click();
  await page.getByRole('menuitem', { name: 'Disconnect' }).click();
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(dialog).toBeHidden();
  await expect(target).toHaveCount(0);
  await expect(page.getByRole('tab', { name: '1st (1)' })).toBeVisible();
  await expect(rowNames(page)).toHaveText([ava.name]);
  // The friendship is gone on both sides.
  expect((await summary(page)).counts.first).toBe(1);
  expect((await summary(zeno.page)).counts.first).toBe(0);
});

test('report asks for a reason; block explains what it does', async ({ page, people }) => {
  // Five new accounts are signed up through the UI first.
  test.slow();
  const { friendOfFriend: target } = await smallNetwork(page, people, {
    me: 'Remy',
    friends: ['Ava', 'Ben', 'Cas'],
    friendOfFriend: 'Otto',
  });
  await openNetwork(page);
  await openTab(page, /^2nd/);
  const targetRow = row(page, target.name);
  await targetRow.getByRole('button', { name: `More options for ${target.name}` }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: `Report ${target.name}?` });
  await expect(report).toContainText('Reports are handled confidentially by our moderators.');
  await expect(report.getByRole('button', { name: 'Report' })).toBeDisabled();
  await expect(report.getByText('Choose a reason to send the report.')).toBeVisible();
  // The buttons stay in view however the dialog scrolls (issue 18: they were cut off).
  await expect(report.getByRole('button', { name: 'Cancel' })).toBeInViewport();
  await expect(report.getByRole('button', { name: 'Report' })).toBeInViewport();
  await report.getByRole('radio', { name: 'Spam' }).check();
  await expect(report.getByText('Choose a reason to send the report.')).toBeHidden();
  await report.getByRole('button', { name: 'Report' }).click();
  await expect(report).toBeHidden();
  await expect(toast(page, /moderators/)).toBeVisible();

  await targetRow.getByRole('button', { name: `More options for ${target.name}` }).click();
  await page.getByRole('menuitem', { name: 'Block' }).click();
  const block = page.getByRole('dialog', { name: `Block ${target.name}?` });
  await expect(block).toContainText('It lasts until you unblock them.');
  await block.getByRole('button', { name: 'Cancel' }).click();
  await expect(block).toBeHidden();
  // Reporting alone changes nothing in the network.
  await expect(targetRow).toBeVisible();
});

test('connect sends a request and the row remembers it', async ({ page, people }) => {
  // Five new accounts are signed up through the UI first.
  test.slow();
  const { me, friendOfFriend: target } = await smallNetwork(page, people, {
    me: 'Cora',
    friends: ['Ava', 'Ben', 'Cas'],
    friendOfFriend: 'Otto',
  });
  await openNetwork(page);
  await openTab(page, /^2nd/);
  const targetRow = row(page, target.name);
  await targetRow.getByRole('button', { name: `Connect with ${target.name}` }).click();
  await expect(toast(page, `Connection request sent to ${target.name}!`)).toBeVisible();
  await expect(targetRow.getByText('Requested')).toBeVisible();
  await page.reload();
  await expect(targetRow.getByText('Requested')).toBeVisible();
  await openTab(page, /^Requests/);
  await expect(page.getByTestId('outgoing-request').filter({ hasText: target.name })).toContainText(
    'Pending',
  );
  // And it reached the person asked.
  await target.page.goto('/network?tab=requests');
  await expect(
    target.page.getByTestId('incoming-request').filter({ hasText: me.name }),
  ).toBeVisible();
});

test('a newcomer sees locked tabs explained, the empty state and the invite dialog', async ({
  page,
}) => {
  await signUpOnboarded(page, 'Lena');
  await page.goto('/network');
  await expect(page.getByTestId('network-count')).toHaveText('0 connections');
  await expect(page.getByText('No connections yet')).toBeVisible();
  await expect(
    page.getByText(
      'Start building your network by inviting friends and discovering new connections',
    ),
  ).toBeVisible();

  await openTab(page, /^2nd, locked/);
  await expect(
    page.getByText('The 2nd-degree tab unlocks when you have 3 friends (you have 0).'),
  ).toBeVisible();
  await openTab(page, /^3rd, locked/);
  await expect(
    page.getByText('The 3rd-degree tab unlocks at a trust score of 70 (yours is 0).'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Trust score 0' }).click();
  const sheet = page.getByRole('dialog', { name: 'Trust Score' });
  await expect(sheet.getByText('10 points per friend (1st degree)')).toBeVisible();
  await expect(sheet.getByText('1 point per friend of friend (2nd degree)')).toBeVisible();
  await expect(sheet.getByText('Invite friends to start building your trust score.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await openTab(page, /^All/);
  await page.getByRole('button', { name: 'Invite Friends' }).last().click();
  const invite = page.getByRole('dialog', { name: 'Invite Friends' });
  const message = invite.getByLabel('Invite message');
  await expect(message).toHaveValue(/\$100 gift/);
  await expect(message).toHaveValue(/2% of profits go to social causes/);
  await expect(invite).toContainText('0 friends · Trust score 0');
  const link = await invite.getByRole('link', { name: /\/invite\// }).textContent();
  await expect(invite.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(await message.inputValue())}`,
  );
  expect(await message.inputValue()).toContain(link ?? 'missing');

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await invite.getByRole('button', { name: 'Copy message' }).click();
  await expect(invite.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await expect(invite.getByText('✅ Message copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    await message.inputValue(),
  );
  // Success resets after 2 s.
  await expect(invite.getByRole('button', { name: 'Copy message' })).toBeVisible({
    timeout: 4_000,
  });
});

test('the network screen has no serious accessibility violations', async ({ page }) => {
  await openNetworkAs(page, /Alice/);
  await expect(page.locator('.splash')).toHaveCount(0);
  const check = async () => {
    await animationsSettled(page);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  };
  await check();
  await openTab(page, /^2nd/);
  await rows(page).first().getByRole('button', { name: 'Show path' }).click();
  await check();
  await page.getByRole('button', { name: /^Trust score/ }).click();
  await expect(page.getByRole('dialog', { name: 'Trust Score' })).toContainText('points');
  await check();
  await page.getByRole('button', { name: 'Got it' }).click();
  await page.getByRole('button', { name: 'Invite Friends' }).first().click();
  await expect(page.getByLabel('Invite message')).toBeVisible();
  await check();
});

test('hiding from paths: people reachable only through you are no longer listed to others', async ({
  page,
  people,
}) => {
  // Five new accounts are signed up through the UI first.
  test.slow();
  // Ava is my only link to Otto: once she hides, listing Otto would name her by elimination
  // (docs/API-network.md "Path privacy"), so he leaves my list.
  const {
    friends: [ava],
    friendOfFriend: otto,
  } = await smallNetwork(page, people, {
    me: 'Pia',
    friends: ['Ava', 'Ben', 'Cas'],
    friendOfFriend: 'Otto',
  });
  await openNetwork(page);
  await openTab(page, /^2nd/);
  const ottoRow = row(page, otto.name);
  await ottoRow.getByRole('button', { name: 'Show path' }).click();
  await expect(ottoRow.getByRole('list', { name: /Connection path/ })).toHaveAccessibleName(
    `Connection path: You → ${ava.name} → ${otto.name}`,
  );

  await ava.page.goto('/settings');
  const item = ava.page.getByRole('switch', {
    name: "Show me as the connecting person in other people's paths",
  });
  await expect(item).toHaveAttribute('aria-checked', 'true');
  await item.click();
  await expect(item).toHaveAttribute('aria-checked', 'false');
  await expect(toast(ava.page, 'Privacy settings updated')).toBeVisible();
  const stored = await ava.page.request.get('/api/me/privacy');
  expect(await stored.json()).toEqual({ showInPaths: false });

  // Without the browser's cached lists, so the list is the server's answer of now.
  await page.evaluate(() => localStorage.clear());
  await openNetwork(page);
  await openTab(page, /^2nd/);
  await expect(row(page, otto.name)).toHaveCount(0);
  const path = await page.request.get(`/api/network/path/${otto.id}`);
  expect(path.status()).toBe(404);
});

test('a blocked friend leaves the network and can be unblocked from the profile menu', async ({
  page,
  people,
}) => {
  const [me, friend] = await Promise.all([joinAs(page, 'Blaise'), people.signUp('Cleo')]);
  await befriend(me, friend);

  await page.goto('/network?tab=first');
  const target = row(page, friend.name);
  await target.getByRole('button', { name: `More options for ${friend.name}` }).click();
  await page.getByRole('menuitem', { name: 'Block' }).click();
  const confirm = page.getByRole('dialog', { name: `Block ${friend.name}?` });
  await confirm.getByRole('button', { name: 'Block' }).click();
  await expect(target).toHaveCount(0);
  expect((await summary(page)).counts.first).toBe(0);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Blocked people' }).click();
  const dialog = page.getByRole('dialog', { name: 'Blocked people' });
  const blocked = dialog.getByTestId('blocked-person').filter({ hasText: friend.name });
  await expect(blocked).toBeVisible();
  await blocked.getByRole('button', { name: `Unblock ${friend.name}` }).click();
  await expect(toast(page, `${friend.name} unblocked`)).toBeVisible();
  await expect(dialog).toContainText('You have not blocked anyone.');
  expect(await (await page.request.get('/api/blocks')).json()).toEqual({ items: [] });
  // Unblocking brings no friendship back.
  expect((await summary(page)).counts.first).toBe(0);
});
