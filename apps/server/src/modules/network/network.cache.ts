import type { NetworkRepository, PersonRow } from './network.repository.ts';

/** Public ids never change, so id -> seq answers are kept (bounded) instead of re-queried. */
const ID_CACHE_MAX = 200_000;
/**
 * The people on 2nd and 3rd-degree pages are read far more often than they change (the
 * best-ranked, the hubs, appear on most users' pages), so their public fields are kept: dropped
 * on every instance when the user changes (a profile edit or a new photo announces a graph
 * 'user' change), and after ten minutes in any case. The oldest tenth makes room when full.
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
  const seqById = new Map<string, number>();
  const personCache = new Map<number, { row: PersonRow; at: number }>();
  const counts = new Map<number, { pending: number; favorites: number; at: number }>();
  /** Bumped by every invalidation: a read that raced one is not kept. */
  let countsEpoch = 0;

  function remember(id: string, seq: number) {
    if (seqById.size >= ID_CACHE_MAX) seqById.clear();
    seqById.set(id, seq);
  }

  return {
    /** The signed-in user's seq with the two counts the summary needs. */
    async viewer(
      userId: string,
    ): Promise<{ seq: number; pending: number; favorites: number } | undefined> {
      const known = seqById.get(userId);
      const hit = known === undefined ? undefined : counts.get(known);
      if (known !== undefined && hit && Date.now() - hit.at < COUNTS_TTL_MS) {
        return { seq: known, pending: hit.pending, favorites: hit.favorites };
      }
      const epoch = countsEpoch;
      const row = await repo.viewer(userId);
      if (!row) return undefined;
      remember(userId, row.seq);
      if (epoch === countsEpoch) {
        if (counts.size >= COUNTS_MAX) counts.clear();
        counts.set(row.seq, { pending: row.pending, favorites: row.favorites, at: Date.now() });
      }
      return row;
    },

    async seqOf(userId: string): Promise<number | undefined> {
      const cached = seqById.get(userId);
      if (cached !== undefined) return cached;
      const seq = await repo.seqOf(userId);
      if (seq !== undefined) remember(userId, seq);
      return seq;
    },

    /**
     * The people on one page. With `friendsOf` (the page holds friends) the friendship dates
     * are read, so the database is asked for all of them; otherwise kept rows are reused.
     */
    async people(seqs: readonly number[], friendsOf?: number): Promise<Map<number, PersonRow>> {
      const out = new Map<number, PersonRow>();
      const now = Date.now();
      let wanted: readonly number[] = seqs;
      if (friendsOf === undefined) {
        const missing: number[] = [];
        wanted = missing;
        for (const seq of seqs) {
          const hit = personCache.get(seq);
          if (hit && now - hit.at < PERSON_TTL_MS) out.set(seq, hit.row);
          else missing.push(seq);
        }
      }
      if (wanted.length === 0) return out;
      const rows = await repo.people(wanted, friendsOf);
      if (personCache.size + rows.length > PERSON_CACHE_MAX) {
        let drop = Math.max(rows.length, PERSON_CACHE_MAX / 10);
        for (const seq of personCache.keys()) {
          if (drop-- <= 0) break;
          personCache.delete(seq);
        }
      }
      for (const row of rows) {
        remember(row.id, row.seq);
        out.set(row.seq, row);
        personCache.set(row.seq, { row: { ...row, friendsSince: null }, at: now });
      }
      return out;
    },

    forget(seq: number): void {
      personCache.delete(seq);
    },

    forgetCounts(seq: number): void {
      countsEpoch++;
      counts.delete(seq);
    },
  };
}

export type PeopleCache = ReturnType<typeof createPeopleCache>;
