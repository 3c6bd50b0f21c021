import { createReadCache } from '../../lib/read-cache.ts';
import type { CandidateRow, DiscoverRepository } from './discover.repository.ts';

/** Kept cards; the least recently used make room when full. */
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
  const kept = createReadCache<number, CandidateRow>({ max: CARDS_MAX, ttlMs: CARDS_TTL_MS });
  return {
    cards: (seqs: readonly number[]): Promise<Map<number, CandidateRow>> =>
      kept.readMany(seqs, async (missing) => {
        const rows = await repo.candidates(missing);
        return new Map(rows.map((row) => [row.seq, row]));
      }),

    forget(seq: number): void {
      kept.forget(seq);
    },
  };
}

export type CardCache = ReturnType<typeof createCardCache>;
