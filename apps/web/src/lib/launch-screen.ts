import { useLayoutEffect } from 'react';

/**
 * Takes `index.html`'s launch screen (`#launch`) away (issue 17). It is painted before any
 * script runs and stays until the app has something of its own to cover the page with: the
 * splash, a screen (`lazyScreen`) or an error screen. A layout effect, so it goes in the frame
 * where that first shows: no frame shows both, or neither.
 */
export function LaunchScreenGone(): null {
  useLayoutEffect(() => document.getElementById('launch')?.remove(), []);
  return null;
}
