/**
 * The realtime connection as an explicit state machine. The socket client feeds it transport
 * events; screens read the state (useRealtimeStatus) to show "offline" honestly.
 *
 *   idle --start--> connecting --connected--> online
 *   connecting --failed--> offline --retrying--> connecting
 *   online --disconnected--> offline (socket.io reconnects with jittered backoff)
 *   any --stop--> idle
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'online' | 'offline';

export type RealtimeState = {
  status: RealtimeStatus;
  /** Reconnection attempts since the last successful connection. */
  attempt: number;
  /** The first connection attempt has succeeded or failed (the splash waits for this). */
  settled: boolean;
};

export type RealtimeEvent =
  | { type: 'start' }
  | { type: 'connected' }
  | { type: 'failed' }
  | { type: 'disconnected' }
  | { type: 'retrying'; attempt: number }
  | { type: 'stop' };

export const initialRealtimeState: RealtimeState = { status: 'idle', attempt: 0, settled: false };

export function realtimeTransition(state: RealtimeState, event: RealtimeEvent): RealtimeState {
  switch (event.type) {
    case 'start':
      return state.status === 'idle' ? { status: 'connecting', attempt: 0, settled: false } : state;
    case 'connected':
      return state.status === 'idle' ? state : { status: 'online', attempt: 0, settled: true };
    case 'failed':
    case 'disconnected':
      return state.status === 'idle' ? state : { ...state, status: 'offline', settled: true };
    case 'retrying':
      return state.status === 'offline' || state.status === 'connecting'
        ? { ...state, status: 'connecting', attempt: event.attempt }
        : state;
    case 'stop':
      return initialRealtimeState;
  }
}
