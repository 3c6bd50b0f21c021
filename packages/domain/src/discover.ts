import { z } from 'zod';

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
} as const;

export const likeSchema = z.strictObject({
  superlike: z.boolean({ message: 'superlike must be true or false' }).optional(),
});

/** The other person of a new match, as the match modal and the toast show them. */
export const matchViewSchema = z.object({
  id: z.uuid(),
  chatId: z.uuid(),
  userId: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type MatchView = z.infer<typeof matchViewSchema>;

/**
 * The answer to a like. `match` only when this like completed a match: a like that did not
 * answers exactly the same whether or not the other person has liked, passed or never seen you.
 */
export const likeResultSchema = z.object({
  matched: z.boolean(),
  match: matchViewSchema.nullable(),
});
export type LikeResult = z.infer<typeof likeResultSchema>;

/** The answer to undoing the last pass: whom it brought back (null when there was none). */
export const undoResultSchema = z.object({ userId: z.uuid().nullable() });
