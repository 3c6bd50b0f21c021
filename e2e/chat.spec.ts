import { expect } from '@playwright/test';
import {
  chatRow,
  chatRows,
  chatStatus,
  chatTab,
  chatWith,
  composer,
  conversation,
  databases,
  friendsOf,
  message,
  messageRows,
  openChat,
  openChatFromNetwork,
  outboxDb,
  outboxEntries,
  send,
  sendButton,
  socketSwitch,
  storedMessages,
  test,
  tick,
} from './chat-helpers.ts';
import { expectNoSeriousA11yViolations } from './helpers.ts';
import { gotoLive, signUpOnboarded } from './network-helpers.ts';

/**
 * Chat between two new people in two browsers, live over the real server's socket (issue 13,
 * docs/API-chat.md). Every journey makes its own friends; the seeded personas stay untouched.
 */

test('a message from the Network row: one tick, two once delivered, read once opened; unread until then', async ({
  people,
}) => {
  const [ann, ben] = await friendsOf(people, 'Ann', 'Ben');
  const a = ann.page;
  const b = ben.page;

  // Ann opens the chat from Ben's 1st-degree row.
  const chatId = await openChatFromNetwork(a, ben.name);
  await expect(a.getByRole('heading', { level: 1, name: ben.name })).toBeVisible();
  await expect(a.getByText('No messages yet')).toBeVisible();

  // Ben's app is closed: the message is stored (one tick) and goes no further.
  await send(a, 'Hi Ben!');
  await expect(tick(a, 'Hi Ben!')).toHaveAccessibleName('Sent');

  // Ben opens the app: Ann sees him online; he sees the message unread on the tab and the row.
  await gotoLive(b, '/chat');
  await expect(chatStatus(a)).toHaveText('Online');
  await expect(chatTab(b)).toHaveAccessibleName('Chat, 1 unread');
  const annRow = chatRow(b, ann.name);
  await expect(annRow).toContainText('Hi Ben!');
  await expect(annRow).toContainText('1 unread');

  // A message while his app is open reaches it at once (two ticks, for both messages: the
  // position covers the first one too) and is counted live.
  await send(a, 'Are you there?');
  await expect(tick(a, 'Are you there?')).toHaveAccessibleName('Delivered');
  await expect(tick(a, 'Hi Ben!')).toHaveAccessibleName('Delivered');
  await expect(chatTab(b)).toHaveAccessibleName('Chat, 2 unread');
  await expect(annRow).toContainText('2 unread');
  await expect(annRow).toContainText('Are you there?');

  // Ben opens the chat: both are read (highlighted ticks), and his counts clear.
  await annRow.click();
  await expect(b).toHaveURL(`/chat/${chatId}`);
  await expect(message(b, 'Hi Ben!')).toBeVisible();
  await expect(message(b, 'Are you there?')).toBeVisible();
  await expect(tick(a, 'Hi Ben!')).toHaveAccessibleName('Read');
  await expect(tick(a, 'Are you there?')).toHaveAccessibleName('Read');
  await b.getByRole('link', { name: 'Back to chats' }).click();
  await expect(chatTab(b)).toHaveAccessibleName('Chat');
  await expect(annRow).toContainText('Are you there?');
  await expect(annRow).not.toContainText('unread');
});

test('a message sent while the recipient was away turns Delivered once their app is open', async ({
  people,
}) => {
  // It reaches his device with the chat list (not live, not by opening the chat): that is
  // delivery too, acknowledged (socket `chat.delivered`) before he reads it.
  const [ann, ben] = await friendsOf(people, 'Dee', 'Dan');
  const chatId = await chatWith(ann.page, ben);
  await openChat(ann.page, chatId, ben.name);
  await send(ann.page, 'Sent while you were away');
  await expect(tick(ann.page, 'Sent while you were away')).toHaveAccessibleName('Sent');

  await gotoLive(ben.page, '/chat');
  await expect(chatRow(ben.page, ann.name)).toContainText('Sent while you were away');
  await expect(chatTab(ben.page)).toHaveAccessibleName('Chat, 1 unread');
  // An acknowledgement goes out within 300 ms of the message reaching the device.
  await expect(tick(ann.page, 'Sent while you were away')).toHaveAccessibleName('Delivered', {
    timeout: 3_000,
  });
});

test('typing... shows in the chat header and the list row while the other person types', async ({
  people,
}) => {
  const [ann, ben] = await friendsOf(people, 'Tia', 'Tom');
  const a = ann.page;
  const b = ben.page;
  const chatId = await chatWith(a, ben);
  await openChat(b, chatId, ann.name);
  await openChat(a, chatId, ben.name);
  // Each sees the other one online.
  await expect(chatStatus(a)).toHaveText('Online');
  await expect(chatStatus(b)).toHaveText('Online');

  // In the header: while Tia types, and gone once she clears the input.
  await composer(a).pressSequentially('Hel');
  await expect(chatStatus(b)).toHaveText('typing...');
  await composer(a).clear();
  await expect(chatStatus(b)).toHaveText('Online');

  // In the list row: while she types, and replaced by her message when she sends it.
  await send(a, 'Hello Tom');
  await b.getByRole('link', { name: 'Back to chats' }).click();
  const tiaRow = chatRow(b, ann.name);
  await expect(tiaRow).toContainText('Hello Tom');
  await composer(a).pressSequentially('How are');
  await expect(tiaRow.getByText('typing...')).toBeVisible();
  await expect(tiaRow).not.toContainText('Hello Tom');
  await composer(a).press('Enter');
  await expect(tiaRow).toContainText('How are');
  await expect(tiaRow.getByText('typing...')).toBeHidden();
});

test('Enter sends, Shift+Enter starts a new line, blank cannot be sent; the list searches names and messages', async ({
  people,
}) => {
  const [me, pia, quin] = await friendsOf(people, 'Sam', 'Pia', 'Quin');
  const page = me.page;
  const piaChat = await chatWith(page, pia);
  const quinChat = await chatWith(page, quin);

  await openChat(page, piaChat, pia.name);
  await expect(sendButton(page)).toBeDisabled();
  await composer(page).fill('   \n  ');
  await expect(sendButton(page)).toBeDisabled();
  await composer(page).press('Enter');
  await expect(page.getByText('No messages yet')).toBeVisible();

  await composer(page).clear();
  await composer(page).pressSequentially('Pineapple');
  await composer(page).press('Shift+Enter');
  await composer(page).pressSequentially('pizza?');
  await expect(composer(page)).toHaveValue('Pineapple\npizza?');
  await expect(page.getByText('No messages yet')).toBeVisible();
  await expect(sendButton(page)).toBeEnabled();
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue('');
  await expect(tick(page, 'Pineapple\npizza?')).toHaveAccessibleName(/^(Sent|Delivered)$/);
  await expect(messageRows(page)).toHaveCount(1);
  await expect(sendButton(page)).toBeDisabled();

  // The send button sends too.
  await openChat(page, quinChat, quin.name);
  await composer(page).fill('See you at noon');
  await sendButton(page).click();
  await expect(tick(page, 'See you at noon')).toHaveAccessibleName(/^(Sent|Delivered)$/);

  await page.getByRole('link', { name: 'Back to chats' }).click();
  await expect(page.getByTestId('chat-count')).toHaveText('2 conversations');
  await expect(chatRows(page)).toHaveCount(2);
  const search = page.getByPlaceholder('Search conversations...');
  // A name, whatever its case.
  await search.fill('pia');
  await expect(chatRows(page)).toHaveCount(1);
  await expect(chatRow(page, pia.name)).toBeVisible();
  // The last message, whatever its case.
  await search.fill('NOON');
  await expect(chatRows(page)).toHaveCount(1);
  await expect(chatRow(page, quin.name)).toBeVisible();
  await search.fill('PIZZA?');
  await expect(chatRows(page)).toHaveCount(1);
  await expect(chatRow(page, pia.name)).toBeVisible();
  await search.fill('tester');
  await expect(chatRows(page)).toHaveCount(2);
  await search.fill('zzqx nothing');
  await expect(page.getByRole('heading', { name: 'No matching conversations' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search terms')).toBeVisible();
  await expect(chatRows(page)).toHaveCount(0);
  await search.clear();
  await expect(chatRows(page)).toHaveCount(2);
});

test('search finds a multi-line last message by the text its row shows', async ({ people }) => {
  // The row shows the line break as a space ('Pineapple pizza?', messagePreview); typing what
  // it shows finds it.
  const [me, wil] = await friendsOf(people, 'Wes', 'Wil');
  const page = me.page;
  await openChat(page, await chatWith(page, wil), wil.name);
  await composer(page).fill('Pineapple\npizza?');
  await composer(page).press('Enter');
  await expect(tick(page, 'Pineapple\npizza?')).toHaveAccessibleName('Sent');
  await page.getByRole('link', { name: 'Back to chats' }).click();
  await expect(chatRow(page, wil.name)).toContainText('Pineapple pizza?');
  await page.getByPlaceholder('Search conversations...').fill('pineapple pizza');
  // The list filters in the page, at once.
  await expect(chatRow(page, wil.name)).toBeVisible({ timeout: 2_000 });
});

test('messages written offline are sent once each and in order when back online', async ({
  people,
}) => {
  const [ann, ben] = await friendsOf(people, 'Ola', 'Olaf');
  const a = ann.page;
  const b = ben.page;
  const chatId = await chatWith(a, ben);
  const socket = await socketSwitch(a.context());
  await openChat(b, chatId, ann.name);
  // Opened in the app once the first contact's catch-up is over (see the next journey).
  await openChatFromNetwork(a, ben.name);

  // Offline: no HTTP, and the live connection drops. (On a real host socket.io closes it on
  // the browser's 'offline' event; it skips that for localhost, and Chromium's offline
  // emulation only holds a WebSocket's frames, so the switch closes it.)
  const texts = ['First offline', 'Second offline', 'Third offline'];
  await a.context().setOffline(true);
  await socket.down();
  await expect(a.getByText('Offline. Reconnecting...')).toBeVisible();
  for (const text of texts) await send(a, text);
  for (const text of texts) await expect(tick(a, text)).toHaveAccessibleName('Sending');
  // Nothing has reached the server.
  expect(await storedMessages(b, chatId)).toEqual([]);

  await a.context().setOffline(false);
  socket.up();
  // socket.io's reconnection backs off (1 s, 2 s, 4 s ... each +-50 %) while it is refused.
  await expect(a.getByText('Offline. Reconnecting...')).toBeHidden({ timeout: 15_000 });
  for (const text of texts) await expect(tick(a, text)).toHaveAccessibleName(/^(Delivered|Read)$/);
  // Ben's screen: each once, in the order written.
  for (const text of texts) await expect(b.getByText(text, { exact: true })).toHaveCount(1);
  await expect(messageRows(b)).toHaveCount(3);
  await expect(messageRows(b)).toContainText(texts);
  // The server: each stored once, seqs 1, 2, 3.
  const stored = await storedMessages(b, chatId);
  expect(stored.map((m) => [m.seq, m.content, m.senderId])).toEqual(
    texts.map((text, i) => [i + 1, text, ann.id]),
  );
  expect(new Set(stored.map((m) => m.clientId)).size).toBe(3);
  // And the sender's screen shows each once.
  for (const text of texts) await expect(a.getByText(text, { exact: true })).toHaveCount(1);
});

test('a catch-up read that fails keeps the loaded conversation on screen', async ({ people }) => {
  // After a gap on the socket (its first contact, or a resume too old to replay) every loaded
  // conversation catches up (`catchUpMessages`, state/queries/chat.ts). When that read fails
  // (the network just dropped), the conversation stays on screen while it is read again; it
  // never turns back into 'Loading messages...'.
  const [ann, ben] = await friendsOf(people, 'Cai', 'Cel');
  const a = ann.page;
  const chatId = await chatWith(a, ben);
  await openChat(ben.page, chatId, ann.name);
  await send(ben.page, 'Written before');

  // Ann's socket joins only once her chat has loaded, so its first contact's catch-up comes
  // after. The chat's first read is answered, the catch-up read (`after`) fails, and any read
  // after that is left unanswered, as on a dead connection.
  const socket = await socketSwitch(a.context(), { down: true });
  const reads: string[] = [];
  await a.route(`**/api/chats/${chatId}/messages**`, (route) => {
    const read = new URL(route.request().url()).searchParams.has('after') ? 'catch-up' : 'page';
    reads.push(read);
    if (reads.length === 1) return route.continue();
    if (read === 'catch-up' && reads.length === 2) return route.abort('internetdisconnected');
    // Any other read is left unanswered.
  });
  await a.goto(`/chat/${chatId}`);
  await expect(message(a, 'Written before')).toBeVisible();
  expect(reads).toEqual(['page']);

  // From here on, the page notes it if its conversation is ever replaced by the loading state.
  await a.evaluate(() => {
    new MutationObserver(() => {
      if (document.body.textContent?.includes('Loading messages...')) {
        document.documentElement.dataset.chatBlanked = 'true';
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  socket.up();
  // socket.io's reconnection backs off (1 s, 2 s ... each +-50 %) while it is refused.
  await expect.poll(() => reads, { timeout: 15_000 }).toEqual(['page', 'catch-up', 'page']);
  // The screen has drawn whatever the failure changed (two frames), and was never blank.
  await a.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect(await a.evaluate(() => document.documentElement.dataset.chatBlanked)).toBeUndefined();
  await expect(a.getByText('Loading messages...')).toBeHidden();
  await expect(message(a, 'Written before')).toBeVisible();
});

test('sign-out deletes the unsent messages: the next person in this browser never sees them', async ({
  people,
}) => {
  const [ann, ben] = await friendsOf(people, 'Una', 'Ugo');
  const a = ann.page;
  const chatId = await chatWith(a, ben);
  const socket = await socketSwitch(a.context());
  await openChat(a, chatId, ben.name);
  await send(a, 'Sent before');
  await expect(tick(a, 'Sent before')).toHaveAccessibleName('Sent');

  // The live connection drops (HTTP still works): a message waits in the outbox database.
  await socket.down();
  await expect(a.getByText('Offline. Reconnecting...')).toBeVisible();
  await send(a, 'Never sent');
  await expect(tick(a, 'Never sent')).toHaveAccessibleName('Sending');
  await expect
    .poll(async () => (await outboxEntries(a)).map((e) => [e.userId, e.content]))
    .toEqual([[ann.id, 'Never sent']]);

  // Una signs out from the profile menu (in the app, without a reload).
  await a.getByRole('link', { name: 'Back to chats' }).click();
  await a.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await a.getByRole('button', { name: 'More options' }).click();
  await a.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(a).toHaveURL(/\/auth$/);
  await expect.poll(() => databases(a)).not.toContain(outboxDb);

  // Someone else signs in in the same browser, with the connection back.
  socket.up();
  const cy = await signUpOnboarded(a, 'Cy');
  await gotoLive(a, '/chat');
  await expect(a.getByRole('heading', { name: 'No conversations yet' })).toBeVisible();
  await expect(a.getByText('Never sent')).toHaveCount(0);
  await expect(a.getByText('Sent before')).toHaveCount(0);
  await expect.poll(() => databases(a)).toContain(outboxDb);
  expect(await outboxEntries(a)).toEqual([]);
  expect(cy.id).not.toBe(ann.id);
  // Una's waiting message never left: the chat holds only what she sent before.
  expect((await storedMessages(ben.page, chatId)).map((m) => m.content)).toEqual(['Sent before']);
});

test('the chat list and a chat have no serious accessibility violations', async ({ people }) => {
  // Two people and two whole-page axe scans: near 30 s on a busy 2-core machine.
  test.slow();
  const [ann, ben] = await friendsOf(people, 'Ada', 'Abe');
  const a = ann.page;
  const chatId = await chatWith(a, ben);
  await openChat(ben.page, chatId, ann.name);
  await send(ben.page, 'Hi Ada, how are you?');
  await openChat(a, chatId, ben.name);
  await expect(message(a, 'Hi Ada, how are you?')).toBeVisible();
  await send(a, 'Very well, thanks!');
  await expect(tick(a, 'Very well, thanks!')).toHaveAccessibleName(/^(Delivered|Read)$/);
  await expect(conversation(a)).toBeVisible();
  await expectNoSeriousA11yViolations(a);

  await a.getByRole('link', { name: 'Back to chats' }).click();
  await expect(chatRow(a, ben.name)).toContainText('Very well, thanks!');
  await expectNoSeriousA11yViolations(a);
});
