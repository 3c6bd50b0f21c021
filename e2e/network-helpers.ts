import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
  type WebSocket,
} from '@playwright/test';
import { newcomer, signInAsNew, signInAsPersona } from './helpers.ts';

export type Person = { id: string; name: string };

/** Someone signed in in a browser of their own: `page` acts for them, in the UI and the API. */
export type Member = Person & { page: Page };

export type People = {
  /** A new person past onboarding, in a browser context of their own. */
  signUp: (label: string) => Promise<Member>;
};

/**
 * The `people` fixture: each person is made by `join` on a page of a browser context of their
 * own, and every context it opened is closed when the test ends, passed or failed.
 */
export function peopleFixture(join: (page: Page, label: string) => Promise<Member>) {
  return async ({ browser }: { browser: Browser }, use: (people: People) => Promise<void>) => {
    const opened: BrowserContext[] = [];
    await use({
      async signUp(label) {
        const context = await browser.newContext();
        opened.push(context);
        return join(await context.newPage(), label);
      },
    });
    await Promise.all(opened.map((context) => context.close()));
  };
}

/**
 * `test` with `people`, for journeys that change someone's network: they create the people
 * they change instead of changing the seeded personas other journeys read.
 */
export const test = base.extend<{ people: People }>({ people: peopleFixture(joinAs) });

/**
 * Opens a path and waits until the realtime socket has joined (Socket.IO's "40" connect
 * frame), so events sent from now on reach this page. The page being left may open a socket of
 * its own just before it goes (a reconnect): that one closes without joining, or joined and is
 * closed once the new page is in, so only a joined socket still open counts.
 */
export async function gotoLive(page: Page, path: string) {
  const joined = new Set<WebSocket>();
  const onSocket = (ws: WebSocket) => {
    if (!ws.url().includes('/socket.io')) return;
    ws.on('framereceived', (frame) => {
      if (String(frame.payload).startsWith('40')) joined.add(ws);
    });
  };
  page.on('websocket', onSocket);
  try {
    await page.goto(path);
    await expect
      .poll(() => [...joined].some((ws) => !ws.isClosed()), { timeout: 60_000 })
      .toBe(true);
  } finally {
    page.off('websocket', onSocket);
  }
}

export async function me(page: Page): Promise<Person> {
  const response = await page.request.get('/api/auth/session');
  const body = (await response.json()) as { user: { id: string; name: string } };
  return { id: body.user.id, name: body.user.name };
}

/**
 * A new person past onboarding (the onboarding screens have their own journeys): signs in at
 * the development provider, then saves the profile step and completes through the API.
 */
export async function signUpOnboarded(
  page: Page,
  label: string,
): Promise<Person & { email: string }> {
  const person = newcomer(label);
  await page.goto('/auth');
  await signInAsNew(page, person);
  // Starting the app after sign-in can take several seconds on a loaded 2-core machine.
  await expect(page).toHaveURL(/\/onboarding/, { timeout: 20_000 });
  // Leave the app first: the open onboarding screen would follow the completion with its own
  // redirect to /profile, racing the next page.goto.
  await page.goto('about:blank');
  await completeOnboarding(page, person.name);
  // The app persists its queries (about 1 s after a change). If the onboarding screen stayed
  // open long enough (a busy machine), the next start restores "onboarding not completed" and
  // sends the next screen back to /onboarding before asking the server. Forget that cache, on
  // a page of the app's origin that runs no app, so nothing writes it again.
  await page.goto('/api/health');
  await page.evaluate(() => localStorage.removeItem('heartline.queryCache'));
  return { id: (await me(page)).id, name: person.name, email: person.email };
}

/** Saves the profile step (born 30 years ago) and completes onboarding, through the API. */
export async function completeOnboarding(page: Page, name: string) {
  const dob = new Date(Date.UTC(new Date().getUTCFullYear() - 30, 4, 17))
    .toISOString()
    .slice(0, 10);
  const saved = await page.request.put('/api/onboarding/profile', { data: { name, dob } });
  expect(saved.ok()).toBe(true);
  expect((await page.request.post('/api/onboarding/complete')).ok()).toBe(true);
  // Test people accept requests from strangers (most journeys connect people with no friend in
  // common); a new account has "require mutual connections" on (spec/3 §9), which
  // e2e/settings.spec.ts covers.
  const open = await page.request.patch('/api/me/settings', {
    data: { safety: { requireMutualConnections: false } },
  });
  expect(open.ok()).toBe(true);
}

/** A new person past onboarding on `page` (the test's own browser), as a Member. */
export async function joinAs(page: Page, label: string): Promise<Member> {
  return { ...(await signUpOnboarded(page, label)), page };
}

/** A connection request from `from` to `to` through the API; resolves to the request's id. */
export async function sendRequest(from: Page, to: Person): Promise<string> {
  const response = await from.request.post('/api/connection-requests', {
    data: { toUserId: to.id },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { request: { id: string } }).request.id;
}

/**
 * Makes `a` and `b` friends the way the app does: `a` asks, `b` accepts (the Connect button
 * and the Requests tab have journeys of their own; here the friendship is the setup).
 */
export async function befriend(a: Member, b: Member) {
  const requestId = await sendRequest(a.page, b);
  const accepted = await b.page.request.post(`/api/connection-requests/${requestId}/accept`);
  expect(accepted.ok()).toBe(true);
  const { request } = (await accepted.json()) as {
    request: { status: string; user: { userId: string } };
  };
  expect(request).toMatchObject({ status: 'accepted', user: { userId: a.id } });
}

export type SmallNetwork = {
  me: Member;
  /** My friends; the first one is the friend of friendOfFriend. */
  friends: [Member, ...Member[]];
  friendOfFriend: Member;
};

/**
 * New people around a new "me" on `page`: `friends` each befriend me (3 unlock my 2nd-degree
 * tab), and `friendOfFriend` befriends only the first of them, so they are my one 2nd-degree
 * connection, reached through friends[0] alone. Sign-ups run side by side; they share nothing.
 */
export async function smallNetwork(
  page: Page,
  people: People,
  labels: { me: string; friends: [string, ...string[]]; friendOfFriend: string },
): Promise<SmallNetwork> {
  const [first, ...others] = labels.friends;
  const [me, friendOfFriend, connector, ...rest] = await Promise.all([
    joinAs(page, labels.me),
    people.signUp(labels.friendOfFriend),
    people.signUp(first),
    ...others.map((label) => people.signUp(label)),
  ]);
  const friends: SmallNetwork['friends'] = [connector, ...rest];
  for (const friend of friends) await befriend(me, friend);
  await befriend(friendOfFriend, connector);
  return { me, friends, friendOfFriend };
}

export async function signInPersona(page: Page, name: RegExp): Promise<Person> {
  await page.goto('/auth');
  await signInAsPersona(page, name);
  await expect(page).not.toHaveURL(/\/auth/);
  return me(page);
}

export function rows(page: Page) {
  return page.getByTestId('connection-row');
}

export function row(page: Page, name: string) {
  return rows(page).filter({ has: page.getByText(name, { exact: true }) });
}

export async function openTab(page: Page, label: RegExp) {
  await page.getByRole('tab', { name: label }).click();
  await expect(page.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
}

export type Summary = {
  counts: { all: number; first: number; second: number; third: number; favorites: number };
  thirdCapped: boolean;
  trustScore: number;
  pendingRequests: number;
};

export async function summary(page: Page): Promise<Summary> {
  const response = await page.request.get('/api/network/summary');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Summary;
}

export function toast(page: Page, text: string | RegExp) {
  return page.locator('.toast').filter({ hasText: text });
}
