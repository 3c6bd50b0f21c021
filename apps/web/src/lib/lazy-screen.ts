import { createElement, Fragment, lazy, type ComponentType } from 'react';
import { LaunchScreenGone } from './launch-screen.ts';

export type LazyScreen = ComponentType & {
  /** Starts (or joins) loading the screen's code; resolves when it is ready to render. */
  preload: () => Promise<unknown>;
};

/**
 * A screen whose code loads on demand (React.lazy for a named export), plus preload: main.tsx
 * starts the current screen's code before the first render and the splash waits for it.
 *
 * Once the code is in, the screen renders straight away instead of through React.lazy, which
 * suspends on its first render even when its code is already there: the Suspense boundary then
 * shows its fallback, and React holds the reveal of content that suspended back until 300 ms
 * after a fallback last showed (its FALLBACK_THROTTLE_MS). That hold cost every cold start and
 * every repeat visit up to 300 ms before the screen showed (issue 44).
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let Loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const loadOnce = () => {
    pending ??= load().then(
      (Screen) => (Loaded = Screen),
      // A failed chunk request must be retryable, so a rejection is not kept.
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(async () => ({ default: await loadOnce() }));
  // The launch screen stays over the page until there is a screen to show, rather than give
  // way to the loading spinner while the screen's code comes: it is the screen's sibling, so
  // it goes only when the screen itself renders.
  const Screen = () =>
    createElement(Fragment, null, createElement(LaunchScreenGone), createElement(Loaded ?? Lazy));
  return Object.assign(Screen, { preload: loadOnce });
}
