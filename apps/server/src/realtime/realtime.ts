import type http from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { RedisClientType } from 'redis';
import { Server } from 'socket.io';
import {
  clientEvents,
  sessionRoom,
  userRoom,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@heartline/domain';
import type { SessionsService } from '../modules/auth/sessions.service.ts';
import type { SessionCookie } from '../plugins/session.ts';

type SocketData = { userId: string; sessionKey: string };
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export type RealtimeDeps = {
  sessions: SessionsService;
  jar: SessionCookie;
  origin: string;
  redis?: { pub: RedisClientType; sub: RedisClientType; prefix: string } | undefined;
};

/**
 * One authenticated Socket.IO server. The session cookie authenticates the handshake, the
 * Origin must be ours (cookies ride along on cross-site WebSocket handshakes), and each socket
 * joins its user's room and its session's room (so sign-out can close exactly that session).
 */
export function createRealtime(server: http.Server, deps: RealtimeDeps): RealtimeServer {
  const io: RealtimeServer = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (req, callback) => callback(null, req.headers.origin === deps.origin),
  });
  if (deps.redis) {
    io.adapter(
      createAdapter(deps.redis.pub, deps.redis.sub, { key: `${deps.redis.prefix}:socket.io` }),
    );
  }

  io.use((socket, next) => {
    const token = deps.jar.read(socket.request.headers.cookie);
    if (!token) return next(new Error('unauthorized'));
    deps.sessions
      .resolve(token)
      .then((info) => {
        if (!info) return next(new Error('unauthorized'));
        socket.data = { userId: info.userId, sessionKey: info.tokenHash };
        next();
      })
      .catch(() => next(new Error('unavailable')));
  });

  io.on('connection', (socket) => {
    void socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.sessionKey)]);
    socket.on('presence.ping', (payload, ack) => {
      if (typeof ack !== 'function') return;
      const parsed = clientEvents['presence.ping'].safeParse(payload);
      ack(
        parsed.success ? { ok: true, at: Date.now() } : { ok: false, error: 'VALIDATION_FAILED' },
      );
    });
  });

  return io;
}

/** Typed publish to every socket of a user, on any instance. */
export function publishToUser<E extends ServerEventName>(
  io: RealtimeServer,
  userId: string,
  event: E,
  payload: ServerEventPayload<E>,
) {
  // socket.io's emit signature is generic over the event map; the cast keeps the one call site typed.
  (io.to(userRoom(userId)).emit as (e: E, p: ServerEventPayload<E>) => boolean)(event, payload);
}
