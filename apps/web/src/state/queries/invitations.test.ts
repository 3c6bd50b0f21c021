import { inviteMessages } from '@heartline/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { LOOKUP_TIMEOUT, lookupInvitation } from './invitations.ts';

afterEach(() => vi.unstubAllGlobals());

/** A fetch that answers only when its request is aborted (then with the abort). */
function hangingFetch() {
  return vi.fn(
    (_url: string, init: { signal: AbortSignal }) =>
      new Promise((_resolve, reject) => {
        init.signal.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      }),
  );
}

describe('the invitation lookup', () => {
  it("gives up after its time limit with the spec's timeout message", async () => {
    vi.stubGlobal('fetch', hangingFetch());
    const error = await lookupInvitation('q3Xk9_Zb0aLmN7pQr2StUv', undefined, 20).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(LOOKUP_TIMEOUT);
    expect((error as ApiError).message).toBe(inviteMessages.lookupTimeout);
  });

  it('passes a cancellation by the caller through as a cancellation, not a timeout', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    const controller = new AbortController();
    const pending = lookupInvitation('q3Xk9_Zb0aLmN7pQr2StUv', controller.signal, 10_000);
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
  });
});
