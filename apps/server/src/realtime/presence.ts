import type { RedisClientType } from 'redis';
import { withDeadline } from '../lib/redis.ts';
import { ONLINE_FRESH_MS, type Presence } from '@heartline/domain';

/** The room of the sockets that show someone's presence (they asked with `presence.watch`). */
export const presenceRoom = (userId: string) => `presence:${userId}`;

/**
 * A socket pings every 25 s (background tabs about once a minute); seen within this long, the
 * person counts as connected.
 */
export const CONNECTED_WINDOW_MS = 70_000;
/** A person's presence is forgotten after a week without being seen. */
const KEEP_SECONDS = 7 * 24 * 60 * 60;

type Stamp = { seenAt: number; activeAt: number };

/** Where presence stamps live: this process, or Redis for every instance (DESIGN.md §1). */
export interface PresenceStore {
  /** Writes the stamps and answers what was stored before. */
  swap(userId: string, next: Stamp): Promise<Stamp | undefined>;
  read(userIds: readonly string[]): Promise<Map<string, Stamp>>;
}

export function memoryPresenceStore(): PresenceStore {
  const stamps = new Map<string, Stamp>();
  return {
    swap(userId, next) {
      const before = stamps.get(userId);
      stamps.set(userId, next);
      return Promise.resolve(before);
    },
    read(userIds) {
      const out = new Map<string, Stamp>();
      for (const id of userIds) {
        const stamp = stamps.get(id);
        if (stamp) out.set(id, stamp);
      }
      return Promise.resolve(out);
    },
  };
}

export function redisPresenceStore(redis: RedisClientType, prefix: string): PresenceStore {
  const key = (userId: string) => `${prefix}:presence:${userId}`;
  const parse = (raw: string | null | undefined): Stamp | undefined => {
    if (!raw) return undefined;
    const [seen, active] = raw.split(':').map(Number);
    return Number.isFinite(seen) && Number.isFinite(active)
      ? { seenAt: seen!, activeAt: active! }
      : undefined;
  };
  // With Redis down, presence reads as unknown (offline) and stamps are not kept: nothing else
  // waits for it or fails with it (issue 45).
  return {
    async swap(userId, next) {
      const before = await withDeadline(
        redis.set(key(userId), `${next.seenAt}:${next.activeAt}`, { EX: KEEP_SECONDS, GET: true }),
      ).catch(() => null);
      return parse(before);
    },
    async read(userIds) {
      const out = new Map<string, Stamp>();
      if (userIds.length === 0) return out;
      const values = await withDeadline(redis.mGet(userIds.map(key))).catch(() => []);
      userIds.forEach((id, i) => {
        const stamp = parse(values[i]);
        if (stamp) out.set(id, stamp);
      });
      return out;
    },
  };
}

export function toPresence(userId: string, stamp: Stamp | undefined, now: number): Presence {
  if (!stamp) return { userId, connected: false, lastActiveAt: null };
  return {
    userId,
    connected: now - stamp.seenAt < CONNECTED_WINDOW_MS,
    lastActiveAt: stamp.activeAt || null,
  };
}

/**
 * Keeps presence stamps and says when a change is worth telling the watchers: someone came
 * online (connected after being away from every device), became active again after a minute
 * or more, or left. Steady pings change nothing anyone sees, so they are not broadcast.
 */
export function createPresence(
  store: PresenceStore,
  now: () => number = Date.now,
  /** Whether the person hides their online status (spec/3 §2): never told, read as offline. */
  hidden: (userId: string) => Promise<boolean> = () => Promise.resolve(false),
) {
  /**
   * What this instance last wrote per person: a busy sender stamps once per few seconds, not
   * once per message (two store round trips each). Bounded by the people active on it.
   */
  const recent = new Map<string, { at: number; active: boolean }>();
  const RESTAMP_MS = 5_000;

  async function stamp(
    userId: string,
    change: { active: boolean; connected: boolean },
  ): Promise<Presence | null> {
    const t = now();
    const last = recent.get(userId);
    if (change.connected && last && t - last.at < RESTAMP_MS && (last.active || !change.active)) {
      return null;
    }
    if (change.connected) recent.set(userId, { at: t, active: change.active });
    else recent.delete(userId);
    if (recent.size > 100_000) recent.clear();
    const before = (await store.read([userId])).get(userId);
    const next: Stamp = {
      seenAt: change.connected ? t : 0,
      activeAt: change.active ? t : (before?.activeAt ?? 0),
    };
    const previous = await store.swap(userId, next);
    const was = toPresence(userId, previous, t);
    const is = toPresence(userId, next, t);
    const wasFresh = was.lastActiveAt !== null && t - was.lastActiveAt < ONLINE_FRESH_MS;
    const isFresh = is.lastActiveAt !== null && t - is.lastActiveAt < ONLINE_FRESH_MS;
    const changed = was.connected !== is.connected || (isFresh && !wasFresh);
    return changed && !(await hidden(userId)) ? is : null;
  }

  return {
    /** A socket of theirs is open (`active`: and in use: a message, typing, the app on screen). */
    seen: (userId: string, active: boolean) => stamp(userId, { active, connected: true }),
    /** Their last socket on this instance closed. */
    left: (userId: string) => stamp(userId, { active: false, connected: false }),
    async read(userIds: readonly string[]): Promise<Presence[]> {
      const [stamps, hides] = await Promise.all([
        store.read(userIds),
        Promise.all(userIds.map(hidden)),
      ]);
      const t = now();
      return userIds.map((id, i) => toPresence(id, hides[i] ? undefined : stamps.get(id), t));
    },
  };
}

export type PresenceTracker = ReturnType<typeof createPresence>;
