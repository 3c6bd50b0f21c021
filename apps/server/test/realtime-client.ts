import { afterEach, expect } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  parseStreamEvent,
  StreamCursor,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
  type StreamEvent,
} from '@heartline/domain';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type Listener = {
  socket: ClientSocket;
  /** Events applied in order, each once (the web client's StreamCursor decides). */
  applied: StreamEvent[];
  /** Every envelope that arrived, duplicates included. */
  received: StreamEvent[];
  /** Streams whose events may have been missed beyond replay (first contact, too old). */
  missed: string[];
  next: <E extends ServerEventName>(
    type: E,
    match?: (payload: ServerEventPayload<E>) => boolean,
    timeoutMs?: number,
  ) => Promise<ServerEventPayload<E>>;
  /** Resolves once the socket is connected and a resume asked from now on has been answered. */
  ready: () => Promise<void>;
};

/**
 * A real Socket.IO client on a session cookie, driven like the web client: every envelope is
 * checked against the domain contract, and a StreamCursor resumes after each (re)connect.
 */
export function listen(
  baseUrl: string,
  cookie: string,
  opts: { reconnection?: boolean } = {},
): Listener {
  const socket: ClientSocket = connect(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: opts.reconnection ?? false,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
    extraHeaders: { cookie, origin: baseUrl },
  });
  const applied: StreamEvent[] = [];
  const received: StreamEvent[] = [];
  const missed: string[] = [];
  let resumes = 0;
  const cursor = new StreamCursor({
    apply: (event) => applied.push(event),
    missed: (stream) => missed.push(stream),
    resume: (streams, token) => {
      socket.emit('stream.resume', { streams }, (ack) => {
        if (ack.ok) cursor.resumed(token, ack);
        else cursor.resumeFailed(token);
        resumes++;
      });
    },
  });
  socket.on('connect', () => cursor.connected());
  socket.on('disconnect', () => cursor.disconnected());
  socket.on('event', (raw) => {
    const event = parseStreamEvent(raw);
    expect(event, `event ${JSON.stringify(raw)} fails the contract`).not.toBeNull();
    received.push(event!);
    cursor.receive(event!);
  });

  const until = async (check: () => boolean, what: string, timeoutMs: number) => {
    for (let waited = 0; waited < timeoutMs; waited += 20) {
      if (check()) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`${what} within ${timeoutMs} ms; got ${applied.map((e) => e.type).join(', ')}`);
  };

  return {
    socket,
    applied,
    received,
    missed,
    async next(type, match = () => true, timeoutMs = 5000) {
      let hit: StreamEvent | undefined;
      await until(
        () => {
          hit = applied.find(
            (e) => e.type === type && match(e.payload as ServerEventPayload<typeof type>),
          );
          return hit !== undefined;
        },
        `no ${type}`,
        timeoutMs,
      );
      return hit!.payload as ServerEventPayload<typeof type>;
    },
    async ready() {
      const before = resumes;
      await until(() => socket.connected && resumes > before, 'not resumed', 5000);
    },
  };
}

/** What the server acknowledges for client event `E`. */
export type AckOf<E extends keyof ClientToServerEvents> = Parameters<
  Parameters<ClientToServerEvents[E]>[1]
>[0];

/** Emits a client event and waits for its acknowledgement (typed; 5 s timeout). */
export function ask<E extends keyof ClientToServerEvents>(
  socket: ClientSocket,
  event: E,
  payload: Parameters<ClientToServerEvents[E]>[0],
): Promise<AckOf<E>> {
  const timed = socket.timeout(5000) as unknown as {
    emitWithAck: (event: string, payload: unknown) => Promise<AckOf<E>>;
  };
  return timed.emitWithAck(event, payload);
}

/**
 * Live sockets for one test file: the function answered opens a socket on a session cookie and
 * resolves once it is ready; every socket it opened is disconnected after each test.
 */
export function liveSockets(baseUrl: () => string) {
  const open: Listener[] = [];
  afterEach(() => {
    for (const l of open.splice(0)) l.socket.disconnect();
  });
  return async (cookie: string): Promise<Listener> => {
    const l = listen(baseUrl(), cookie);
    open.push(l);
    await l.ready();
    return l;
  };
}
