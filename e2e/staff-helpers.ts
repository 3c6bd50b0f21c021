import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type CDPSession, type Page } from '@playwright/test';
import { signInAsNew } from './helpers.ts';
import {
  completeOnboarding,
  me,
  type Member,
  type People,
  type Person,
} from './network-helpers.ts';

/** The first admin, named in playwright.config.ts's STAFF_ADMINS. */
export const ROOT_ADMIN = { name: 'Root Admin Tester', email: 'staff.root@example.test' };

/** A credential of Chromium's virtual authenticator, private key included (DevTools protocol). */
type Credential = {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
};

export type Authenticator = {
  cdp: CDPSession;
  authenticatorId: string;
  /** The passkeys it holds (one after an enrolment). */
  credentials: () => Promise<Credential[]>;
  add: (credential: Credential) => Promise<void>;
};

/**
 * A platform authenticator for `page` (Chromium's virtual one, over the DevTools protocol):
 * it answers every passkey prompt as a person who touched the fingerprint reader would.
 */
export async function virtualAuthenticator(page: Page): Promise<Authenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    add: async (credential) => {
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
    },
  };
}

/**
 * Waits for the end of a sign-in at the development provider: the app's first screen, past the
 * provider's pages and the callback (a page.goto before that would cut the sign-in short).
 */
export async function signedIn(page: Page) {
  await page.waitForURL(
    (url) => /^\/(onboarding|profile|network|discover|chat|settings)(\/|$)/.test(url.pathname),
    { timeout: 20_000 },
  );
}

/** The console's nav, once the passkey gate has let the session in. */
export const staffNav = (page: Page) => page.getByRole('navigation', { name: 'Staff console' });

/** On the gate: enrols (first visit) or confirms with the authenticator, then the console. */
export async function passGate(page: Page, step: 'enrol' | 'confirm') {
  const [heading, button] =
    step === 'enrol'
      ? ['Enrol a passkey', 'Create a passkey']
      : ['Confirm it is you', 'Use my passkey'];
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await page.getByRole('button', { name: button }).click();
  await expect(staffNav(page)).toBeVisible();
}

/** Where the root admin's passkey is kept between journeys: beside the run's own database. */
const rootKeyFile = () => path.join(process.env.E2E_DATA_DIR ?? '', 'staff-root-passkey.json');

/**
 * The STAFF_ADMINS account signed in on `page` with a confirmed staff session. The first
 * journey that asks enrols its passkey and keeps the credential; each later one (a new browser,
 * so a new session) confirms with that same key, as a staff member on a second device would.
 */
export async function signInRootAdmin(page: Page): Promise<Member> {
  const key = await virtualAuthenticator(page);
  await page.goto('/auth');
  await signInAsNew(page, ROOT_ADMIN);
  await signedIn(page);
  if (new URL(page.url()).pathname.startsWith('/onboarding')) {
    // Leave the app first, as signUpOnboarded does, so the screen's redirect does not race ours.
    await page.goto('about:blank');
    await completeOnboarding(page, ROOT_ADMIN.name);
    await page.goto('/api/health');
    await page.evaluate(() => localStorage.removeItem('heartline.queryCache'));
  }
  const file = rootKeyFile();
  const kept = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Credential)
    : null;
  if (kept) await key.add(kept);
  await page.goto('/staff');
  await passGate(page, kept ? 'confirm' : 'enrol');
  // Kept again after each use: the server wants the signature counter to go up.
  const [credential] = await key.credentials();
  fs.writeFileSync(file, JSON.stringify(credential));
  return { ...(await me(page)), page };
}

/** An admin's grant of `role` to `person`, through the staff API on the admin's session. */
export async function grantRole(admin: Page, person: Person, role: 'moderator' | 'admin') {
  const response = await admin.request.put(`/api/staff/roles/${person.id}`, { data: { role } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The `rootAdmin` fixture: the STAFF_ADMINS account signed in and confirmed in a browser of its
 * own, closed when the test ends (`test.extend<{ rootAdmin: Member }>({ rootAdmin: … })`).
 */
export async function rootAdminFixture(
  { browser }: { browser: Browser },
  use: (rootAdmin: Member) => Promise<void>,
) {
  const context = await browser.newContext();
  try {
    await use(await signInRootAdmin(await context.newPage()));
  } finally {
    await context.close();
  }
}

export type Staff = Member & { key: Authenticator };

/** A new person the root admin makes staff, with a passkey enrolled on their first visit. */
export async function newStaff(
  people: People,
  rootAdmin: Member,
  label: string,
  role: 'moderator' | 'admin',
): Promise<Staff> {
  const person = await people.signUp(label);
  await grantRole(rootAdmin.page, person, role);
  const key = await virtualAuthenticator(person.page);
  await person.page.goto('/staff');
  await passGate(person.page, 'enrol');
  return { ...person, key };
}
