import type { ResumeAck, StreamEvent } from './realtime-events.ts';

export type StreamCursorHandlers = {
  /** An event in order, never twice. */
  apply: (event: StreamEvent) => void;
  /**
   * Ask the server for everything after these seqs; answer with `resumed(token, ...)` or
   * `resumeFailed(token)`.
   */
  resume: (streams: Record<string, number>, token: number) => void;
  /**
   * Events of this stream may have been missed and cannot be replayed: first contact (this
   * page knows no position yet), a gap the server no longer keeps, or one a replay did not
   * close. Refetch what it feeds. A first contact also says how long ago the stream's newest
   * kept event was recorded (`quietMs`, null when it keeps none, undefined when the server did
   * not say): what was read since then already holds every event.
   */
  missed: (stream: string, quietMs?: number | null) => void;
};

type Resumed = Extract<ResumeAck, { ok: true }>;

/** A gap still open after this many replays is given up on (reported missed). */
const REPLAYS_PER_GAP = 2;

/**
 * The client half of resumable streams, as a small state machine: it applies each stream's
 * events exactly once and in order. A reconnect or a gap (seq jumps) asks the server for what
 * was missed; live events arriving meanwhile wait in a buffer and are merged with the replay.
 * Events are delivered at least once by the server, so duplicates are expected and dropped.
 * Each resume carries a token: an answer to an older one (a resume overtaken by a reconnect)
 * is ignored.
 */
export class StreamCursor {
  private readonly last = new Map<string, number>();
  private buffer: StreamEvent[] = [];
  /** The token of the resume in flight, or 0 when none is. */
  private pending = 0;
  private tokens = 0;
  /** Replays since the last one that left no gap. */
  private replays = 0;

  constructor(private readonly handlers: StreamCursorHandlers) {}

  /** The last seq applied per stream (what a resume sends). */
  positions(): Record<string, number> {
    return Object.fromEntries(this.last);
  }

  /** The transport is (re)connected: fetch what was missed while it was down. */
  connected(): void {
    this.pending = 0;
    this.replays = 0;
    this.startResume();
  }

  /** The transport dropped: an unanswered resume is void; `connected` asks again. */
  disconnected(): void {
    this.pending = 0;
  }

  receive(event: StreamEvent): void {
    if (this.pending) this.buffer.push(event);
    else this.accept(event);
  }

  resumed(token: number, result: Resumed): void {
    if (token !== this.pending) return;
    this.pending = 0;
    this.replays++;
    for (const stream of result.outdated) {
      this.last.set(stream, result.heads[stream] ?? 0);
      this.handlers.missed(stream);
    }
    for (const [stream, head] of Object.entries(result.heads)) {
      if (this.last.has(stream)) continue;
      this.last.set(stream, head);
      this.handlers.missed(stream, result.quiet?.[stream]);
    }
    const merged = [...result.events, ...this.buffer].sort((a, b) =>
      a.stream === b.stream ? a.seq - b.seq : a.stream < b.stream ? -1 : 1,
    );
    this.buffer = [];
    for (const event of merged) this.receive(event);
    if (!this.pending) this.replays = 0;
  }

  /** The resume was refused or timed out: the caller asks again later (`connected`). */
  resumeFailed(token: number): void {
    if (token === this.pending) this.pending = 0;
  }

  /** Sign-out: forget every position. */
  reset(): void {
    this.last.clear();
    this.buffer = [];
    this.pending = 0;
    this.replays = 0;
  }

  private accept(event: StreamEvent): void {
    const last = this.last.get(event.stream);
    if (last !== undefined && event.seq <= last) return;
    if (last !== undefined && event.seq > last + 1) {
      if (this.replays < REPLAYS_PER_GAP) {
        this.buffer.push(event);
        this.startResume();
        return;
      }
      // Replays did not close it (an event that can no longer be read): refetch, move on.
      this.handlers.missed(event.stream);
    }
    this.last.set(event.stream, event.seq);
    this.handlers.apply(event);
  }

  private startResume(): void {
    if (this.pending) return;
    this.pending = ++this.tokens;
    this.handlers.resume(this.positions(), this.pending);
  }
}
