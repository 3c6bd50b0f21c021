import type { RedisClientType } from 'redis';
import type { Db, Trx } from '../../db/database.ts';
import type { Emit, Transact } from '../events/events.outbox.ts';
import { GraphIndex, type GraphChange } from './graph.index.ts';
import { loadSnapshotByCopy, loadSnapshotByQueries } from './graph.loader.ts';
import { createGraphRepository } from './graph.repository.ts';
import { GraphSync } from './graph.sync.ts';
import { GraphTraversal } from './graph.traversal.ts';

/** Reads a graph outbox row (trust replays the rows whose effect it has not stored yet). */
export { toChange } from './graph.repository.ts';
/** The encodings of Discover's facts in the index (graph.facts.ts), for the filter over them. */
export { dayNumber, seeksGender, yearsBetween } from './graph.facts.ts';

export type GraphDeps = {
  db: Db;
  /** Runs a write and its events in one transaction (the event outbox). */
  transact: Transact;
  /** With a URL the start-up load streams through binary COPY on its own connection. */
  databaseUrl?: string | undefined;
  redis?: { pub: RedisClientType; sub: RedisClientType; prefix: string } | undefined;
  onError?: (err: unknown) => void;
  pollMs?: number;
};

/** Records one graph change inside the writer's transaction (outbox row). */
export type RecordChange = (kind: GraphChange['kind'], a: number, b?: number) => Promise<void>;

/**
 * After a write is applied here: the users whose friend or 2nd-degree counts moved, and the
 * changes that moved them (trust stores their figures).
 */
export type WrittenListener = (touched: number[], changeIds: number[]) => Promise<void>;

/**
 * The friend graph engine: the in-process index, its synchronisation with the database and
 * other instances, and the write path every friendship change goes through.
 */
export function createGraph(deps: GraphDeps) {
  const { db } = deps;
  const index = new GraphIndex();
  const traversal = new GraphTraversal(index);
  const repo = createGraphRepository(db);
  const databaseUrl = deps.databaseUrl;
  const userListeners: ((seq: number) => void)[] = [];
  const changeListeners: ((change: GraphChange) => void)[] = [];
  const writtenListeners: WrittenListener[] = [];
  const sync = new GraphSync({
    index,
    repo,
    onUserChanged: (seq) => {
      for (const listener of userListeners) listener(seq);
    },
    onApplied: (change) => {
      for (const listener of changeListeners) listener(change);
    },
    redis: deps.redis,
    pollMs: deps.pollMs,
    onError: deps.onError,
    loadSnapshot: databaseUrl
      ? () => loadSnapshotByCopy(databaseUrl)
      : () => loadSnapshotByQueries(db),
  });

  /**
   * The write path: the work runs in one transaction behind the graph lock and records its
   * changes in the graph outbox and its events in the event outbox; after commit each change
   * is applied here and announced to the other instances, and the written-listeners (trust)
   * have finished before this resolves.
   */
  async function write<T>(
    work: (trx: Trx, record: RecordChange, emit: Emit) => Promise<T>,
  ): Promise<T> {
    const changes: GraphChange[] = [];
    const result = await deps.transact(async (trx, emit) => {
      await repo.lock(trx);
      const recordChange: RecordChange = async (kind, a, b) => {
        changes.push(await repo.recordChange(trx, kind, a, b ?? null));
      };
      return work(trx, recordChange, emit);
    });
    const settled: Promise<void>[] = [];
    for (const change of changes) {
      const touched = await sync.publish(change);
      for (const listener of writtenListeners) settled.push(listener(touched, [change.id]));
    }
    await Promise.all(settled);
    return result;
  }

  let pruner: NodeJS.Timeout | undefined;

  return {
    index,
    traversal,
    repo,
    sync,
    write,
    /** Called on this instance after each of its own writes is applied (see WrittenListener). */
    onWritten(listener: WrittenListener): void {
      writtenListeners.push(listener);
    },
    /** Called on every instance when a user's name, privacy or account changes. */
    onUserChanged(listener: (seq: number) => void): void {
      userListeners.push(listener);
    },
    /** Called on every instance for every graph change, once applied to its index. */
    onChange(listener: (change: GraphChange) => void): void {
      changeListeners.push(listener);
    },

    async start(): Promise<void> {
      await sync.start();
      pruner = setInterval(
        () =>
          void repo
            .pruneChanges(new Date(Date.now() - 24 * 60 * 60 * 1000))
            .catch((err: unknown) => deps.onError?.(err)),
        60 * 60 * 1000,
      );
      pruner.unref();
    },

    /**
     * Account deletion as the graph sees it: every friendship goes in the same transaction as
     * the user row, and everyone whose figures moved is stored before this resolves.
     */
    async deleteAccount(
      seq: number,
      before?: (trx: Trx, emit: Emit) => Promise<void>,
    ): Promise<void> {
      await write(async (trx, record, emit) => {
        // The account module's erasure and events (modules/account) run first, in this
        // transaction, behind the graph lock.
        await before?.(trx, emit);
        await record('delete', seq);
        await repo.deleteUser(trx, seq);
      });
    },

    /** After bulk writes outside the write path (the demo seed). */
    async reload(): Promise<void> {
      await sync.rebuild();
    },

    async stop(): Promise<void> {
      clearInterval(pruner);
      await sync.stop();
    },
  };
}

export type Graph = ReturnType<typeof createGraph>;
