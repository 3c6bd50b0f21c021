import {
  parseStreamEvent,
  RESUME_MAX_EVENTS,
  type ResumeAck,
  type StreamEvent,
} from '@heartline/domain';
import type { EventsRepository } from './events.repository.ts';

/**
 * What a reconnecting client missed on the streams this socket reads (any other stream named
 * is ignored). The replay must be whole: a stream whose gap reaches past the kept events, is
 * longer than a replay, has a hole, holds an event that no longer passes its schema, or whose
 * position is ahead of the server is reported outdated, and the client refetches instead. A
 * stream met for the first time also says how long it has been quiet (`ResumeAck.quiet`).
 */
export async function resumeStreams(
  repo: EventsRepository,
  readable: readonly string[],
  positions: Record<string, number>,
): Promise<ResumeAck> {
  const heads = await repo.heads(readable);
  const firstContact = readable.filter((stream) => positions[stream] === undefined);
  const quietFor = await repo.quietFor(firstContact);
  const quiet = Object.fromEntries(firstContact.map((s) => [s, quietFor.get(s) ?? null]));
  const events: StreamEvent[] = [];
  const outdated: string[] = [];
  for (const stream of readable) {
    const last = positions[stream];
    const head = heads.get(stream) ?? 0;
    if (last === undefined || last === head) continue;
    const missed = last > head ? [] : await repo.after(stream, last, RESUME_MAX_EVENTS + 1);
    const replay = missed.map(parseStreamEvent);
    // Events committed after the heads were read (a message arriving during the resume) make
    // the replay longer than `head - last`: still whole, as long as it runs on without a hole
    // (a stream's seqs commit in order: each is handed out under its stream row's lock).
    const whole =
      last <= head &&
      missed.length >= head - last &&
      missed.length <= RESUME_MAX_EVENTS &&
      replay.every((event, i) => event !== null && event.seq === last + 1 + i);
    if (!whole) {
      outdated.push(stream);
      continue;
    }
    events.push(...(replay as StreamEvent[]));
    heads.set(stream, Math.max(head, last + missed.length));
  }
  return { ok: true, events, heads: Object.fromEntries(heads), outdated, quiet };
}
