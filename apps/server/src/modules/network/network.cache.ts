import { createReadCache } from '../../lib/read-cache.ts';
import type { NetworkRepository, PersonRow } from './network.repository.ts';

/** Public ids never change, so id -> seq answers are kept (bounded) instead of re-queried. */
const ID_CACHE_MAX = 200_000;
/**
 * The people on 2nd and 3rd-degree pages are read far more often than they change (the
 * best-ranked, the hubs, appear on most users' pages), so their public fields are kept: dropped
 * on every instance when the user changes (a profile edit or a new photo announces a graph
 * 'user' change), and after ten minutes in any case.
 */
const PERSON_CACHE_MAX = 200_000;
const PERSON_TTL_MS = 10 * 60_000;
/**
 * The signed-in user's pending-request and favorites counts (the Network summary), kept so the
 * screen needs no database read: dropped on every instance when either changes (requests and
 * favorites announce it, any friendship change of theirs too), and after a minute in any case.
 */
const COUNTS_MAX = 200_000;
const COUNTS_TTL_MS = 60_000;

/**
 * The Network screen's hot reads with their per-instance caches in front of the repository:
 * the viewer's seq and counts, id -> seq, and the people shown on pages. Whoever changes what a
 * cache holds calls `forget` / `forgetCounts` (app.ts wires that to graph and count changes on
 * every instance).
 */
export function createPeopleCache(repo: NetworkRepository) {
  const seqById = createReadCache<string, number>({
    max: ID_CACHE_MAX,
    load: (userId) => repo.seqOf(userId),
  });
  /** Kept without the friendship date, which belongs to one viewer's page. */
  const personCache = createReadCache<number, PersonRow>({
    max: PERSON_CACHE_MAX,
    ttlMs: PERSON_TTL_MS,
  });
  const counts = createReadCache<number, { pending: number; favorites: number }>({
    max: COUNTS_MAX,
    ttlMs: COUNTS_TTL_MS,
  });

  function kept(row: PersonRow): PersonRow {
    return { ...row, friendsSince: null };
  }

  return {
    /** The signed-in user's seq with the two counts the summary needs. */
    async viewer(
      userId: string,
    ): Promise<{ seq: number; pending: number; favorites: number } | undefined> {
      const known = seqById.peek(userId);
      if (known === undefined) {
        // A first visit: one read finds the seq and the counts; the counts are kept from the
        // next visit on (a change racing this read has no key yet to drop).
        const row = await repo.viewer(userId);
        if (row) seqById.keep(userId, row.seq);
        return row;
      }
      const hit = await counts.read(known, async () => {
        const row = await repo.viewer(userId);
        return row && { pending: row.pending, favorites: row.favorites };
      });
      return hit && { seq: known, ...hit };
    },

    seqOf: (userId: string): Promise<number | undefined> => seqById.read(userId),

    /**
     * The people on one page. With `friendsOf` (the page holds friends) the friendship dates
     * are read, so the database is asked for all of them; otherwise kept rows are reused.
     */
    async people(seqs: readonly number[], friendsOf?: number): Promise<Map<number, PersonRow>> {
      if (friendsOf === undefined) {
        return personCache.readMany(seqs, async (missing) => {
          const rows = await repo.people(missing);
          for (const row of rows) seqById.keep(row.id, row.seq);
          return new Map(rows.map((row) => [row.seq, kept(row)]));
        });
      }
      const out = new Map<number, PersonRow>();
      if (seqs.length === 0) return out;
      for (const row of await repo.people(seqs, friendsOf)) {
        seqById.keep(row.id, row.seq);
        personCache.keep(row.seq, kept(row));
        out.set(row.seq, row);
      }
      return out;
    },

    forget(seq: number): void {
      personCache.forget(seq);
    },

    forgetCounts(seq: number): void {
      counts.forget(seq);
    },
  };
}

export type PeopleCache = ReturnType<typeof createPeopleCache>;
