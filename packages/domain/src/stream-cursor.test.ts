import { describe, expect, it } from 'vitest';
import type { StreamEvent } from './realtime-events.ts';
import { StreamCursor } from './stream-cursor.ts';

const S = 'user:a';
const ev = (seq: number, stream = S): StreamEvent => ({
  stream,
  seq,
  type: 'system.notice',
  payload: { text: `${stream}#${seq}` },
});

function harness() {
  const applied: string[] = [];
  const resumes: Record<string, number>[] = [];
  const tokens: number[] = [];
  const missed: string[] = [];
  const quiet: (number | null | undefined)[] = [];
  const cursor = new StreamCursor({
    apply: (e) => applied.push(`${e.stream}#${e.seq}`),
    resume: (streams, token) => {
      resumes.push(streams);
      tokens.push(token);
    },
    missed: (stream, quietMs) => {
      missed.push(stream);
      quiet.push(quietMs);
    },
  });
  const ok = (
    events: StreamEvent[],
    heads: Record<string, number>,
    outdated: string[] = [],
    quietMs?: Record<string, number | null>,
  ) => cursor.resumed(tokens.at(-1)!, { ok: true, events, heads, outdated, quiet: quietMs });
  return { cursor, applied, resumes, tokens, missed, quiet, ok };
}

describe('StreamCursor', () => {
  it('starts at the head on first contact and asks for a refetch', () => {
    const h = harness();
    h.cursor.connected();
    expect(h.resumes).toEqual([{}]);
    h.ok([], { [S]: 5 });
    expect(h.missed).toEqual([S]);
    h.cursor.receive(ev(6));
    expect(h.applied).toEqual([`${S}#6`]);
  });

  it('passes on how long a first-contact stream has been quiet, and nothing for a gap', () => {
    const T = 'session:a';
    const h = harness();
    h.cursor.connected();
    h.ok([], { [S]: 5, [T]: 0 }, [], { [S]: 90_000, [T]: null });
    expect(h.missed).toEqual([S, T]);
    expect(h.quiet).toEqual([90_000, null]);
    // A later gap the replay cannot close is no first contact: no quiet time.
    h.cursor.disconnected();
    h.cursor.connected();
    h.ok([], { [S]: 9, [T]: 0 }, [S], { [S]: 5 });
    expect(h.missed).toEqual([S, T, S]);
    expect(h.quiet).toEqual([90_000, null, undefined]);
  });

  it('drops duplicates and asks for the missing ones on a gap', () => {
    const h = harness();
    h.cursor.connected();
    h.ok([], { [S]: 0 });
    h.cursor.receive(ev(1));
    h.cursor.receive(ev(1));
    h.cursor.receive(ev(3));
    expect(h.applied).toEqual([`${S}#1`]);
    expect(h.resumes.at(-1)).toEqual({ [S]: 1 });
    // Live events during the resume wait, then merge with the replay in order.
    h.cursor.receive(ev(4));
    h.ok([ev(2), ev(3)], { [S]: 3 });
    expect(h.applied).toEqual([`${S}#1`, `${S}#2`, `${S}#3`, `${S}#4`]);
  });

  it('replays exactly what was missed after a reconnect', () => {
    const h = harness();
    h.cursor.connected();
    h.ok([], { [S]: 2 });
    h.cursor.receive(ev(3));
    h.cursor.disconnected();
    h.cursor.connected();
    expect(h.resumes.at(-1)).toEqual({ [S]: 3 });
    h.ok([ev(4), ev(5)], { [S]: 5 });
    h.cursor.receive(ev(5));
    expect(h.applied).toEqual([`${S}#3`, `${S}#4`, `${S}#5`]);
  });

  it('jumps to the head of an outdated stream and reports it missed', () => {
    const h = harness();
    h.cursor.connected();
    h.ok([], { [S]: 1 });
    h.cursor.disconnected();
    h.cursor.connected();
    h.ok([], { [S]: 900 }, [S]);
    expect(h.missed).toEqual([S, S]);
    h.cursor.receive(ev(901));
    expect(h.applied).toEqual([`${S}#901`]);
  });

  it('ignores the answer to a resume that a reconnect overtook', () => {
    const h = harness();
    h.cursor.connected();
    h.ok([], { [S]: 1 });
    h.cursor.disconnected();
    h.cursor.connected();
    const stale = h.tokens.at(-1)!;
    h.cursor.disconnected();
    h.cursor.connected();
    // The first reconnect's answer arrives late: it must not end the current resume.
    h.cursor.resumed(stale, { ok: true, events: [ev(2)], heads: { [S]: 2 }, outdated: [] });
    expect(h.applied).toEqual([]);
    h.cursor.receive(ev(3));
    expect(h.applied).toEqual([]);
    h.ok([ev(2)], { [S]: 2 });
    expect(h.applied).toEqual([`${S}#2`, `${S}#3`]);
  });

  it('gives up on a gap that replays do not close: refetch and move on, no endless resumes', () => {
    const h = harness();
    h.cursor.connected();
    h.ok([], { [S]: 5 });
    h.cursor.receive(ev(7));
    h.ok([], { [S]: 7 });
    h.ok([], { [S]: 7 });
    expect(h.resumes).toHaveLength(3);
    expect(h.applied).toEqual([`${S}#7`]);
    expect(h.missed).toEqual([S, S]);
    h.cursor.receive(ev(8));
    expect(h.applied).toEqual([`${S}#7`, `${S}#8`]);
  });

  it('forgets every position on reset', () => {
    const h = harness();
    h.cursor.connected();
    h.ok([], { [S]: 4 });
    h.cursor.reset();
    expect(h.cursor.positions()).toEqual({});
  });
});
