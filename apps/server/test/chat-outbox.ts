import { v7 as uuidv7 } from 'uuid';
import type { MessageView, SendAck } from '@heartline/domain';
import type { ClientSocket } from './realtime-client.ts';

export type Outgoing = {
  clientId: string;
  content: string;
  /** What the server acknowledged (the first ok answer). */
  ack?: MessageView;
  /** When the first ok answer came (ms since the epoch). */
  ackedAt?: number;
  /** Every ok answer's message id (a retry must answer the original). */
  answers: string[];
  attempts: number;
};

/**
 * A device's message outbox, as docs/API-chat.md asks of one: every message has its own client
 * id; it is sent (several in a row, in order) while the socket is connected, and kept until an
 * ok acknowledgement. A timeout, a dropped connection or a refusal that is not final sends it
 * again, with the same client id, after the socket is back. A final refusal is recorded (the
 * tests expect none).
 */
export class TestOutbox {
  readonly items: Outgoing[];
  /** Final refusals and other unexpected answers. */
  readonly failures: string[] = [];
  readonly done: Promise<void>;
  private readonly inFlight = new Set<Outgoing>();
  /** Bumped by every connect and disconnect: answers to older sends only count if ok. */
  private generation = 0;
  private resolveDone!: () => void;
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly socket: ClientSocket,
    private readonly chatId: string,
    contents: readonly string[],
    private readonly opts: {
      /** Sends in flight at once. */
      window?: number;
      ackTimeoutMs?: number;
      onAck?: (item: Outgoing) => void;
    } = {},
  ) {
    this.items = contents.map((content) => ({
      clientId: uuidv7(),
      content,
      answers: [],
      attempts: 0,
    }));
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
    socket.on('connect', () => {
      this.generation++;
      this.inFlight.clear();
      this.pump();
    });
    socket.on('disconnect', () => {
      this.generation++;
      this.inFlight.clear();
    });
  }

  get acked(): number {
    return this.items.filter((i) => i.ack).length;
  }

  start(): this {
    this.pump();
    return this;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
  }

  private pump(): void {
    if (this.stopped || !this.socket.connected) return;
    const window = this.opts.window ?? 10;
    for (const item of this.items) {
      if (this.inFlight.size >= window) break;
      if (item.ack || this.inFlight.has(item)) continue;
      this.send(item);
    }
    if (this.items.every((i) => i.ack)) this.resolveDone();
  }

  private send(item: Outgoing): void {
    const generation = this.generation;
    this.inFlight.add(item);
    item.attempts++;
    const payload = { chatId: this.chatId, clientId: item.clientId, content: item.content };
    this.socket
      .timeout(this.opts.ackTimeoutMs ?? 10_000)
      .emit('message.send', payload, (err: Error | null, ack: SendAck) => {
        // A timeout or a dropped connection (err): sent again at once or after the reconnect.
        let retryLater = false;
        if (err) {
          retryLater = false;
        } else if (ack.ok) {
          item.answers.push(ack.message.id);
          if (!item.ack) {
            item.ack = ack.message;
            item.ackedAt = Date.now();
            this.opts.onAck?.(item);
          }
        } else if (ack.final) {
          this.failures.push(`${item.content}: ${ack.error} ${ack.message}`);
          this.stop();
          this.resolveDone();
        } else {
          retryLater = true;
        }
        if (generation !== this.generation) return;
        this.inFlight.delete(item);
        if (retryLater) {
          clearTimeout(this.retryTimer);
          this.retryTimer = setTimeout(() => this.pump(), 200);
        } else {
          this.pump();
        }
      });
  }
}
