import { z } from 'zod';
import { connectionRequestViewSchema } from './network.ts';

/**
 * The realtime contract, declared once. Server -> client events are validated by the client
 * before they reach the cache; client -> server events are validated by the server.
 */
export const serverEvents = {
  'session.revoked': z.object({ reason: z.enum(['signed_out', 'expired']) }),
  'badges.updated': z.object({
    pendingRequests: z.number().int().min(0).optional(),
    unreadMessages: z.number().int().min(0).optional(),
  }),
  'profile.updated': z.object({ userId: z.uuid() }),
  'system.notice': z.object({ text: z.string().max(500) }),
  // Network (issue 4). Request payloads reuse the REST view so the cache can take them as-is.
  'request.created': z.object({ request: connectionRequestViewSchema }),
  'request.accepted': z.object({
    request: connectionRequestViewSchema,
    /** spec/2 §3 "Connection approval broadcast". */
    requesterId: z.uuid(),
    approverName: z.string(),
    approverPhoto: z.string().nullable(),
    message: z.string(),
  }),
  'request.rejected': z.object({ requestId: z.uuid() }),
  /** The sender withdrew a request before it was decided (recipient). */
  'request.cancelled': z.object({ requestId: z.uuid() }),
  'trust.updated': z.object({
    trustScore: z.number().int().min(0),
    firstDegreeCount: z.number().int().min(0),
    secondDegreeCount: z.number().int().min(0),
  }),
  /** Silent list refresh: a disconnect does not notify (spec/2 §2), so never toast these. */
  'friendship.created': z.object({ userId: z.uuid() }),
  'friendship.removed': z.object({ userId: z.uuid() }),
} as const;

export const clientEvents = {
  'presence.ping': z.object({ at: z.number().int() }),
} as const;

export type ServerEventName = keyof typeof serverEvents;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEvents)[E]>;
export type ClientEventName = keyof typeof clientEvents;
export type ClientEventPayload<E extends ClientEventName> = z.infer<(typeof clientEvents)[E]>;

/** Acknowledgement for client events: either ok with data or a stable error code. */
export type Ack = { ok: true; at: number } | { ok: false; error: string };

export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerEventPayload<E>) => void;
};
export type ClientToServerEvents = {
  [E in ClientEventName]: (payload: ClientEventPayload<E>, ack: (res: Ack) => void) => void;
};

export function parseServerEvent<E extends ServerEventName>(
  name: E,
  payload: unknown,
): ServerEventPayload<E> | null {
  const result = serverEvents[name].safeParse(payload);
  return result.success ? (result.data as ServerEventPayload<E>) : null;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionKey: string) => `session:${sessionKey}`;
