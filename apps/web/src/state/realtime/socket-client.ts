import { createListeners } from '../../lib/listeners.ts';
import {
  liveSignals,
  parseStreamEvent,
  StreamCursor,
  userRoom,
  type ClientToServerEvents,
  type Presence,
  type SendAck,
  type SendMessageInput,
  type ServerToClientEvents,
  type StreamEvent,
  type TypingSignal,
} from '@heartline/domain';
import type { io as createSocket, Socket } from 'socket.io-client';
import { afterFirstScreen } from '../../lib/first-screen.ts';
import type { RealtimeEvent } from './machine.ts';
import { realtimeStore } from './realtime-store.ts';

export type RealtimeHandlers = {
  /** Whose page this is: a socket that turns out to read another user's stream is dropped. */
  userId: string;
  /** Each stream's events, in order and once each (`session.revoked` as soon as it comes). */
  event: (event: StreamEvent) => void;
  /**
   * The user's events may have been missed beyond replay (first contact, too old): refetch.
   * A first contact says when the stream had last had an event: `quietSince`, on the page's
   * clock (`performance.now()`).
   */
  gap: (quietSince?: number) => void;
  /** The cookie now belongs to someone else (signed in as another user in another tab). */
  userChanged: () => void;
  /** The server closed the socket without a sign-out event: its session may have expired. */
  serverClosed: () => void;
};

const PRESENCE_INTERVAL_MS = 25_000;
const ACK_TIMEOUT_MS = 5_000;
/** A message send waits longer: the server answers once the message is committed. */
const SEND_TIMEOUT_MS = 10_000;
/** A refused handshake is tried again after 2 s, doubling up to 60 s (with jitter). */
const HANDSHAKE_RETRY_MS = 2_000;
const HANDSHAKE_RETRY_MAX_MS = 60_000;
/** A resume that failed (timeout, server busy) is asked again this much later. */
const RESUME_RETRY_MS = 2_000;

/**
 * One authenticated Socket.IO connection (the session cookie authenticates the handshake).
 * Every incoming envelope is validated against the domain contract, then a StreamCursor puts
 * each stream in order: after any reconnect it asks for exactly what was missed.
 */
export class RealtimeClient {
  private socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
  private presenceTimer: ReturnType<typeof setInterval> | null = null;
  private resumeTimer: ReturnType<typeof setTimeout> | null = null;
  private handshakeTimer: ReturnType<typeof setTimeout> | null = null;
  /** Handshakes refused in a row (server busy): each waits longer before the next. */
  private refusals = 0;
  /** Stops listening to the browser's online and offline events. */
  private unwatchNetwork: (() => void) | null = null;
  /** Bumped by stop(), so a start() whose client library is still loading gives up. */
  private generation = 0;
  /** Cancels a start() still waiting for the first screen. */
  private cancelWait: (() => void) | null = null;
  private handlers: RealtimeHandlers | null = null;
  private readonly typingSignals = createListeners<[TypingSignal]>();
  private readonly presenceSignals = createListeners<[Presence]>();
  private readonly cursor = new StreamCursor({
    apply: (event) => this.handlers?.event(event),
    // A session stream's gap changes no screen (its only event ends the session).
    missed: (stream, quietMs) => {
      if (!this.handlers || stream !== userRoom(this.handlers.userId)) return;
      // On the page's clock (0 when the page began). null: the stream keeps no event at all
      // (none yet, or all older than the server keeps, days before this page).
      const quietSince =
        quietMs === undefined
          ? undefined
          : quietMs === null
            ? -Infinity
            : performance.now() - quietMs;
      this.handlers.gap(quietSince);
    },
    resume: (streams, token) => this.resume(streams, token),
  });

  setHandlers(handlers: RealtimeHandlers | null): void {
    this.handlers = handlers;
  }

  start(): void {
    if (this.socket || realtimeStore.getSnapshot().status !== 'idle') return;
    this.dispatch({ type: 'start' });
    const generation = this.generation;
    // Loaded on demand: the sign-in route never needs a socket, so it does not pay for one.
    // And once the first screen is in (issue 17): no screen needs the socket to show, and on a
    // slow link its code and handshake would share the link with the screen's answers and
    // photos. What an event meanwhile changed is refetched on first contact (the `gap`); its
    // toast or notification, as for any event before the socket is up, is not shown.
    this.cancelWait = afterFirstScreen(() => {
      // A stop() after the wait ended (the call already queued) cancelled nothing.
      if (generation !== this.generation) return;
      this.cancelWait = null;
      void import('socket.io-client').then(
        ({ io }) => {
          if (generation === this.generation) this.connect(io);
        },
        () => {
          if (generation === this.generation) this.dispatch({ type: 'failed' });
        },
      );
    });
  }

  private connect(io: typeof createSocket): void {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
      path: '/socket.io',
      // WebSocket only: the server checks the Origin header, which browsers always send on a
      // WebSocket handshake but not on same-origin long-polling GETs.
      transports: ['websocket'],
      withCredentials: true,
      reconnection: true,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 30_000,
      randomizationFactor: 0.5,
      timeout: 5_000,
    });
    this.socket = socket;
    // The browser knows at once when its network goes; the socket would only notice at its
    // next missed ping (~45 s, issue 45). Dropped then, it shows offline and retries; once the
    // network is back, it connects again at once rather than after its backoff.
    const networkLost = () => {
      if (socket.connected) socket.io.engine.close();
    };
    const networkBack = () => {
      // Not a socket stopped on purpose (refused, signed out) or waiting out a busy server.
      if (socket.connected || !socket.active || this.handshakeTimer) return;
      socket.disconnect();
      socket.connect();
    };
    // Not in a page (the unit tests run the client in Node): nothing to watch.
    const page = typeof window === 'undefined' ? null : window;
    page?.addEventListener('offline', networkLost);
    page?.addEventListener('online', networkBack);
    this.unwatchNetwork = () => {
      page?.removeEventListener('offline', networkLost);
      page?.removeEventListener('online', networkBack);
    };

    socket.on('connect', () => {
      this.refusals = 0;
      this.dispatch({ type: 'connected' });
      this.startPresence();
      this.clearResumeRetry();
      this.cursor.connected();
    });
    socket.on('connect_error', (err) => {
      this.dispatch({ type: 'failed' });
      // A handshake the server refused (not a network failure) is not retried by Socket.IO.
      // Refused as unauthorized: the session may be over, so the app checks it. Refused for a
      // passing reason (the server busy, too many tabs): try again later, backing off.
      if (socket.active) return;
      if (err.message === 'unauthorized') return this.handlers?.serverClosed();
      this.refusals += 1;
      const delay = Math.min(HANDSHAKE_RETRY_MAX_MS, HANDSHAKE_RETRY_MS * 2 ** (this.refusals - 1));
      this.clearHandshakeRetry();
      this.handshakeTimer = setTimeout(
        () => {
          if (socket === this.socket) socket.connect();
        },
        delay * (0.5 + Math.random()),
      );
    });
    socket.on('disconnect', (reason) => {
      this.stopPresence();
      this.clearResumeRetry();
      this.cursor.disconnected();
      this.dispatch({ type: 'disconnected' });
      if (reason === 'io server disconnect') this.handlers?.serverClosed();
    });
    socket.io.on('reconnect_attempt', (attempt) => this.dispatch({ type: 'retrying', attempt }));
    // The typed socket narrows the listener to the envelope type; validation wants `unknown`.
    (socket as unknown as Socket).on('event', (raw: unknown) => {
      const event = parseStreamEvent(raw);
      if (!event) return;
      // The server closes the socket right after this one, so it must not wait in the buffer
      // for a resume that will never be answered.
      if (event.type === 'session.revoked') this.handlers?.event(event);
      else this.cursor.receive(event);
    });
    // Live signals are not stored: a bad one is dropped, a missed one expires on its own.
    (socket as unknown as Socket).on('typing', (raw: unknown) => {
      const signal = liveSignals.typing.safeParse(raw);
      if (signal.success) this.typingSignals.emit(signal.data);
    });
    (socket as unknown as Socket).on('presence', (raw: unknown) => {
      const presence = liveSignals.presence.safeParse(raw);
      if (presence.success) this.presenceSignals.emit(presence.data);
    });
  }

  /**
   * Sends one chat message and resolves with the server's answer. Offline or unanswered, it
   * resolves as a failure that is not final: the outbox keeps the message and sends it again
   * with the same client id (the server stores it once).
   */
  send(input: SendMessageInput): Promise<SendAck> {
    const socket = this.socket;
    // Not emitted while down: socket.io would buffer it and send it again beside the retry.
    if (!socket?.connected) return Promise.resolve(notSent('OFFLINE'));
    return new Promise((resolve) => {
      socket.timeout(SEND_TIMEOUT_MS).emit('message.send', input, (err, ack) => {
        resolve(err ? notSent('TIMEOUT') : ack);
      });
    });
  }

  /** This device has the chat's messages up to `seq` (the sender's second tick); false offline. */
  delivered(chatId: string, seq: number): boolean {
    if (!this.socket?.connected) return false;
    this.socket.timeout(ACK_TIMEOUT_MS).emit('chat.delivered', { chatId, seq }, () => undefined);
    return true;
  }

  typing(chatId: string, isTyping: boolean): void {
    if (!this.socket?.connected) return;
    this.socket.timeout(ACK_TIMEOUT_MS).emit('chat.typing', { chatId, isTyping }, () => undefined);
  }

  /** Watches these people's presence (replacing the last set); null when not answered. */
  watchPresence(userIds: string[]): Promise<Presence[] | null> {
    const socket = this.socket;
    if (!socket?.connected) return Promise.resolve(null);
    return new Promise((resolve) => {
      socket.timeout(ACK_TIMEOUT_MS).emit('presence.watch', { userIds }, (err, ack) => {
        if (err || !ack.ok) return resolve(null);
        const parsed = ack.presence.map((p) => liveSignals.presence.safeParse(p));
        resolve(parsed.flatMap((p) => (p.success ? [p.data] : [])));
      });
    });
  }

  onTyping(listener: (signal: TypingSignal) => void): () => void {
    return this.typingSignals.subscribe(listener);
  }

  onPresence(listener: (presence: Presence) => void): () => void {
    return this.presenceSignals.subscribe(listener);
  }

  private clearHandshakeRetry(): void {
    if (this.handshakeTimer) clearTimeout(this.handshakeTimer);
    this.handshakeTimer = null;
  }

  private clearResumeRetry(): void {
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    this.resumeTimer = null;
  }

  private resume(streams: Record<string, number>, token: number): void {
    const socket = this.socket;
    if (!socket?.connected) return this.cursor.resumeFailed(token);
    socket.timeout(ACK_TIMEOUT_MS).emit('stream.resume', { streams }, (err, ack) => {
      if (socket !== this.socket) return;
      if (!err && ack.ok) {
        if (this.handlers && !(userRoom(this.handlers.userId) in ack.heads)) {
          return this.handlers.userChanged();
        }
        // Replayed events are checked like live ones.
        const events = ack.events.map(parseStreamEvent);
        if (events.every((e) => e !== null)) return this.cursor.resumed(token, { ...ack, events });
      }
      this.cursor.resumeFailed(token);
      this.clearResumeRetry();
      this.resumeTimer = setTimeout(() => {
        if (socket.connected) this.cursor.connected();
      }, RESUME_RETRY_MS);
    });
  }

  stop(): void {
    this.generation += 1;
    this.cancelWait?.();
    this.cancelWait = null;
    this.clearHandshakeRetry();
    this.refusals = 0;
    this.stopPresence();
    this.clearResumeRetry();
    this.cursor.reset();
    this.unwatchNetwork?.();
    this.unwatchNetwork = null;
    this.socket?.removeAllListeners();
    this.socket?.io.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    this.dispatch({ type: 'stop' });
  }

  private startPresence(): void {
    this.stopPresence();
    const ping = () => {
      // A page on screen counts as activity for the people watching this user's presence.
      const visible = document.visibilityState === 'visible';
      this.socket
        ?.timeout(ACK_TIMEOUT_MS)
        .emit('presence.ping', { at: Date.now(), visible }, () => undefined);
    };
    ping();
    this.presenceTimer = setInterval(ping, PRESENCE_INTERVAL_MS);
  }

  private stopPresence(): void {
    if (this.presenceTimer) clearInterval(this.presenceTimer);
    this.presenceTimer = null;
  }

  private dispatch(event: RealtimeEvent): void {
    realtimeStore.dispatch(event);
  }
}

function notSent(error: 'OFFLINE' | 'TIMEOUT'): SendAck {
  return { ok: false, error, message: '', final: false };
}

export const realtimeClient = new RealtimeClient();
