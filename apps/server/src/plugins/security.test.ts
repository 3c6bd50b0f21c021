import { describe, expect, it } from 'vitest';
import { dbKind, useTestServer } from '../../test/harness.ts';
import { browserFor, createPeople } from '../../test/network-fixtures.ts';

const world = useTestServer();

describe(`private answers are never cached (${dbKind})`, () => {
  it('marks every API answer no-store: the own profile, the network, errors', async () => {
    const [ada] = await createPeople(world.db, ['Ada Private']);
    const as = await browserFor(world.server, ada!);
    for (const path of [
      '/api/me',
      '/api/network?tab=all',
      '/api/auth/session',
      '/api/me/privacy',
    ]) {
      const res = await as.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const anonymous = await fetch(`${world.server.baseUrl}/api/me`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
  });
});
