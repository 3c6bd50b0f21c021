import { LRUCache } from 'lru-cache';

/** What lru-cache holds: any value but null and undefined. */
type Present = NonNullable<unknown>;

type Load<K, V> = (key: K) => Promise<V | undefined>;

export type ReadCacheOptions<K, V> = {
  /** Entries kept; the least recently used goes first. */
  max: number;
  /** How long an entry is used without asking again; none: until forgotten or pushed out. */
  ttlMs?: number;
  /** Reads one key (undefined: nothing there, and nothing is kept); or given to each `read`. */
  load?: Load<K, V>;
};

/** A readMany in flight: the keys changed while it was read (`all`: everything was dropped). */
type Batch<K> = { raced: Set<K>; all: boolean };

/** Loads tried through the cache before a read that keeps being raced goes around it. */
const ATTEMPTS = 2;

/**
 * A per-instance cache in front of database reads (lru-cache). Concurrent reads of one key
 * share one load. A load raced by `forget` (the value changed while it was being read) is
 * neither kept nor returned: the key is read again, so a stale value never outlives the
 * change that dropped it.
 */
export function createReadCache<K extends Present, V extends Present>(
  opts: ReadCacheOptions<K, V>,
) {
  /** The abort reasons of loads that a forget, a replacement or an eviction overtook. */
  const raced = new WeakSet<object>();
  const cache = new LRUCache<K, V, Load<K, V>>({
    max: opts.max,
    ...(opts.ttlMs === undefined ? {} : { ttl: opts.ttlMs }),
    // The server's one clock (tests move it), read on every check rather than once a tick.
    perf: { now: () => Date.now() },
    ttlResolution: 0,
    fetchMethod: (key, _stale, { signal, context }) => {
      // Registered before lru-cache's own listener, which rejects the fetch with this reason.
      signal.addEventListener('abort', () => raced.add(signal.reason as object), { once: true });
      return context(key);
    },
  });

  /** The readMany batches in flight: what a forget or keep overtook while each was read. */
  const batches = new Set<Batch<K>>();
  const overtake = (key?: K) => {
    for (const batch of batches) {
      if (key === undefined) batch.all = true;
      else batch.raced.add(key);
    }
  };

  /** `load` reads the key the first time; `again` after a forget overtook that read. */
  async function read(
    key: K,
    load: Load<K, V> | undefined = opts.load,
    again: Load<K, V> | undefined = load,
  ): Promise<V | undefined> {
    if (!load || !again) throw new Error('createReadCache: no load for this read');
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        return await cache.fetch(key, { context: attempt === 0 ? load : again });
      } catch (err) {
        if (!raced.has(err as object)) throw err;
      }
    }
    return again(key);
  }

  return {
    read,

    /** The kept value, without reading. */
    peek: (key: K): V | undefined => cache.get(key),

    /**
     * Several keys: the ones not kept are read by one `loadMany` (absent keys: left out), and
     * kept unless a forget or keep of the key overtook the read.
     */
    async readMany(
      keys: readonly K[],
      loadMany: (keys: readonly K[]) => Promise<Map<K, V>>,
    ): Promise<Map<K, V>> {
      const out = new Map<K, V>();
      const missing: K[] = [];
      for (const key of keys) {
        const hit = cache.get(key);
        if (hit === undefined) missing.push(key);
        else out.set(key, hit);
      }
      if (missing.length === 0) return out;
      // One read for all of them, around lru-cache's per-key fetch (a page asks for dozens).
      const batch: Batch<K> = { raced: new Set(), all: false };
      batches.add(batch);
      let loaded: Map<K, V>;
      try {
        loaded = await loadMany(missing);
      } finally {
        batches.delete(batch);
      }
      // A batch's answer is as old as the batch: a key it raced is read again on its own.
      const again: K[] = [];
      for (const key of missing) {
        if (batch.all || batch.raced.has(key)) {
          again.push(key);
          continue;
        }
        const value = loaded.get(key);
        if (value === undefined) continue;
        cache.set(key, value);
        out.set(key, value);
      }
      const alone: Load<K, V> = async (key) => (await loadMany([key])).get(key);
      const values = await Promise.all(again.map((key) => read(key, alone, alone)));
      again.forEach((key, i) => {
        const value = values[i];
        if (value !== undefined) out.set(key, value);
      });
      return out;
    },

    /** A value read elsewhere (it replaces the kept one; a load in flight is dropped). */
    keep(key: K, value: V): void {
      overtake(key);
      cache.set(key, value);
    },

    forget(key: K): void {
      overtake(key);
      cache.delete(key);
    },

    forgetAll(): void {
      overtake();
      cache.clear();
    },

    get size(): number {
      return cache.size;
    },
  };
}

export type ReadCache<K extends Present, V extends Present> = ReturnType<
  typeof createReadCache<K, V>
>;
