/**
 * `ids` with the one at `from` moved to `to` (both 0-based), the others keeping their order:
 * what a drop, a "Move earlier/later" or "Make main" (to 0) sends as the new order. An index
 * out of range, or `from === to`, gives the same order back.
 */
export function movePhoto<T>(ids: readonly T[], from: number, to: number): T[] {
  const next = [...ids];
  if (from === to || !(from in next) || !(to in next)) return next;
  const [moved] = next.splice(from, 1) as [T];
  next.splice(to, 0, moved);
  return next;
}
