import { createElement, Fragment, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { LaunchScreenGone } from './launch-screen.ts';

export type LazyScreen = LazyExoticComponent<ComponentType> & {
  /** Starts (or joins) loading the screen's code; resolves when it is ready to render. */
  preload: () => Promise<unknown>;
};

/** React.lazy for a named export, plus preload (the splash waits for the current screen's code). */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let pending: Promise<ComponentType> | undefined;
  const loadOnce = () => {
    // A failed chunk request must be retryable, so a rejection is not cached.
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  const screen = lazy(async () => {
    const Screen = await loadOnce();
    // The launch screen stays over the page until there is a screen to show, rather than give
    // way to the loading spinner while the screen's code comes.
    const Shown: ComponentType = () =>
      createElement(Fragment, null, createElement(LaunchScreenGone), createElement(Screen));
    return { default: Shown };
  }) as LazyScreen;
  screen.preload = loadOnce;
  return screen;
}
