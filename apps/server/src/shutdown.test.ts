import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, errorMessages, type ErrorBody } from '@heartline/domain';
import {
  createTestDatabase,
  dbKind,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../test/harness.ts';

/**
 * Issue 18: graceful shutdown answers readiness 503 while draining. From the moment close()
 * starts (before the jobs and the dispatcher stop), GET /api/health answers 503 in the app's
 * error shape with Retry-After, while other requests are still served until HTTP closes.
 */

let tdb: TestDatabase;
let server: TestServer;
beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb.db);
});
afterAll(async () => {
  await server.stop();
  await tdb.drop();
});

describe(`readiness while draining (${dbKind})`, () => {
  it('answers 200 before, and 503 UNAVAILABLE with Retry-After from the start of close()', async () => {
    const before = await fetch(`${server.baseUrl}/api/health`);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ ok: true });

    // Hold the first step of the drain (stopping the job runner) open while we look.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const stopJobs = server.jobs.stop.bind(server.jobs);
    server.jobs.stop = async () => {
      await held;
      await stopJobs();
    };
    const closing = server.close();
    try {
      const health = await fetch(`${server.baseUrl}/api/health`);
      expect(health.status).toBe(503);
      expect(health.headers.get('retry-after')).toBe('1');
      expect(await health.json()).toEqual({
        error: { code: errorCodes.unavailable, message: errorMessages.unavailable },
      } satisfies ErrorBody);
      // A HEAD probe reads the same status.
      expect((await fetch(`${server.baseUrl}/api/health`, { method: 'HEAD' })).status).toBe(503);
      // Requests already on their way are still served while the instance drains.
      expect((await fetch(`${server.baseUrl}/api/config`)).status).toBe(200);
    } finally {
      release();
      await closing;
    }
  });
});
