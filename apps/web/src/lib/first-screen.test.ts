import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// The module is imported afresh for each test, as a new page load finds it.
import type * as FirstScreen from './first-screen.ts';

type FakeImage = { loading: string; complete: boolean };

/** A screen's root holding `images`, as far as the watch reads it. */
const rootWith = (images: FakeImage[]) => () =>
  ({ querySelectorAll: () => images }) as unknown as ParentNode;

/** A query whose answer comes when the returned function is called. */
function pendingQuery(client: QueryClient, key: string): () => void {
  let answer!: () => void;
  client
    .fetchQuery({
      queryKey: [key],
      queryFn: () => new Promise<string>((resolve) => (answer = () => resolve('answer'))),
    })
    // Cancelled when a test clears the client with the query still waiting.
    .catch(() => undefined);
  return () => answer();
}

describe('the first screen being in', () => {
  let client: QueryClient;
  let afterFirstScreen: typeof FirstScreen.afterFirstScreen;
  let watchFirstScreen: typeof FirstScreen.watchFirstScreen;
  let FIRST_SCREEN_CAP_MS: number;
  beforeEach(async () => {
    vi.useFakeTimers();
    // No frames in these tests: afterNextFrame then runs on its hidden-tab timer (100 ms).
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    vi.resetModules();
    ({ afterFirstScreen, watchFirstScreen, FIRST_SCREEN_CAP_MS } =
      await import('./first-screen.ts'));
    client = new QueryClient();
  });
  afterEach(() => {
    client.clear();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('holds work until the screen has its answers and its images, then runs it once', async () => {
    const answer = pendingQuery(client, 'screen');
    const photo = { loading: 'eager', complete: false };
    const work = vi.fn();
    afterFirstScreen(work);
    watchFirstScreen(client, rootWith([photo]), () => false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work).not.toHaveBeenCalled();

    answer();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work).not.toHaveBeenCalled();

    photo.complete = true;
    await vi.advanceTimersByTimeAsync(200);
    expect(work).toHaveBeenCalledTimes(1);
    // Once in, later work runs at once.
    const later = vi.fn();
    afterFirstScreen(later);
    expect(later).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_CAP_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('holds work while the splash covers a screen that has everything', async () => {
    let covered = true;
    const work = vi.fn();
    afterFirstScreen(work);
    watchFirstScreen(client, rootWith([{ loading: 'eager', complete: true }]), () => covered);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work).not.toHaveBeenCalled();

    covered = false;
    await vi.advanceTimersByTimeAsync(200);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('does not wait for a lazy image, which may never load', async () => {
    const work = vi.fn();
    afterFirstScreen(work);
    watchFirstScreen(client, rootWith([{ loading: 'lazy', complete: false }]), () => false);
    await vi.advanceTimersByTimeAsync(200);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs the work anyway once the cap has passed', async () => {
    pendingQuery(client, 'never');
    const work = vi.fn();
    afterFirstScreen(work);
    watchFirstScreen(client, rootWith([]), () => false);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_CAP_MS - 200);
    expect(work).not.toHaveBeenCalled();
    // At the cap, and in a task of its own just after.
    await vi.advanceTimersByTimeAsync(201);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs the work at the cap when no screen is ever watched, and not once cancelled', async () => {
    const work = vi.fn();
    const cancelled = vi.fn();
    afterFirstScreen(work);
    afterFirstScreen(cancelled)();
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_CAP_MS + 1);
    expect(work).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
