import type http from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { RedisClients } from '../lib/redis.ts';
import { Server, type Socket } from 'socket.io';
import { WebSocketServer } from 'ws';
import {
  clientEvents,
  sessionRoom,
  userRoom,
  type ClientToServerEvents,
  type ResumeAck,
  type ServerToClientEvents,
} from '@heartline/domain';
import type { SessionsService } from '../modules/auth/sessions.service.ts';
import { sha256 } from '../lib/tokens.ts';
import type { SessionCookie } from '../plugins/session.ts';
import { emptyFlushedBuffers } from './engine-buffers.ts';
import { releaseReceivedFrames } from './ws-receiver.ts';
import { presenceRoom, type PresenceTracker } from './presence.ts';

type SocketData = {
  userId: string;
  sessionKey: string;
  /** When the socket's session ends unless used meanwhile (checked again then). */
  endsAt: number;
};

/** Sockets one account may hold open on one instance (issue 18: 300 all connected). */
export const SOCKETS_PER_ACCOUNT = 20;
/**
 * Client events one socket may send per window (pings every 25 s and a resume now and then need
 * a handful); beyond, they are answered RATE_LIMITED, and a socket far beyond is closed.
 */
export const CLIENT_EVENTS_PER_WINDOW = 30;
const CLIENT_EVENTS_WINDOW_MS = 10_000;
const CLIENT_EVENTS_CLOSE_AT = 10 * CLIENT_EVENTS_PER_WINDOW;

/** How often open sockets are checked against their sessions' end (issue 18: within ~1 s). */
const SESSION_CHECK_MS = 1_000;
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** Each socket's share of the client-event window, for handlers registered elsewhere (chat). */
const budgets = new WeakMap<RealtimeSocket, () => boolean>();
/** Counts one client event of `socket`: false when over its window (answer RATE_LIMITED). */
export function allowClientEvent(socket: RealtimeSocket): boolean {
  return budgets.get(socket)?.() ?? false;
}

export type RealtimeDeps = {
  sessions: SessionsService;
  jar: SessionCookie;
  origin: string;
  /** What a reconnecting client missed on the streams it may read (the events module's). */
  resume: (readable: readonly string[], positions: Record<string, number>) => Promise<ResumeAck>;
  presence: PresenceTracker;
  redis?: RedisClients | undefined;
  /** A background check failed (a socket's session end): logged and counted. */
  onError?: (err: unknown, reason: string) => void;
};

/**
 * One authenticated Socket.IO server. The session cookie authenticates the handshake, the
 * Origin must be ours (cookies ride along on cross-site WebSocket handshakes), and each socket
 * joins its user's room and its session's room (so sign-out can close exactly that session).
 * Rooms are the event streams of the outbox; events reach them from the dispatcher, and from a
 * writer that committed outside the outbox right after its commit (events/events.live.ts).
 */
export function createRealtime(server: http.Server, deps: RealtimeDeps): RealtimeServer {
  const io: RealtimeServer = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (req, callback) => callback(null, req.headers.origin === deps.origin),
    // Our own ws, so the receiver patched below is the one Engine.IO uses.
    wsEngine: WebSocketServer,
  });
  releaseReceivedFrames();
  emptyFlushedBuffers(io.engine);
  if (deps.redis) {
    io.adapter(
      createAdapter(deps.redis.adapterPub, deps.redis.adapterSub, {
        key: `${deps.redis.prefix}:socket.io`,
      }),
    );
  }

  io.use((socket, next) => {
    const token = deps.jar.read(socket.request.headers.cookie);
    if (!token) return next(new Error('unauthorized'));
    deps.sessions
      .resolve(token)
      .then((info) => {
        // A suspended or banned account holds no socket (its sessions reach the standing routes).
        if (!info || info.state !== 'ACTIVE') return next(new Error('unauthorized'));
        // One account holds a bounded number of sockets on an instance (tabs and devices).
        const open = io.of('/').adapter.rooms.get(userRoom(info.userId))?.size ?? 0;
        if (open >= SOCKETS_PER_ACCOUNT) return next(new Error('too_many_connections'));
        socket.data = { userId: info.userId, sessionKey: info.tokenHash, endsAt: info.endsAt };
        next();
      })
      .catch(() => next(new Error('unavailable')));
  });

  // A socket lives no longer than its session: at the time a session would end, ask again (it
  // may have been used since, on any instance); if it has ended, close the socket. Revocation
  // (sign-out) closes sockets at once through the session.revoked event.
  const checking = new Set<string>();
  const sessionTimer = setInterval(() => {
    const now = Date.now();
    for (const socket of io.of('/').sockets.values()) {
      const data = socket.data as SocketData | undefined;
      if (!data || data.endsAt > now || checking.has(socket.id)) continue;
      checking.add(socket.id);
      deps.sessions
        .endsAt(data.sessionKey)
        .then((endsAt) => {
          if (endsAt === null) socket.disconnect(true);
          else data.endsAt = endsAt;
        })
        // The socket stays until the next check asks again.
        .catch((err: unknown) => deps.onError?.(err, 'socket session check failed'))
        .finally(() => checking.delete(socket.id));
    }
  }, SESSION_CHECK_MS);
  sessionTimer.unref();
  const close = io.close.bind(io);
  /** Set once closing starts: the sockets it disconnects announce no presence any more. */
  let closing = false;
  io.close = (fn) => {
    closing = true;
    clearInterval(sessionTimer);
    return close(fn);
  };

  io.on('connection', (socket) => {
    const streams = [userRoom(socket.data.userId), sessionStream(socket.data.sessionKey)];
    void socket.join(streams);
    let resuming = false;
    // A fixed window per socket: enough for any real client, a wall for a flood.
    let windowStart = Date.now();
    let inWindow = 0;
    const allowed = (): boolean => {
      const now = Date.now();
      if (now - windowStart >= CLIENT_EVENTS_WINDOW_MS) {
        windowStart = now;
        inWindow = 0;
      }
      inWindow++;
      if (inWindow > CLIENT_EVENTS_CLOSE_AT) socket.disconnect(true);
      return inWindow <= CLIENT_EVENTS_PER_WINDOW;
    };
    budgets.set(socket, allowed);
    const { userId } = socket.data;
    // Presence: an open socket is "connected", a visible app or a message "active"; watchers
    // hear only the changes they can see (presence.ts).
    const announce = (presence: Awaited<ReturnType<PresenceTracker['seen']>>) => {
      // While the server closes, the Redis adapter's client may already be gone: its publish
      // would reject where nobody hears it (an unhandled rejection).
      if (presence && !closing) io.to(presenceRoom(userId)).emit('presence', presence);
    };
    deps.presence.seen(userId, true).then(announce, () => undefined);
    socket.on('disconnect', () => {
      if (io.of('/').adapter.rooms.get(userRoom(userId))?.size) return;
      deps.presence.left(userId).then(announce, () => undefined);
    });
    socket.on('presence.ping', (payload, ack) => {
      if (typeof ack !== 'function') return;
      if (!allowed()) return ack({ ok: false, error: 'RATE_LIMITED' });
      const parsed = clientEvents['presence.ping'].safeParse(payload);
      if (!parsed.success) return ack({ ok: false, error: 'VALIDATION_FAILED' });
      deps.presence.seen(userId, parsed.data.visible === true).then(announce, () => undefined);
      ack({ ok: true, at: Date.now() });
    });
    socket.on('stream.resume', (payload, ack) => {
      if (typeof ack !== 'function') return;
      if (!allowed()) return ack({ ok: false, error: 'RATE_LIMITED' });
      const parsed = clientEvents['stream.resume'].safeParse(payload);
      if (!parsed.success) return ack({ ok: false, error: 'VALIDATION_FAILED' });
      // One resume at a time per socket: a client cannot queue up database work.
      if (resuming) return ack({ ok: false, error: 'BUSY' });
      resuming = true;
      deps
        .resume(streams, parsed.data.streams)
        .then(ack, () => ack({ ok: false, error: 'UNAVAILABLE' }))
        .finally(() => (resuming = false));
    });
  });

  return io;
}

/**
 * The stream (room) of one session. Named by a hash of the session's token hash, so the name
 * the browser sees tells nothing about the session row.
 */
export function sessionStream(tokenHash: string): string {
  return sessionRoom(sha256(`stream:${tokenHash}`));
}
