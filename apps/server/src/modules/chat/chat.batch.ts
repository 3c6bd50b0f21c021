import type { NewMessage, SendOutcome } from './chat.sends.repository.ts';

export type GroupCommitOptions = {
  /** Sends in one statement at most. */
  maxBatch: number;
  /**
   * How long the first send of a batch waits for others when no batch is being committed
   * (0: only those of the same turn of the event loop). While batches are being committed,
   * the sends that arrive meanwhile form the next one anyway.
   */
  windowMs: number;
  /** Batches being committed at once (each holds one database connection). */
  maxInFlight: number;
};

export const GROUP_COMMIT_DEFAULTS: GroupCommitOptions = {
  maxBatch: 256,
  windowMs: 0,
  maxInFlight: 2,
};

type Waiting = {
  send: NewMessage;
  resolve: (outcome: SendOutcome | undefined) => void;
  reject: (err: unknown) => void;
};

/**
 * Group commit for sends: the sends that arrive together are stored by one statement (one
 * transaction, one WAL flush), and each caller gets its own outcome once that commit is done,
 * so an acknowledged message is still durable. A send alone goes through the one-send
 * statement. If a batch fails as a whole (a client id stored meanwhile by another instance, a
 * deadlock, a lost connection), each of its sends is tried again on its own: one bad send
 * never fails the others. A client id is never in two batches at once: a retry that arrives
 * while its original is being stored waits for it, then finds it stored.
 */
export function createSendBatcher(
  repo: {
    send: (m: NewMessage) => Promise<SendOutcome | undefined>;
    sendMany: (ms: readonly NewMessage[]) => Promise<(SendOutcome | undefined)[]>;
  },
  options: GroupCommitOptions = GROUP_COMMIT_DEFAULTS,
  /** Told when a batch failed as a whole and its sends go one by one (logged: a statement
   * that keeps failing would otherwise silently turn every batch into single sends). */
  onBatchFailed: (err: unknown, size: number) => void = () => undefined,
) {
  let waiting: Waiting[] = [];
  let inFlight = 0;
  let timer: NodeJS.Timeout | NodeJS.Immediate | undefined;
  /** Client ids waiting or being stored, by sender. */
  const claimed = new Map<string, Promise<unknown>>();

  async function commit(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) {
      const [only] = batch;
      return repo.send(only!.send).then(only!.resolve, only!.reject);
    }
    let outcomes: (SendOutcome | undefined)[];
    try {
      outcomes = await repo.sendMany(batch.map((w) => w.send));
    } catch (err) {
      onBatchFailed(err, batch.length);
      // Nothing of the batch was written: each on its own, so only a bad one fails.
      await Promise.all(batch.map((w) => repo.send(w.send).then(w.resolve, w.reject)));
      return;
    }
    batch.forEach((w, i) => w.resolve(outcomes[i]));
  }

  function flush(): void {
    timer = undefined;
    while (waiting.length > 0 && inFlight < options.maxInFlight) {
      const batch = waiting.slice(0, options.maxBatch);
      waiting = waiting.slice(batch.length);
      inFlight++;
      void commit(batch).finally(() => {
        inFlight--;
        // The sends that came while this batch was committed go at once.
        if (waiting.length > 0 && !timer) flush();
      });
    }
  }

  function schedule(): void {
    if (inFlight >= options.maxInFlight || timer) return;
    if (waiting.length >= options.maxBatch) return flush();
    timer = options.windowMs > 0 ? setTimeout(flush, options.windowMs) : setImmediate(flush);
  }

  function enqueue(send: NewMessage): Promise<SendOutcome | undefined> {
    return new Promise((resolve, reject) => {
      waiting.push({ send, resolve, reject });
      schedule();
    });
  }

  function submit(send: NewMessage): Promise<SendOutcome | undefined> {
    const key = `${send.senderId}:${send.clientId}`;
    const earlier = claimed.get(key);
    // A retry of a send still being stored: after it, this one is an ordinary retry.
    const outcome = earlier
      ? earlier.then(
          () => enqueue(send),
          () => enqueue(send),
        )
      : enqueue(send);
    claimed.set(key, outcome);
    const release = () => {
      if (claimed.get(key) === outcome) claimed.delete(key);
    };
    outcome.then(release, release);
    return outcome;
  }

  return { submit };
}

export type SendBatcher = ReturnType<typeof createSendBatcher>;
