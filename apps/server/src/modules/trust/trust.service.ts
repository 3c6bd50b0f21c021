import {
  trustCalculation,
  trustScore,
  unlockedTabs,
  userRoom,
  type TrustReport,
  type TrustVerification,
} from '@heartline/domain';
import type { Graph, GraphChange } from '../graph/graph.service.ts';
import type { Transact } from '../events/events.outbox.ts';
import type { TrustRepository } from './trust.repository.ts';

export type TrustServiceDeps = {
  /** The graph's figures, which the stored ones follow. */
  graph: Pick<
    Graph,
    | 'knows'
    | 'friendCount'
    | 'secondCount'
    | 'friendsOf'
    | 'recount'
    | 'version'
    | 'edgeCount'
    | 'seqLimit'
    | 'catchUp'
  >;
  repo: TrustRepository;
  /** The stored figures and their `trust.updated` events commit together. */
  transact: Transact;
  onError?: (err: unknown) => void;
  /** Coalescing window for the batched UPDATE. */
  flushDelayMs?: number;
  /** Below this many edges the start-up recounts every user (cheap, and heals old data). */
  reconcileEdges?: number;
};

/** Outbox rows still unapplied after this long are taken over by the sweeper. */
const ORPHAN_AFTER_MS = 5000;
const SWEEP_EVERY_MS = 5000;

/**
 * Keeps users.trust_score, friend_count and second_degree_count equal to the graph. The index
 * knows exactly whose figures a change moved; the writer enqueues those users right after its
 * commit and one batched UPDATE stores them (tens of milliseconds later), recording a
 * `trust.updated` event for each of them in the same transaction. A sweeper covers writers
 * that died between commit and flush.
 */
export function createTrustService(deps: TrustServiceDeps) {
  const { graph, repo } = deps;
  let pendingSeqs = new Set<number>();
  let pendingChanges: number[] = [];
  let waiters: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let sweeper: NodeJS.Timeout | undefined;

  function figures(seq: number) {
    return { seq, first: graph.friendCount(seq), second: graph.secondCount(seq) };
  }

  async function flush(): Promise<void> {
    timer = undefined;
    const seqs = [...pendingSeqs].filter((s) => graph.knows(s));
    const changeIds = pendingChanges;
    const done = waiters;
    pendingSeqs = new Set();
    pendingChanges = [];
    waiters = [];
    try {
      if (seqs.length > 0 || changeIds.length > 0) {
        await deps.transact(async (trx, emit) => {
          const written = await repo.write(trx, seqs.map(figures), graph.version(), changeIds);
          for (const row of written) {
            emit(userRoom(row.id), 'trust.updated', {
              trustScore: row.trustScore,
              firstDegreeCount: row.friendCount,
              secondDegreeCount: row.secondDegreeCount,
            });
          }
        });
      }
      for (const w of done) w.resolve();
    } catch (err) {
      for (const w of done) w.reject(err);
    }
  }

  /** Stores the current figures of `seqs`; resolves once they are written. */
  function enqueue(seqs: Iterable<number>, changeIds: readonly number[] = []): Promise<void> {
    for (const s of seqs) pendingSeqs.add(s);
    pendingChanges.push(...changeIds);
    const promise = new Promise<void>((resolve, reject) => waiters.push({ resolve, reject }));
    timer ??= setTimeout(() => {
      running = running.then(flush, flush);
    }, deps.flushDelayMs ?? 5);
    return promise;
  }

  /** Everyone whose figures a change can move: both ends and their friends (a superset). */
  function reach(change: GraphChange): Set<number> {
    const out = new Set<number>();
    const ends = 'b' in change ? [change.a, change.b] : [change.a];
    for (const e of ends) {
      out.add(e);
      for (const f of graph.friendsOf(e)) out.add(f);
    }
    return out;
  }

  async function sweep(): Promise<void> {
    const orphans = await repo.unapplied(new Date(Date.now() - ORPHAN_AFTER_MS));
    if (orphans.length === 0) return;
    await graph.catchUp();
    const seqs = new Set<number>();
    for (const change of orphans) for (const s of reach(change)) seqs.add(s);
    await enqueue(
      seqs,
      orphans.map((c) => c.id),
    );
  }

  /** Small graphs are recounted in full at start-up; the UPDATE skips rows already right. */
  async function reconcile(): Promise<void> {
    if (graph.edgeCount() > (deps.reconcileEdges ?? 500_000)) return;
    const all: number[] = [];
    for (let s = 1, limit = graph.seqLimit(); s < limit; s++) {
      if (!graph.knows(s)) continue;
      graph.recount(s);
      all.push(s);
    }
    if (all.length > 0) await enqueue(all);
  }

  function report(seq: number): TrustReport {
    const { first, second } = figures(seq);
    const score = trustScore(first, second);
    return {
      trustScore: score,
      calculation: trustCalculation(first, second),
      unlockedTabs: unlockedTabs(first, score),
      calculatedAt: new Date().toISOString(),
    };
  }

  return {
    enqueue,
    reach,
    report,
    reconcile,

    start(): void {
      sweeper = setInterval(
        () => void sweep().catch((err: unknown) => deps.onError?.(err)),
        SWEEP_EVERY_MS,
      );
      sweeper.unref();
    },

    async stop(): Promise<void> {
      clearInterval(sweeper);
      if (timer) {
        clearTimeout(timer);
        await flush();
      }
      await running;
    },

    /** The forced recalculation: recounts from the graph and stores the result now. */
    async recalculate(seq: number): Promise<TrustReport> {
      await graph.catchUp();
      if (graph.knows(seq)) graph.recount(seq);
      await enqueue([seq]);
      return report(seq);
    },

    /** Stored figures next to an independent plain-SQL count (developer page, tests). */
    async verify(seq: number): Promise<TrustVerification> {
      const stored = await repo.stored(seq);
      const independent = await repo.countIndependently(seq);
      const storedCalc = trustCalculation(stored?.friendCount ?? 0, stored?.secondDegreeCount ?? 0);
      const independentCalc = trustCalculation(independent.first, independent.second);
      const storedScore = stored?.trustScore ?? 0;
      const independentScore = trustScore(independent.first, independent.second);
      return {
        stored: { ...storedCalc, trustScore: storedScore },
        independent: { ...independentCalc, trustScore: independentScore },
        matches:
          storedScore === independentScore &&
          storedCalc.firstDegreeCount === independent.first &&
          storedCalc.secondDegreeCount === independent.second,
      };
    },
  };
}

export type TrustService = ReturnType<typeof createTrustService>;
