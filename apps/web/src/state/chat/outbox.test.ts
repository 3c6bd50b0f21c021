import type { MessageView, SendAck } from '@heartline/domain';
import { describe, expect, it } from 'vitest';
import { Outbox, RETRY_BASE_MS, type OutboxEntry, type OutboxStore } from './outbox.ts';

const ALICE = '0190d6a0-0000-7000-8000-00000000000a';
const BOB = '0190d6a0-0000-7000-8000-00000000000b';
const CHAT = '0190d6a0-0000-7000-8000-0000000000c1';

/** The IndexedDB store's stand-in: one Map shared by every outbox made over it. */
function memoryOutboxStore(): OutboxStore & { rows: Map<string, OutboxEntry> } {
  const rows = new Map<string, OutboxEntry>();
  return {
    rows,
    list: async (userId) => [...rows.values()].filter((e) => e.userId === userId),
    put: async (entry) => void rows.set(entry.clientId, entry),
    delete: async (clientId) => void rows.delete(clientId),
    deleteOthers: async (userId) => {
      for (const [id, e] of rows) if (e.userId !== userId) rows.delete(id);
    },
  };
}

function stored(entry: OutboxEntry, seq: number): MessageView {
  return {
    id: `0190d6a0-0000-7000-8000-${String(seq).padStart(12, '0')}`,
    chatId: entry.chatId,
    seq,
    clientId: entry.clientId,
    senderId: entry.userId,
    content: entry.content,
    createdAt: new Date(1_000 + seq).toISOString(),
    readAt: null,
  };
}

/** A socket stand-in: answers from a script of acks (ok by default), and may be offline. */
function harness(options: { userId?: string; store?: ReturnType<typeof memoryOutboxStore> } = {}) {
  const store = options.store ?? memoryOutboxStore();
  const sent: OutboxEntry[] = [];
  const script: ((entry: OutboxEntry) => SendAck)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const storedMessages: MessageView[] = [];
  const dropped: { entry: OutboxEntry; error: string }[] = [];
  let connected = false;
  let ids = 0;
  let seq = 0;
  const outbox = new Outbox({
    userId: options.userId ?? ALICE,
    store,
    send: async (entry) => {
      sent.push(entry);
      const answer = script.shift();
      return answer ? answer(entry) : { ok: true, message: stored(entry, ++seq) };
    },
    isConnected: () => connected,
    onStored: (_entry, message) => storedMessages.push(message),
    onDropped: (entry, reason) => dropped.push({ entry, error: reason.error }),
    newId: () => `0190d6a0-0000-7000-8000-${String(++ids).padStart(12, '0')}`,
    now: () => 5_000,
    schedule: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
  });
  return {
    outbox,
    store,
    sent,
    script,
    timers,
    storedMessages,
    dropped,
    connect: () => {
      connected = true;
      outbox.connected();
    },
    goOffline: () => {
      connected = false;
    },
    /** Lets the outbox's awaited store writes and sends run. */
    settle: () => new Promise((resolve) => setTimeout(resolve, 0)),
  };
}

const contents = (entries: readonly OutboxEntry[]) => entries.map((e) => e.content);

describe('chat outbox', () => {
  it('shows a message at once and keeps it while offline', async () => {
    const h = harness();
    await h.outbox.enqueue(CHAT, 'hello');
    expect(contents(h.outbox.getSnapshot().entries)).toEqual(['hello']);
    expect(h.sent).toEqual([]);
    expect([...h.store.rows.values()].map((e) => e.content)).toEqual(['hello']);
  });

  it('sends what waited in the order written once connected, then forgets it', async () => {
    const h = harness();
    await h.outbox.enqueue(CHAT, 'one');
    await h.outbox.enqueue(CHAT, 'two');
    await h.outbox.enqueue(CHAT, 'three');
    h.connect();
    await h.settle();
    expect(contents(h.sent)).toEqual(['one', 'two', 'three']);
    expect(h.storedMessages.map((m) => [m.seq, m.content])).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ]);
    expect(h.outbox.getSnapshot().entries).toEqual([]);
    expect(h.store.rows.size).toBe(0);
  });

  it('keeps a message refused for now, and later ones behind it, then resends with the same id', async () => {
    const h = harness();
    h.connect();
    h.script.push(() => ({ ok: false, error: 'RATE_LIMITED', message: 'slow down', final: false }));
    await h.outbox.enqueue(CHAT, 'first');
    await h.outbox.enqueue(CHAT, 'second');
    await h.settle();
    expect(contents(h.sent)).toEqual(['first']);
    expect(contents(h.outbox.getSnapshot().entries)).toEqual(['first', 'second']);
    expect(h.timers.map((t) => t.ms)).toEqual([RETRY_BASE_MS]);

    h.timers.shift()?.run();
    await h.settle();
    expect(contents(h.sent)).toEqual(['first', 'first', 'second']);
    expect(h.sent[0]?.clientId).toBe(h.sent[1]?.clientId);
    expect(h.outbox.getSnapshot().entries).toEqual([]);
  });

  it('resends after a timeout when the socket is back, without waiting for the pause', async () => {
    const h = harness();
    h.connect();
    h.script.push(() => ({ ok: false, error: 'TIMEOUT', message: '', final: false }));
    await h.outbox.enqueue(CHAT, 'hi');
    await h.settle();
    h.goOffline();
    h.connect();
    await h.settle();
    expect(contents(h.sent)).toEqual(['hi', 'hi']);
    expect(h.timers).toEqual([]);
    expect(h.storedMessages).toHaveLength(1);
  });

  it('drops a finally refused message and hands its text back, and goes on with the rest', async () => {
    const h = harness();
    h.script.push(() => ({
      ok: false,
      error: 'FORBIDDEN',
      message: 'You can only message your friends and matches',
      final: true,
    }));
    await h.outbox.enqueue(CHAT, 'refused');
    await h.outbox.enqueue(CHAT, 'fine');
    h.connect();
    await h.settle();
    expect(h.dropped.map((d) => [d.entry.content, d.error])).toEqual([['refused', 'FORBIDDEN']]);
    expect(h.storedMessages.map((m) => m.content)).toEqual(['fine']);
    expect(h.outbox.getSnapshot().entries).toEqual([]);
    expect(h.store.rows.size).toBe(0);
  });

  it('settles a message whose stored copy arrived by the socket, so it is never sent again', async () => {
    const h = harness();
    const entry = await h.outbox.enqueue(CHAT, 'sent elsewhere');
    h.outbox.settle(stored(entry, 7));
    await h.settle();
    h.connect();
    await h.settle();
    expect(h.sent).toEqual([]);
    expect(h.store.rows.size).toBe(0);
  });

  it('survives a reload: a new outbox over the same store sends what the last one left', async () => {
    const store = memoryOutboxStore();
    const before = harness({ store });
    await before.outbox.enqueue(CHAT, 'written offline');
    await before.outbox.enqueue(CHAT, 'and this');
    before.outbox.stop();

    const after = harness({ store });
    await after.outbox.load();
    expect(contents(after.outbox.getSnapshot().entries)).toEqual(['written offline', 'and this']);
    after.connect();
    await after.settle();
    expect(contents(after.sent)).toEqual(['written offline', 'and this']);
    expect(store.rows.size).toBe(0);
  });

  it("keeps people apart: one person's outbox never shows or sends another's", async () => {
    const store = memoryOutboxStore();
    const alice = harness({ store, userId: ALICE });
    await alice.outbox.enqueue(CHAT, 'from alice');
    alice.outbox.stop();

    const bob = harness({ store, userId: BOB });
    await bob.outbox.load();
    expect(bob.outbox.getSnapshot().entries).toEqual([]);
    bob.connect();
    await bob.settle();
    expect(bob.sent).toEqual([]);
    // Bob signed in on this device: what Alice left behind is gone.
    expect(store.rows.size).toBe(0);
  });
});
