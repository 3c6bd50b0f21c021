import { useDeferredValue } from 'react';

/** More rows than a phone's first screen holds (a list row is at least 64 px of 844). */
export const FIRST_SCREEN_ROWS = 12;

const NONE: readonly never[] = [];

/**
 * The rows to render in this pass: everything once the background render has caught up;
 * before that, the rows already on screen, or at least the first screenful. Rows are never
 * taken away: a list that shrank shows all of what is left at once.
 */
export function rowsForThisPass<T>(
  rows: readonly T[],
  caughtUp: readonly T[],
  first: number = FIRST_SCREEN_ROWS,
): readonly T[] {
  if (caughtUp === rows) return rows;
  return rows.slice(0, Math.max(first, caughtUp.length));
}

/**
 * A long list in two renders: when rows arrive, the first screenful renders at once and the
 * rest in a background render React can interrupt, so a page of rows does not hold the main
 * thread in one long task (issue 17: Network's 20 rows were one 130 ms task at 4× CPU).
 * `rows` must keep its identity while unchanged (useMemo), or every render starts another pass.
 */
export function useRowsInTwoPasses<T>(rows: readonly T[]): readonly T[] {
  return rowsForThisPass(rows, useDeferredValue<readonly T[]>(rows, NONE));
}
