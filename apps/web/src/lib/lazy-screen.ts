import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

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
  const screen = lazy(async () => ({ default: await loadOnce() })) as LazyScreen;
  screen.preload = loadOnce;
  return screen;
}
