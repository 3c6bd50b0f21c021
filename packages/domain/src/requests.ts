import { z } from './zod.ts';

/**
 * Connection requests and the invite consent chain (the server's modules/requests; DESIGN.md
 * §3.6). The HTTP contract is in docs/API-network.md.
 */

/** spec/2 §5: at most 10 connection requests per sender per hour. */
export const CONNECTION_REQUEST_LIMIT = { points: 10, windowMs: 60 * 60 * 1000 } as const;

/** Connection request texts (spec/2 §5, §8), defined once. */
export const requestMessages = {
  requestSent: 'Connection request sent!',
  requestSentTo: (name: string) => `Connection request sent to ${name}!`,
  requestAlreadySent: 'Connection request already sent!',
  requestChangedMeanwhile: 'That request just changed. Please try again.',
  alreadyConnected: (name: string) => `You and ${name} are already connected!`,
  cannotConnectToSelf: 'Cannot create connection to yourself',
  tooManyRequests: 'Too many connection requests. Please wait before sending more.',
  userValidationFailed: 'User validation failed',
  requestNotFound: 'Connection request not found or unauthorized',
  requestSendFailed: 'Failed to send connection request',
  friendRequest: 'Friend Request',
  requestAccepted: (name: string) => `${name} accepted your connection request!`,
  requestCancelled: (name: string) => `Request to ${name} cancelled`,
  connectDialogTitle: (name: string) => `Connect with ${name}?`,
  connectDialogText: 'Send them a connection request to build your network!',
} as const;

export const requestIdParamsSchema = z.lazy(() =>
  z.object({
    id: z.uuid({ message: requestMessages.requestNotFound }),
  }),
);

export const REQUEST_KINDS = ['connect', 'invite'] as const;
/** Ordinary requests use PENDING -> accepted | rejected; the invite chain uses the rest (below). */
export const REQUEST_STATUSES = [
  'PENDING',
  'accepted',
  'rejected',
  'approved',
  'declined',
  'mutual_consent_given',
  'FINAL_APPROVAL_PENDING',
  'final_declined',
] as const;

// ---------------------------------------------------------------------------------------------
// The invite consent chain
// ---------------------------------------------------------------------------------------------

/**
 * Requests still waiting for someone. An invite chain (DESIGN.md §3.6) runs on two rows:
 * the invitee's request to the creator (PENDING -> approved -> mutual_consent_given, or
 * rejected / declined) and, on mutual consent, the creator's request back
 * (FINAL_APPROVAL_PENDING -> accepted | final_declined). Only the recipient of a row acts on it.
 */
export const OPEN_REQUEST_STATUSES = ['PENDING', 'approved', 'FINAL_APPROVAL_PENDING'] as const;

export const REQUEST_ACTIONS = [
  'accept',
  'reject',
  'cancel',
  'approve',
  'consent',
  'decline',
  'final-approve',
  'final-decline',
] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

/** What each action does to a row: the status it moves from and to (cancel deletes it). */
export const requestTransitions: Record<
  RequestAction,
  { kind: 'connect' | 'invite' | 'any'; from: string; to: string; by: 'recipient' | 'sender' }
> = {
  accept: { kind: 'connect', from: 'PENDING', to: 'accepted', by: 'recipient' },
  reject: { kind: 'any', from: 'PENDING', to: 'rejected', by: 'recipient' },
  cancel: { kind: 'any', from: 'PENDING', to: 'deleted', by: 'sender' },
  approve: { kind: 'invite', from: 'PENDING', to: 'approved', by: 'recipient' },
  consent: { kind: 'invite', from: 'approved', to: 'mutual_consent_given', by: 'recipient' },
  decline: { kind: 'invite', from: 'approved', to: 'declined', by: 'recipient' },
  'final-approve': {
    kind: 'invite',
    from: 'FINAL_APPROVAL_PENDING',
    to: 'accepted',
    by: 'recipient',
  },
  'final-decline': {
    kind: 'invite',
    from: 'FINAL_APPROVAL_PENDING',
    to: 'final_declined',
    by: 'recipient',
  },
};

/** The actions the viewer may take on a request now, in the order a screen shows them. */
export function requestActions(request: {
  kind: string;
  status: string;
  direction: 'incoming' | 'outgoing';
}): RequestAction[] {
  const by = request.direction === 'incoming' ? 'recipient' : 'sender';
  return REQUEST_ACTIONS.filter((action) => {
    const t = requestTransitions[action];
    return (
      t.by === by && t.from === request.status && (t.kind === 'any' || t.kind === request.kind)
    );
  });
}

/** The step of an invite chain a request stands at (1 to 3), for "Step n of 3". */
export function inviteChainStep(status: string): 1 | 2 | 3 {
  if (status === 'approved') return 2;
  if (status === 'FINAL_APPROVAL_PENDING') return 3;
  return 1;
}

export const createConnectionRequestSchema = z.lazy(() =>
  z.strictObject({
    toUserId: z.uuid({ message: requestMessages.userValidationFailed }),
  }),
);
export type CreateConnectionRequestInput = z.infer<typeof createConnectionRequestSchema>;

export const requestPartySchema = z.lazy(() =>
  z.object({
    userId: z.uuid(),
    name: z.string(),
    avatar: z.nullable(z.string()),
    trustScore: z.int().check(z.minimum(0)),
    mutualConnections: z.int().check(z.minimum(0)),
  }),
);

export const connectionRequestViewSchema = z.lazy(() =>
  z.object({
    id: z.uuid(),
    kind: z.enum(REQUEST_KINDS),
    status: z.enum(REQUEST_STATUSES),
    direction: z.enum(['incoming', 'outgoing']),
    /** The other person. */
    user: requestPartySchema,
    createdAt: z.string(),
    decidedAt: z.nullable(z.string()),
    /** What the viewer may do now (`requestActions`); empty while the other person acts. */
    actions: z.array(z.enum(REQUEST_ACTIONS)),
    /** The invitation this request came from (invite chain only). */
    invitationId: z.nullable(z.uuid()),
  }),
);
export type ConnectionRequestView = z.infer<typeof connectionRequestViewSchema>;

/**
 * `POST /api/connection-requests`: 201 `sent`; 200 `already_sent` (a duplicate is a success,
 * spec/2 §5); 200 `accepted` when the other person had already asked you (you are now friends).
 */
export const createConnectionRequestResultSchema = z.lazy(() =>
  z.object({
    outcome: z.enum(['sent', 'already_sent', 'accepted']),
    message: z.string(),
    request: connectionRequestViewSchema,
  }),
);
export type CreateConnectionRequestResult = z.infer<typeof createConnectionRequestResultSchema>;

export const connectionRequestListSchema = z.lazy(() =>
  z.object({
    incoming: z.array(connectionRequestViewSchema),
    outgoing: z.array(connectionRequestViewSchema),
  }),
);
export type ConnectionRequestList = z.infer<typeof connectionRequestListSchema>;

export const decideRequestResultSchema = z.lazy(() =>
  z.object({
    request: connectionRequestViewSchema,
    /** The recipient's trust after the decision (changes on accept). */
    trustScore: z.int().check(z.minimum(0)),
  }),
);
export type DecideRequestResult = z.infer<typeof decideRequestResultSchema>;
