import { pageLimitParam } from './query-params.ts';
import { z } from './zod.ts';

/**
 * Discover and matches (issue 14; spec/2 §2–§9). Likes, passes and skips are stored on the
 * server; a like meeting the other side's like makes an active match and its chat.
 */

/** spec/2 §9: the discover age window, the progress strip, the swipe threshold. */
export const DISCOVER_AGE_WINDOW_YEARS = 5;
export const DISCOVER_PROGRESS_DOTS = 10;
export const SWIPE_THRESHOLD_PX = 30;
/** Discover actions one person may take per minute (a swipe is one). */
export const SWIPE_LIMIT = { points: 120, windowMs: 60 * 1000 } as const;

export const SWIPE_ACTIONS = ['like', 'superlike', 'pass', 'skip'] as const;
/** Super likes a person may give in any 24 hours (issue 48). */
export const SUPER_LIKES_PER_DAY = 1;
export type SwipeAction = (typeof SWIPE_ACTIONS)[number];
export const MATCH_STATUSES = ['pending', 'active', 'declined'] as const;

/** User-facing texts (spec/2 §2, §4, §8), defined once. */
export const discoverMessages = {
  /** spec/2 §4: the system's first message in a new match chat. */
  greeting: (name: string) => `You matched! Start your conversation here. Say hello to ${name}!`,
  itsAMatch: "It's a Match!",
  likedEachOther: (name: string) => `You and ${name} liked each other!`,
  keepPlaying: 'Keep Playing',
  sendMessage: 'Send Message',
  newMatch: 'New Match!',
  youMatchedWith: (name: string) => `You matched with ${name}`,
  youLiked: (name: string) => `You liked ${name}!`,
  declined: (name: string) => `${name} declined`,
  likeTitle: (name: string) => `Like ${name}?`,
  superLikeTitle: (name: string) => `Super like ${name}?`,
  /** spec/2 §8, spec/3 §8 toast. */
  superLiked: 'Super Liked!',
  /** Issue 48: what a super like does, said in its dialog. */
  superLikeText: `They see that you super liked them on your card. You have ${SUPER_LIKES_PER_DAY} super like a day.`,
  /** A second super like within 24 hours (429); `hours` until the next one (at least 1). */
  superLikeUsed: (hours: number) =>
    `You can super like once every 24 hours. The next one is yours in ${hours === 1 ? 'an hour' : `${hours} hours`}.`,
  /** The mark on the card of someone who super liked the viewer. */
  superLikedYou: 'Super liked you',
  declineTitle: (name: string) => `Decline ${name}?`,
  declineText: "You won't see this profile again.",
  connectTitle: (name: string) => `Connect with ${name}?`,
  connectText: 'Send them a connection request to build your network!',
  reset: 'Discovery reset! Starting from the beginning.',
  failedToLike: 'Failed to like profile',
  failedToDecline: 'Failed to decline profile',
  failedToCreateMatch: 'Error: Failed to create match',
  nothingToUndo: 'There is no pass to undo',
  tooManySwipes: 'You are swiping too fast. Please wait a moment.',
  cannotUnmatch: 'Match not found',
  unmatchTitle: (name: string) => `Unmatch ${name}?`,
  /** What an unmatch does (docs/API-discover.md), said of a match chat between non-friends. */
  unmatchText: (name: string) =>
    `You leave each other's matches and this chat closes: neither of you can send messages in it, though it stays readable. ${name} is not notified and won't appear in your Discover again.`,
  unmatched: (name: string) => `You unmatched ${name}.`,
  noPeople: 'No people to discover',
  emptyBecause: {
    no_friends: 'Discover shows people through your friends. Invite a friend to get started.',
    profile_incomplete: 'Add your date of birth to your profile so we can show you people.',
    paused:
      'Nobody sees you in Discover, and Discover shows you nobody. Resume to meet people again.',
    filters:
      'Nobody in your network fits the age range and distance you chose. Widen your filters, or invite more friends.',
    none: 'Nobody in your network matches your preferences right now. Invite more friends.',
  },
  allCaughtUp: 'All Caught Up!',
  allCaughtUpText: "You've seen everyone. Start again to see the people you skipped.",
  startOver: 'Start Over',
  youreAllCaughtUp: "You're all caught up!",
  youreAllCaughtUpText: 'Check back later for new people in your network.',
  refresh: 'Refresh',
  profileUnavailable: 'Profile data unavailable',
  locationNotSpecified: 'Location not specified',
  pathTitle: 'Connection Path',
  mutualFriendsTitle: (count: number) => `Mutual Friends (${count})`,
  moreMutualFriends: (count: number) => `+${count} more mutual friends`,
  whyTitle: 'Why this connection?',
  gotIt: 'Got it!',
  pathUnavailable: 'Unable to display connection details at this time.',
  failedToLoad: 'Failed to load people to discover',
  undo: 'Undo',
  passed: 'Passed',
} as const;

export const likeSchema = z.lazy(() =>
  z.strictObject({
    superlike: z.optional(z.boolean({ message: 'superlike must be true or false' })),
  }),
);

/** The other person of a new match, as the match modal and the toast show them. */
export const matchViewSchema = z.lazy(() =>
  z.object({
    id: z.uuid(),
    chatId: z.uuid(),
    userId: z.uuid(),
    name: z.string(),
    avatar: z.nullable(z.string()),
  }),
);
export type MatchView = z.infer<typeof matchViewSchema>;

/**
 * The answer to a like. `match` only when this like completed a match: a like that did not
 * answers exactly the same whether or not the other person has liked, passed or never seen you.
 */
export const likeResultSchema = z.lazy(() =>
  z.object({
    matched: z.boolean(),
    match: z.nullable(matchViewSchema),
  }),
);
export type LikeResult = z.infer<typeof likeResultSchema>;

/** The answer to undoing the last pass: whom it brought back (null when there was none). */
export const undoResultSchema = z.lazy(() => z.object({ userId: z.nullable(z.uuid()) }));

// ---------------------------------------------------------------------------------------------
// The candidate feed (GET /api/discover)
// ---------------------------------------------------------------------------------------------

export const DISCOVER_PAGE_DEFAULT = 20;
export const DISCOVER_PAGE_MAX = 50;
/** Above this many candidates the first page says "at least" instead of counting them all. */
export const DISCOVER_TOTAL_CAP = 999;

/** spec/2 §4: who may see my card in Discover, by their degree from me. */
export const DISCOVERY_VISIBILITIES = ['1st_only', '1st_2nd', '1st_2nd_3rd'] as const;
export type DiscoveryVisibility = (typeof DISCOVERY_VISIBILITIES)[number];
/** spec/3 §9: visibility second-degree by default. */
export const DISCOVERY_VISIBILITY_DEFAULT: DiscoveryVisibility = '1st_2nd';

export const discoverQuerySchema = z.lazy(() =>
  z.object({
    cursor: z.optional(z.string().check(z.maxLength(400, 'Invalid cursor'))),
    limit: pageLimitParam(DISCOVER_PAGE_MAX, DISCOVER_PAGE_DEFAULT),
  }),
);
export type DiscoverQuery = z.input<typeof discoverQuerySchema>;

/** spec/2 §5 degree values as the card shows them. */
export const DISCOVER_DEGREES = ['1st', '2nd', '3rd'] as const;
export type DiscoverDegree = (typeof DISCOVER_DEGREES)[number];

/** One card (spec/2 §3 discover profile, in this API's names). */
export const discoverProfileSchema = z.lazy(() =>
  z.object({
    id: z.uuid(),
    /** Null when the person has no name yet: the card says 'Profile data unavailable'. */
    name: z.nullable(z.string()),
    /** Null when they turned off "show age". */
    age: z.nullable(z.int()),
    gender: z.string(),
    bio: z.string(),
    /** Empty when not given: the card says 'Location not specified'. */
    location: z.string(),
    interests: z.array(z.string()),
    photoUrl: z.nullable(z.string()),
    avatar: z.nullable(z.string()),
    trustScore: z.int().check(z.minimum(0)),
    /** Signed in through the OpenID provider, which vouched for their e-mail address. */
    isVerified: z.boolean(),
    degree: z.enum(DISCOVER_DEGREES),
    mutualFriends: z.int().check(z.minimum(0)),
    /**
     * Names from 'You' to this person (spec/2 §3). A connector who hides from paths is
     * 'Mutual Friend'. One path: the one the Connection Path dialog explains.
     */
    connectionPaths: z.array(z.array(z.string())),
    /** A connection request may be sent (not friends, none pending between the two). */
    canConnect: z.boolean(),
    /** They super liked the viewer (issue 48): the card shows it. */
    superLikedYou: z.boolean(),
    /**
     * Between the two people's cities in km, rounded (places.ts roundedDistanceKm: 0 is the
     * same city); null when either has no city or does not share it.
     */
    distanceKm: z.nullable(z.int()),
  }),
);
export type DiscoverProfile = z.infer<typeof discoverProfileSchema>;

/** Why a first page is empty, for the line under 'No people to discover'. */
export const DISCOVER_EMPTY_REASONS = [
  'no_friends',
  'profile_incomplete',
  'paused',
  /** Nobody within the age range and distance the person set (issue 48). */
  'filters',
  'none',
] as const;
export type DiscoverEmptyReason = (typeof DISCOVER_EMPTY_REASONS)[number];

export const discoverPageSchema = z.lazy(() =>
  z.object({
    items: z.array(discoverProfileSchema),
    nextCursor: z.nullable(z.string()),
    /**
     * First page only (null on later pages): how many candidates there are in all, capped at
     * DISCOVER_TOTAL_CAP (`totalCapped` then says "at least").
     */
    total: z.nullable(z.int().check(z.minimum(0))),
    totalCapped: z.boolean(),
    /** People one skipped: a discovery reset brings them back ('All Caught Up!' offers it). */
    skipped: z.int().check(z.minimum(0)),
    /** When the first page is empty and nothing was ever skipped: why. */
    emptyReason: z.nullable(z.enum(DISCOVER_EMPTY_REASONS)),
  }),
);
export type DiscoverPage = z.infer<typeof discoverPageSchema>;
