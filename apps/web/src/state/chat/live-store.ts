import {
  TYPING_CHECK_MS,
  TYPING_TIMEOUT_MS,
  type Presence,
  type TypingSignal,
} from '@heartline/domain';
import { createListeners } from '../../lib/listeners.ts';

export type Typing = { userId: string; userName: string; until: number };

export type LiveSnapshot = {
  /** Who is typing in which chat, until when (spec/3 §4: 4 s after their last event). */
  typing: ReadonlyMap<string, Typing>;
  /** What is known of each watched person's presence. */
  presence: ReadonlyMap<string, Presence>;
};

/**
 * Typing and presence: live signals that are never stored. Typing entries expire on their
 * own, checked every 2 s; a message or typing event from someone counts as their activity.
 */
export class LiveStore {
  private snapshot: LiveSnapshot = { typing: new Map(), presence: new Map() };
  private readonly listeners = createListeners();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  getSnapshot = (): LiveSnapshot => this.snapshot;

  readonly subscribe = this.listeners.subscribe;

  typingSignal(signal: TypingSignal): void {
    const typing = new Map(this.snapshot.typing);
    if (signal.isTyping) {
      typing.set(signal.chatId, {
        userId: signal.userId,
        userName: signal.userName,
        until: this.now() + TYPING_TIMEOUT_MS,
      });
    } else if (typing.get(signal.chatId)?.userId === signal.userId) {
      typing.delete(signal.chatId);
    } else {
      return;
    }
    this.activity(signal.userId, { typing });
  }

  /** Their message arrived: they stopped typing, and they are active now. */
  messageFrom(chatId: string, userId: string): void {
    const typing = new Map(this.snapshot.typing);
    if (typing.get(chatId)?.userId === userId) typing.delete(chatId);
    this.activity(userId, { typing });
  }

  presence(presence: Presence): void {
    const next = new Map(this.snapshot.presence);
    next.set(presence.userId, presence);
    this.set({ presence: next });
  }

  presenceList(list: readonly Presence[]): void {
    if (list.length === 0) return;
    const next = new Map(this.snapshot.presence);
    for (const p of list) next.set(p.userId, p);
    this.set({ presence: next });
  }

  /** Drops typing entries whose time is up. */
  expire(): void {
    const now = this.now();
    const typing = new Map([...this.snapshot.typing].filter(([, t]) => t.until > now));
    if (typing.size !== this.snapshot.typing.size) this.set({ typing });
  }

  reset(): void {
    this.set({ typing: new Map(), presence: new Map() });
  }

  private activity(userId: string, change: Partial<LiveSnapshot>): void {
    const known = this.snapshot.presence.get(userId);
    const presence = new Map(this.snapshot.presence);
    presence.set(userId, { userId, connected: true, lastActiveAt: this.now() });
    // A person nobody watches stays unknown: their presence is not ours to show.
    this.set(known ? { ...change, presence } : change);
  }

  private set(change: Partial<LiveSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    this.schedule();
    this.listeners.emit();
  }

  private schedule(): void {
    const waiting = this.snapshot.typing.size > 0;
    if (waiting && !this.timer) {
      this.timer = setInterval(() => this.expire(), TYPING_CHECK_MS);
    } else if (!waiting && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}

export const liveStore = new LiveStore();
