import { useEffect, useSyncExternalStore } from 'react';
import { chatRuntime } from './chat-runtime.ts';
import { liveStore, type LiveSnapshot } from './live-store.ts';
import type { OutboxSnapshot } from './outbox.ts';

/** The messages waiting in the signed-in user's outbox. */
export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(chatRuntime.subscribe, chatRuntime.getSnapshot);
}

/** Who is typing where, and the presence of watched people. */
export function useLive(): LiveSnapshot {
  return useSyncExternalStore(liveStore.subscribe, liveStore.getSnapshot);
}

/** Hands the text of refused messages of this chat to `take` (spec/3 §4: back in the input). */
export function useReturnedText(chatId: string, take: (text: string) => void): void {
  const version = useSyncExternalStore(chatRuntime.subscribe, chatRuntime.getReturnedVersion);
  useEffect(() => {
    const text = chatRuntime.takeReturned(chatId);
    if (text !== null) take(text);
  }, [chatId, version, take]);
}
