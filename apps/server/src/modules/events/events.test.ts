import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { RESUME_MAX_EVENTS, userRoom } from '@heartline/domain';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import { browserFor, createPeople } from '../../../test/network-fixtures.ts';
import { listen, type Listener } from '../../../test/realtime-client.ts';

const world = useTestServer();
const listeners: Listener[] = [];

afterAll(() => {
  for (const l of listeners) l.socket.disconnect();
});

async function person(name: string) {
  const [p] = await createPeople(world.db, [name]);
  const browser = await browserFor(world.server, p!);
  return { ...p!, cookie: browser.cookieHeader() };
}

async function notices(userId: string, texts: string[]) {
  for (const text of texts) {
    await world.server.transact(async (_trx, emit) =>
      emit(userRoom(userId), 'system.notice', { text }),
    );
  }
}

function open(cookie: string) {
  const l = listen(world.server.baseUrl, cookie);
  listeners.push(l);
  return l;
}

const texts = (l: Listener) =>
  l.applied.flatMap((e) => (e.type === 'system.notice' ? [e.payload.text] : []));

describe(`event outbox and resume (${dbKind})`, () => {
  it('numbers each stream 1, 2, 3 ... in commit order and delivers once', async () => {
    const ann = await person('Ann Outbox');
    const live = open(ann.cookie);
    await live.ready();
    await notices(ann.id, ['one', 'two', 'three']);
    await live.next('system.notice', (p) => p.text === 'three');
    expect(live.applied.map((e) => [e.seq, e.stream])).toEqual([
      [1, userRoom(ann.id)],
      [2, userRoom(ann.id)],
      [3, userRoom(ann.id)],
    ]);
    expect(live.received).toHaveLength(3);
  });

  it('gives a client that was offline exactly the events it missed, in order', async () => {
    const ben = await person('Ben Offline');
    const client = open(ben.cookie);
    await client.ready();
    await notices(ben.id, ['before']);
    await client.next('system.notice', (p) => p.text === 'before');

    client.socket.disconnect();
    const missed = Array.from({ length: 7 }, (_, i) => `missed ${i + 1}`);
    await notices(ben.id, missed);
    await world.server.dispatcher.drain();
    client.socket.connect();
    await client.next('system.notice', (p) => p.text === 'missed 7');
    await notices(ben.id, ['after']);
    await client.next('system.notice', (p) => p.text === 'after');

    expect(texts(client)).toEqual(['before', ...missed, 'after']);
    expect(client.applied.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('tells a client further behind than a replay to refetch instead', async () => {
    const cat = await person('Cat Behind');
    const client = open(cat.cookie);
    await client.ready();
    expect(client.missed).toHaveLength(2); // first contact with its user and session streams
    client.socket.disconnect();
    await world.server.transact(async (_trx, emit) => {
      for (let i = 0; i <= RESUME_MAX_EVENTS; i++) {
        emit(userRoom(cat.id), 'system.notice', { text: `n${i}` });
      }
    });
    await world.server.dispatcher.drain();
    client.socket.connect();
    await expect.poll(() => client.missed.length).toBe(3);
    expect(client.missed[2]).toBe(userRoom(cat.id));
    expect(client.applied).toEqual([]);
    // From the new head on, events flow again.
    await notices(cat.id, ['fresh']);
    expect(await client.next('system.notice')).toEqual({ text: 'fresh' });
  });

  it('reports a stream outdated when its replay cannot be whole', async () => {
    const gil = await person('Gil Replay');
    const client = open(gil.cookie);
    await client.ready();
    await notices(gil.id, ['one', 'two', 'three']);
    await client.next('system.notice', (p) => p.text === 'three');
    const stream = userRoom(gil.id);
    // An event that no longer passes its schema (seq 2), and a position ahead of the server.
    await world.db
      .updateTable('events')
      .set({ payload: JSON.stringify({ text: 7 }) })
      .where('stream', '=', stream)
      .where('seq', '=', 2)
      .execute();
    const broken = await client.socket.emitWithAck('stream.resume', { streams: { [stream]: 1 } });
    expect(broken).toMatchObject({ ok: true, events: [], outdated: [stream] });
    const ahead = await client.socket.emitWithAck('stream.resume', { streams: { [stream]: 99 } });
    expect(ahead).toMatchObject({ ok: true, events: [], outdated: [stream] });
    expect(ahead.ok && ahead.heads[stream]).toBe(3);
    const whole = await client.socket.emitWithAck('stream.resume', { streams: { [stream]: 2 } });
    expect(whole).toMatchObject({ ok: true, outdated: [] });
    expect(whole.ok && whole.events.map((e) => e.seq)).toEqual([3]);
  });

  it('times an event when it is written, not when its transaction began', async () => {
    const ida = await person('Ida Slow Writer');
    const began = Date.now();
    await world.server.transact(async (trx, emit) => {
      await sql`select pg_sleep(1.2)`.execute(trx);
      emit(userRoom(ida.id), 'system.notice', { text: 'late' });
    });
    const row = await world.db
      .selectFrom('events')
      .select('createdAt')
      .where('stream', '=', userRoom(ida.id))
      .executeTakeFirstOrThrow();
    expect(new Date(row.createdAt).getTime()).toBeGreaterThanOrEqual(began + 1_100);
  });

  it('tells a first contact how long each of its streams has been quiet', async () => {
    const hal = await person('Hal Quiet');
    const eve = await person('Eve Elsewhere');
    await notices(eve.id, ['not for hal']);
    const client = open(hal.cookie);
    await client.ready();
    const stream = userRoom(hal.id);
    const first = async () => {
      const ack = await client.socket.emitWithAck('stream.resume', {
        streams: { [userRoom(eve.id)]: 0 },
      });
      if (!ack.ok || !ack.quiet) throw new Error('no first-contact answer');
      return { ...ack, quiet: ack.quiet };
    };
    // Nothing kept yet on either of Hal's streams; another person's stream is not answered.
    const none = await first();
    expect(Object.keys(none.quiet).sort()).toEqual(Object.keys(none.heads).sort());
    expect(none.quiet[stream]).toBeNull();
    expect(Object.keys(none.quiet)).not.toContain(userRoom(eve.id));

    await notices(hal.id, ['just now']);
    const fresh = await first();
    expect(fresh.quiet[stream]).toBeGreaterThanOrEqual(0);
    expect(fresh.quiet[stream]).toBeLessThan(60_000);

    // The newest event counts, whatever its seq.
    await world.db
      .updateTable('events')
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where('stream', '=', stream)
      .execute();
    const old = await first();
    expect(old.quiet[stream]).toBeGreaterThanOrEqual(10 * 60_000 - 1_000);
    expect(old.quiet[stream]).toBeLessThan(11 * 60_000);

    // A stream the client already has a position in is not a first contact.
    const known = await client.socket.emitWithAck('stream.resume', { streams: { [stream]: 1 } });
    expect(known.ok && Object.keys(known.quiet ?? {})).not.toContain(stream);
  });

  it('answers a resume only for the socket’s own streams', async () => {
    const dan = await person('Dan Reader');
    const eve = await person('Eve Private');
    await notices(eve.id, ['secret']);
    const client = open(dan.cookie);
    await client.ready();
    const ack = await client.socket.emitWithAck('stream.resume', {
      streams: { [userRoom(eve.id)]: 0 },
    });
    expect(ack).toMatchObject({ ok: true, events: [] });
    expect(ack.ok && Object.keys(ack.heads)).not.toContain(userRoom(eve.id));
    const bad = await client.socket.emitWithAck('stream.resume', {
      streams: { [userRoom(dan.id)]: -1 },
    });
    expect(bad).toEqual({ ok: false, error: 'VALIDATION_FAILED' });
  });

  it('refuses an event whose payload breaks the contract, with the change it came with', async () => {
    const fay = await person('Fay Contract');
    await expect(
      world.server.transact(async (trx, emit) => {
        await trx.updateTable('users').set({ bio: 'changed' }).where('id', '=', fay.id).execute();
        emit(userRoom(fay.id), 'system.notice', { text: 42 } as unknown as { text: string });
      }),
    ).rejects.toThrow();
    const row = await world.db
      .selectFrom('users')
      .select('bio')
      .where('id', '=', fay.id)
      .executeTakeFirstOrThrow();
    expect(row.bio).not.toBe('changed');
    const events = await world.db
      .selectFrom('events')
      .select('id')
      .where('stream', '=', userRoom(fay.id))
      .execute();
    expect(events).toEqual([]);
  });
});
