/**
 * Guards the automatic "Restarting..." reload after an app error against a reload loop:
 * at most `maxRestarts` automatic restarts within `windowMs`; after that the error screen
 * stays and the user decides.
 */
export const restartPolicy = { maxRestarts: 2, windowMs: 60_000 } as const;

export function parseRestarts(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
}

/** Restarts still inside the window. */
export function recentRestarts(
  restarts: number[],
  now: number,
  windowMs: number = restartPolicy.windowMs,
): number[] {
  return restarts.filter((t) => t <= now && now - t < windowMs);
}

export function mayAutoRestart(
  restarts: number[],
  now: number,
  policy: { maxRestarts: number; windowMs: number } = restartPolicy,
): boolean {
  return recentRestarts(restarts, now, policy.windowMs).length < policy.maxRestarts;
}

/** The list to store before reloading. */
export function withRestart(restarts: number[], now: number): number[] {
  return [...recentRestarts(restarts, now), now];
}

/** A lazily loaded screen whose chunk is gone (usually a deployment replaced it). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch dynamically/i.test(
    error.message,
  );
}
