import { z } from './zod.ts';
import {
  deliveredSchema,
  messageViewSchema,
  presenceSchema,
  presenceWatchSchema,
  sendMessageSchema,
  typingSchema,
  typingSignalSchema,
  type Presence,
  type SendAck,
  type TypingSignal,
} from './chat.ts';
import { matchViewSchema } from './discover.ts';
import { connectionRequestViewSchema } from './requests.ts';
import { settingsSchema } from './settings.ts';

/** A request approved, as the requester hears of it (both approval events carry this). */
const requestApproval = z.lazy(() =>
  z.object({
    request: connectionRequestViewSchema,
    requesterId: z.uuid(),
    approverName: z.string(),
    approverPhoto: z.nullable(z.string()),
    message: z.string(),
  }),
);

/**
 * The realtime contract, declared once. Server -> client events are validated by the client
 * before they reach the cache; client -> server events are validated by the server.
 */
export const serverEvents = {
  'session.revoked': z.lazy(() =>
    z.object({ reason: z.enum(['signed_out', 'expired', 'restricted']) }),
  ),
  'badges.updated': z.lazy(() =>
    z.object({
      pendingRequests: z.optional(z.int().check(z.minimum(0))),
      unreadMessages: z.optional(z.int().check(z.minimum(0))),
    }),
  ),
  'profile.updated': z.lazy(() => z.object({ userId: z.uuid() })),
  'system.notice': z.lazy(() => z.object({ text: z.string().check(z.maxLength(500)) })),
  // Network (issue 4). Request payloads reuse the REST view so the cache can take them as-is.
  'request.created': z.lazy(() => z.object({ request: connectionRequestViewSchema })),
  /** spec/2 §3 "Connection approval broadcast". */
  'request.accepted': requestApproval,
  /**
   * Invite chain, step 1 done: the creator approved the invitee's request (spec/2 §3
   * "connection approval broadcast", channel connection_approved). To the invitee.
   */
  'request.approved': requestApproval,
  /**
   * Invite chain, step 2 done: the creator gave mutual consent; the request back to the invitee
   * asks for final approval (channel final_approval_request). `replaces` is the closed step.
   */
  'request.final_approval': z.lazy(() =>
    z.object({
      request: connectionRequestViewSchema,
      replaces: z.uuid(),
      message: z.string(),
    }),
  ),
  /** Rejected or declined at any step (the other party's row leaves their list quietly). */
  'request.rejected': z.lazy(() => z.object({ requestId: z.uuid() })),
  /** The sender withdrew a request before it was decided (recipient). */
  'request.cancelled': z.lazy(() => z.object({ requestId: z.uuid() })),
  'trust.updated': z.lazy(() =>
    z.object({
      trustScore: z.int().check(z.minimum(0)),
      firstDegreeCount: z.int().check(z.minimum(0)),
      secondDegreeCount: z.int().check(z.minimum(0)),
    }),
  ),
  /** Silent list refresh: a disconnect does not notify (spec/2 §2), so never toast these. */
  'friendship.created': z.lazy(() => z.object({ userId: z.uuid() })),
  'friendship.removed': z.lazy(() => z.object({ userId: z.uuid() })),
  // Chat (issue 13). To both members' streams: the sender's other devices show it too.
  'message.created': z.lazy(() => z.object({ message: messageViewSchema })),
  /**
   * A member's delivered or read position moved (to the other member for ticks, and to the
   * member's own stream so their other devices clear the unread count).
   */
  'chat.receipt': z.lazy(() =>
    z.object({
      chatId: z.uuid(),
      userId: z.uuid(),
      deliveredSeq: z.int().check(z.minimum(0)),
      readSeq: z.int().check(z.minimum(0)),
      readAt: z.nullable(z.string()),
    }),
  ),
  /** The chat changed otherwise (muted, became a match chat, can no longer be messaged). */
  'chat.updated': z.lazy(() => z.object({ chatId: z.uuid() })),
  /** Discover (issue 14): a like completed a match; to both, each with the other person. */
  'match.created': z.lazy(() => z.object({ match: matchViewSchema })),
  /**
   * A match ended (an unmatch, a pass or a block) and the two may no longer message: to both,
   * each naming the other. Their sockets stop watching each other's presence.
   */
  'match.ended': z.lazy(() => z.object({ userId: z.uuid() })),
  /**
   * One's own settings changed (on any device): to oneself, with the whole settings. With
   * online status off, the server also tells the watchers the person is offline.
   */
  'settings.updated': z.lazy(() => z.object({ userId: z.uuid(), settings: settingsSchema })),
  /**
   * A report one made was reviewed (issue 47): to the reporter, saying only whether action was
   * taken — never what action, nor who decided.
   */
  'report.reviewed': z.lazy(() => z.object({ reportId: z.uuid(), actionTaken: z.boolean() })),
} as const;

/**
 * Events travel in an envelope naming their stream (a room: 'user:<id>', 'session:<hash>') and
 * their place in it: `seq` counts 1, 2, 3 ... per stream without gaps, so a client knows
 * exactly which events it missed and asks for them with `stream.resume`.
 */
export type StreamEvent = {
  [E in ServerEventName]: { stream: string; seq: number; type: E; payload: ServerEventPayload<E> };
}[ServerEventName];

const streamName = z.lazy(() => z.string().check(z.minLength(1), z.maxLength(200)));

const envelopeSchema = z.lazy(() =>
  z.object({
    stream: streamName,
    seq: z.int().check(z.positive()),
    type: z.string(),
    payload: z.unknown(),
  }),
);

/** Events a resume replays at most per stream; a client further behind refetches instead. */
export const RESUME_MAX_EVENTS = 500;
/** Streams one resume may name (a socket reads two: its user's and its session's). */
const RESUME_MAX_STREAMS = 8;

export const clientEvents = {
  /** `visible`: the app is on screen (counts as activity for presence). */
  'presence.ping': z.lazy(() => z.object({ at: z.int(), visible: z.optional(z.boolean()) })),
  'message.send': sendMessageSchema,
  'chat.delivered': deliveredSchema,
  'chat.typing': typingSchema,
  'presence.watch': presenceWatchSchema,
  /** The last seq the client applied per stream; streams it never saw are left out. */
  'stream.resume': z.lazy(() =>
    z.object({
      streams: z._default(
        z
          .record(streamName, z.int().check(z.minimum(0)))
          .check(z.refine((s) => Object.keys(s).length <= RESUME_MAX_STREAMS, 'too many streams')),
        {},
      ),
    }),
  ),
} as const;

export type ServerEventName = keyof typeof serverEvents;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEvents)[E]>;
export type ClientEventName = keyof typeof clientEvents;
export type ClientEventPayload<E extends ClientEventName> = z.infer<(typeof clientEvents)[E]>;

/** Acknowledgement for client events: either ok with data or a stable error code. */
export type Ack = { ok: true; at: number } | { ok: false; error: string };

/**
 * The answer to `stream.resume`: the missed events in order, the current head of every stream
 * the socket reads, and the streams whose gap is too old or too long to replay (refetch those).
 */
export type ResumeAck =
  | {
      ok: true;
      events: StreamEvent[];
      heads: Record<string, number>;
      outdated: string[];
      /**
       * For each stream this resume is the first contact with (no position sent): how many ms
       * ago its newest kept event was recorded, or null when it keeps none. Answers a client read
       * after that (with a margin for writes still in flight) hold all of the stream's events,
       * so a first contact need not refetch them (issue 17). Absent: refetch as before.
       */
      quiet?: Record<string, number | null>;
    }
  | { ok: false; error: string };

/** The answer to `presence.watch`: what is known now of each person that may be watched. */
export type PresenceAck = { ok: true; presence: Presence[] } | { ok: false; error: string };

export type ServerToClientEvents = {
  event: (event: StreamEvent) => void;
  /** Live and unstored: missing one loses nothing (they expire on their own). */
  typing: (signal: TypingSignal) => void;
  presence: (presence: Presence) => void;
};

export const liveSignals = { typing: typingSignalSchema, presence: presenceSchema } as const;
export type ClientToServerEvents = {
  'presence.ping': (payload: ClientEventPayload<'presence.ping'>, ack: (res: Ack) => void) => void;
  'stream.resume': (
    payload: ClientEventPayload<'stream.resume'>,
    ack: (res: ResumeAck) => void,
  ) => void;
  'message.send': (
    payload: ClientEventPayload<'message.send'>,
    ack: (res: SendAck) => void,
  ) => void;
  'chat.delivered': (
    payload: ClientEventPayload<'chat.delivered'>,
    ack: (res: Ack) => void,
  ) => void;
  'chat.typing': (payload: ClientEventPayload<'chat.typing'>, ack: (res: Ack) => void) => void;
  'presence.watch': (
    payload: ClientEventPayload<'presence.watch'>,
    ack: (res: PresenceAck) => void,
  ) => void;
};

export function isServerEventName(name: string): name is ServerEventName {
  return Object.hasOwn(serverEvents, name);
}

export function parseServerEvent<E extends ServerEventName>(
  name: E,
  payload: unknown,
): ServerEventPayload<E> | null {
  const result = serverEvents[name].safeParse(payload);
  return result.success ? (result.data as ServerEventPayload<E>) : null;
}

/** An envelope from the wire, checked against the contract; null when anything is off. */
export function parseStreamEvent(raw: unknown): StreamEvent | null {
  const envelope = envelopeSchema.safeParse(raw);
  if (!envelope.success || !isServerEventName(envelope.data.type)) return null;
  const payload = parseServerEvent(envelope.data.type, envelope.data.payload);
  if (payload === null) return null;
  return { ...envelope.data, payload } as StreamEvent;
}

export const userRoom = (userId: string) => `user:${userId}`;
/** The user whose stream this is (`userRoom` read back); undefined for any other stream. */
export const userOfRoom = (stream: string): string | undefined =>
  stream.startsWith('user:') ? stream.slice('user:'.length) : undefined;
export const sessionRoom = (sessionKey: string) => `session:${sessionKey}`;
