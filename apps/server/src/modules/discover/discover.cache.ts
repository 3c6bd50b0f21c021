import type { CandidateRow, DiscoverRepository } from './discover.repository.ts';

/** Kept cards; the oldest tenth makes room when full. */
const CARDS_MAX = 200_000;
/** A kept card is read again after this long in any case. */
const CARDS_TTL_MS = 10 * 60_000;

/**
 * The people on Discover pages are read far more often than they change (the best-trusted
 * appear in most feeds), so their card rows are kept per instance: dropped on every instance
 * when the person changes (a profile edit, a photo or a setting announces a graph 'user'
 * change; app.ts wires it), and after ten minutes in any case.
 */
export function createCardCache(repo: DiscoverRepository) {
  const kept = new Map<number, { row: CandidateRow; at: number }>();
  /** Bumped by every invalidation: a read that raced one is not kept. */
  let epoch = 0;

  return {
    async cards(seqs: readonly number[]): Promise<Map<number, CandidateRow>> {
      const out = new Map<number, CandidateRow>();
      const now = Date.now();
      const missing: number[] = [];
      for (const seq of seqs) {
        const hit = kept.get(seq);
        if (hit && now - hit.at < CARDS_TTL_MS) out.set(seq, hit.row);
        else missing.push(seq);
      }
      if (missing.length === 0) return out;
      const started = epoch;
      const rows = await repo.candidates(missing);
      if (started === epoch && kept.size + rows.length > CARDS_MAX) {
        let drop = Math.ceil(CARDS_MAX / 10);
        for (const key of kept.keys()) {
          if (drop-- === 0) break;
          kept.delete(key);
        }
      }
      for (const row of rows) {
        out.set(row.seq, row);
        if (started === epoch) kept.set(row.seq, { row, at: now });
      }
      return out;
    },

    forget(seq: number): void {
      epoch++;
      kept.delete(seq);
    },
  };
}

export type CardCache = ReturnType<typeof createCardCache>;
