export const AGE_MIN = 18;
export const AGE_MAX = 100;

/**
 * Whole years between an ISO date (YYYY-MM-DD) and `today`, with month/day adjustment. The
 * rules (at least 18, at most 100) judge this exact figure; `ageOn` is the one shown.
 */
export function exactAgeOn(dob: string, today: Date = new Date()): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const birth = new Date(Date.UTC(y, mo - 1, d));
  if (birth.getUTCFullYear() !== y || birth.getUTCMonth() !== mo - 1 || birth.getUTCDate() !== d) {
    return null;
  }
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() < mo - 1 || (today.getUTCMonth() === mo - 1 && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * The age shown for a birthdate (spec/1 §5: a computed age is clamped to 18..100), so a
 * birthdate stored before the rules, or one that aged past 100, never shows as 17 or 104.
 */
export function ageOn(dob: string, today: Date = new Date()): number | null {
  const age = exactAgeOn(dob, today);
  return age === null ? null : Math.min(AGE_MAX, Math.max(AGE_MIN, age));
}

/** ISO date `years` before `today` (used for the picker bounds and the default shown). */
export function yearsAgo(years: number, today: Date = new Date()): string {
  const d = new Date(
    Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()),
  );
  return d.toISOString().slice(0, 10);
}
