import { describe, expect, it } from 'vitest';
import { DEFAULT_LEGAL_CONTACTS } from '@heartline/domain';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import { form, TestBrowser } from '../../../test/http-client.ts';
import { reachCallback, signIn } from '../../../test/sign-in.ts';

const world = useTestServer({ PASSWORD_AUTH: 'true' });

async function sessionUser(browser: TestBrowser) {
  const res = await browser.request('/api/auth/session');
  return (
    (await res.json()) as { user: { id: string; name: string | null; email: string | null } | null }
  ).user;
}

describe(`sign-in through the development OpenID provider (${dbKind})`, () => {
  it('creates the user, starts a session and sends a newcomer to /', async () => {
    const browser = new TestBrowser(world.server.baseUrl);
    const location = await signIn(browser, { name: 'Nadia Newcomer', email: 'nadia@example.test' });
    expect(location).toBe('/');
    const cookie = [...browser.cookies.keys()];
    expect(cookie).toContain('hl_session');
    const user = await sessionUser(browser);
    expect(user).toMatchObject({ name: 'Nadia Newcomer', email: 'nadia@example.test' });
    const me = await browser.request('/api/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ onboardingCompleted: false, photoUrl: null });
  });

  it('clears a cookie that names no session, and keeps a live one', async () => {
    const stale = new TestBrowser(world.server.baseUrl);
    stale.cookies.set('hl_session', 'expired-or-forged');
    expect(await sessionUser(stale)).toBeNull();
    expect(stale.cookies.has('hl_session')).toBe(false);

    const live = new TestBrowser(world.server.baseUrl);
    await signIn(live, { name: 'Kept Kim', email: 'kept.kim@example.test' });
    const token = live.cookies.get('hl_session');
    expect(await sessionUser(live)).toMatchObject({ name: 'Kept Kim' });
    expect(live.cookies.get('hl_session')).toBe(token);

    // Signed out elsewhere: the next session check takes the dead cookie away.
    await new TestBrowser(world.server.baseUrl).request('/api/auth/signout', {
      method: 'POST',
      headers: { cookie: `hl_session=${token}`, origin: world.server.baseUrl },
    });
    expect(await sessionUser(live)).toBeNull();
    expect(live.cookies.has('hl_session')).toBe(false);
    expect(live.cookies.has('hl_signed_in')).toBe(false);
  });

  it('sets an httpOnly, SameSite=Lax session cookie', async () => {
    const browser = new TestBrowser(world.server.baseUrl);
    const callback = await reachCallback(browser, {
      name: 'Cookie Carl',
      email: 'carl@example.test',
    });
    const res = await browser.request(callback.href);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('hl_session='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
  });

  it('sets a readable signed-in mark with the session, and takes it away with it', async () => {
    const browser = new TestBrowser(world.server.baseUrl);
    const callback = await reachCallback(browser, { name: 'Mark Mae', email: 'mae@example.test' });
    const res = await browser.request(callback.href);
    const mark = res.headers.getSetCookie().find((c) => c.startsWith('hl_signed_in='));
    expect(mark).toMatch(/^hl_signed_in=1;/);
    expect(mark).not.toMatch(/HttpOnly/i);
    expect(mark).toMatch(/SameSite=Lax/i);
    expect(mark).toMatch(/Path=\//);
    const session = res.headers.getSetCookie().find((c) => c.startsWith('hl_session='));
    // Both last as long: the mark is never missing while the session cookie is there.
    expect(mark!.match(/Max-Age=\d+/i)?.[0]).toBe(session!.match(/Max-Age=\d+/i)?.[0]);

    const out = await browser.request('/api/auth/signout', { method: 'POST' });
    expect(out.status).toBe(204);
    expect(browser.cookies.has('hl_session')).toBe(false);
    expect(browser.cookies.has('hl_signed_in')).toBe(false);
  });

  it('puts the mark back beside a live session and takes it from a browser with none', async () => {
    const browser = new TestBrowser(world.server.baseUrl);
    await signIn(browser, { name: 'Unmarked Una', email: 'una@example.test' });
    // A session started before the mark existed, or a mark the person deleted.
    browser.cookies.delete('hl_signed_in');
    expect(await sessionUser(browser)).toMatchObject({ name: 'Unmarked Una' });
    expect(browser.cookies.get('hl_signed_in')).toBe('1');
    // Marked already: the answer does not set it again.
    const again = await browser.request('/api/auth/session');
    expect(again.headers.getSetCookie()).toEqual([]);

    // A mark with no session behind it (the session cookie gone): it goes too.
    const stray = new TestBrowser(world.server.baseUrl);
    stray.cookies.set('hl_signed_in', '1');
    expect(await sessionUser(stray)).toBeNull();
    expect(stray.cookies.has('hl_signed_in')).toBe(false);
    // A stranger's session check sets nothing.
    const stranger = await fetch(`${world.server.baseUrl}/api/auth/session`);
    expect(stranger.headers.getSetCookie()).toEqual([]);
  });

  it('returns to a safe intended path and ignores unsafe ones', async () => {
    const a = new TestBrowser(world.server.baseUrl);
    expect(await signIn(a, { name: 'Rita Return', email: 'rita@example.test' }, '/network')).toBe(
      '/network',
    );
    const b = new TestBrowser(world.server.baseUrl);
    expect(
      await signIn(b, { name: 'Evan Evil', email: 'evan@example.test' }, '//evil.example/x'),
    ).toBe('/');
    const c = new TestBrowser(world.server.baseUrl);
    expect(
      await signIn(c, { name: 'Hugo Http', email: 'hugo@example.test' }, 'https://evil.example'),
    ).toBe('/');
  });

  it('keys users on the provider subject, not the e-mail', async () => {
    const first = new TestBrowser(world.server.baseUrl);
    await signIn(first, { name: 'Same Mail One', email: 'shared@example.test' });
    // Two provider accounts with one address (the dev provider's form reuses an account per
    // address, so the second is made directly): they are two people to the app.
    await world.db
      .insertInto('devIdpAccounts')
      .values({ subject: 'dev-same-mail-two', name: 'Same Mail Two', email: 'shared@example.test' })
      .execute();
    const second = new TestBrowser(world.server.baseUrl);
    await signIn(second, { subject: 'dev-same-mail-two' });
    const one = await sessionUser(first);
    const two = await sessionUser(second);
    expect(one?.id).toBeTruthy();
    expect(one?.id).not.toBe(two?.id);

    const account = await world.db
      .selectFrom('devIdpAccounts')
      .select('subject')
      .where('name', '=', 'Same Mail One')
      .executeTakeFirstOrThrow();
    const again = new TestBrowser(world.server.baseUrl);
    await signIn(again, { subject: account.subject });
    expect((await sessionUser(again))?.id).toBe(one?.id);
  });

  it('refuses a callback whose state was tampered with', async () => {
    const browser = new TestBrowser(world.server.baseUrl);
    const callback = await reachCallback(browser, {
      name: 'Tina Tamper',
      email: 'tina@example.test',
    });
    callback.searchParams.set('state', 'forged-state-value');
    const res = await browser.request(callback.href);
    expect(res.headers.get('location')).toBe('/auth?error=callback_failed');
    expect(await sessionUser(browser)).toBeNull();
  });

  it("sends the browser's Back to a spent sign-in page on to the app, not to an error (issue 45)", async () => {
    const browser = new TestBrowser(world.server.baseUrl);
    const { url: interaction } = await browser.follow('/api/auth/google/start');
    expect(interaction.pathname).toMatch(/^\/dev-idp\/interaction\//);
    const { url: callback } = await browser.follow(`${interaction.pathname}/login`, {
      init: form({ name: 'Bea Back', email: 'bea.back@example.test' }),
      stopWhen: (next) => next.pathname === '/api/auth/callback',
    });
    expect((await browser.request(callback.href)).headers.get('location')).toBe('/');
    // Back from the app's first screen: the page of a sign-in that is over.
    const again = await browser.request(interaction.pathname);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/');
  });

  it('refuses a replayed authorization code', async () => {
    const browser = new TestBrowser(world.server.baseUrl);
    const callback = await reachCallback(browser, {
      name: 'Ray Replay',
      email: 'ray@example.test',
    });
    const flow = await world.db.selectFrom('authFlows').selectAll().execute();
    const first = await browser.request(callback.href);
    expect(first.headers.get('location')).toBe('/');

    // Same browser, same URL: the one-time flow record is gone.
    const replay = await browser.request(callback.href);
    expect(replay.headers.get('location')).toBe('/auth?error=callback_failed');

    // Even with the flow record restored, the provider refuses a code that was already used.
    const attacker = new TestBrowser(world.server.baseUrl);
    await attacker.request('/api/auth/google/start');
    const fresh = await world.db.selectFrom('authFlows').selectAll().execute();
    const attackerFlow = fresh.find((f) => !flow.some((o) => o.idHash === f.idHash))!;
    const original = flow.find((f) => f.state === callback.searchParams.get('state'))!;
    await world.db
      .updateTable('authFlows')
      .set({ state: original.state, nonce: original.nonce, codeVerifier: original.codeVerifier })
      .where('idHash', '=', attackerFlow.idHash)
      .execute();
    const stolen = await attacker.request(callback.href);
    expect(stolen.headers.get('location')).toBe('/auth?error=callback_failed');
    expect(await sessionUser(attacker)).toBeNull();
  });

  it('refuses a callback without the PKCE verifier or with the wrong one', async () => {
    const noCookie = new TestBrowser(world.server.baseUrl);
    const cb1 = await reachCallback(noCookie, { name: 'Pia Pkce', email: 'pia@example.test' });
    noCookie.cookies.delete('hl_oidc');
    const res1 = await noCookie.request(cb1.href);
    expect(res1.headers.get('location')).toBe('/auth?error=callback_failed');

    const wrong = new TestBrowser(world.server.baseUrl);
    const cb2 = await reachCallback(wrong, { name: 'Walt Wrong', email: 'walt@example.test' });
    await world.db
      .updateTable('authFlows')
      .set({ codeVerifier: 'x'.repeat(64) })
      .where('state', '=', cb2.searchParams.get('state')!)
      .execute();
    const res2 = await wrong.request(cb2.href);
    expect(res2.headers.get('location')).toBe('/auth?error=callback_failed');
    expect(await sessionUser(wrong)).toBeNull();
  });

  it('takes a person who cancels at the provider back to sign-in, without calling it an error', async () => {
    const browser = new TestBrowser(world.server.baseUrl);
    const { url } = await browser.follow('/api/auth/google/start');
    const { url: end } = await browser.follow(`${url.pathname}/abort`, {
      init: { method: 'POST' },
    });
    expect(end.pathname + end.search).toBe('/auth');
    expect(await sessionUser(browser)).toBeNull();
  });

  it('sends any other provider error, or one for another flow, back as callback_failed', async () => {
    for (const query of ['error=server_error&state=', 'error=access_denied&state=forged']) {
      const browser = new TestBrowser(world.server.baseUrl);
      const { url } = await browser.follow('/api/auth/google/start', {
        stopWhen: (next) =>
          next.pathname.startsWith('/dev-idp/') || next.pathname.startsWith('/oidc/'),
      });
      const state = url.searchParams.get('state') ?? '';
      const suffix = query.endsWith('state=') ? state : '';
      const res = await browser.request(`/api/auth/callback?${query}${suffix}`);
      expect(res.headers.get('location'), query).toBe('/auth?error=callback_failed');
    }
  });

  it('signs an address that already has an account in as it, never as a second account', async () => {
    const first = new TestBrowser(world.server.baseUrl);
    await signIn(first, { name: 'Sam Same', email: 'sam.same@example.test' });
    const again = new TestBrowser(world.server.baseUrl);
    await signIn(again, { name: 'Sam Other', email: 'Sam.Same@example.test' });
    const [a, b] = [await sessionUser(first), await sessionUser(again)];
    expect(a?.id).toBeTruthy();
    expect(b?.id).toBe(a?.id);
  });

  it('offers accounts created earlier again, however many were made since the personas', async () => {
    // Made one by one, as at the provider's form (directly: sign-ins are rate limited per address).
    for (let i = 0; i < 14; i++) {
      await world.db
        .insertInto('devIdpAccounts')
        .values({ subject: `dev-many-${i}`, name: `Many Accounts ${i}`, email: `many.${i}@x.test` })
        .execute();
      await new Promise((r) => setTimeout(r, 2));
    }
    const browser = new TestBrowser(world.server.baseUrl);
    const { res } = await browser.follow('/api/auth/google/start');
    const page = await res.text();
    expect(page).toContain('Many Accounts 13');
    expect(page).toContain('Many Accounts 2');
  });

  it('rotates the session at sign-in', async () => {
    const browser = new TestBrowser(world.server.baseUrl);
    await signIn(browser, { name: 'Rot Ation', email: 'rot@example.test' });
    const oldToken = browser.cookies.get('hl_session')!;
    const subject = await world.db
      .selectFrom('devIdpAccounts')
      .select('subject')
      .where('email', '=', 'rot@example.test')
      .executeTakeFirstOrThrow();
    await signIn(browser, subject);
    expect(browser.cookies.get('hl_session')).not.toBe(oldToken);
    const stale = new TestBrowser(world.server.baseUrl);
    stale.cookies.set('hl_session', oldToken);
    expect(await sessionUser(stale)).toBeNull();
  });
});

describe(`sessions and sign-out (${dbKind})`, () => {
  it('revokes the session server-side: the old cookie no longer works', async () => {
    const browser = new TestBrowser(world.server.baseUrl);
    await signIn(browser, { name: 'Sam Signout', email: 'sam@example.test' });
    const token = browser.cookies.get('hl_session')!;
    const out = await browser.request('/api/auth/signout', { method: 'POST' });
    expect(out.status).toBe(204);
    const thief = new TestBrowser(world.server.baseUrl);
    thief.cookies.set('hl_session', token);
    expect(await sessionUser(thief)).toBeNull();
    const me = await thief.request('/api/me');
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'You need to sign in to continue.' },
    });
  });

  it('refuses cross-origin state-changing requests and leaves the session alone', async () => {
    const browser = new TestBrowser(world.server.baseUrl);
    await signIn(browser, { name: 'Cora Cross', email: 'cora@example.test' });
    const byOrigin = await browser.request('/api/auth/signout', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(byOrigin.status).toBe(403);
    const bySite = await browser.request('/api/auth/signout', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(bySite.status).toBe(403);
    expect((await bySite.json()) as unknown).toMatchObject({ error: { code: 'FORBIDDEN' } });
    // Neither header (issue 45: a PATCH without Origin was accepted): refused.
    const bare = await fetch(`${world.server.baseUrl}/api/auth/signout`, {
      method: 'POST',
      headers: { cookie: browser.cookieHeader() },
    });
    expect(bare.status).toBe(403);
    const nullOrigin = await browser.request('/api/auth/signout', {
      method: 'POST',
      headers: { origin: 'null' },
    });
    expect(nullOrigin.status).toBe(403);
    expect(await sessionUser(browser)).not.toBeNull();
    // A browser that leaves Origin out still says where the request came from.
    const siteOnly = await fetch(`${world.server.baseUrl}/api/auth/signout`, {
      method: 'POST',
      headers: { cookie: browser.cookieHeader(), 'sec-fetch-site': 'same-origin' },
    });
    expect(siteOnly.status).toBe(204);
    expect(await sessionUser(browser)).toBeNull();
  });

  it('ignores a forged or oversized session cookie', async () => {
    const browser = new TestBrowser(world.server.baseUrl);
    browser.cookies.set('hl_session', 'forged');
    expect(await sessionUser(browser)).toBeNull();
    browser.cookies.set('hl_session', 'x'.repeat(500));
    expect((await browser.request('/api/me')).status).toBe(401);
  });
});

describe(`password sign-up and sign-in API (${dbKind})`, () => {
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  it('signs up without a session, answers a second sign-up the same, and signs in', async () => {
    const browser = new TestBrowser(world.server.baseUrl);
    const up = await browser.request(
      '/api/auth/password/signup',
      json({ email: 'Pat@Example.test', password: 'correct horse battery', name: 'Pat Password' }),
    );
    const accepted = {
      user: null,
      message:
        'Thanks! Now sign in with your email and password. If this email already had an account, its password has not changed.',
    };
    expect(up.status).toBe(202);
    expect(await up.json()).toEqual(accepted);
    expect(await sessionUser(browser)).toBeNull();

    const again = await new TestBrowser(world.server.baseUrl).request(
      '/api/auth/password/signup',
      json({ email: 'pat@example.test', password: 'another long password' }),
    );
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual(accepted);

    const signin = new TestBrowser(world.server.baseUrl);
    const ok = await signin.request(
      '/api/auth/password/signin',
      json({ email: 'pat@example.test', password: 'correct horse battery' }),
    );
    expect(ok.status).toBe(200);
    expect(await sessionUser(signin)).toMatchObject({ email: 'pat@example.test' });
  });

  it("answers 'Sign in failed' alike for a wrong password and an unknown account", async () => {
    const browser = new TestBrowser(world.server.baseUrl);
    await browser.request(
      '/api/auth/password/signup',
      json({ email: 'quinn@example.test', password: 'quinn long password' }),
    );
    const wrong = await new TestBrowser(world.server.baseUrl).request(
      '/api/auth/password/signin',
      json({ email: 'quinn@example.test', password: 'not the password' }),
    );
    const unknown = await new TestBrowser(world.server.baseUrl).request(
      '/api/auth/password/signin',
      json({ email: 'nobody@example.test', password: 'whatever it is' }),
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('validates input with a clear message and no stack trace', async () => {
    const b = new TestBrowser(world.server.baseUrl);
    const bad = await b.request(
      '/api/auth/password/signup',
      json({ email: 'not-an-email', password: 'long enough pass' }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Enter a valid email address',
        fields: { email: 'Enter a valid email address' },
      },
    });
    const short = await b.request(
      '/api/auth/password/signup',
      json({ email: 'short@example.test', password: 'short' }),
    );
    expect(((await short.json()) as { error: { message: string } }).error.message).toBe(
      'Password must be at least 10 characters',
    );
    const broken = await b.request('/api/auth/password/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(broken.status).toBe(400);
    const text = await broken.text();
    expect(text).not.toMatch(/at .*\.ts/);
    expect(JSON.parse(text)).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('rate limits sign-in attempts per account and address', async () => {
    const email = 'limited@example.test';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await new TestBrowser(world.server.baseUrl).request(
        '/api/auth/password/signin',
        json({ email, password: `guess number ${i}` }),
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
  });
});

describe(`platform basics (${dbKind})`, () => {
  it('sends a strict Content-Security-Policy and no framing', async () => {
    const res = await fetch(`${world.server.baseUrl}/api/health`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await fetch(`${world.server.baseUrl}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('tells the web app its public configuration', async () => {
    const res = await fetch(`${world.server.baseUrl}/api/config`);
    expect(await res.json()).toEqual({
      productName: 'Heartline',
      passwordAuth: true,
      devSignIn: true,
      contacts: DEFAULT_LEGAL_CONTACTS,
    });
  });
});
