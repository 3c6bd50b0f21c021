import { useSyncExternalStore } from 'react';
import type { RealtimeState } from './machine.ts';
import { realtimeStore } from './realtime-store.ts';

export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(realtimeStore.subscribe, realtimeStore.getSnapshot);
}

export function useRealtimeStatus() {
  return useRealtimeState().status;
}
