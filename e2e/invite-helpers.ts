import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, type Route } from '@playwright/test';
import { animationsSettled, newcomer, portraitJpeg, signInAsNew } from './helpers.ts';
import { me, type Person } from './network-helpers.ts';

/** The localStorage key of the remembered invitation (apps/web/src/lib/storage-keys.ts). */
export const PENDING_INVITE_KEY = 'heartline.pendingInvite';

/** Screenshots for a person to look at; never in the repository. */
export const SHOTS_DIR = '/tmp/shots';

export type InviteLink = { code: string; url: string; path: string };

/** The caller's default invitation link, as the Invite Friends dialog shares it. */
export async function inviteLinkOf(page: Page): Promise<InviteLink> {
  const response = await page.request.post('/api/invitations/me');
  expect(response.ok()).toBe(true);
  const { code, url } = (await response.json()) as { code: string; url: string };
  return { code, url, path: new URL(url).pathname };
}

/** Gives the page's person a profile photo through the upload API. */
export async function uploadPhoto(page: Page) {
  const response = await page.request.post('/api/photos', {
    multipart: {
      file: {
        name: 'portrait.jpg',
        mimeType: 'image/jpeg',
        buffer: fs.readFileSync(portraitJpeg),
      },
    },
  });
  expect(response.ok()).toBe(true);
}

/** The invitation landing card of a signed-out visitor. */
export function landingCard(page: Page, inviterName: string): Locator {
  return page.getByRole('region', { name: `${inviterName} invited you to Heartline` });
}

/** The invite-choice screen shown after sign-in and onboarding. */
export function choiceScreen(page: Page): Locator {
  return page.getByRole('dialog', { name: "You've been invited to Heartline!" });
}

export async function storedInvite(page: Page): Promise<unknown> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  }, PENDING_INVITE_KEY);
}

/**
 * From the landing card: "Sign up or sign in to connect", a new account at the development
 * provider, then onboarding the quickest way; ends on /profile (where the choice screen shows).
 */
/**
 * Signs a newcomer up from an invitation's landing. The choice screen comes next, before
 * onboarding (spec/1 §2 step 4).
 */
export async function signUpFromLanding(page: Page, label: string): Promise<Person> {
  const person = newcomer(label);
  await page.getByRole('button', { name: 'Sign up or sign in to connect' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await signInAsNew(page, person);
  await expect(page).toHaveURL(/\/onboarding/, { timeout: 20_000 });
  return { id: (await me(page)).id, name: person.name };
}

/**
 * Holds every request matching `url` (and `method`) until `release()`, so a screen that shows
 * only while the request is in flight can be seen without timing luck. `seen()` resolves once
 * one arrived. After release, later requests pass untouched.
 */
export async function holdRequests(page: Page, url: string | RegExp, method = 'GET') {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let arrived!: () => void;
  const first = new Promise<void>((resolve) => (arrived = resolve));
  let released = false;
  const handler = async (route: Route) => {
    if (route.request().method() !== method || released) return route.fallback();
    arrived();
    await gate;
    // The page may have given up on it (an aborted fetch): nothing left to answer.
    await route.fallback().catch(() => undefined);
  };
  await page.route(url, handler);
  return {
    seen: () => first,
    async release() {
      released = true;
      open();
      await page.unroute(url, handler);
    },
  };
}

/**
 * Follows the page's realtime socket: `joined()` waits until one has received Socket.IO's "40"
 * connect frame and is still open, so events sent from then on reach the page. Call before the
 * page loads the app (it listens for sockets opened from then on).
 */
export function followSocket(page: Page) {
  let live = 0;
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io')) return;
    let joined = false;
    ws.on('framereceived', (frame) => {
      if (!joined && String(frame.payload).startsWith('40')) {
        joined = true;
        live += 1;
      }
    });
    ws.on('close', () => {
      if (joined) live -= 1;
    });
  });
  return {
    async joined() {
      await expect.poll(() => live, { timeout: 10_000 }).toBeGreaterThan(0);
    },
  };
}

/**
 * Marks the current document; `expectSameDocument` fails if the page was reloaded or navigated
 * to a new document since (client-side route changes keep the mark).
 */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __heartlineMark?: boolean }).__heartlineMark = true;
  });
}

export async function expectSameDocument(page: Page) {
  expect(
    await page.evaluate(
      () => (window as unknown as { __heartlineMark?: boolean }).__heartlineMark === true,
    ),
  ).toBe(true);
}

/** A row of the requests tab that the page's person received or sent, naming the other. */
export function requestRow(page: Page, kind: 'incoming' | 'outgoing', name: string): Locator {
  return page.getByTestId(`${kind}-request`).filter({ hasText: name });
}

/** A screenshot of what the page shows once its entrance animations have finished. */
export async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await animationsSettled(page);
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: false });
}
