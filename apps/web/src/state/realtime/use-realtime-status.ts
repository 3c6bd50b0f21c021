import { useSyncExternalStore } from 'react';
import type { RealtimeState } from './machine.ts';
import { realtimeClient } from './socket-client.ts';

export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(realtimeClient.subscribe, realtimeClient.getSnapshot);
}

export function useRealtimeStatus() {
  return useRealtimeState().status;
}
