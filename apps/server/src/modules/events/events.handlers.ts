import type { ServerEventName, StreamEvent } from '@heartline/domain';
import type { RealtimeServer } from '../../realtime/realtime.ts';

/** What a handler may use to deliver. Later: the recipient's settings and the jobs queue. */
export type DeliveryContext = { io: RealtimeServer };

type Handler<E extends ServerEventName> = (
  event: Extract<StreamEvent, { type: E }>,
  context: DeliveryContext,
) => void | Promise<void>;

/** One handler per event type; the map must name every type of the domain's event map. */
export type EventHandlers = { [E in ServerEventName]: Handler<E> };

/** To every socket in the stream's room, on any instance (Redis adapter). */
function toRoom(event: StreamEvent, { io }: DeliveryContext): void {
  io.to(event.stream).emit('event', event);
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
  'request.created': toRoom,
  'request.accepted': toRoom,
  'request.rejected': toRoom,
  'request.cancelled': toRoom,
  'trust.updated': toRoom,
  'friendship.created': toRoom,
  'friendship.removed': toRoom,
};
