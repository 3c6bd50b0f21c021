import { createListeners } from '../../lib/listeners.ts';

/**
 * The Chat tab's local unread counter (spec/3 §4 "Unread badge"), driven by window events so
 * any part of the page can move it: up by one on a new unread message, down by one (not below
 * 0) per message marked read, back to 0 when the server's total was just fetched.
 */
export const unreadEvents = {
  arrived: 'new-message-sent',
  read: 'message-marked-read',
  refresh: 'force-notification-refresh',
} as const;

export type UnreadEventName = (typeof unreadEvents)[keyof typeof unreadEvents];

export function nextLocalUnread(count: number, event: UnreadEventName): number {
  switch (event) {
    case unreadEvents.arrived:
      return count + 1;
    case unreadEvents.read:
      return Math.max(0, count - 1);
    case unreadEvents.refresh:
      return 0;
  }
}

/** The badge shows the larger of the server's total and the local counter. */
export function chatBadgeCount(serverTotal: number | undefined, local: number): number {
  return Math.max(serverTotal ?? 0, local);
}

/** The counter, listening to the window's events from the first subscriber on. */
class LocalUnreadCounter {
  private count = 0;
  private readonly listeners = createListeners();
  private attached = false;

  getSnapshot = (): number => this.count;

  subscribe = (listener: () => void): (() => void) => {
    this.attach();
    return this.listeners.subscribe(listener);
  };

  private attach(): void {
    if (this.attached || typeof window === 'undefined') return;
    this.attached = true;
    for (const name of Object.values(unreadEvents)) {
      window.addEventListener(name, () => this.apply(name));
    }
  }

  private apply(event: UnreadEventName): void {
    const next = nextLocalUnread(this.count, event);
    if (next === this.count) return;
    this.count = next;
    this.listeners.emit();
  }
}

export const localUnreadCounter = new LocalUnreadCounter();

/** More than the badge can show (99+) changes nothing a user sees. */
const ANNOUNCE_MAX = 100;

/** Announces unread changes: `delta` messages arrived (> 0) or were read (< 0). */
export function announceUnread(delta: number): void {
  if (typeof window === 'undefined') return;
  const name = delta > 0 ? unreadEvents.arrived : unreadEvents.read;
  const times = Math.min(Math.abs(delta), ANNOUNCE_MAX);
  for (let i = 0; i < times; i++) window.dispatchEvent(new Event(name));
}

/** The server's total was just read: the local counter starts over. */
export function announceUnreadRefreshed(): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new Event(unreadEvents.refresh));
}
