import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache.ts';

/** A promise with its resolve handle, to hold a load open while something races it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A store whose reads can be held open and are counted. */
function store(initial: Record<string, string>) {
  const values = new Map(Object.entries(initial));
  const loads: string[] = [];
  let gate: Promise<void> | undefined;
  return {
    values,
    loads,
    hold(until: Promise<void>) {
      gate = until;
    },
    async load(key: string): Promise<string | undefined> {
      loads.push(key);
      // The value as it was when the read started: a race with a change shows.
      const value = values.get(key);
      if (gate) await gate;
      return value;
    },
  };
}

describe('createReadCache', () => {
  it('reads a key once and answers from memory after that', async () => {
    const db = store({ a: 'A' });
    const cache = createReadCache({ max: 10, load: (k: string) => db.load(k) });
    expect(await cache.read('a')).toBe('A');
    expect(await cache.read('a')).toBe('A');
    expect(db.loads).toEqual(['a']);
  });

  it('shares one load between concurrent reads of a key', async () => {
    const db = store({ a: 'A' });
    const open = deferred<void>();
    db.hold(open.promise);
    const cache = createReadCache({ max: 10, load: (k: string) => db.load(k) });
    const reads = [cache.read('a'), cache.read('a'), cache.read('a')];
    open.resolve();
    expect(await Promise.all(reads)).toEqual(['A', 'A', 'A']);
    expect(db.loads).toEqual(['a']);
  });

  it('keeps nothing for a key that is not there', async () => {
    const db = store({});
    const cache = createReadCache({ max: 10, load: (k: string) => db.load(k) });
    expect(await cache.read('x')).toBeUndefined();
    expect(await cache.read('x')).toBeUndefined();
    expect(db.loads).toEqual(['x', 'x']);
  });

  it.each(['forget', 'forgetAll'] as const)(
    'neither keeps nor returns a load that %s overtook, and reads again',
    async (drop) => {
      const db = store({ a: 'old' });
      const open = deferred<void>();
      db.hold(open.promise);
      const cache = createReadCache({ max: 10, load: (k: string) => db.load(k) });
      const raced = cache.read('a');
      await Promise.resolve();
      // The value changes while the first read is in flight; the writer drops the cached copy.
      db.values.set('a', 'new');
      if (drop === 'forget') cache.forget('a');
      else cache.forgetAll();
      open.resolve();
      expect(await raced).toBe('new');
      expect(cache.peek('a')).toBe('new');
      expect(db.loads).toEqual(['a', 'a']);
    },
  );

  it('reads the value again once its time is up', async () => {
    const db = store({ a: 'A' });
    const cache = createReadCache({ max: 10, ttlMs: 20, load: (k: string) => db.load(k) });
    await cache.read('a');
    db.values.set('a', 'B');
    expect(await cache.read('a')).toBe('A');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await cache.read('a')).toBe('B');
  });

  it('holds at most max entries, pushing out the least recently used', async () => {
    const db = store({ a: 'A', b: 'B', c: 'C' });
    const cache = createReadCache({ max: 2, load: (k: string) => db.load(k) });
    await cache.read('a');
    await cache.read('b');
    await cache.read('a');
    await cache.read('c');
    expect(cache.size).toBe(2);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe('A');
  });

  it('passes a failed load on and keeps nothing', async () => {
    let fail = true;
    const cache = createReadCache({
      max: 10,
      load: async (k: string) => {
        if (fail) throw new Error('database down');
        return k.toUpperCase();
      },
    });
    await expect(cache.read('a')).rejects.toThrow('database down');
    fail = false;
    expect(await cache.read('a')).toBe('A');
  });

  it('reads the keys it does not hold in one batch, leaving absent ones out', async () => {
    const db = store({ a: 'A', b: 'B', c: 'C' });
    const cache = createReadCache({ max: 10, load: (k: string) => db.load(k) });
    await cache.read('a');
    const batches: string[][] = [];
    const loadMany = async (keys: readonly string[]) => {
      batches.push([...keys]);
      return new Map(keys.flatMap((k) => (db.values.has(k) ? [[k, db.values.get(k)!]] : [])));
    };
    const got = await cache.readMany(['a', 'b', 'c', 'z'], loadMany);
    expect([...got.entries()].sort()).toEqual([
      ['a', 'A'],
      ['b', 'B'],
      ['c', 'C'],
    ]);
    expect(batches).toEqual([['b', 'c', 'z']]);
    expect(await cache.readMany(['b', 'c'], loadMany)).toEqual(
      new Map([
        ['b', 'B'],
        ['c', 'C'],
      ]),
    );
    expect(batches).toHaveLength(1);
  });

  it('reads a batch entry again on its own when a forget overtook the batch', async () => {
    const db = store({ a: 'old', b: 'B' });
    const open = deferred<void>();
    const cache = createReadCache({ max: 10, load: (k: string) => db.load(k) });
    const batches: string[][] = [];
    const loadMany = async (keys: readonly string[]) => {
      batches.push([...keys]);
      const rows = new Map(keys.map((k) => [k, db.values.get(k)!]));
      await open.promise;
      return rows;
    };
    const batch = cache.readMany(['a', 'b'], loadMany);
    await Promise.resolve();
    db.values.set('a', 'new');
    cache.forget('a');
    open.resolve();
    expect(await batch).toEqual(
      new Map([
        ['a', 'new'],
        ['b', 'B'],
      ]),
    );
    // The first batch read both; the forgotten one was read again alone.
    expect(batches).toEqual([['a', 'b'], ['a']]);
  });

  it('keeps no batch entry that a keep or a forgetAll overtook', async () => {
    const db = store({ a: 'old', b: 'B' });
    const open = deferred<void>();
    const cache = createReadCache({ max: 10, load: (k: string) => db.load(k) });
    const batches: string[][] = [];
    const loadMany = async (keys: readonly string[]) => {
      batches.push([...keys]);
      const rows = new Map(keys.map((k) => [k, db.values.get(k)!]));
      if (batches.length === 1) await open.promise;
      return rows;
    };
    const batch = cache.readMany(['a', 'b'], loadMany);
    await Promise.resolve();
    cache.keep('a', 'kept');
    open.resolve();
    expect(await batch).toEqual(
      new Map([
        ['a', 'kept'],
        ['b', 'B'],
      ]),
    );
    expect(cache.peek('a')).toBe('kept');

    // A forgetAll overtakes every key of a batch: each is read again, after the change.
    const second = deferred<void>();
    let calls = 0;
    db.values.set('c', 'stale');
    const held = cache.readMany(['c'], async (keys) => {
      const rows = new Map(keys.map((k) => [k, db.values.get(k)!]));
      if (calls++ === 0) await second.promise;
      return rows;
    });
    await Promise.resolve();
    db.values.set('c', 'C');
    cache.forgetAll();
    second.resolve();
    expect(await held).toEqual(new Map([['c', 'C']]));
    expect(cache.peek('c')).toBe('C');
  });

  it('reads again with the load the read was given', async () => {
    const db = store({ a: 'old' });
    const open = deferred<void>();
    db.hold(open.promise);
    const cache = createReadCache<string, string>({ max: 10 });
    const raced = cache.read('a', (k) => db.load(k));
    await Promise.resolve();
    db.values.set('a', 'new');
    cache.forget('a');
    open.resolve();
    expect(await raced).toBe('new');
    await expect(cache.read('b')).rejects.toThrow('no load');
  });

  it('takes a value read elsewhere with keep', async () => {
    const db = store({ a: 'A' });
    const cache = createReadCache({ max: 10, load: (k: string) => db.load(k) });
    cache.keep('a', 'kept');
    expect(await cache.read('a')).toBe('kept');
    expect(db.loads).toEqual([]);
  });
});
