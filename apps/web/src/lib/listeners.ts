/**
 * The listeners of one store. `subscribe` and `emit` are arrow functions of the closure, so a
 * store can hand `subscribe` out as is (useSyncExternalStore needs the same function each time).
 */
export function createListeners<Args extends unknown[] = []>() {
  const listeners = new Set<(...args: Args) => void>();
  return {
    subscribe: (listener: (...args: Args) => void): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit: (...args: Args): void => {
      for (const listener of listeners) listener(...args);
    },
  };
}
