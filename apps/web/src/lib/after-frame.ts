import { useEffect, useState } from 'react';

/** A hidden tab draws no frames: past this, the work runs anyway. */
const NO_FRAME_MS = 100;

/**
 * Runs `fn` in a task of its own just after the next frame is out: work that can wait a frame
 * (a request, a render) then does not delay the frame that shows the user's action. In a hidden
 * tab, which draws no frames, it runs after `NO_FRAME_MS`.
 */
export function afterNextFrame(fn: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    setTimeout(fn);
  };
  const frame = requestAnimationFrame(run);
  const timer = setTimeout(run, NO_FRAME_MS);
}

/**
 * `value`, a frame or two late: a render that takes a new value shows `initial` (first) or the
 * value it had before; the effect that follows (Preact runs it after the frame) asks for a render
 * in a task of its own after the next frame, which shows the new one.
 * Preact renders a whole update at once (React's `useDeferredValue` would let it render in
 * slices), so this is how a big render is split in two tasks: what must show now, and the rest.
 */
export function useValueAfterFrame<T>(value: T, initial: T): T {
  const [shown, setShown] = useState<{ value: T }>(() => ({ value: initial }));
  useEffect(() => {
    if (Object.is(shown.value, value)) return;
    let live = true;
    afterNextFrame(() => live && setShown({ value }));
    return () => {
      live = false;
    };
  }, [value, shown]);
  return shown.value;
}
