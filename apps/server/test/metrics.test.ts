import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  dbKind,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from './harness.ts';
import { browserFor, createPeople } from './network-fixtures.ts';

/** GET /metrics: the operators' figures, behind METRICS_TOKEN (README, "Operating it"). */

const TOKEN = 'metrics-token-for-the-tests-0123456789';

let tdb: TestDatabase;
let server: TestServer;
let closed: TestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  const url: Record<string, string> = tdb.url ? { DATABASE_URL: tdb.url } : {};
  server = await startTestServer(tdb.db, { ...url, METRICS_TOKEN: TOKEN });
  closed = await startTestServer(tdb.db, url);
});
afterAll(async () => {
  await server?.stop();
  await closed?.stop();
  await tdb?.drop();
});

const scrape = (base: string, authorization?: string) =>
  fetch(`${base}/metrics`, authorization ? { headers: { authorization } } : {});

/** The value of one sample line (`name{labels} value`), or undefined when it is absent. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe(`metrics (${dbKind})`, () => {
  it('answers as a route that does not exist without the token, or when none is set', async () => {
    const unknown = await fetch(`${server.baseUrl}/api/no-such-route`);
    const unknownBody = await unknown.text();
    for (const res of [
      await scrape(server.baseUrl),
      await scrape(server.baseUrl, 'Bearer wrong-token'),
      await scrape(server.baseUrl, TOKEN),
      await scrape(closed.baseUrl, `Bearer ${TOKEN}`),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.text()).toBe(unknownBody);
    }
  });

  it('gives request latency by route pattern, and the service gauges', async () => {
    await fetch(`${server.baseUrl}/api/health`);
    await fetch(`${server.baseUrl}/api/invitations/not-a-real-code`);
    const res = await scrape(server.baseUrl, `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    const count = 'heartline_http_request_duration_seconds_count';
    expect(sample(text, count, '{method="GET",route="/api/health",status="200"}')).toBe(1);
    // The route's pattern, never the raw URL (which could carry an invitation code).
    expect(text).toContain('route="/api/invitations/:code"');
    expect(text).not.toContain('not-a-real-code');
    expect(sample(text, 'heartline_sockets')).toBe(0);
    expect(sample(text, 'heartline_event_outbox_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'heartline_jobs_queued')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'heartline_jobs_failed')).toBe(0);
    expect(sample(text, 'heartline_graph_people')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'heartline_graph_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'heartline_db_pool_waiting')).toBe(0);
    expect(sample(text, 'heartline_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('answers every request with its id', async () => {
    const a = await fetch(`${server.baseUrl}/api/health`);
    const b = await fetch(`${server.baseUrl}/api/health`);
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });

  it.runIf(dbKind === 'postgres')(
    'counts a lost database connection instead of swallowing it',
    async () => {
      // Warm the server's own pool (the prepared statements' one), then cut its connections.
      const [me] = await createPeople(tdb.db, ['Metrics Person']);
      const as = await browserFor(server, me!);
      expect((await as.request('/api/network/summary')).status).toBe(200);
      const errors = 'heartline_infrastructure_errors_total';
      const before =
        sample(
          await (await scrape(server.baseUrl, `Bearer ${TOKEN}`)).text(),
          errors,
          '{source="database"}',
        ) ?? 0;
      await sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
`.execute(tdb.db);
      let after = before;
      for (let i = 0; i < 50 && after === before; i++) {
        await new Promise((r) => setTimeout(r, 50));
        const text = await (await scrape(server.baseUrl, `Bearer ${TOKEN}`)).text();
        after = sample(text, errors, '{source="database"}') ?? 0;
      }
      expect(after).toBeGreaterThan(before);
    },
  );
});
