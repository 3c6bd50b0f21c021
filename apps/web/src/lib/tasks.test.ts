import { describe, expect, it, vi } from 'vitest';
import { withTimeout } from './tasks.ts';

describe('withTimeout', () => {
  it('passes the result through', async () => {
    await expect(withTimeout(Promise.resolve(42), 100)).resolves.toBe(42);
  });

  it("rejects with 'Task timeout' when the task takes too long", async () => {
    vi.useFakeTimers();
    try {
      const pending = withTimeout(new Promise<never>(() => undefined), 5_000);
      const assertion = expect(pending).rejects.toThrow('Task timeout');
      await vi.advanceTimersByTimeAsync(5_000);
      await assertion;
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes the failure through', async () => {
    await expect(withTimeout(Promise.reject(new Error('boom')), 100)).rejects.toThrow('boom');
  });
});
