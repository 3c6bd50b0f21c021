import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKind, type TestDatabase } from '../../test/harness.ts';
import { createJobsRepository, enqueueJob } from './jobs.repository.ts';
import { backoffMs, createJobRunner, type JobHandler } from './jobs.runner.ts';

let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.drop();
});
beforeEach(async () => {
  await tdb.db.deleteFrom('jobs').execute();
});

const inSeconds = (s: number) => new Date(Date.now() + s * 1000);

async function jobRows() {
  return tdb.db
    .selectFrom('jobs')
    .select(['kind', 'payload', 'attempts', 'lastError', 'lockedUntil', 'failedAt', 'runAt'])
    .orderBy('id')
    .execute();
}

describe(`job queue (${dbKind})`, () => {
  it('runs due jobs with their payload and removes them; later jobs wait their turn', async () => {
    const seen: unknown[] = [];
    const runner = createJobRunner(tdb.db, {
      handlers: { 'test.echo': async (payload) => void seen.push(payload) },
    });
    await enqueueJob(tdb.db, { kind: 'test.echo', payload: { n: 1 } });
    await enqueueJob(tdb.db, { kind: 'test.echo', payload: { n: 2 }, runAt: inSeconds(5) });

    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await jobRows()).map((j) => j.payload)).toEqual([{ n: 2 }]);

    expect(await runner.runDue(inSeconds(6))).toBe(1);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await jobRows()).toEqual([]);
  });

  it('retries a failing job with growing delays, then keeps it as failed', async () => {
    let calls = 0;
    const runner = createJobRunner(tdb.db, {
      maxAttempts: 3,
      handlers: {
        'test.flaky': async () => {
          calls += 1;
          throw new Error(`boom ${calls}`);
        },
      },
    });
    await enqueueJob(tdb.db, { kind: 'test.flaky', payload: {} });

    expect(await runner.runDue()).toBe(1);
    let [job] = await jobRows();
    expect(job).toMatchObject({ attempts: 1, lastError: 'boom 1', lockedUntil: null });
    const firstDelay = new Date(job!.runAt).getTime() - Date.now();
    expect(firstDelay).toBeGreaterThan(backoffMs(1) - 1000);
    expect(firstDelay).toBeLessThanOrEqual(backoffMs(1) + 1000);
    // Not due yet.
    expect(await runner.runDue()).toBe(0);

    expect(await runner.runDue(inSeconds(60))).toBe(1);
    [job] = await jobRows();
    expect(job).toMatchObject({ attempts: 2, lastError: 'boom 2', failedAt: null });
    expect(backoffMs(2)).toBe(2 * backoffMs(1));

    expect(await runner.runDue(inSeconds(120))).toBe(1);
    [job] = await jobRows();
    expect(job).toMatchObject({ attempts: 3, lastError: 'boom 3' });
    expect(job!.failedAt).not.toBeNull();
    // A failed job is never claimed again.
    expect(await runner.runDue(inSeconds(3600))).toBe(0);
    expect(calls).toBe(3);
  });

  it('marks a job of an unknown kind failed without running anything', async () => {
    const runner = createJobRunner(tdb.db, { handlers: {} });
    await enqueueJob(tdb.db, { kind: 'test.nobody', payload: {} });
    expect(await runner.runDue()).toBe(1);
    const [job] = await jobRows();
    expect(job!.lastError).toBe('no handler for job kind "test.nobody"');
    expect(job!.failedAt).not.toBeNull();
  });

  it('never hands the same job to two workers, and re-offers a job whose lease expired', async () => {
    const repo = createJobsRepository(tdb.db);
    for (let i = 0; i < 20; i++) await enqueueJob(tdb.db, { kind: 'test.x', payload: { i } });
    const [a, b] = await Promise.all([
      repo.claimDue({ limit: 15, leaseMs: 60_000 }),
      repo.claimDue({ limit: 15, leaseMs: 60_000 }),
    ]);
    const ids = [...a, ...b].map((j) => j.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(await repo.claimDue({ limit: 50, leaseMs: 60_000 })).toEqual([]);

    await tdb.db.deleteFrom('jobs').execute();
    await enqueueJob(tdb.db, { kind: 'test.x', payload: {} });
    const [leased] = await repo.claimDue({ limit: 1, leaseMs: 1 });
    await new Promise((r) => setTimeout(r, 20));
    const [again] = await repo.claimDue({ limit: 1, leaseMs: 60_000 });
    expect(again?.id).toBe(leased?.id);
    expect(again?.attempts).toBe(2);
  });

  it('polls in the background, and stop() waits for the job in hand', async () => {
    let release!: () => void;
    const started: unknown[] = [];
    const slow: JobHandler = async (payload) => {
      started.push(payload);
      await new Promise<void>((r) => (release = r));
    };
    const runner = createJobRunner(tdb.db, { pollMs: 20, handlers: { 'test.slow': slow } });
    runner.start();
    await enqueueJob(tdb.db, { kind: 'test.slow', payload: { n: 1 } });
    await expect.poll(() => started.length, { timeout: 5000 }).toBe(1);

    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await jobRows()).toEqual([]);

    // Stopped: new jobs stay queued.
    await enqueueJob(tdb.db, { kind: 'test.slow', payload: { n: 2 } });
    await new Promise((r) => setTimeout(r, 100));
    expect(started).toHaveLength(1);
  });
});
