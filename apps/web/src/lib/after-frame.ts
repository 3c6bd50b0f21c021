/**
 * Runs `fn` in a task of its own just after the next frame is out: work that can wait a frame
 * (a request, a render) then does not delay the frame that shows the user's action.
 */
export function afterNextFrame(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn));
}
