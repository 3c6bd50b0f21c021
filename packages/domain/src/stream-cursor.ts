import type { ResumeAck, StreamEvent } from './realtime-events.ts';

export type StreamCursorHandlers = {
  /** An event in order, never twice. */
  apply: (event: StreamEvent) => void;
  /** Ask the server for everything after these seqs (answer with `resumed`). */
  resume: (streams: Record<string, number>) => void;
  /**
   * Events of this stream may have been missed and cannot be replayed: first contact (this
   * page knows no position yet) or a gap the server no longer keeps. Refetch what it feeds.
   */
  missed: (stream: string) => void;
};

type Resumed = Extract<ResumeAck, { ok: true }>;

/**
 * The client half of resumable streams, as a small state machine: it applies each stream's
 * events exactly once and in order. A reconnect or a gap (seq jumps) asks the server for what
 * was missed; live events arriving meanwhile wait in a buffer and are merged with the replay.
 * Events are delivered at least once by the server, so duplicates are expected and dropped here.
 */
export class StreamCursor {
  private readonly last = new Map<string, number>();
  private buffer: StreamEvent[] = [];
  private resuming = false;

  constructor(private readonly handlers: StreamCursorHandlers) {}

  /** The last seq applied per stream (what a resume sends). */
  positions(): Record<string, number> {
    return Object.fromEntries(this.last);
  }

  /** The transport is (re)connected: fetch what was missed while it was down. */
  connected(): void {
    this.resuming = false;
    this.startResume();
  }

  /** The transport dropped; an unanswered resume is asked again on the next `connected`. */
  disconnected(): void {
    this.resuming = false;
  }

  receive(event: StreamEvent): void {
    if (this.resuming) this.buffer.push(event);
    else this.accept(event);
  }

  resumed(result: Resumed): void {
    this.resuming = false;
    for (const stream of result.outdated) {
      this.last.set(stream, result.heads[stream] ?? 0);
      this.handlers.missed(stream);
    }
    for (const [stream, head] of Object.entries(result.heads)) {
      if (this.last.has(stream)) continue;
      this.last.set(stream, head);
      this.handlers.missed(stream);
    }
    const pending = [...result.events, ...this.buffer].sort((a, b) =>
      a.stream === b.stream ? a.seq - b.seq : a.stream < b.stream ? -1 : 1,
    );
    this.buffer = [];
    for (const event of pending) this.receive(event);
  }

  /** The resume was refused or timed out: try again (the caller decides when). */
  resumeFailed(): void {
    this.resuming = false;
  }

  /** Sign-out: forget every position. */
  reset(): void {
    this.last.clear();
    this.buffer = [];
    this.resuming = false;
  }

  private accept(event: StreamEvent): void {
    const last = this.last.get(event.stream);
    if (last !== undefined && event.seq <= last) return;
    if (last !== undefined && event.seq > last + 1) {
      this.buffer.push(event);
      this.startResume();
      return;
    }
    this.last.set(event.stream, event.seq);
    this.handlers.apply(event);
  }

  private startResume(): void {
    if (this.resuming) return;
    this.resuming = true;
    this.handlers.resume(this.positions());
  }
}
