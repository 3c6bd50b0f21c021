import {
  parseServerEvent,
  serverEvents,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@heartline/domain';
import type { io as createSocket, Socket } from 'socket.io-client';
import type { RealtimeEvent } from './machine.ts';
import { realtimeStore } from './realtime-store.ts';

export type ServerEvent = {
  [E in ServerEventName]: { name: E; payload: ServerEventPayload<E> };
}[ServerEventName];

type EventHandler = (event: ServerEvent) => void;

const PRESENCE_INTERVAL_MS = 25_000;
const ACK_TIMEOUT_MS = 5_000;
const eventNames = Object.keys(serverEvents) as ServerEventName[];

/**
 * One authenticated Socket.IO connection (the session cookie authenticates the handshake).
 * Every incoming payload is validated against the domain contract before handlers see it.
 */
export class RealtimeClient {
  private socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
  private presenceTimer: ReturnType<typeof setInterval> | null = null;
  /** Bumped by stop(), so a start() whose client library is still loading gives up. */
  private generation = 0;
  private readonly handlers = new Set<EventHandler>();

  onEvent(handler: EventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  start(): void {
    if (this.socket || realtimeStore.getSnapshot().status !== 'idle') return;
    this.dispatch({ type: 'start' });
    const generation = this.generation;
    // Loaded on demand: the sign-in route never needs a socket, so it does not pay for one.
    void import('socket.io-client').then(
      ({ io }) => {
        if (generation === this.generation) this.connect(io);
      },
      () => this.dispatch({ type: 'failed' }),
    );
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

    socket.on('connect', () => {
      this.dispatch({ type: 'connected' });
      this.startPresence();
    });
    socket.on('connect_error', () => this.dispatch({ type: 'failed' }));
    socket.on('disconnect', () => {
      this.stopPresence();
      this.dispatch({ type: 'disconnected' });
    });
    socket.io.on('reconnect_attempt', (attempt) => this.dispatch({ type: 'retrying', attempt }));

    // The typed socket narrows each listener to its own payload; validation wants `unknown`.
    const untyped = socket as unknown as Socket;
    for (const name of eventNames) {
      untyped.on(name, (payload: unknown) => this.receive(name, payload));
    }
  }

  stop(): void {
    this.generation += 1;
    this.stopPresence();
    this.socket?.removeAllListeners();
    this.socket?.io.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    this.dispatch({ type: 'stop' });
  }

  private receive(name: ServerEventName, payload: unknown): void {
    const parsed = parseServerEvent(name, payload);
    if (!parsed) return;
    const event = { name, payload: parsed } as ServerEvent;
    for (const handler of this.handlers) handler(event);
  }

  private startPresence(): void {
    this.stopPresence();
    const ping = () => {
      this.socket
        ?.timeout(ACK_TIMEOUT_MS)
        .emit('presence.ping', { at: Date.now() }, () => undefined);
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

export const realtimeClient = new RealtimeClient();
