import type { RedisClientType } from 'redis';
import { distanceKm, roundedDistanceKm } from '@heartline/domain';
import type { Db, Trx } from '../../db/database.ts';
import type { Emit, Transact } from '../events/events.outbox.ts';
import { candidateFilter, NO_PREFS, type DiscoverPrefs } from './graph.candidates.ts';
import { ENGINE, type GraphEngine } from './graph.engine.ts';
import { dayNumber, NO_PLACE } from './graph.facts.ts';
import { GraphIndex, type GraphChange } from './graph.index.ts';
import { loadSnapshotByCopy, loadSnapshotByQueries } from './graph.loader.ts';
import { createGraphRepository } from './graph.repository.ts';
import { GraphSync } from './graph.sync.ts';
import { GraphTraversal, type Degree, type RankRequest } from './graph.traversal.ts';

/** Reads a graph outbox row (trust replays the rows whose effect it has not stored yet). */
export { toChange } from './graph.repository.ts';
export type { GraphChange } from './graph.index.ts';
export type { Degree, RankKey, Ranked } from './graph.traversal.ts';
export type { DiscoverPrefs } from './graph.candidates.ts';

/**
 * Discover's filters over the index's facts for one viewer (graph.candidates.ts): handed to
 * `rank`, `countRanked` and `admits`, opaque everywhere else.
 */
export type CandidateFilter = NonNullable<RankRequest['admit']> & { readonly __filter: true };
/** What a ranking asks for: the viewer, degrees, favorites, cursor, page size, search. */
export type RankQuery = Omit<RankRequest, 'admit'> & { admit?: CandidateFilter };

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
    // The in-process index, read synchronously: between two awaits every read describes one
    // moment (a ranking's scratch belongs to its request until the next await).

    /** Whether the person is in the graph (an active account the index holds). */
    knows: (seq: number): boolean => index.knows(seq),
    /** Friends (1st degree). */
    friendCount: (seq: number): number => index.degree(seq),
    /** Distinct friends of friends who are neither the person nor a friend (2nd degree). */
    secondCount: (seq: number): number => index.secondOf(seq),
    trust: (seq: number): number => index.trust(seq),
    /** The 3rd degree's size, counted up to `cap` (the walk stops there). */
    thirdCount: (seq: number, cap: number): number => traversal.thirdCount(seq, cap),
    /** Friends now, as the index holds it. */
    friendsNow: (a: number, b: number): boolean => index.hasEdge(a, b),
    /** A block either way, as the index holds it. */
    blockedNow: (a: number, b: number): boolean => index.blockedWith(a, b),
    /** The person asked not to be shown as a connector in paths. */
    hiddenFromPaths: (seq: number): boolean => index.isHidden(seq),
    /** The person can appear in Discover at all: the index holds a birth date for them. */
    hasBirthDate: (seq: number): boolean => {
      const at = index.posOf(seq);
      return at !== 0 && index.bornAt[at] !== 0;
    },
    /** The friends of a person (seqs). */
    friendsOf: (seq: number): number[] => index.neighbours(seq),
    /** The degree between two people, the mutual friends and one path (see GraphTraversal). */
    locate: (viewer: number, target: number) => traversal.locate(viewer, target),
    /** One page of a viewer's ranked people (the Network tabs and Discover). */
    rank: (query: RankQuery) => traversal.rank(query),
    /** Right after `rank`, with the same filter: how many people it admits, up to `cap` + 1. */
    countRanked: (degrees: readonly Degree[], filter: CandidateFilter, cap: number) =>
      traversal.countRanked(degrees, filter, cap),
    /**
     * Discover's filters for a viewer on a day, with the people they swiped already (seqs) and
     * the filters they set (none: the spec's age window, any distance).
     */
    candidateFilter(
      viewer: number,
      today: Date,
      swiped: Iterable<number>,
      prefs: DiscoverPrefs = NO_PREFS,
    ): CandidateFilter {
      const gone = new Set<number>();
      for (const seq of swiped) gone.add(index.posOf(seq));
      const day = dayNumber(today);
      return candidateFilter(index, index.posOf(viewer), day, gone, prefs) as CandidateFilter;
    },
    /**
     * The distance between two people's cities in km, rounded as cards show it; null when
     * either has no city or does not share it.
     */
    distanceKm(a: number, b: number): number | null {
      const pa = index.posOf(a);
      const pb = index.posOf(b);
      if (pa === 0 || pb === 0) return null;
      const [la, oa, lb, ob] = [
        index.latAt[pa]!,
        index.lonAt[pa]!,
        index.latAt[pb]!,
        index.lonAt[pb]!,
      ];
      if (la === NO_PLACE || lb === NO_PLACE) return null;
      return roundedDistanceKm(distanceKm(la / 10_000, oa / 10_000, lb / 10_000, ob / 10_000));
    },
    /** Whether a filter admits one person at a degree. */
    admits: (filter: CandidateFilter, target: number, degree: Degree): boolean =>
      filter(index.posOf(target), degree),

    // Trust's view: the figures it stores follow the index (modules/trust).
    /** Recounts a person's 2nd degree from the adjacency and returns it. */
    recount: (seq: number): number => index.recount(seq),
    /** The index's version: bumped by every change applied. */
    version: (): number => index.version,
    edgeCount: (): number => index.edgeCount(),
    /** Every seq the index may hold is below this. */
    seqLimit: (): number => index.seqLimit,
    /** Applies every change the database has that this instance has not yet. */
    catchUp: (): Promise<void> => sync.sync(),

    // The database's view, for writes that must decide inside their transaction.
    friendsInDb: (a: number, b: number, trx?: Trx) => repo.areFriends(a, b, trx),
    blockedInDb: (a: number, b: number, trx?: Trx) => repo.blockedEitherWay(a, b, trx),
    /** Inside `write`: stores the friendship (false when it was there); record('add') after. */
    insertFriendship: (trx: Trx, a: number, b: number) => repo.insertFriendship(trx, a, b),
    /** Inside `write`: removes the friendship (false when it was not there). */
    deleteFriendship: (trx: Trx, a: number, b: number) => repo.deleteFriendship(trx, a, b),
    /** Inside `write`: both people's favorite marks on each other go (with a friendship). */
    deleteFavoritesBetween: (trx: Trx, a: number, b: number) =>
      repo.deleteFavoritesBetween(trx, a, b),
    /** Inside `write`: stores a block (false when it was there); record('block') after. */
    insertBlock: (trx: Trx, blocker: number, blocked: number) =>
      repo.insertBlock(trx, blocker, blocked),
    /** Inside `write`: removes a block (false when there was none); record('unblock') after. */
    deleteBlock: (trx: Trx, blocker: number, blocked: number) =>
      repo.deleteBlock(trx, blocker, blocked),
    /** Inside `write`: whether the person may be named as a connector in paths. */
    setShowInPaths: (trx: Trx, seq: number, showInPaths: boolean) =>
      repo.setShowInPaths(trx, seq, showInPaths),
    /** The people a person blocked, newest first. */
    listBlocks: (seq: number) => repo.listBlocks(seq),
    /** The index's size and how long its last full load took (operators' and benches' figures). */
    stats: () => ({
      people: index.size,
      edges: index.edgeCount(),
      bytes: index.memoryBytes(),
      lastLoadMs: sync.lastLoadMs,
      version: index.version,
    }),

    write,
    /** The engine, for this module's own tests (graph.engine.ts). */
    [ENGINE]: { index, traversal, repo, sync } satisfies GraphEngine,
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
