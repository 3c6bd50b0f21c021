import type { RedisClientType } from 'redis';
import type { ServerEventName, ServerEventPayload } from '@heartline/domain';
import type { Db } from '../../db/database.ts';
import { GraphIndex, type GraphChange } from './graph.index.ts';
import { loadSnapshotByCopy, loadSnapshotByQueries } from './graph.loader.ts';
import { createGraphRepository, type Trx } from './graph.repository.ts';
import { GraphSync } from './graph.sync.ts';
import { GraphTraversal } from './graph.traversal.ts';
import { createTrustRepository } from './trust.repository.ts';
import { createTrustService } from './trust.service.ts';

export type Publish = <E extends ServerEventName>(
  userId: string,
  event: E,
  payload: ServerEventPayload<E>,
) => void;

export type GraphDeps = {
  db: Db;
  /** With a URL the start-up load streams through binary COPY on its own connection. */
  databaseUrl?: string | undefined;
  redis?: { pub: RedisClientType; sub: RedisClientType; prefix: string } | undefined;
  publish: Publish;
  onError?: (err: unknown) => void;
  pollMs?: number;
};

/** Records one graph change inside the writer's transaction (outbox row). */
export type RecordChange = (kind: GraphChange['kind'], a: number, b?: number) => Promise<void>;

/**
 * The graph module: the in-process index, its synchronisation with the database and other
 * instances, the stored trust figures, and the write path every friendship change goes through.
 */
export function createGraph(deps: GraphDeps) {
  const { db } = deps;
  const index = new GraphIndex();
  const traversal = new GraphTraversal(index);
  const repo = createGraphRepository(db);
  const databaseUrl = deps.databaseUrl;
  const userListeners: ((seq: number) => void)[] = [];
  const changeListeners: ((change: GraphChange) => void)[] = [];
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
  const trust = createTrustService({
    index,
    sync,
    repo: createTrustRepository(db),
    notify: (userId, payload) => deps.publish(userId, 'trust.updated', payload),
    onError: deps.onError,
  });

  /**
   * The write path: the work runs in one transaction behind the graph lock and records its
   * changes in the outbox; after commit each change is applied here, announced to the other
   * instances, and the users whose figures moved are stored before this resolves.
   */
  async function write<T>(work: (trx: Trx, record: RecordChange) => Promise<T>): Promise<T> {
    const changes: GraphChange[] = [];
    const result = await db.transaction().execute(async (trx) => {
      await repo.lock(trx);
      return work(trx, async (kind, a, b) => {
        changes.push(await repo.recordChange(trx, kind, a, b ?? null));
      });
    });
    const flushes: Promise<void>[] = [];
    for (const change of changes) {
      const touched = await sync.publish(change);
      flushes.push(trust.enqueue(touched, [change.id]));
    }
    await Promise.all(flushes);
    return result;
  }

  let pruner: NodeJS.Timeout | undefined;

  return {
    index,
    traversal,
    repo,
    sync,
    trust,
    write,
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
      await trust.reconcile();
      trust.start();
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
    async deleteAccount(seq: number): Promise<void> {
      await write(async (trx, record) => {
        await record('delete', seq);
        await repo.deleteUser(trx, seq);
      });
    },

    /** After bulk writes outside the write path (the demo seed): reload and recount. */
    async reload(): Promise<void> {
      await sync.rebuild();
      await trust.reconcile();
    },

    async stop(): Promise<void> {
      clearInterval(pruner);
      await trust.stop();
      await sync.stop();
    },
  };
}

export type Graph = ReturnType<typeof createGraph>;
