import { userOfRoom, type ServerEventName, type StreamEvent } from '@heartline/domain';
import type { Trx } from '../../db/database.ts';
import { presenceRoom, toPresence } from '../../realtime/presence.ts';
import type { RealtimeServer } from '../../realtime/realtime.ts';

/**
 * What a handler may use to deliver: the socket server, and the dispatcher's transaction (the
 * one that marks the event delivered) for reading the recipient's settings and queueing jobs
 * with `enqueueJob(trx, ...)`, so a queued push commits exactly when the event counts as
 * delivered. (On PGlite that transaction holds the only connection: use it, never `db`.)
 */
/** Push device ids by recipient, for the events of one dispatcher pass. */
export type PassDevices = ReadonlyMap<string, readonly string[]>;

export type DeliveryContext = {
  io: RealtimeServer;
  trx: Trx;
  /** Web Push: queues a notification to the recipient's devices if they want one (issue 16). */
  push?: {
    queue: (event: StreamEvent, trx: Trx, devices: PassDevices) => Promise<void>;
    /** The devices of the pass's recipients, read once per pass by the dispatcher. */
    devicesOf: (userIds: readonly string[], trx: Trx) => Promise<PassDevices>;
  };
  /** The pass's `push.devicesOf` answer (empty without push). */
  devices?: PassDevices;
  /**
   * This instance already sent this event to its room (its writer pushed it right after the
   * commit, or an earlier pass that did not commit): not again; everything else still happens.
   */
  sent?: boolean;
};

type Handler<E extends ServerEventName> = (
  event: Extract<StreamEvent, { type: E }>,
  context: DeliveryContext,
) => void | Promise<void>;

/** One handler per event type; the map must name every type of the domain's event map. */
export type EventHandlers = { [E in ServerEventName]: Handler<E> };

/** To every socket in the stream's room, on any instance (Redis adapter). */
function toRoom(event: StreamEvent, { io, sent }: Pick<DeliveryContext, 'io' | 'sent'>): void {
  if (!sent) io.to(event.stream).emit('event', event);
}

/** To the room, and to the person's devices by Web Push when their settings want it. */
async function toRoomAndPush(event: StreamEvent, context: DeliveryContext): Promise<void> {
  toRoom(event, context);
  await context.push?.queue(event, context.trx, context.devices ?? new Map());
}

/**
 * Whether delivering an event still does anything (the dispatcher reads the payload only
 * then): an event this instance sent to its room already needs nothing more when its handler
 * only sends to the room, or also pushes and the recipient has no push device. Any other
 * handler always runs.
 */
export function hasWorkLeft(
  handlers: EventHandlers,
  event: { stream: string; type: string },
  { sent, devices }: Pick<DeliveryContext, 'sent' | 'devices'>,
): boolean {
  const handler: unknown = handlers[event.type as ServerEventName];
  if (!sent) return true;
  if (handler === toRoom) return false;
  if (handler === toRoomAndPush) {
    const recipient = userOfRoom(event.stream);
    return recipient !== undefined && (devices?.get(recipient)?.length ?? 0) > 0;
  }
  return true;
}

export const eventHandlers: EventHandlers = {
  // The revoked session's sockets are told why, then closed (they cannot reconnect with it).
  'session.revoked': (event, context) => {
    toRoom(event, context);
    context.io.in(event.stream).disconnectSockets(true);
  },
  'badges.updated': toRoom,
  'profile.updated': toRoom,
  'system.notice': toRoom,
  'request.created': toRoomAndPush,
  'request.accepted': toRoomAndPush,
  'request.approved': toRoomAndPush,
  'request.final_approval': toRoom,
  'request.rejected': toRoom,
  'request.cancelled': toRoom,
  'trust.updated': toRoom,
  'friendship.created': toRoom,
  // Presence is for people one may message: the former friend's sockets stop showing it.
  'friendship.removed': (event, context) => {
    toRoom(event, context);
    context.io.in(event.stream).socketsLeave(presenceRoom(event.payload.userId));
  },
  'message.created': toRoomAndPush,
  'chat.receipt': toRoom,
  'chat.updated': toRoom,
  'match.created': toRoomAndPush,
  'report.reviewed': toRoomAndPush,
  // As for a former friend: no presence crosses between people who may not message.
  'match.ended': (event, context) => {
    toRoom(event, context);
    context.io.in(event.stream).socketsLeave(presenceRoom(event.payload.userId));
  },
  // Online status turned off: the watchers see the person go offline at once (and nothing more).
  'settings.updated': (event, context) => {
    toRoom(event, context);
    const { userId, settings } = event.payload;
    if (!settings.privacy.onlineStatus) {
      context.io
        .to(presenceRoom(userId))
        .emit('presence', toPresence(userId, undefined, Date.now()));
    }
  },
};
