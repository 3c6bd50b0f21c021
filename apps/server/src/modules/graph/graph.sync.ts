import type { RedisClientType } from 'redis';
import type { GraphChange, GraphIndex, GraphSnapshot } from './graph.index.ts';
import type { GraphRepository } from './graph.repository.ts';
import { withDeadline } from '../../lib/redis.ts';

export type GraphSyncDeps = {
  index: GraphIndex;
  repo: GraphRepository;
  loadSnapshot: () => Promise<GraphSnapshot>;
  redis?: { pub: RedisClientType; sub: RedisClientType; prefix: string } | undefined;
  /** How often to look for changes a lost message would have announced. */
  pollMs?: number;
  onError?: (err: unknown) => void;
  /** A user's own facts changed or they left (every instance hears it): drop cached copies. */
  onUserChanged?: (seq: number) => void;
  /** Any change, once applied here (every instance hears every change). */
  onApplied?: (change: GraphChange) => void;
};

type Message = { origin: string; change: GraphChange };

/** How many applied changes remember which users they touched (for the writer). */
const REMEMBERED = 2048;

/**
 * Keeps this instance's index equal to the committed graph. PostgreSQL is the source of truth:
 * a writer commits the change and its outbox row, then calls `publish`, which applies it here
 * and announces it on the Redis channel `<prefix>:graph` so every other instance applies it
 * too. Changes are applied strictly in outbox order; a gap (a missed message) is filled from
 * the outbox, and an instance too far behind (the outbox was pruned past it) reloads the whole
 * snapshot.
 */
export class GraphSync {
  private chain: Promise<void> = Promise.resolve();
  private readonly touched = new Map<number, number[]>();
  private timer: NodeJS.Timeout | undefined;
  private readonly origin = Math.random().toString(36).slice(2);
  private readonly channel: string;
  private stopped = false;
  /** Rebuild timings, for the bench and the dev page. */
  lastLoadMs = 0;
  /** Messages from other instances, gaps filled from the outbox, full reloads. */
  readonly stats = { received: 0, gaps: 0, reloads: 0 };

  constructor(private readonly deps: GraphSyncDeps) {
    this.channel = `${deps.redis?.prefix ?? 'heartline'}:graph`;
  }

  async start(): Promise<void> {
    await this.rebuild();
    if (this.deps.redis) {
      await this.deps.redis.sub.subscribe(this.channel, (raw) => this.onMessage(raw));
    }
    const poll = this.deps.pollMs ?? 2000;
    this.timer = setInterval(() => void this.serial(() => this.catchUp()), poll);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    if (this.deps.redis) await this.deps.redis.sub.unsubscribe(this.channel).catch(() => undefined);
    await this.chain;
  }

  /** Reloads the whole index from the database. */
  rebuild(): Promise<void> {
    return this.serial(async () => {
      const started = performance.now();
      const snapshot = await this.deps.loadSnapshot();
      this.deps.index.load(snapshot);
      this.touched.clear();
      this.lastLoadMs = performance.now() - started;
      // Changes committed after the snapshot was taken are applied from the outbox.
      await this.catchUp();
    });
  }

  /**
   * Called by the writer after commit: applies the change here (and any before it), announces
   * it, and returns the users whose friend or 2nd-degree counts changed.
   */
  async publish(change: GraphChange): Promise<number[]> {
    await this.serial(async () => {
      if (change.id > this.deps.index.version) await this.catchUp(change.id);
    });
    if (this.deps.redis) {
      const message: Message = { origin: this.origin, change };
      await withDeadline(this.deps.redis.pub.publish(this.channel, JSON.stringify(message))).catch(
        (err: unknown) => {
          // Other instances will still find the change through their poll of the outbox.
          this.deps.onError?.(err);
        },
      );
    }
    return this.touched.get(change.id) ?? [];
  }

  /** Makes sure everything committed up to now is applied (tests, trust recalculation). */
  sync(): Promise<void> {
    return this.serial(() => this.catchUp());
  }

  private onMessage(raw: string): void {
    let message: Message;
    try {
      message = JSON.parse(raw) as Message;
    } catch {
      return;
    }
    if (message.origin === this.origin || typeof message.change?.id !== 'number') return;
    const id = message.change.id;
    this.stats.received++;
    void this.serial(async () => {
      if (id <= this.deps.index.version) return;
      if (id === this.deps.index.version + 1) {
        await this.apply(message.change);
      } else {
        this.stats.gaps++;
        await this.catchUp(id);
      }
    });
  }

  private serial(work: () => Promise<void>): Promise<void> {
    const next = this.chain.then(() => (this.stopped ? undefined : work()));
    this.chain = next.catch((err: unknown) => this.deps.onError?.(err));
    return next;
  }

  /** Applies every outbox row after the current version (up to `until` when given). */
  private async catchUp(until = Infinity): Promise<void> {
    const index = this.deps.index;
    for (;;) {
      const batch = await this.deps.repo.changesAfter(index.version);
      if (batch.length === 0) return;
      if (batch[0]!.id > index.version + 1) {
        // Either rolled-back writers left a hole (harmless) or the outbox was pruned past us.
        const { min } = await this.deps.repo.changeBounds();
        if (min > index.version + 1 && index.version > 0) {
          const snapshot = await this.deps.loadSnapshot();
          index.load(snapshot);
          this.touched.clear();
          this.stats.reloads++;
          continue;
        }
      }
      for (const change of batch) await this.apply(change);
      if (index.version >= until) return;
    }
  }

  /**
   * A suspension or ban began or ended (issue 47): the person's friendships leave the index, or
   * come back from the database (but those with someone still restricted). Whose counts moved.
   */
  private async restrictionChanged(seq: number, was: boolean): Promise<number[]> {
    const index = this.deps.index;
    const now = index.isRestricted(seq);
    if (was === now) return [];
    if (now) return index.applyRestricted(seq);
    const changed = new Set<number>();
    for (const friend of await this.deps.repo.friendSeqs(seq)) {
      if (index.isRestricted(friend)) continue;
      for (const x of index.applyEdge(seq, friend, true)) changed.add(x);
    }
    return [...changed];
  }

  private async apply(change: GraphChange): Promise<void> {
    const index = this.deps.index;
    // New users arrive with their first change; a 'user' change means their facts changed.
    const seqs =
      change.kind === 'delete' || change.kind === 'user' ? [change.a] : [change.a, change.b];
    const reload = change.kind === 'user' ? seqs : seqs.filter((s) => !index.knows(s));
    const wasRestricted = index.isRestricted(change.a);
    if (reload.length > 0 && change.kind !== 'delete') {
      for (const facts of await this.deps.repo.factsBySeq(reload)) index.setFacts(facts);
    }
    let changed: number[] = [];
    switch (change.kind) {
      case 'add':
        // A friendship with a restricted person waits in the database for the restriction's end.
        if (index.isRestricted(change.a) || index.isRestricted(change.b)) break;
        changed = index.applyEdge(change.a, change.b, true);
        break;
      case 'remove':
        changed = index.applyEdge(change.a, change.b, false);
        break;
      case 'block':
      case 'unblock':
        changed = index.applyBlock(change.a, change.b, change.kind === 'block');
        break;
      case 'delete':
        changed = index.applyDelete(change.a);
        this.deps.onUserChanged?.(change.a);
        break;
      case 'user':
        changed = await this.restrictionChanged(change.a, wasRestricted);
        this.deps.onUserChanged?.(change.a);
        break;
    }
    index.version = change.id;
    this.touched.set(change.id, changed);
    this.deps.onApplied?.(change);
    if (this.touched.size > REMEMBERED) {
      this.touched.delete(this.touched.keys().next().value!);
    }
  }
}
