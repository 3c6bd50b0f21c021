import { describe, expect, it } from 'vitest';
import type { ErrorBody, Ok, TrustVerification } from '@heartline/domain';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import { TestBrowser } from '../../../test/http-client.ts';
import { browserFor, createPeople, getJson } from '../../../test/network-fixtures.ts';

/**
 * The developer page's gate (DESIGN.md §3.10): open to everyone outside production; in
 * production to staff accounts only, and every dev-only route answers anyone else exactly like
 * a route that does not exist.
 */
const DEV_ONLY = ['/api/dev/access', '/api/trust/verify'];

describe(`developer page gate in development (${dbKind})`, () => {
  const t = useTestServer();

  it('lets any signed-in user in, and nobody without a session', async () => {
    const [ann] = await createPeople(t.db, ['Ann Dev']);
    const as = await browserFor(t.server, ann!);
    const access = await getJson<Ok>(as, '/api/dev/access');
    expect(access).toEqual({ status: 200, body: { ok: true } });
    const verify = await getJson<TrustVerification>(as, '/api/trust/verify');
    expect(verify.status).toBe(200);
    expect(verify.body.matches).toBe(true);
    const anonymous = new TestBrowser(t.server.baseUrl);
    for (const path of DEV_ONLY) expect((await anonymous.request(path)).status).toBe(401);
  });
});

describe(`developer page gate in production (${dbKind})`, () => {
  const t = useTestServer({
    NODE_ENV: 'production',
    GOOGLE_CLIENT_ID: 'test-client',
    GOOGLE_CLIENT_SECRET: 'test-secret',
  });

  it('answers 404 to an ordinary user, as for a route that does not exist', async () => {
    const [bob] = await createPeople(t.db, ['Bob Prod']);
    const as = await browserFor(t.server, bob!);
    const missing = await getJson<ErrorBody>(as, '/api/no-such-route');
    for (const path of DEV_ONLY) {
      const answer = await getJson<ErrorBody>(as, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.error.code, path).toBe(missing.body.error.code);
    }
  });

  it('lets a staff account in', async () => {
    const [sam] = await createPeople(t.db, ['Sam Staff']);
    await t.db.updateTable('users').set({ isStaff: true }).where('id', '=', sam!.id).execute();
    const as = await browserFor(t.server, sam!);
    expect(await getJson<Ok>(as, '/api/dev/access')).toEqual({ status: 200, body: { ok: true } });
    expect((await getJson<TrustVerification>(as, '/api/trust/verify')).status).toBe(200);
  });
});
