import type { MessageView, SendAck } from '@heartline/domain';
import { createListeners } from '../../lib/listeners.ts';

/** A message written on this device and not yet stored by the server. */
export type OutboxEntry = {
  /** The device's id for the message: a resend with it is stored once (docs/API-chat.md). */
  clientId: string;
  /** Whose message: a device keeps one outbox per person, and only theirs is ever sent. */
  userId: string;
  chatId: string;
  content: string;
  /** ISO time of writing (shown beside the message while it is sending). */
  createdAt: string;
  /** Sends go out in this order, also after a reload. */
  order: number;
};

/** Where entries live between reloads: IndexedDB in the browser, a Map in tests. */
export type OutboxStore = {
  /** One person's entries, in any order. */
  list: (userId: string) => Promise<OutboxEntry[]>;
  put: (entry: OutboxEntry) => Promise<void>;
  delete: (clientId: string) => Promise<void>;
  /** Drops everyone else's entries (another person signed in on this device). */
  deleteOthers: (userId: string) => Promise<void>;
};

export type OutboxDeps = {
  userId: string;
  store: OutboxStore;
  /** One send over the socket; offline and timeouts answer `final: false`. */
  send: (entry: OutboxEntry) => Promise<SendAck>;
  isConnected: () => boolean;
  /** The server stored it: the stored message replaces the entry. */
  onStored: (entry: OutboxEntry, message: MessageView) => void;
  /** It will never be stored (spec/3 §4: removed, its text back in the input). */
  onDropped: (entry: OutboxEntry, reason: { error: string; message: string }) => void;
  newId?: () => string;
  now?: () => number;
  /** Timers, replaceable in tests. */
  schedule?: (run: () => void, ms: number) => () => void;
};

/** Waits before sending again after a refusal that may pass (rate limit, server busy). */
export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 30_000;

export type OutboxSnapshot = {
  /** The entries waiting, in sending order. */
  entries: readonly OutboxEntry[];
  /** The client id being sent right now, if any. */
  sending: string | null;
};

/**
 * The durable outbox (DESIGN §5 "nothing lost"). Every message is written here first, shown at
 * once as sending, and sent over the socket one after another in the order written. A send
 * that may pass later (offline, timeout, rate limit) keeps the message and its client id and
 * tries again when the socket is back or after a growing pause; a final refusal drops it.
 * Entries are kept per person in a store that survives reloads.
 */
export class Outbox {
  private entries: OutboxEntry[] = [];
  private snapshot: OutboxSnapshot = { entries: [], sending: null };
  private readonly listeners = createListeners();
  private flushing = false;
  private again = false;
  private stopped = false;
  private inFlight: string | null = null;
  private retries = 0;
  private cancelRetry: (() => void) | null = null;
  private lastOrder = 0;
  private readonly newId: () => string;
  private readonly now: () => number;
  private readonly schedule: (run: () => void, ms: number) => () => void;

  constructor(private readonly deps: OutboxDeps) {
    this.newId = deps.newId ?? (() => crypto.randomUUID());
    this.now = deps.now ?? Date.now;
    this.schedule =
      deps.schedule ??
      ((run, ms) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      });
  }

  /** A new object after every change (for useSyncExternalStore). */
  getSnapshot = (): OutboxSnapshot => this.snapshot;

  readonly subscribe = this.listeners.subscribe;

  /** Reads what an earlier page left unsent (this person's only), then sends it. */
  async load(): Promise<void> {
    await this.deps.store.deleteOthers(this.deps.userId);
    const stored = await this.deps.store.list(this.deps.userId);
    if (this.stopped) return;
    const known = new Set(this.entries.map((e) => e.clientId));
    const restored = stored.filter((e) => e.userId === this.deps.userId && !known.has(e.clientId));
    if (restored.length > 0) this.set([...this.entries, ...restored]);
    await this.flush();
  }

  /** Writes a new message: shown at once, stored for reloads, then sent. */
  async enqueue(chatId: string, content: string): Promise<OutboxEntry> {
    const now = this.now();
    this.lastOrder = Math.max(now, this.lastOrder + 1, ...this.entries.map((e) => e.order + 1));
    const entry: OutboxEntry = {
      clientId: this.newId(),
      userId: this.deps.userId,
      chatId,
      content,
      createdAt: new Date(now).toISOString(),
      order: this.lastOrder,
    };
    this.set([...this.entries, entry]);
    try {
      await this.deps.store.put(entry);
    } catch {
      // Storage refused (private mode, quota): it is still sent from memory.
    }
    void this.flush();
    return entry;
  }

  /**
   * The server's copy arrived by another way (the socket event, another device of mine): the
   * entry is done, and must not be sent again.
   */
  settle(message: MessageView): void {
    const entry = this.entries.find((e) => e.clientId === message.clientId);
    if (!entry) return;
    void this.finish(entry);
  }

  /** The socket is (back) online: send what waits, without the pause of a failed try. */
  connected(): void {
    this.retries = 0;
    this.cancelRetry?.();
    this.cancelRetry = null;
    void this.flush();
  }

  /**
   * Stops sending. A send already under way still records its answer, so a stored message
   * is not left in the store to be sent again.
   */
  stop(): void {
    this.stopped = true;
    this.cancelRetry?.();
    this.cancelRetry = null;
  }

  async flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return;
    }
    this.flushing = true;
    try {
      do {
        this.again = false;
        await this.sendAll();
      } while (this.again && !this.stopped);
    } finally {
      this.flushing = false;
    }
  }

  private async sendAll(): Promise<void> {
    while (!this.stopped && !this.cancelRetry && this.deps.isConnected()) {
      const entry = this.entries[0];
      if (!entry) return;
      this.inFlight = entry.clientId;
      this.emit();
      let ack: SendAck;
      try {
        ack = await this.deps.send(entry);
      } catch {
        ack = { ok: false, error: 'UNAVAILABLE', message: '', final: false };
      } finally {
        this.inFlight = null;
        this.emit();
      }
      if (ack.ok) {
        this.retries = 0;
        await this.finish(entry);
        this.deps.onStored(entry, ack.message);
      } else if (ack.final) {
        await this.finish(entry);
        this.deps.onDropped(entry, { error: ack.error, message: ack.message });
      } else if (this.entries.includes(entry)) {
        // Later messages wait behind this one: the order written is the order stored.
        this.retryLater();
        return;
      }
    }
  }

  private retryLater(): void {
    if (this.stopped || this.cancelRetry) return;
    const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** this.retries);
    this.retries += 1;
    this.cancelRetry = this.schedule(() => {
      this.cancelRetry = null;
      void this.flush();
    }, delay);
  }

  private async finish(entry: OutboxEntry): Promise<void> {
    if (this.entries.some((e) => e.clientId === entry.clientId)) {
      this.set(this.entries.filter((e) => e.clientId !== entry.clientId));
    }
    try {
      await this.deps.store.delete(entry.clientId);
    } catch {
      // A leftover is harmless: a resend with its client id answers the stored message.
    }
  }

  private set(entries: OutboxEntry[]): void {
    this.entries = [...entries].sort((a, b) => a.order - b.order);
    this.emit();
  }

  private emit(): void {
    this.snapshot = { entries: this.entries, sending: this.inFlight };
    this.listeners.emit();
  }
}
