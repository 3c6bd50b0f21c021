import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { afterNextFrame } from './after-frame.ts';

/**
 * Past this, from the first watch or wait, background work starts whether the screen is in or
 * not (an image that never settles, a screen that never mounts one).
 */
export const FIRST_SCREEN_CAP_MS = 10_000;

let isIn = false;
let waiting: { fn: () => void }[] = [];
let capTimer: ReturnType<typeof setTimeout> | undefined;
let watching = false;

function markIn() {
  if (isIn) return;
  isIn = true;
  clearTimeout(capTimer);
  const due = waiting;
  waiting = [];
  // Each in a task of its own: one that throws does not keep the others from running.
  for (const { fn } of due) setTimeout(fn);
}

function startCap() {
  capTimer ??= setTimeout(markIn, FIRST_SCREEN_CAP_MS);
}

/** Whether every image `root` shows at once has come (a lazy one may never load: not counted). */
function imagesIn(root: ParentNode | null): boolean {
  for (const img of root?.querySelectorAll('img') ?? []) {
    if (img.loading !== 'lazy' && !img.complete) return false;
  }
  return true;
}

/**
 * Watches for the first screen of a load being in (issue 17): shown (`covered` false: no splash
 * over it), no query fetching, and every image it shows loaded, checked after each frame from
 * when the screen mounts. Work that nothing on that screen shows (the service worker's install,
 * which fetches the whole app again, and prefetches for later) waits for it through
 * `afterFirstScreen`: on a slow phone's link its requests would otherwise share the link with
 * the screen's own answers and photos, and its work the main thread with the splash's last
 * steps. A later call does nothing.
 */
export function watchFirstScreen(
  queryClient: QueryClient,
  root: () => ParentNode | null,
  covered: () => boolean,
): void {
  if (watching || isIn) return;
  watching = true;
  startCap();
  const check = () => {
    if (isIn) return;
    // The root is looked up each time: a redirect on the way replaces the screen's.
    if (!covered() && queryClient.isFetching() === 0 && imagesIn(root())) markIn();
    else afterNextFrame(check);
  };
  afterNextFrame(check);
}

/**
 * Runs `fn` once the first screen is in (at once if it is, else in a task of its own); answers a
 * cancel, which does nothing once that task is queued.
 */
export function afterFirstScreen(fn: () => void): () => void {
  if (isIn) {
    fn();
    return () => undefined;
  }
  startCap();
  const entry = { fn };
  waiting.push(entry);
  return () => {
    waiting = waiting.filter((e) => e !== entry);
  };
}

/** Whether the first screen of the load is in; renders again when it comes. */
export function useFirstScreenIn(): boolean {
  const [inNow, setIn] = useState(isIn);
  useEffect(() => (inNow ? undefined : afterFirstScreen(() => setIn(true))), [inNow]);
  return inNow;
}
