import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export type ClaimedJob = { id: number; kind: string; payload: unknown; attempts: number };

/**
 * Enqueues a job. Pass the caller's transaction so the job exists exactly when the change that
 * asked for it committed.
 */
export async function enqueueJob(
  db: Kysely<Database>,
  job: { kind: string; payload: unknown; runAt?: Date },
): Promise<void> {
  await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      ...(job.runAt ? { runAt: job.runAt } : {}),
    })
    .execute();
}

/** SQL of the Postgres-backed queue (DESIGN.md §1). */
export function createJobsRepository(db: Kysely<Database>) {
  return {
    /**
     * Leases up to `limit` due jobs. `skip locked` lets several workers (or instances) claim
     * side by side without waiting on each other or taking the same row; an expired lease
     * (a worker that died) makes the job claimable again.
     */
    async claimDue(opts: { limit: number; leaseMs: number; asOf?: Date }): Promise<ClaimedJob[]> {
      const dueBy = opts.asOf ? sql`${opts.asOf}::timestamptz` : sql`now()`;
      const result = await sql<ClaimedJob>`
        update jobs
        set locked_until = now() + ${opts.leaseMs} * interval '1 millisecond',
            attempts = attempts + 1
        where id in (
          select id from jobs
          where run_at <= ${dueBy}
            and failed_at is null
            and (locked_until is null or locked_until < now())
          order by run_at
          limit ${opts.limit}
          for update skip locked
        )
        returning id, kind, payload, attempts
      `.execute(db);
      return result.rows;
    },

    async complete(id: number): Promise<void> {
      await db.deleteFrom('jobs').where('id', '=', id).execute();
    },

    async retryLater(id: number, delayMs: number, error: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({
          lockedUntil: null,
          lastError: error,
          runAt: sql<Date>`now() + ${delayMs} * interval '1 millisecond'`,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Jobs waiting or running, and jobs that failed for good. */
    async depth(): Promise<{ queued: number; failed: number }> {
      const { rows } = await sql<{ queued: number; failed: number }>`
        select count(*) filter (where failed_at is null) as queued,
               count(*) filter (where failed_at is not null) as failed
        from jobs`.execute(db);
      return { queued: rows[0]?.queued ?? 0, failed: rows[0]?.failed ?? 0 };
    },

    async markFailed(id: number, error: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ lockedUntil: null, lastError: error, failedAt: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
