import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoom, type StreamEvent } from '@heartline/domain';
import { createTestDatabase, dbKind, type TestDatabase } from '../../../test/harness.ts';
import type { RealtimeServer } from '../../realtime/realtime.ts';
import { createDispatcher } from './events.dispatcher.ts';
import { eventHandlers, hasWorkLeft, type EventHandlers } from './events.handlers.ts';
import { createOutbox } from './events.outbox.ts';
import { createEventsRepository } from './events.repository.ts';
import { createEmitLedger, pushCommitted } from './events.live.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.drop();
});

/** A socket server stand-in that records what would be emitted to which room. */
function recordingIo() {
  const sent: StreamEvent[] = [];
  const io = {
    to: () => ({ emit: (_name: string, event: StreamEvent) => sent.push(event) }),
    in: () => ({ disconnectSockets: () => undefined }),
  } as unknown as RealtimeServer;
  return { io, sent };
}

describe(`event dispatcher (${dbKind})`, () => {
  it('keeps delivering after a handler throws; the failed event stays resumable', async () => {
    const repo = createEventsRepository(tdb.db);
    const { io, sent } = recordingIo();
    const errors: unknown[] = [];
    const handlers: EventHandlers = {
      ...eventHandlers,
      'system.notice': (event, context) => {
        if (event.payload.text === 'boom') throw new Error('handler failed');
        return eventHandlers['system.notice'](event, context);
      },
    };
    const dispatcher = createDispatcher({
      repo,
      handlers,
      context: { io },
      onError: (err) => errors.push(err),
    });
    const { transaction } = createOutbox({ db: tdb.db, repo, committed: () => undefined });
    const stream = userRoom('00000000-0000-7000-8000-0000000000d1');
    for (const text of ['one', 'boom', 'three']) {
      await transaction(async (_trx, emit) => emit(stream, 'system.notice', { text }));
    }
    await dispatcher.drain();
    await dispatcher.stop();

    expect(sent.map((e) => (e.type === 'system.notice' ? e.payload.text : ''))).toEqual([
      'one',
      'three',
    ]);
    expect(errors).toHaveLength(1);
    const undelivered = await tdb.db
      .selectFrom('events')
      .select('id')
      .where('dispatchedAt', 'is', null)
      .execute();
    expect(undelivered).toEqual([]);
    expect((await repo.after(stream, 1, 10)).map((e) => e.seq)).toEqual([2, 3]);
  });

  it('refuses to record an event once the work has returned', async () => {
    const repo = createEventsRepository(tdb.db);
    const { transaction } = createOutbox({ db: tdb.db, repo, committed: () => undefined });
    let late: (() => void) | undefined;
    await transaction(async (_trx, emit) => {
      late = () =>
        emit(userRoom('00000000-0000-7000-8000-0000000000d2'), 'system.notice', { text: 'x' });
    });
    expect(late).toThrow(/after its transaction/);
  });

  it('pushes committed events at once once their stream is in order here; the dispatcher sends each once', async () => {
    const repo = createEventsRepository(tdb.db);
    const { io, sent } = recordingIo();
    const ledger = createEmitLedger();
    const dispatcher = createDispatcher({ repo, handlers: eventHandlers, context: { io }, ledger });
    const pushed: number[] = [];
    const { transaction } = createOutbox({
      db: tdb.db,
      repo,
      committed: (events) => {
        const before = sent.length;
        pushCommitted(io, ledger, events);
        for (const e of sent.slice(before)) pushed.push(e.seq);
      },
    });
    const stream = userRoom('00000000-0000-7000-8000-0000000000d3');
    const notice = (text: string) =>
      transaction(async (_trx, emit) => emit(stream, 'system.notice', { text }));
    // Nothing of this stream went out here yet: the first is left to the dispatcher.
    await notice('one');
    expect(pushed).toEqual([]);
    await dispatcher.drain();
    // From then on each commit goes out at once, numbered as the dispatcher would.
    await notice('two');
    await notice('three');
    expect(pushed).toEqual([2, 3]);
    await dispatcher.drain();
    await dispatcher.stop();
    expect(sent.map((e) => e.seq)).toEqual([1, 2, 3]);
  });
});

describe('what a dispatcher pass still reads', () => {
  const alice = '00000000-0000-7000-8000-0000000000d4';
  const noDevices = new Map<string, string[]>();
  const aliceDevice = new Map([[alice, ['device-1']]]);

  it('reads an event only when its delivery still does something', () => {
    const notice = { stream: userRoom(alice), type: 'system.notice' };
    const message = { stream: userRoom(alice), type: 'message.created' };
    const revoked = { stream: userRoom(alice), type: 'session.revoked' };
    const work = (e: { stream: string; type: string }, sent: boolean, devices = noDevices) =>
      hasWorkLeft(eventHandlers, e, { sent, devices });
    // Not sent here yet: always.
    expect([work(notice, false), work(message, false), work(revoked, false)]).toEqual([
      true,
      true,
      true,
    ]);
    // Sent here: a room-only event is done; a pushed one only when the recipient has a device.
    expect(work(notice, true)).toBe(false);
    expect(work(message, true)).toBe(false);
    expect(work(message, true, aliceDevice)).toBe(true);
    // A handler that does more than send (closing the sockets) always runs.
    expect(work(revoked, true)).toBe(true);
    // An unknown type is read, so the schema check reports it.
    expect(work({ stream: userRoom(alice), type: 'no.such' }, true)).toBe(true);
  });

  it('marks every event delivered but reads only those not yet sent here', async () => {
    const repo = createEventsRepository(tdb.db);
    const readIds: number[][] = [];
    const spied: typeof repo = {
      ...repo,
      dispatchBatch: (limit, deliver) =>
        repo.dispatchBatch(limit, (heads, trx, read) =>
          deliver(heads, trx, (ids) => {
            readIds.push([...ids]);
            return read(ids);
          }),
        ),
    };
    const { io, sent } = recordingIo();
    const ledger = createEmitLedger();
    const dispatcher = createDispatcher({
      repo: spied,
      handlers: eventHandlers,
      context: { io },
      ledger,
    });
    const { transaction } = createOutbox({
      db: tdb.db,
      repo,
      committed: (events) => pushCommitted(io, ledger, events),
    });
    const stream = userRoom('00000000-0000-7000-8000-0000000000d5');
    const notice = (text: string) =>
      transaction(async (_trx, emit) => emit(stream, 'system.notice', { text }));
    await notice('one');
    await dispatcher.drain();
    const [first] = readIds.splice(0);
    expect(first).toHaveLength(1);
    // Both go out from the writer; the pass reads neither but marks both.
    await notice('two');
    await notice('three');
    await dispatcher.drain();
    await dispatcher.stop();
    expect(readIds.flat()).toEqual([]);
    expect(sent.filter((e) => e.stream === stream).map((e) => e.seq)).toEqual([1, 2, 3]);
    const undelivered = await tdb.db
      .selectFrom('events')
      .select('id')
      .where('stream', '=', stream)
      .where('dispatchedAt', 'is', null)
      .execute();
    expect(undelivered).toEqual([]);
  });
});
