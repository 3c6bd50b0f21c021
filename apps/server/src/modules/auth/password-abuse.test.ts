import { describe, expect, it } from 'vitest';
import { errorCodes, passwordTooCommon } from '@heartline/domain';
import { ConfigError, loadConfig } from '../../config.ts';
import { dbKind, redisUrl, useTestServer, type TestServer } from '../../../test/harness.ts';
import { TestBrowser } from '../../../test/http-client.ts';

/**
 * Abuse of the password API (issue 18): forged X-Forwarded-For against the per-IP limit
 * (TRUST_PROXY), locking a victim out through the per-account limit, and sign-up telling
 * whether an address has an account. Rate limits go through Redis when TEST_REDIS_URL is set.
 */

/** The limits the routes apply (auth.routes.ts). */
const PER_IP = 20;
const PER_ACCOUNT_AND_IP = 5;
const PER_ACCOUNT = 100;

const redis: Record<string, string> = redisUrl ? { REDIS_URL: redisUrl } : {};
const PASSWORD = 'correct horse battery';

function post(server: TestServer, path: string, body: unknown, forwardedFor?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  return new TestBrowser(server.baseUrl).request(path, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
}

const signInStatus = async (
  server: TestServer,
  email: string,
  password: string,
  forwardedFor?: string,
) => (await post(server, '/api/auth/password/signin', { email, password }, forwardedFor)).status;

/** A distinct documentation address (RFC 5737) per number. */
const ip = (n: number) => `198.51.${Math.floor(n / 250)}.${(n % 250) + 1}`;

async function createAccount(server: TestServer, email: string, from: string) {
  await post(server, '/api/auth/password/signup', { email, password: PASSWORD }, from);
}

describe('TRUST_PROXY configuration', () => {
  const trust = (value?: string) =>
    loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;

  it('trusts no proxy by default, also in production', () => {
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    const production = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://heartline.example',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(production.trustProxy).toBe(false);
  });

  it('reads true, a hop count, and a list of addresses and CIDR ranges', () => {
    expect(trust('true')).toBe(true);
    expect(trust('0')).toBe(false);
    const hops = trust('2');
    expect(typeof hops).toBe('function');
    const fn = hops as (address: string, hop: number) => boolean;
    expect([fn('10.0.0.1', 0), fn('10.0.0.2', 1), fn('10.0.0.3', 2)]).toEqual([true, true, false]);
    expect(trust(' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,loopback ')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['yes', '-1', '1.5', '10.0.0.300', '10.0.0.0/33', '::1/129', '127.0.0.1,,10.0.0.1'])(
    'refuses TRUST_PROXY=%o at start-up with a clear message',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY must be true, false, a hop count or a comma-separated list of addresses/,
      );
    },
  );
});

describe(`per-IP limit in production without TRUST_PROXY (${dbKind})`, () => {
  const world = useTestServer({
    ...redis,
    NODE_ENV: 'production',
    GOOGLE_CLIENT_ID: 'test-client',
    GOOGLE_CLIENT_SECRET: 'test-secret',
    PASSWORD_AUTH: 'true',
  });

  it('counts 40 sign-ins with rotating X-Forwarded-For against the one real address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push(
        await signInStatus(world.server, `rotate${i}@example.test`, 'wrong password', ip(i)),
      );
    }
    expect(statuses.slice(0, PER_IP)).toEqual(Array(PER_IP).fill(401));
    expect(statuses.slice(PER_IP)).toEqual(Array(40 - PER_IP).fill(429));
  });
});

describe(`per-IP limit behind a trusted proxy (${dbKind})`, () => {
  const world = useTestServer({ ...redis, PASSWORD_AUTH: 'true', TRUST_PROXY: '127.0.0.1' });

  it('uses the forwarded address: each client has its own bucket', async () => {
    const a = '203.0.113.10';
    const b = '203.0.113.11';
    const statuses: number[] = [];
    for (let i = 0; i <= PER_IP; i++) {
      statuses.push(await signInStatus(world.server, `ipa${i}@example.test`, 'wrong password', a));
    }
    expect(statuses.slice(0, PER_IP)).toEqual(Array(PER_IP).fill(401));
    expect(statuses[PER_IP]).toBe(429);
    expect(await signInStatus(world.server, 'ipb@example.test', 'wrong password', b)).toBe(401);
  });

  it('takes the address the trusted proxy saw, not ones the client put before it', async () => {
    const real = '203.0.113.20';
    const statuses: number[] = [];
    for (let i = 0; i <= PER_IP; i++) {
      statuses.push(
        await signInStatus(world.server, `chain${i}@example.test`, 'x', `${ip(i)}, ${real}`),
      );
    }
    expect(statuses.slice(0, PER_IP)).toEqual(Array(PER_IP).fill(401));
    expect(statuses[PER_IP]).toBe(429);
  });
});

describe(`per-account limits do not lock the owner out (${dbKind})`, () => {
  const world = useTestServer({ ...redis, PASSWORD_AUTH: 'true', TRUST_PROXY: '127.0.0.1' });

  it('lets the correct password in from a new address after failures from rotating ones', async () => {
    const email = 'victim@example.test';
    await createAccount(world.server, email, '192.0.2.1');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push(await signInStatus(world.server, email, `guess ${i}`, ip(i)));
    }
    expect(statuses).toEqual(Array(8).fill(401));
    expect(await signInStatus(world.server, email, PASSWORD, '192.0.2.2')).toBe(200);
  });

  it('slows one attacker per account and address; the owner elsewhere is unaffected', async () => {
    const email = 'target@example.test';
    await createAccount(world.server, email, '192.0.2.10');
    const attacker = '192.0.2.11';
    const statuses: number[] = [];
    for (let i = 0; i <= PER_ACCOUNT_AND_IP; i++) {
      statuses.push(await signInStatus(world.server, email, `guess ${i}`, attacker));
    }
    expect(statuses.slice(0, PER_ACCOUNT_AND_IP)).toEqual(Array(PER_ACCOUNT_AND_IP).fill(401));
    expect(statuses[PER_ACCOUNT_AND_IP]).toBe(429);
    // Even the right password waits at that address...
    const blocked = await post(
      world.server,
      '/api/auth/password/signin',
      { email, password: PASSWORD },
      attacker,
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // ...while the owner's address is not, and other accounts at the attacker's address neither.
    expect(await signInStatus(world.server, email, PASSWORD, '192.0.2.12')).toBe(200);
    expect(await signInStatus(world.server, 'other@example.test', 'x', attacker)).toBe(401);
  });

  it('forgets the failures of an account and address after a successful sign-in', async () => {
    const email = 'typo@example.test';
    const from = '192.0.2.20';
    await createAccount(world.server, email, '192.0.2.21');
    for (let i = 0; i < PER_ACCOUNT_AND_IP - 1; i++) {
      expect(await signInStatus(world.server, email, `typo ${i}`, from)).toBe(401);
    }
    expect(await signInStatus(world.server, email, PASSWORD, from)).toBe(200);
    for (let i = 0; i < PER_ACCOUNT_AND_IP; i++) {
      expect(await signInStatus(world.server, email, `typo again ${i}`, from)).toBe(401);
    }
    expect(await signInStatus(world.server, email, PASSWORD, from)).toBe(429);
  });

  it('keeps a looser ceiling per account across all addresses', async () => {
    const email = 'ceiling@example.test';
    await createAccount(world.server, email, '192.0.2.30');
    // Known and unknown accounts are limited alike (the limit must not tell them apart).
    for (const account of [email, 'no-such-account@example.test']) {
      const statuses: number[] = [];
      for (let i = 0; i < PER_ACCOUNT; i++) {
        // Each address stays under its own limit and under the per-account-and-address one.
        statuses.push(await signInStatus(world.server, account, `guess ${i}`, ip(i)));
      }
      expect(statuses).toEqual(Array(PER_ACCOUNT).fill(401));
      expect(await signInStatus(world.server, account, 'one more', '192.0.2.31')).toBe(429);
    }
  }, 60_000);
});

describe(`others' failures never lock the owner's own browser out (${dbKind})`, () => {
  const world = useTestServer({ ...redis, PASSWORD_AUTH: 'true', TRUST_PROXY: '127.0.0.1' });

  /** A sign-in from `browser` (its cookies kept) at the forwarded address `from`. */
  const signInWith = async (browser: TestBrowser, email: string, password: string, from: string) =>
    (
      await browser.request('/api/auth/password/signin', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify({ email, password }),
      })
    ).status;

  /** 20 addresses x 5 wrong passwords: the account's ceiling spent (issue 45's repro). */
  async function spendCeiling(email: string, first: number) {
    for (let a = 0; a < PER_ACCOUNT / PER_ACCOUNT_AND_IP; a++) {
      for (let g = 0; g < PER_ACCOUNT_AND_IP; g++) {
        expect(await signInStatus(world.server, email, `guess ${g}`, ip(first + a))).toBe(401);
      }
    }
  }

  it("lets the owner's browser in from a new address once others spent the account's ceiling", async () => {
    const email = 'owner@example.test';
    await createAccount(world.server, email, '192.0.2.40');
    const owner = new TestBrowser(world.server.baseUrl);
    expect(await signInWith(owner, email, PASSWORD, '192.0.2.41')).toBe(200);
    const cookie = owner.cookies.get('hl_device');
    expect(cookie).toMatch(/^v2\./);

    await spendCeiling(email, 300);
    // A browser that never signed in to the account meets the ceiling, even with the password...
    expect(await signInStatus(world.server, email, PASSWORD, '192.0.2.42')).toBe(429);
    // ...the owner's does not, from wherever they are now.
    expect(await signInWith(owner, email, PASSWORD, '192.0.2.43')).toBe(200);
    // Signing in again keeps the device's nonce and issue time: no second budget, no longer life.
    expect(owner.cookies.get('hl_device')).toBe(cookie);
  }, 60_000);

  it('counts failures against the ceiling, not sign-ins', async () => {
    const email = 'busy@example.test';
    await createAccount(world.server, email, '192.0.2.50');
    // 30 right sign-ins from browsers without the device cookie, across addresses.
    for (let i = 0; i < 30; i++) {
      expect(await signInStatus(world.server, email, PASSWORD, ip(600 + i))).toBe(200);
    }
    await spendCeiling(email, 700);
    expect(await signInStatus(world.server, email, 'one more', '192.0.2.51')).toBe(429);
  }, 60_000);

  it("holds a device cookie to its own account and its own failures; a forged one is nobody's", async () => {
    const [mine, other] = ['mine@example.test', 'other-one@example.test'];
    await createAccount(world.server, mine, '192.0.2.60');
    await createAccount(world.server, other, '192.0.2.60');
    const owner = new TestBrowser(world.server.baseUrl);
    expect(await signInWith(owner, mine, PASSWORD, '192.0.2.61')).toBe(200);
    const cookie = owner.cookies.get('hl_device')!;

    // The cookie does not exempt another account: its ceiling holds for this browser too.
    await spendCeiling(other, 900);
    expect(await signInWith(owner, other, PASSWORD, '192.0.2.62')).toBe(429);

    // A forged signature counts as no cookie (device-cookie.test.ts: every other change).
    const forged = new TestBrowser(world.server.baseUrl);
    const [version, who, issued, nonce] = cookie.split('.');
    forged.cookies.set('hl_device', `${version}.${who}.${issued}.${nonce}.${'A'.repeat(43)}`);
    expect(await signInWith(forged, other, PASSWORD, '192.0.2.63')).toBe(429);

    // Its own failures are counted: five, then it is counted as any browser (account and
    // address, account ceiling), which a stolen cookie cannot get around.
    for (let i = 0; i < PER_ACCOUNT_AND_IP; i++) {
      expect(await signInWith(owner, mine, `wrong ${i}`, '192.0.2.67')).toBe(401);
    }
    for (let i = 0; i < PER_ACCOUNT_AND_IP; i++) {
      expect(await signInWith(owner, mine, `wrong again ${i}`, '192.0.2.67')).toBe(401);
    }
    expect(await signInWith(owner, mine, PASSWORD, '192.0.2.67')).toBe(429);
    expect(await signInStatus(world.server, mine, PASSWORD, '192.0.2.66')).toBe(200);
  }, 60_000);

  it('counts guesses sent side by side before any of them is answered', async () => {
    const email = 'burst@example.test';
    await createAccount(world.server, email, '192.0.2.70');
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        signInStatus(world.server, email, `burst ${i}`, '192.0.2.71'),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(PER_ACCOUNT_AND_IP);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - PER_ACCOUNT_AND_IP);
  }, 60_000);
});

describe(`sign-up does not tell whether an address has an account (${dbKind})`, () => {
  const world = useTestServer({ ...redis, PASSWORD_AUTH: 'true' });

  const signUp = async (body: unknown) => {
    const browser = new TestBrowser(world.server.baseUrl);
    const res = await browser.request('/api/auth/password/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: await res.text(),
      contentType: res.headers.get('content-type'),
      setCookie: res.headers.getSetCookie(),
      browser,
    };
  };

  it('answers a registered and a new address byte for byte alike, with no session', async () => {
    await signUp({ email: 'taken@example.test', password: PASSWORD, name: 'Tom Taken' });
    const existing = await signUp({
      email: 'taken@example.test',
      password: 'another long password',
      name: 'Eve Attacker',
    });
    const fresh = await signUp({
      email: 'fresh@example.test',
      password: 'another long password',
      name: 'Eve Attacker',
    });
    expect(existing.status).toBe(fresh.status);
    expect(existing.body).toBe(fresh.body);
    expect(existing.contentType).toBe(fresh.contentType);
    expect(existing.setCookie).toEqual([]);
    expect(fresh.setCookie).toEqual([]);
    expect(existing.status).toBe(202);
  });

  it('lets a new address sign in with the password it chose', async () => {
    const up = await signUp({ email: 'New@Example.test', password: PASSWORD, name: 'Nia New' });
    expect(up.status).toBe(202);
    expect(JSON.parse(up.body)).toMatchObject({ user: null });
    const signin = new TestBrowser(world.server.baseUrl);
    const res = await signin.request('/api/auth/password/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'new@example.test', password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      user: { email: 'new@example.test', name: 'Nia New' },
    });
    const session = await signin.request('/api/auth/session');
    expect(await session.json()).toMatchObject({ user: { email: 'new@example.test' } });
  });

  it("leaves an existing account as it was: its password still works, the newcomer's does not", async () => {
    await signUp({ email: 'owner@example.test', password: PASSWORD, name: 'Olga Owner' });
    await signUp({
      email: 'owner@example.test',
      password: 'attacker chosen password',
      name: 'Mallory',
    });
    expect(await signInStatus(world.server, 'owner@example.test', 'attacker chosen password')).toBe(
      401,
    );
    const ok = await post(world.server, '/api/auth/password/signin', {
      email: 'owner@example.test',
      password: PASSWORD,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ user: { name: 'Olga Owner' } });
  });

  it('refuses a common password with a 400 naming the field, alike for a taken and a new address', async () => {
    await signUp({ email: 'common-owner@example.test', password: PASSWORD, name: 'Cora Common' });
    const refusal = {
      error: {
        code: errorCodes.validation,
        message: passwordTooCommon,
        fields: { password: passwordTooCommon },
      },
    };
    // On the list as 'password123': the comparison ignores case.
    const taken = await signUp({ email: 'common-owner@example.test', password: 'Password123' });
    const fresh = await signUp({ email: 'common-new@example.test', password: 'Password123' });
    expect(taken.status).toBe(400);
    expect(JSON.parse(taken.body)).toEqual(refusal);
    expect(fresh.status).toBe(taken.status);
    expect(fresh.body).toBe(taken.body);
    expect(fresh.setCookie).toEqual([]);
    const created = await world.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'common-new@example.test')
      .execute();
    expect(created).toEqual([]);
    // A long, uncommon password for the same new address goes through.
    expect(
      (await signUp({ email: 'common-new@example.test', password: 'qwertyuiop but longer' }))
        .status,
    ).toBe(202);
  });
});
