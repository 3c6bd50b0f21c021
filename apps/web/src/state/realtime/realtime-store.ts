import { createListeners } from '../../lib/listeners.ts';
import {
  initialRealtimeState,
  realtimeTransition,
  type RealtimeEvent,
  type RealtimeState,
} from './machine.ts';

/**
 * The connection state, apart from the socket client: screens that only show the state (the
 * splash, the offline banner) do not load the client or the event contract with it.
 */
class RealtimeStore {
  private state: RealtimeState = initialRealtimeState;
  private readonly listeners = createListeners();

  getSnapshot = (): RealtimeState => this.state;

  readonly subscribe = this.listeners.subscribe;

  dispatch(event: RealtimeEvent): void {
    const next = realtimeTransition(this.state, event);
    if (next === this.state) return;
    this.state = next;
    this.listeners.emit();
  }
}

export const realtimeStore = new RealtimeStore();
