import { useLayoutEffect } from 'react';

/** The element of `index.html` that holds the launch screen. */
export const launchScreenId = 'launch';

/**
 * Takes `index.html`'s launch screen away (issue 17). It is painted before any script runs and
 * stays until the app first covers the page itself: with the splash, a screen or an error
 * screen. Taken away in a layout effect of that first cover, before the browser paints, so no
 * frame shows both or neither.
 */
export function removeLaunchScreen(): void {
  document.getElementById(launchScreenId)?.remove();
}

/** Renders nothing; takes the launch screen away as it mounts. */
export function LaunchScreenGone(): null {
  useLayoutEffect(removeLaunchScreen, []);
  return null;
}
