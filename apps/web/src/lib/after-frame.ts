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
