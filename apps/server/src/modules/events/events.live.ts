import { parseStreamEvent } from '@heartline/domain';
import type { RealtimeServer } from '../../realtime/realtime.ts';

/** Streams whose last emitted seq is remembered (the oldest are forgotten first). */
const STREAMS_KEPT = 100_000;

/**
 * What this instance has put on the wire, per stream: the highest seq it emitted, with every
 * seq of that stream up to it emitted here too (the dispatcher goes in order, and a writer
 * pushes an event only right after its predecessor). So the dispatcher may skip sending what
 * the ledger covers (it was sent; a device that missed it resumes from the table), and a
 * writer may push its event at once when its predecessor went out here: the client's cursor
 * then sees the stream in order, never a gap. Knowing nothing of a stream (another instance
 * dispatched, or this one restarted) only means leaving its event to the dispatcher.
 */
export function createEmitLedger(kept = STREAMS_KEPT) {
  const last = new Map<string, number>();
  return {
    /** Whether event `seq` of `stream` follows right after what was emitted here. */
    isNext: (stream: string, seq: number) => last.get(stream) === seq - 1,
    /** Whether event `seq` of `stream` was emitted here already. */
    covers: (stream: string, seq: number) => seq <= (last.get(stream) ?? 0),
    record(stream: string, seq: number): void {
      if (seq <= (last.get(stream) ?? 0)) return;
      // Re-inserted so the map's order is least recently emitted first.
      last.delete(stream);
      last.set(stream, seq);
      if (last.size > kept) last.delete(last.keys().next().value!);
    },
  };
}

export type EmitLedger = ReturnType<typeof createEmitLedger>;

/** A committed event as the dispatcher reads it from the table. */
export type CommittedEvent = { stream: string; seq: number; type: string; payload: unknown };

/**
 * Push right after the commit: a writer that committed events outside the outbox (the chat's
 * group commit) sends them to their rooms at once, with the very envelope (stream, seq) the
 * dispatcher would send, instead of waiting for its pass. Only an event whose predecessor
 * went out here is pushed; the rest, and everything after a crash, the dispatcher sends. It
 * still reads every event (push jobs, marking delivered) and skips sending what went out.
 */
export function pushCommitted(
  io: RealtimeServer,
  ledger: EmitLedger,
  events: readonly CommittedEvent[],
): void {
  for (const raw of events) {
    if (!ledger.isNext(raw.stream, raw.seq)) continue;
    const event = parseStreamEvent(raw);
    if (!event) continue;
    io.to(event.stream).emit('event', event);
    ledger.record(event.stream, event.seq);
  }
}
