import { pageLimitParam } from './query-params.ts';
import { built, z } from './zod.ts';
import { REPORT_EVIDENCE_MAX } from './chat.ts';
import { safeText } from './text.ts';
import { TRUST_FORMULA_TEXT } from './trust.ts';

/**
 * The network API contract (issue 4): tabs and connection lists, paths, favorites,
 * disconnect/block/report, connection requests, trust, privacy and the own invitation.
 * Every request is parsed with these schemas on the server; every response is shaped by them.
 */

export const NETWORK_PAGE_DEFAULT = 20;
export const NETWORK_PAGE_MAX = 50;
export const NETWORK_SEARCH_MAX = 100;
/**
 * The 3rd degree of a well-connected person is most of the graph; its tab count is exact up to
 * this cap and shown as "999+" beyond it (counting hundreds of thousands on every page load buys
 * nothing the user can see).
 */
export const THIRD_DEGREE_COUNT_CAP = 999;
/** Connector sample in the Connection Path dialog (spec/2 §9 "mutual friends shown max 6"). */
export const MUTUAL_FRIENDS_SHOWN = 6;

/** spec/2 §5: at most 10 connection requests per sender per hour. */
export const CONNECTION_REQUEST_LIMIT = { points: 10, windowMs: 60 * 60 * 1000 } as const;
/** spec/1 §9: forced trust recalculation, 10 per 15 minutes per user. */
export const TRUST_RECALC_LIMIT = { points: 10, windowMs: 15 * 60 * 1000 } as const;
/** Reports, blocks and unblocks together, per user (a block files a report). */
export const REPORT_LIMIT = { points: 20, windowMs: 60 * 60 * 1000 } as const;
/**
 * Per-user budgets of the graph reads (issue 18), each its own: the network pages (GET
 * /api/network, /summary, /connections together), path views and friend-count lookups. Far
 * above what a person using the app sends (pages, scrolling, a search per keystroke), far
 * below what reading the graph out would take.
 */
export const NETWORK_READ_LIMIT = { points: 600, windowMs: 60 * 1000 } as const;
export const PATH_VIEW_LIMIT = { points: 600, windowMs: 60 * 1000 } as const;
export const CONNECTION_COUNT_LIMIT = { points: 600, windowMs: 60 * 1000 } as const;

export const NETWORK_TABS = ['all', 'first', 'second', 'third', 'favorites'] as const;
export type NetworkTab = (typeof NETWORK_TABS)[number];

/** User-facing texts (spec/1 §2, §8; spec/2 §2, §5, §8), defined once. */
export const networkMessages = {
  title: 'Network',
  connectionsCount: (n: number) => `${n} ${n === 1 ? 'connection' : 'connections'}`,
  searchPlaceholder: 'Search connections...',
  emptyTitle: 'No connections yet',
  emptyText: 'Start building your network by inviting friends and discovering new connections',
  inviteFriends: 'Invite Friends',
  unknownUser: 'Unknown User',
  mutualFriend: 'Mutual Friend',
  you: 'You',
  connectionPathTitle: 'Connection Path',
  whyThisConnection: 'Why this connection?',
  moreMutualFriends: (n: number) => `+${n} more mutual friends`,
  pathUnavailable: 'Unable to display connection details at this time.',
  gotIt: 'Got it!',
  // Connection requests.
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
  // Tabs.
  secondDegreeLocked: (friends: number) =>
    `The 2nd-degree tab unlocks when you have 3 friends (you have ${friends}).`,
  thirdDegreeLocked: (trust: number) =>
    `The 3rd-degree tab unlocks at a trust score of 70 (yours is ${trust}).`,
  // Row actions.
  favoriteOnlyFriends: 'Only your 1st-degree connections can be favorites.',
  connectionNotFound: 'Connection not found',
  userNotFound: 'User not found',
  failedToLoad: 'Failed to load network',
  disconnectTitle: (name: string) => `Disconnect from ${name}?`,
  disconnectText:
    'They will not be notified. You can send a new connection request later if you change your mind.',
  blockTitle: (name: string) => `Block ${name}?`,
  blockText:
    'Blocking removes them from your network, hides you from each other everywhere and lets our moderators know. It lasts until you unblock them.',
  reportTitle: (name: string) => `Report ${name}?`,
  reportText: 'Reports are handled confidentially by our moderators.',
  reported: 'Thank you. Our moderators will review your report.',
  cannotBlockSelf: 'You cannot block yourself',
  cannotReportSelf: 'You cannot report yourself',
  tooManySafetyActions: 'Too many reports and blocks. Please wait before trying again.',
  tooManyNetworkReads: 'You are loading your network too fast. Please wait a moment and try again.',
  tooManyPathViews:
    'You are opening connection paths too fast. Please wait a moment and try again.',
  tooManyCountLookups:
    'You are looking up connection counts too fast. Please wait a moment and try again.',
  // Privacy.
  privacyUpdated: 'Privacy settings updated',
  privacySaveFailed: 'Failed to save privacy settings',
  // Invite dialog (spec/2 §8).
  copyManually: 'Please copy manually - select text and use Ctrl+C',
  copied: '✅ Message copied to clipboard!',
  copyFallback: '📋 Please select the text above and copy manually (Ctrl+C)',
} as const;

/** Trust texts (spec/1 §2, §8). */
export const trustMessages = {
  calculating: 'Calculating trust score...',
  unableToLoad: 'Unable to load trust score',
  failedToLoad: 'Failed to load trust score',
  tryAgain: 'Try Again',
  perFriend: '10 points per friend (1st degree)',
  perFriendOfFriend: '1 point per friend of friend (2nd degree)',
  inviteHint: 'Invite friends to start building your trust score.',
  gotIt: 'Got it',
  formula: TRUST_FORMULA_TEXT,
  rateLimited: (minutes: number) =>
    `Rate limit exceeded. Please wait ${minutes} minutes before requesting trust score again.`,
  errorCalculating: 'Error calculating trust score',
  calculationFailed: (message: string) => `Trust score calculation failed: ${message}`,
  noData: 'No trust score data available',
} as const;

/** The invite message (spec/2 §1): dating built on real friends, the $100 gift, 2 % to causes. */
export function inviteMessage(productName: string, url: string): string {
  return (
    `Join me on ${productName}, the dating app built on real friends and trust. ` +
    `If friends marry through it, they get a $100 gift, and 2% of profits go to social causes. ${url}`
  );
}

const uuid = z.lazy(() => z.uuid({ message: 'Invalid user ID provided' }));

/** `:userId` route parameter of every per-person endpoint. */
export const userIdParamsSchema = z.lazy(() => z.object({ userId: uuid }));
export const requestIdParamsSchema = z.lazy(() =>
  z.object({
    id: z.uuid({ message: networkMessages.requestNotFound }),
  }),
);

// ---------------------------------------------------------------------------------------------
// Summary and lists
// ---------------------------------------------------------------------------------------------

export const unlockedTabsSchema = z.lazy(() =>
  z.object({
    firstDegree: z.boolean(),
    secondDegree: z.boolean(),
    thirdDegree: z.boolean(),
  }),
);

export const trustCalculationSchema = z.lazy(() =>
  z.object({
    firstDegreeCount: z.int().check(z.minimum(0)),
    secondDegreeCount: z.int().check(z.minimum(0)),
    firstDegreePoints: z.int().check(z.minimum(0)),
    secondDegreePoints: z.int().check(z.minimum(0)),
    formula: z.string(),
  }),
);

/** `GET /api/network/summary`. Locked tabs count 0; `third` is exact up to the cap. */
export const networkSummarySchema = z.lazy(() =>
  z.object({
    counts: z.object({
      all: z.int().check(z.minimum(0)),
      first: z.int().check(z.minimum(0)),
      second: z.int().check(z.minimum(0)),
      third: z.int().check(z.minimum(0)),
      favorites: z.int().check(z.minimum(0)),
    }),
    /** True when `third` (and so `all`) stopped at THIRD_DEGREE_COUNT_CAP. */
    thirdCapped: z.boolean(),
    trustScore: z.int().check(z.minimum(0)),
    calculation: trustCalculationSchema,
    unlockedTabs: unlockedTabsSchema,
    pendingRequests: z.int().check(z.minimum(0)),
  }),
);
export type NetworkSummary = z.infer<typeof networkSummarySchema>;

/** `GET /api/network/connections` query. */
export const connectionsQuerySchema = z.lazy(() =>
  z.object({
    tab: z.enum(NETWORK_TABS, { message: 'tab must be all, first, second, third or favorites' }),
    cursor: z.optional(z.string().check(z.maxLength(400, 'Invalid cursor'))),
    limit: pageLimitParam(NETWORK_PAGE_MAX, NETWORK_PAGE_DEFAULT),
    q: z.optional(
      z
        .string()
        .check(
          z.maxLength(
            NETWORK_SEARCH_MAX,
            `Search must be at most ${NETWORK_SEARCH_MAX} characters`,
          ),
          z.trim(),
          z.superRefine(safeText('Search', 'line')),
        ),
    ),
  }),
);
export type ConnectionsQuery = z.input<typeof connectionsQuerySchema>;

/** One hop of a path. A connector who hides from paths has `userId: null`, name 'Mutual Friend'. */
export const pathNodeSchema = z.lazy(() =>
  z.object({
    userId: z.nullable(z.uuid()),
    name: z.string(),
    avatar: z.nullable(z.string()),
    isSelf: z.boolean(),
  }),
);
export type PathNode = z.infer<typeof pathNodeSchema>;

export const DEGREES = [1, 2, 3] as const;
export type Degree = (typeof DEGREES)[number];

/** The derived connection view (spec/1 §3, spec/2 §3). */
export const connectionViewSchema = z.lazy(() =>
  z.object({
    /** `{userId}` for 1st degree, `2nd-degree-{userId}`, `3rd-degree-{userId}`. */
    id: z.string(),
    userId: z.uuid(),
    name: z.string(),
    bio: z.string(),
    avatar: z.nullable(z.string()),
    degree: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    status: z.enum(['ACCEPTED', 'POTENTIAL', 'EXTENDED']),
    connectionType: z.enum(['FRIEND', 'FRIEND_OF_FRIEND', 'EXTENDED_NETWORK']),
    mutualConnections: z.int().check(z.minimum(0)),
    isFavorited: z.boolean(),
    trustScore: z.int().check(z.minimum(0)),
    /** When the friendship started (1st degree only). */
    createdAt: z.nullable(z.string()),
    /** 2nd and 3rd degree: the viewer's friend the path goes through (null when hidden). */
    connectedThrough: z.optional(z.nullable(z.uuid())),
    connectedThroughName: z.optional(z.string()),
    /** 3rd degree: You -> friend -> friend of friend -> this person (2nd degree: see above). */
    path: z.optional(z.array(pathNodeSchema)),
  }),
);
export type ConnectionView = z.infer<typeof connectionViewSchema>;

export const connectionsPageSchema = z.lazy(() =>
  z.object({
    tab: z.enum(NETWORK_TABS),
    items: z.array(connectionViewSchema),
    /** Pass back as `cursor` for the next page; null at the end. */
    nextCursor: z.nullable(z.string()),
  }),
);
export type ConnectionsPage = z.infer<typeof connectionsPageSchema>;

/** `GET /api/network`: the summary and the first page of a tab in one round trip (screen open). */
export const networkPageSchema = z.lazy(() =>
  z.object({
    summary: networkSummarySchema,
    connections: connectionsPageSchema,
  }),
);
export type NetworkPage = z.infer<typeof networkPageSchema>;

/** `GET /api/network/path/:userId` (Connection Path dialog). */
export const connectionPathSchema = z.lazy(() =>
  z.object({
    userId: z.uuid(),
    degree: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    path: z.array(pathNodeSchema),
    mutualFriends: z.object({
      count: z.int().check(z.minimum(0)),
      /** At most MUTUAL_FRIENDS_SHOWN, only people who allow being shown in paths. */
      shown: z.array(pathNodeSchema),
    }),
  }),
);
export type ConnectionPath = z.infer<typeof connectionPathSchema>;

// ---------------------------------------------------------------------------------------------
// Row actions
// ---------------------------------------------------------------------------------------------

export const favoriteStateSchema = z.lazy(() =>
  z.object({ userId: z.uuid(), isFavorited: z.boolean() }),
);
export type FavoriteState = z.infer<typeof favoriteStateSchema>;

export const blockedUserSchema = z.lazy(() =>
  z.object({
    userId: z.uuid(),
    name: z.string(),
    avatar: z.nullable(z.string()),
    blockedAt: z.string(),
  }),
);
export const blockListSchema = z.lazy(() => z.object({ items: z.array(blockedUserSchema) }));
export type BlockList = z.infer<typeof blockListSchema>;

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'fake_profile',
  'inappropriate_content',
  'underage',
  'other',
] as const;
export const REPORT_CONTEXTS = ['network', 'discover', 'chat', 'profile', 'matches'] as const;

export const createReportSchema = z.lazy(() =>
  z.strictObject({
    userId: uuid,
    reason: z.enum(REPORT_REASONS, { message: 'Choose a reason for the report' }),
    context: z.enum(REPORT_CONTEXTS, { message: 'Unknown report context' }),
    details: z.optional(
      z
        .string()
        .check(
          z.maxLength(1000, 'Details must be at most 1000 characters'),
          z.trim(),
          z.superRefine(safeText('Details', 'multiline')),
        ),
    ),
    /** Messages of the chat with the reported person, kept as evidence for the moderators. */
    messageIds: z.optional(
      z
        .array(uuid)
        .check(
          z.maxLength(
            REPORT_EVIDENCE_MAX,
            `At most ${REPORT_EVIDENCE_MAX} messages can be attached`,
          ),
        ),
    ),
  }),
);
export type CreateReportInput = z.input<typeof createReportSchema>;
export const reportCreatedSchema = z.lazy(() => z.object({ id: z.uuid(), message: z.string() }));

// ---------------------------------------------------------------------------------------------
// Connection requests
// ---------------------------------------------------------------------------------------------

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
    toUserId: z.uuid({ message: networkMessages.userValidationFailed }),
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

/** `GET /api/connections/user/:userId/count` (spec/1 §9). */
export const connectionCountSchema = z.lazy(() => z.object({ count: z.int().check(z.minimum(0)) }));

// ---------------------------------------------------------------------------------------------
// Trust, privacy, invitation
// ---------------------------------------------------------------------------------------------

/** `GET /api/trust/me` and `POST /api/trust/recalculate`. */
export const trustReportSchema = z.lazy(() =>
  z.object({
    trustScore: z.int().check(z.minimum(0)),
    calculation: trustCalculationSchema,
    unlockedTabs: unlockedTabsSchema,
    calculatedAt: z.string(),
  }),
);
export type TrustReport = z.infer<typeof trustReportSchema>;

/** Developer page "verify calculations": stored numbers vs an independent plain-SQL count. */
export const trustVerificationSchema = z.lazy(() =>
  z.object({
    stored: z.extend(built(trustCalculationSchema), { trustScore: z.int() }),
    independent: z.extend(built(trustCalculationSchema), { trustScore: z.int() }),
    matches: z.boolean(),
  }),
);
export type TrustVerification = z.infer<typeof trustVerificationSchema>;

export const privacySettingsSchema = z.lazy(() => z.object({ showInPaths: z.boolean() }));
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
export const updatePrivacySchema = z.lazy(() =>
  z.strictObject({
    showInPaths: z.boolean({ message: 'showInPaths must be true or false' }),
  }),
);

/**
 * The user's own default invite link: `POST /api/invitations/me` makes it when missing;
 * `GET /api/invitations/me` reads it (null while there is none).
 */
export const myInvitationSchema = z.lazy(() =>
  z.object({
    code: z.string(),
    url: z.string(),
    message: z.string(),
    friends: z.int().check(z.minimum(0)),
    trust: z.int().check(z.minimum(0)),
  }),
);
export type MyInvitation = z.infer<typeof myInvitationSchema>;
/** `GET /api/invitations/me`: the link, or null while there is none. */
export const myInvitationReadSchema = z.lazy(() => z.nullable(myInvitationSchema));
