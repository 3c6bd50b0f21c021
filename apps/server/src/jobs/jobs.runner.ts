import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createJobsRepository, type ClaimedJob } from './jobs.repository.ts';

/** Does the work of one job. Throwing retries it later; the payload is untrusted JSON. */
export type JobHandler = (payload: unknown) => Promise<void>;

export type JobRunnerOptions = {
  handlers: Record<string, JobHandler>;
  /** How often an idle runner looks for due jobs; default 1 s. */
  pollMs?: number;
  /** How long a claimed job stays reserved before another worker may take it; default 60 s. */
  leaseMs?: number;
  /** Attempts before a job is marked failed; default 5. */
  maxAttempts?: number;
  /** Jobs claimed per query; default 10. */
  batchSize?: number;
  log?: (message: string, err?: unknown) => void;
};

export type JobRunner = {
  start(): void;
  /** Stops polling and waits for the jobs in hand to finish. */
  stop(): Promise<void>;
  /**
   * Runs every job due by `asOf` (default now) until none is left, and waits for any the
   * background loop is running, so a test can make delayed work happen and then assert on it.
   * Returns how many jobs this call ran.
   */
  runDue(asOf?: Date): Promise<number>;
  /** Jobs waiting or running, and jobs that failed for good (the metrics). */
  depth(): Promise<{ queued: number; failed: number }>;
};

const BACKOFF_BASE_MS = 5000;
const BACKOFF_MAX_MS = 10 * 60 * 1000;

/** 5 s, 10 s, 20 s ... capped at 10 minutes. */
export function backoffMs(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
}

function describe(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 1000);
}

/** A small worker over the `jobs` table: claim due rows, run their handler, record the outcome. */
export function createJobRunner(db: Kysely<Database>, opts: JobRunnerOptions): JobRunner {
  const repo = createJobsRepository(db);
  const pollMs = opts.pollMs ?? 1000;
  const leaseMs = opts.leaseMs ?? 60_000;
  const maxAttempts = opts.maxAttempts ?? 5;
  const batchSize = opts.batchSize ?? 10;
  const log = opts.log ?? (() => undefined);

  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  /** The background loop's current pass, so stop() and runDue() can wait for it. */
  let pass: Promise<void> | undefined;

  async function runOne(job: ClaimedJob): Promise<void> {
    const handler = opts.handlers[job.kind];
    if (!handler) {
      await repo.markFailed(job.id, `no handler for job kind "${job.kind}"`);
      return;
    }
    try {
      await handler(job.payload);
      await repo.complete(job.id);
    } catch (err) {
      log(`job ${job.kind} #${job.id} failed (attempt ${job.attempts})`, err);
      if (job.attempts >= maxAttempts) await repo.markFailed(job.id, describe(err));
      else await repo.retryLater(job.id, backoffMs(job.attempts), describe(err));
    }
  }

  /** Claims and runs batches until nothing due is left (or stop() is called). */
  async function drain(asOf: Date | undefined, background: boolean): Promise<number> {
    let ran = 0;
    for (;;) {
      const jobs = await repo.claimDue({ limit: batchSize, leaseMs, ...(asOf ? { asOf } : {}) });
      for (const job of jobs) {
        // A claimed job left unrun is not lost: its lease expires and it is claimed again.
        if (background && stopped) return ran;
        await runOne(job);
        ran += 1;
      }
      if (jobs.length < batchSize) return ran;
    }
  }

  function schedule() {
    if (stopped || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      pass = drain(undefined, true).then(
        () => undefined,
        (err: unknown) => log('job queue poll failed', err),
      );
      void pass.finally(() => {
        pass = undefined;
        schedule();
      });
    }, pollMs);
    // Polling alone must not keep a process alive that has nothing else to do.
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      // A pass still finishing from before a stop() schedules the next one itself.
      if (!pass) schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await pass;
    },
    depth: () => repo.depth(),
    async runDue(asOf) {
      // Without asOf the database's clock decides: a JavaScript Date is truncated to the
      // millisecond and could fall just before a job inserted in the same millisecond.
      const ran = await drain(asOf, false);
      await pass;
      return ran;
    },
  };
}
