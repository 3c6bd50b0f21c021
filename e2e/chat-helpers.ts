import {
  test as base,
  expect,
  type BrowserContext,
  type Page,
  type WebSocketRoute,
} from '@playwright/test';
import { newcomer } from './helpers.ts';
import {
  befriend,
  completeOnboarding,
  gotoLive,
  me,
  peopleFixture,
  row,
  type Member,
  type People,
  type Person,
} from './network-helpers.ts';

/**
 * Chat journeys (issue 13). Texts are the UI's own (packages/domain/src/chat.ts
 * `chatMessages`, apps/web/src/screens/Chat/chat-view.ts `tickLabels`).
 */

/**
 * A new person past onboarding, signed up over HTTP alone: the development provider's flow
 * walked with the page's own request context (which shares the browser's cookies), then the
 * profile saved and onboarding completed through the API. No screen is rendered, so it costs
 * a fraction of the UI's sign-up (auth.spec.ts and onboarding.spec.ts cover those screens).
 */
export async function signUpOverHttp(page: Page, label: string): Promise<Member> {
  const person = newcomer(label);
  const provider = await page.request.get('/api/auth/google/start');
  const interaction = new URL(provider.url()).pathname;
  expect(interaction).toMatch(/^\/dev-idp\/interaction\//);
  const signedIn = await page.request.post(`${interaction}/login`, {
    form: { name: person.name, email: person.email },
  });
  expect(signedIn.ok()).toBe(true);
  // The app's callback sends a signed-in browser home ('/'), a failed one back to /auth.
  expect(new URL(signedIn.url()).pathname).toBe('/');
  await completeOnboarding(page, person.name);
  return { id: (await me(page)).id, name: person.name, page };
}

/**
 * `test` whose `people` sign up over HTTP (signUpOverHttp), each in a browser context of their
 * own, closed when the test ends.
 */
export const test = base.extend<{ people: People }>({ people: peopleFixture(signUpOverHttp) });

/** New people, each in a browser of their own, all friends of the first one. */
export async function friendsOf(
  people: People,
  label: string,
  friend: string,
): Promise<[Member, Member]>;
export async function friendsOf(
  people: People,
  label: string,
  friend: string,
  other: string,
): Promise<[Member, Member, Member]>;
export async function friendsOf(people: People, label: string, ...friendLabels: string[]) {
  const [host, ...friends] = await Promise.all(
    [label, ...friendLabels].map((l) => people.signUp(l)),
  );
  if (!host) throw new Error('sign-up failed');
  // One after another: each acceptance changes the host's network.
  for (const friend of friends) await befriend(host, friend);
  return [host, ...friends];
}

/** The chat of `from` with `to` through the API (POST /api/chats); resolves to its id. */
export async function chatWith(from: Page, to: Person): Promise<string> {
  const response = await from.request.post('/api/chats', { data: { userId: to.id } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

export type StoredMessage = { seq: number; clientId: string; senderId: string; content: string };

/** The newest page of a chat's stored messages, oldest first (GET /api/chats/{id}/messages). */
export async function storedMessages(page: Page, chatId: string): Promise<StoredMessage[]> {
  const response = await page.request.get(`/api/chats/${chatId}/messages`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { messages: StoredMessage[] }).messages;
}

/** Opens a chat screen with the socket joined, and waits until its messages are shown. */
export async function openChat(page: Page, chatId: string, otherName: string) {
  await gotoLive(page, `/chat/${chatId}`);
  await chatShown(page, otherName);
}

async function chatShown(page: Page, otherName: string) {
  await expect(page.getByRole('region', { name: `Chat with ${otherName}` })).toBeVisible();
  await expect(page.getByText('Loading messages...')).toBeHidden();
}

/**
 * Opens a path and waits until the socket has joined and its first resume was answered. The
 * first contact is a gap (the page knows no stream position yet): the page refetches its lists
 * and has every conversation it holds catch up, so a chat opened after this one, in the app,
 * has nothing left to catch up on the socket's later reconnects.
 */
export async function gotoSynced(page: Page, path: string) {
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io'));
  await page.goto(path);
  const ws = await socket;
  // Socket.IO ack frames: "43<id>[answer]"; the resume's answer lists the events and heads.
  await ws.waitForEvent('framereceived', (frame) =>
    /^43\d+\[\{"ok":true,"events":/.test(String(frame.payload)),
  );
}

/** From a synced Network screen, the chat with a 1st-degree friend by their row's Message button. */
export async function openChatFromNetwork(page: Page, friendName: string): Promise<string> {
  await gotoSynced(page, '/network?tab=first');
  await row(page, friendName)
    .getByRole('button', { name: `Message ${friendName}` })
    .click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await chatShown(page, friendName);
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

export function composer(page: Page) {
  return page.getByRole('textbox', { name: 'Message' });
}

export function sendButton(page: Page) {
  return page.getByRole('button', { name: 'Send message' });
}

/** Types a message and sends it with Enter. */
export async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue('');
}

/** The conversation on a chat screen. */
export function conversation(page: Page) {
  return page.getByRole('region', { name: /^Messages with / });
}

/** The message rows of a chat screen (with the day line and the time). */
export function messageRows(page: Page) {
  return conversation(page).getByRole('listitem');
}

/** The row of one message, by its whole text. */
export function message(page: Page, text: string) {
  return messageRows(page).filter({ has: page.getByText(text, { exact: true }) });
}

/** A message's tick, named 'Sending', 'Sent', 'Delivered' or 'Read'. */
export function tick(page: Page, text: string) {
  return message(page, text).getByRole('img', { name: /^(Sending|Sent|Delivered|Read)$/ });
}

/** The chat header's line under the name: the presence label or 'typing...'. */
export function chatStatus(page: Page) {
  return page.getByTestId('chat-status');
}

/** The Chat tab of the main navigation; its name carries the unread count ('Chat, 2 unread'). */
export function chatTab(page: Page) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Chat/ });
}

/** A conversation of the chat list, by the other person's name. */
export function chatRow(page: Page, name: string) {
  return page.getByTestId('chat-row').filter({ hasText: name });
}

export function chatRows(page: Page) {
  return page.getByTestId('chat-row');
}

export const outboxDb = 'heartline-chat-outbox';

/** The IndexedDB databases of the page's origin, by name. */
export async function databases(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await indexedDB.databases()).flatMap((db) => (db.name ? [db.name] : [])),
  );
}

/** What the chat outbox database holds (it must exist: opening it would create it). */
export async function outboxEntries(page: Page): Promise<{ userId: string; content: string }[]> {
  return page.evaluate(
    (name) =>
      new Promise<{ userId: string; content: string }[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('messages').objectStore('messages').getAll();
          all.onerror = () => reject(new Error(String(all.error)));
          all.onsuccess = () => {
            // Closed at once: an open connection would hold up the database's deletion.
            db.close();
            resolve(all.result as { userId: string; content: string }[]);
          };
        };
      }),
    outboxDb,
  );
}

/**
 * A switch for the realtime connection of one browser: the app's socket goes through a
 * WebSocket route to the real server, and `down()` closes it and refuses new ones until `up()`,
 * while plain HTTP keeps working. (Chromium's offline emulation holds a socket's frames without
 * closing it, so the app cannot tell; this is the connection really dropping.) Install it
 * before the app opens; `down: true` starts with the connection refused.
 */
export async function socketSwitch(context: BrowserContext, options: { down?: boolean } = {}) {
  let isDown = options.down ?? false;
  const open = new Set<{ page: WebSocketRoute; server: WebSocketRoute }>();
  await context.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (isDown) {
      void ws.close();
      return;
    }
    const pair = { page: ws, server: ws.connectToServer() };
    open.add(pair);
    ws.onClose(() => {
      open.delete(pair);
      void pair.server.close();
    });
    pair.server.onClose(() => {
      open.delete(pair);
      void ws.close();
    });
  });
  return {
    async down() {
      isDown = true;
      const pairs = [...open];
      open.clear();
      await Promise.all(pairs.flatMap(({ page, server }) => [page.close(), server.close()]));
    },
    up() {
      isDown = false;
    },
  };
}
