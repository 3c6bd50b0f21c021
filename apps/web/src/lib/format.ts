/** The first word of a display name, for greetings; null when there is no usable name. */
export function firstName(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

/** The calendar date in the browser's time zone as YYYY-MM-DD (for date inputs). */
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A whole number with thousands separators, as en-US writes it ("1,204"; "-3,000"). Written out
 * because the first `toLocaleString` of a page loads the locale data, which cost the Network
 * screen's first render about 16 ms of main thread (64 ms on a 4× slower phone; issue 17).
 */
export function formatCount(n: number): string {
  // Fractions (no caller has them) keep the library's rounding.
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
