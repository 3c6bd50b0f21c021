import { serverEvents, type ServerEventName, type ServerEventPayload } from '@heartline/domain';
import type { Db, Trx } from '../../db/database.ts';
import type { CommittedEvent } from './events.live.ts';
import type { EventsRepository, NewEvent } from './events.repository.ts';

/**
 * Records an event for one recipient stream (a room name: `userRoom(id)`, `sessionRoom(hash)`).
 * The payload is checked against the domain's event map here, so a bad payload fails the
 * writer's transaction instead of reaching a client.
 */
export type Emit = <E extends ServerEventName>(
  stream: string,
  type: E,
  payload: ServerEventPayload<E>,
  actorId?: string | null,
) => void;

export type OutboxDeps = {
  db: Db;
  repo: EventsRepository;
  /**
   * Told once a transaction with events has committed, with the events as numbered: pushes them
   * to their rooms at once (events.live.ts) and wakes the dispatcher.
   */
  committed: (events: readonly CommittedEvent[]) => void;
  /**
   * Fault injection for the crash test (never set in production): the process kills itself
   * right after committing an event of this type, before anything is delivered.
   */
  killAfterCommit?: ServerEventName | undefined;
};

/**
 * The write side of the event spine: a unit of work whose events commit with its changes.
 * `transaction(work)` runs `work` in one database transaction, appends everything it emitted
 * before committing, and hands the committed events on (pushed at once, then the dispatcher).
 */
export function createOutbox(deps: OutboxDeps) {
  async function transaction<T>(work: (trx: Trx, emit: Emit) => Promise<T>): Promise<T> {
    let appended: CommittedEvent[] = [];
    const result = await deps.db.transaction().execute(async (trx) => {
      const pending: NewEvent[] = [];
      let closed = false;
      const emit: Emit = (stream, type, payload, actorId = null) => {
        // An emit after the work returned (a stray callback) would be lost: say so loudly.
        if (closed) throw new Error(`emit('${type}') after its transaction's work had finished`);
        pending.push({ stream, type, actorId, payload: serverEvents[type].parse(payload) });
      };
      const value = await work(trx, emit);
      closed = true;
      appended = await deps.repo.append(trx, pending);
      return value;
    });
    if (appended.length > 0) {
      if (deps.killAfterCommit && appended.some((e) => e.type === deps.killAfterCommit)) {
        process.kill(process.pid, 'SIGKILL');
      }
      deps.committed(appended);
    }
    return result;
  }

  return { transaction };
}

export type Outbox = ReturnType<typeof createOutbox>;
/** How services run a change and record its events together. */
export type Transact = Outbox['transaction'];
