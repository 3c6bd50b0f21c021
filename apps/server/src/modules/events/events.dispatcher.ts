import { parseStreamEvent, userOfRoom } from '@heartline/domain';
import type { EventsRepository } from './events.repository.ts';
import { hasWorkLeft, type DeliveryContext, type EventHandlers } from './events.handlers.ts';
import type { EmitLedger } from './events.live.ts';

export type DispatcherDeps = {
  repo: EventsRepository;
  handlers: EventHandlers;
  context: Omit<DeliveryContext, 'trx'>;
  /** How often to look for events nobody woke us for (a writer that died, another instance). */
  pollMs?: number;
  /** How long delivered events stay for resuming clients. */
  keepMs?: number;
  onError?: (err: unknown) => void;
  /** What this instance emitted already (events.live.ts): not sent twice from here. */
  ledger?: EmitLedger;
};

const BATCH = 200;
/**
 * When another instance holds the dispatch lock, look again this soon: it may have read its
 * batch before our commit. One retry per kick, not a loop (the poll covers the rest).
 */
const BUSY_RETRY_MS = 50;

/** The people a pass delivers to (their streams are `user:<id>`). */
function recipientsOf(events: readonly { stream: string }[]): string[] {
  const ids = new Set<string>();
  for (const e of events) {
    const userId = userOfRoom(e.stream);
    if (userId !== undefined) ids.add(userId);
  }
  return [...ids];
}

/**
 * The read side of the event spine: turns committed events into deliveries, oldest first, one
 * instance at a time. Each event type has one handler (events.handlers.ts); that is where a
 * recipient's settings are consulted and push or e-mail jobs are queued. A crash between commit
 * and delivery leaves the events undelivered in the table, and the next pass (on any instance,
 * or this one after a restart) sends them: at least once, made exactly once by the clients'
 * per-stream sequence numbers.
 */
export function createDispatcher(deps: DispatcherDeps) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let poller: NodeJS.Timeout | undefined;
  let pruner: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;

  async function deliverAll(isRetry: boolean): Promise<void> {
    for (;;) {
      again = false;
      const delivered = await deps.repo.dispatchBatch(BATCH, async (heads, trx, read) => {
        const devices = await deps.context.push?.devicesOf(recipientsOf(heads), trx);
        const sentHere = (e: { stream: string; seq: number }) =>
          deps.ledger?.covers(e.stream, e.seq) ?? false;
        // What went out already and has nothing else to do is only marked: its payload is
        // not read, parsed or kept for the pass.
        const wanted = heads.filter((h) =>
          hasWorkLeft(deps.handlers, h, { sent: sentHere(h), devices }),
        );
        for (const stored of await read(wanted.map((h) => h.id))) {
          const event = parseStreamEvent(stored);
          if (!event) {
            // Its seq is skipped on the wire; a client's resume finds the stream outdated.
            deps.onError?.(new Error(`event ${stored.id} (${stored.type}) fails its schema`));
            continue;
          }
          try {
            await deps.handlers[event.type](event as never, {
              ...deps.context,
              trx,
              sent: sentHere(event),
              devices,
            });
          } catch (err) {
            // One failing handler must not hold back every later event: this one counts as
            // delivered (clients still get it by resuming, which reads the table).
            deps.onError?.(err);
          }
          deps.ledger?.record(event.stream, event.seq);
        }
      });
      if (delivered === null) {
        if (!isRetry) {
          clearTimeout(retry);
          retry = setTimeout(() => kick(true), BUSY_RETRY_MS);
        }
        return;
      }
      if (delivered < BATCH && !again) return;
    }
  }

  /** Something committed: deliver it (coalesced with a pass already running). */
  function kick(isRetry = false): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = deliverAll(isRetry)
      .catch((err: unknown) => deps.onError?.(err))
      .finally(() => {
        running = null;
        if (again) kick();
      });
  }

  return {
    kick: () => kick(),
    start(): void {
      poller = setInterval(() => kick(), deps.pollMs ?? 1000);
      poller.unref();
      const keepMs = deps.keepMs ?? 7 * 24 * 60 * 60 * 1000;
      pruner = setInterval(
        () =>
          void deps.repo
            .prune(new Date(Date.now() - keepMs))
            .catch((err: unknown) => deps.onError?.(err)),
        60 * 60 * 1000,
      );
      pruner.unref();
      kick();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(poller);
      clearInterval(pruner);
      clearTimeout(retry);
      await running;
    },
    /**
     * Resolves once this instance's dispatcher has nothing left to deliver or found another
     * instance dispatching (tests with one instance).
     */
    async drain(): Promise<void> {
      kick();
      while (running) await running;
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
