/** Timings and caps from spec/1 §9 that a user can notice. */
export const timing = {
  pageFadeMs: 200,
  toastDurationMs: 3000,
  toastsVisible: 3,
  restartReloadMs: 2000,
  intendedUrlFallbackMs: 3000,
  intendedUrlDelayMs: 100,
  onboardingCompleteRedirectMs: 2000,
  photoStepAdvanceMs: 1500,
} as const;

export const badgeCaps = { requests: 9, unread: 99 } as const;

/** Formats a badge count: nothing at zero, '9+' / '99+' above the cap. */
export function formatBadge(count: number, cap: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > cap ? `${cap}+` : String(Math.floor(count));
}
