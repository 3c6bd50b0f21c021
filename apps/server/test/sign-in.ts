import { form, type TestBrowser } from './http-client.ts';

/** A new dev-provider account (its `picture` becomes the ID token's claim), or one by subject. */
export type DevAccount = { name: string; email: string; picture?: string } | { subject: string };

/** Walks the whole dev-provider flow up to (not including) the app's callback. */
export async function reachCallback(
  browser: TestBrowser,
  account: DevAccount,
  returnTo?: string,
): Promise<URL> {
  const start = `/api/auth/google/start${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;
  const { url: interaction } = await browser.follow(start);
  if (!interaction.pathname.startsWith('/dev-idp/interaction/')) {
    throw new Error(`expected the provider's sign-in page, got ${interaction.href}`);
  }
  const { url: callback } = await browser.follow(`${interaction.pathname}/login`, {
    init: form('subject' in account ? { subject: account.subject } : account),
    stopWhen: (next) => next.pathname === '/api/auth/callback',
  });
  if (callback.pathname !== '/api/auth/callback') throw new Error(`no callback: ${callback.href}`);
  return callback;
}

/** Signs a new or existing dev account in and returns where the app sent the browser. */
export async function signIn(
  browser: TestBrowser,
  account: DevAccount,
  returnTo?: string,
): Promise<string> {
  const callback = await reachCallback(browser, account, returnTo);
  const res = await browser.request(callback.href);
  return res.headers.get('location') ?? '';
}
