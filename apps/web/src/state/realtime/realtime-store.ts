import {
  initialRealtimeState,
  realtimeTransition,
  type RealtimeEvent,
  type RealtimeState,
} from './machine.ts';

type Listener = () => void;

/**
 * The connection state, apart from the socket client: screens that only show the state (the
 * splash, the offline banner) do not load the client or the event contract with it.
 */
class RealtimeStore {
  private state: RealtimeState = initialRealtimeState;
  private readonly listeners = new Set<Listener>();

  getSnapshot = (): RealtimeState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  dispatch(event: RealtimeEvent): void {
    const next = realtimeTransition(this.state, event);
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

export const realtimeStore = new RealtimeStore();
