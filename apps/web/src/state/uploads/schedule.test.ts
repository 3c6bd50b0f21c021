import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  delayBefore,
  isDue,
  isSuperseded,
  MAX_ATTEMPTS,
  queuedPhoto,
  RERUN_MS,
  wakeUpIn,
} from './schedule.ts';
import {
  runQueue,
  queuePhoto,
  onPhotoQueued,
  type QueueDeps,
  type QueueStore,
} from './upload-queue.ts';
import type { QueuedPhoto } from './schedule.ts';

const USER = '0190d6a0-0000-7000-8000-000000000001';
const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

describe('queue schedule', () => {
  it('waits 5 s times the attempt number', () => {
    expect([1, 2, 3].map(delayBefore)).toEqual([5000, 10_000, 15_000]);
    const entry = queuedPhoto(USER, photo, null, 1000);
    expect(entry.nextAttemptAt).toBe(6000);
    expect(isDue(entry, 5999)).toBe(false);
    expect(isDue(entry, 6000)).toBe(true);
  });

  it('retries transient failures with a growing delay, then drops after three attempts', () => {
    let entry: QueuedPhoto | null = queuedPhoto(USER, photo, null, 0);
    entry = afterFailure(entry, 6000, true);
    expect(entry).toMatchObject({ attempts: 1, nextAttemptAt: 16_000 });
    entry = afterFailure(entry!, 16_000, true);
    expect(entry).toMatchObject({ attempts: 2, nextAttemptAt: 31_000 });
    expect(afterFailure(entry!, 31_000, true)).toBeNull();
    expect(MAX_ATTEMPTS).toBe(3);
  });

  it('drops a photo the server refused at once', () => {
    expect(afterFailure(queuedPhoto(USER, photo, null, 0), 5000, false)).toBeNull();
  });

  it('is superseded once the user has a different photo than when it was queued', () => {
    const first = queuedPhoto(USER, photo, null, 0);
    expect(isSuperseded(first, null)).toBe(false);
    expect(isSuperseded(first, '/media/a.webp')).toBe(true);
    const replacement = queuedPhoto(USER, photo, '/media/a.webp', 0);
    expect(isSuperseded(replacement, '/media/a.webp')).toBe(false);
    expect(isSuperseded(replacement, '/media/b.webp')).toBe(true);
  });

  it('never counts an added photo as superseded: a new main photo does not replace it', () => {
    const added = queuedPhoto(USER, photo, null, 0, 'add');
    expect(added.target).toBe('add');
    expect(isSuperseded(added, null)).toBe(false);
    expect(isSuperseded(added, '/media/a.webp')).toBe(false);
    // An entry stored before photos could be added has no target: it replaces the main one.
    const { target: _, ...legacy } = queuedPhoto(USER, photo, null, 0);
    expect(isSuperseded(legacy, '/media/a.webp')).toBe(true);
  });

  it('wakes up when the entry is due, at most one re-run period away', () => {
    expect(wakeUpIn(null, 0)).toBeNull();
    expect(wakeUpIn(queuedPhoto(USER, photo, null, 0), 1000)).toBe(4000);
    expect(wakeUpIn(queuedPhoto(USER, photo, null, 0), 9000)).toBe(0);
    expect(wakeUpIn({ ...queuedPhoto(USER, photo, null, 0), nextAttemptAt: 99_000 }, 0)).toBe(
      RERUN_MS,
    );
  });
});

class MemoryStore implements QueueStore {
  entries = new Map<string, QueuedPhoto>();
  get = async (userId: string) => this.entries.get(userId);
  put = async (entry: QueuedPhoto) => {
    this.entries.set(entry.userId, entry);
  };
  delete = async (userId: string) => {
    this.entries.delete(userId);
  };
}

class TransientError extends Error {}

function harness(options: { results: (string | Error)[]; current?: string | null }) {
  const store = new MemoryStore();
  const clock = { now: 0 };
  const online = { value: true };
  const uploads: Blob[] = [];
  const targets: string[] = [];
  const asked = { currentPhoto: 0 };
  const results = [...options.results];
  const deps: QueueDeps = {
    store,
    upload: async (blob, target) => {
      uploads.push(blob);
      targets.push(target);
      const next = results.shift();
      if (next === undefined) throw new Error('no more answers');
      if (next instanceof Error) throw next;
      return next;
    },
    isTransient: (error) => error instanceof TransientError,
    currentPhoto: async () => {
      asked.currentPhoto += 1;
      return options.current ?? null;
    },
    isOnline: () => online.value,
    now: () => clock.now,
  };
  return { store, clock, online, uploads, targets, asked, deps };
}

describe('queue runner (fake clock)', () => {
  it('uploads a due photo and removes it', async () => {
    const h = harness({ results: ['/media/new.webp'] });
    await queuePhoto(h.store, { userId: USER, photo, photoAtQueue: null, now: 0 });
    expect(await runQueue(USER, h.deps)).toMatchObject({ kind: 'waiting' });
    h.clock.now = 5000;
    expect(await runQueue(USER, h.deps)).toEqual({ kind: 'uploaded', url: '/media/new.webp' });
    expect(h.store.entries.size).toBe(0);
    expect(h.uploads).toEqual([photo]);
  });

  it('does nothing while offline, and attempts do not count', async () => {
    const h = harness({ results: ['/media/new.webp'] });
    await queuePhoto(h.store, { userId: USER, photo, photoAtQueue: null, now: 0 });
    h.online.value = false;
    h.clock.now = 60_000;
    expect(await runQueue(USER, h.deps)).toMatchObject({ kind: 'offline' });
    expect(h.uploads).toHaveLength(0);
    h.online.value = true;
    expect(await runQueue(USER, h.deps)).toMatchObject({ kind: 'uploaded' });
  });

  it('makes at most three attempts, 5 s × attempt apart', async () => {
    const h = harness({
      results: [new TransientError(), new TransientError(), new TransientError(), '/never'],
    });
    await queuePhoto(h.store, { userId: USER, photo, photoAtQueue: null, now: 0 });
    const attemptsAt: number[] = [];
    for (let t = 0; t <= 120_000; t += 1000) {
      h.clock.now = t;
      const before = h.uploads.length;
      const result = await runQueue(USER, h.deps);
      if (h.uploads.length > before) attemptsAt.push(t);
      if (result.kind === 'dropped' || result.kind === 'empty') break;
    }
    expect(attemptsAt).toEqual([5000, 15_000, 30_000]);
    expect(h.store.entries.size).toBe(0);
  });

  it('drops a photo the server refuses', async () => {
    const h = harness({ results: [new Error('Invalid file type')] });
    await queuePhoto(h.store, { userId: USER, photo, photoAtQueue: null, now: 0 });
    h.clock.now = 5000;
    expect(await runQueue(USER, h.deps)).toMatchObject({ kind: 'dropped' });
    expect(h.uploads).toHaveLength(1);
  });

  it('drops the entry when the user already has a newer photo', async () => {
    const h = harness({ results: ['/never'], current: '/media/other.webp' });
    await queuePhoto(h.store, { userId: USER, photo, photoAtQueue: null, now: 0 });
    h.clock.now = 5000;
    expect(await runQueue(USER, h.deps)).toEqual({ kind: 'superseded' });
    expect(h.uploads).toHaveLength(0);
    expect(h.store.entries.size).toBe(0);
  });

  it('adds a queued added photo to the others, without asking for the main photo', async () => {
    const h = harness({ results: ['/media/added.webp'], current: '/media/other.webp' });
    await queuePhoto(h.store, { userId: USER, photo, photoAtQueue: null, now: 0, target: 'add' });
    h.clock.now = 5000;
    expect(await runQueue(USER, h.deps)).toEqual({ kind: 'added', url: '/media/added.webp' });
    expect(h.targets).toEqual(['add']);
    expect(h.asked.currentPhoto).toBe(0);
    expect(h.store.entries.size).toBe(0);
  });

  it('sends a queued main photo, and one stored without a target, to the main photo', async () => {
    const h = harness({ results: ['/media/a.webp', '/media/b.webp'] });
    await queuePhoto(h.store, { userId: USER, photo, photoAtQueue: null, now: 0, target: 'main' });
    h.clock.now = 5000;
    expect(await runQueue(USER, h.deps)).toEqual({ kind: 'uploaded', url: '/media/a.webp' });
    const { target: _, ...legacy } = queuedPhoto(USER, photo, null, 0);
    await h.store.put(legacy);
    expect(await runQueue(USER, h.deps)).toEqual({ kind: 'uploaded', url: '/media/b.webp' });
    expect(h.targets).toEqual(['main', 'main']);
  });

  it('retries and drops an added photo like any other', async () => {
    const h = harness({
      results: [new TransientError(), new Error('You can have up to 6 photos')],
    });
    await queuePhoto(h.store, { userId: USER, photo, photoAtQueue: null, now: 0, target: 'add' });
    h.clock.now = 5000;
    expect(await runQueue(USER, h.deps)).toMatchObject({
      kind: 'retrying',
      entry: { attempts: 1, target: 'add' },
    });
    h.clock.now = 15_000;
    expect(await runQueue(USER, h.deps)).toMatchObject({ kind: 'dropped' });
    expect(h.store.entries.size).toBe(0);
  });

  it('keeps one entry per user and tells listeners', async () => {
    const h = harness({ results: [] });
    const heard: string[] = [];
    const off = onPhotoQueued((userId) => heard.push(userId));
    const second = new Blob(['x']);
    await queuePhoto(h.store, { userId: USER, photo, photoAtQueue: null, now: 0 });
    await queuePhoto(h.store, { userId: USER, photo: second, photoAtQueue: null, now: 10 });
    off();
    expect(h.store.entries.size).toBe(1);
    expect(h.store.entries.get(USER)?.photo).toBe(second);
    expect(heard).toEqual([USER, USER]);
  });
});
