/** Rejects with 'Task timeout' when `promise` does not settle within `ms` (spec/1 §8). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Task timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export const HIGH_PRIORITY_TIMEOUT_MS = 15_000;

/**
 * Runs `fn` once the main thread is idle (at the latest after `timeoutMs`), for start-up work
 * nothing on screen waits for; answers a cancel.
 */
export function whenIdle(fn: () => void, timeoutMs = 2_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 1);
  return () => clearTimeout(id);
}
