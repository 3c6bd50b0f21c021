import { pageLimitParam } from './query-params.ts';
import { z } from './zod.ts';
import { safeText } from './text.ts';
import { trustCalculationSchema, unlockedTabsSchema } from './trust-api.ts';

/**
 * The network API contract (issue 4): the tabs and connection lists, the summary and paths
 * (the server's modules/network). Requests are in requests.ts, favorites, blocks, reports and
 * privacy in relations.ts, the trust report in trust-api.ts. Every request is parsed with these
 * schemas on the server; every response is shaped by them.
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

/** User-facing texts of the network screens (spec/1 §2, §8; spec/2 §2, §8), defined once. */
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
  secondDegreeLocked: (friends: number) =>
    `The 2nd-degree tab unlocks when you have 3 friends (you have ${friends}).`,
  thirdDegreeLocked: (trust: number) =>
    `The 3rd-degree tab unlocks at a trust score of 70 (yours is ${trust}).`,
  connectionNotFound: 'Connection not found',
  userNotFound: 'User not found',
  failedToLoad: 'Failed to load network',
  tooManyNetworkReads: 'You are loading your network too fast. Please wait a moment and try again.',
  tooManyPathViews:
    'You are opening connection paths too fast. Please wait a moment and try again.',
  tooManyCountLookups:
    'You are looking up connection counts too fast. Please wait a moment and try again.',
} as const;

const uuid = z.lazy(() => z.uuid({ message: 'Invalid user ID provided' }));

/** `:userId` route parameter of every per-person endpoint. */
export const userIdParamsSchema = z.lazy(() => z.object({ userId: uuid }));

// ---------------------------------------------------------------------------------------------
// Summary and lists
// ---------------------------------------------------------------------------------------------

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

/** `GET /api/connections/user/:userId/count` (spec/1 §9). */
export const connectionCountSchema = z.lazy(() => z.object({ count: z.int().check(z.minimum(0)) }));
