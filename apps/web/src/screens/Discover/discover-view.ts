import {
  discoverMessages,
  DISCOVER_PROGRESS_DOTS,
  networkMessages,
  SWIPE_THRESHOLD_PX,
  type DiscoverDegree,
  type DiscoverEmptyReason,
  type DiscoverProfile,
  errorMessages,
} from '@heartline/domain';
import { ApiError } from '../../lib/api.ts';
import { countLabel } from '../Trust/trust-format.ts';
import { formatCount } from '../../lib/format.ts';

/** What a swipe, an arrow key, a long press or a card button asks for. */
export type CardGesture = 'pass' | 'like' | 'superlike' | 'skip' | 'path';

/**
 * spec/2 §2: left = pass, right = like, up = skip, down = show path; a swipe counts once the
 * finger has moved past the threshold along its main axis. A diagonal goes by the longer axis.
 */
export function swipeGesture(
  dx: number,
  dy: number,
  threshold: number = SWIPE_THRESHOLD_PX,
): CardGesture | null {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (Math.max(ax, ay) <= threshold) return null;
  if (ax >= ay) return dx > 0 ? 'like' : 'pass';
  return dy < 0 ? 'skip' : 'path';
}

const arrowKeys: Record<string, CardGesture> = {
  ArrowLeft: 'pass',
  ArrowRight: 'like',
  ArrowUp: 'skip',
  ArrowDown: 'path',
};

/** The arrow keys do on a focused card what the swipes do. */
export function keyGesture(key: string): CardGesture | null {
  return arrowKeys[key] ?? null;
}

export type DotState = 'done' | 'current' | 'upcoming';

/**
 * The progress strip: at most `max` dots over the whole deck, a window that keeps the current
 * card near its middle (and slides no further than the deck's ends). `index` is 0-based.
 */
export function progressDots(
  index: number,
  total: number,
  max: number = DISCOVER_PROGRESS_DOTS,
): DotState[] {
  const count = Math.max(0, Math.min(max, total));
  if (count === 0) return [];
  const current = Math.min(Math.max(0, index), total - 1);
  const start = Math.min(Math.max(0, current - Math.floor(count / 2)), total - count);
  return Array.from({ length: count }, (_, i) => {
    const at = start + i;
    return at < current ? 'done' : at === current ? 'current' : 'upcoming';
  });
}

/** "42", "999+": the number of profiles, marked when the server stopped counting. */
export function formatTotal(total: number, capped: boolean): string {
  return `${formatCount(total)}${capped ? '+' : ''}`;
}

/** The header's count: "1 profile", "42 profiles", "999+ profiles". */
export function profileCountLabel(total: number, capped: boolean): string {
  if (capped) return `${formatTotal(total, true)} profiles`;
  return countLabel(total, 'profile', 'profiles');
}

/** '#n of total' under the dots; `position` is 1-based. */
export function positionLabel(position: number, total: number, capped: boolean): string {
  return `#${formatCount(position)} of ${formatTotal(total, capped)}`;
}

/** The name dialogs and toasts use; the card itself says 'Profile data unavailable'. */
export function personName(profile: Pick<DiscoverProfile, 'name'>): string {
  return profile.name?.trim() || networkMessages.unknownUser;
}

/** "Ana, 29", or "Ana" when they hide their age. */
export function nameAndAge(profile: Pick<DiscoverProfile, 'name' | 'age'>): string {
  const name = personName(profile);
  return profile.age === null ? name : `${name}, ${profile.age}`;
}

export function locationText(location: string): string {
  return location.trim() || discoverMessages.locationNotSpecified;
}

export function mutualFriendsLabel(count: number): string {
  return countLabel(count, 'mutual friend', 'mutual friends');
}

const degreeWords: Record<DiscoverDegree, string> = {
  '1st': 'Friend',
  '2nd': 'Friend of a friend',
  '3rd': '3rd degree',
};

/** The degree badge's accessible wording ("Friend of a friend"). */
export function degreeLabel(degree: DiscoverDegree): string {
  return degreeWords[degree];
}

/** A person between the viewer and the card; `hidden` when they keep out of paths. */
export type PathHop = { name: string; hidden: boolean };

/**
 * The steps between 'You' and the person, from the names of the card's first path
 * ('Mutual Friend' is a connector who hides from paths).
 */
export function hopsFromNames(names: readonly string[]): PathHop[] {
  return names.slice(1, -1).map((name) => ({
    name,
    hidden: name === networkMessages.mutualFriend,
  }));
}

/**
 * 'Why this connection?' in words, from the degree and the path, e.g. "Ana is a friend of your
 * friend Ben. You have 3 mutual friends." A connector who hides from paths is never named.
 */
export function whySentence(input: {
  name: string;
  degree: DiscoverDegree;
  hops: readonly PathHop[];
  mutualFriends: number;
}): string {
  const { name, degree, hops, mutualFriends } = input;
  const [friend, friendOfFriend] = hops;
  const yourFriend = (hop: PathHop | undefined) =>
    !hop || hop.hidden ? 'one of your friends' : `your friend ${hop.name}`;
  let first: string;
  if (degree === '1st') {
    first = `${name} is your friend.`;
  } else if (degree === '2nd') {
    first = `${name} is a friend of ${yourFriend(friend)}.`;
  } else if (!friendOfFriend || friendOfFriend.hidden) {
    first = `${name} is a friend of someone who is friends with ${yourFriend(friend)}.`;
  } else {
    first = `${name} is a friend of ${friendOfFriend.name}, who is friends with ${yourFriend(friend)}.`;
  }
  if (mutualFriends === 0) return first;
  return `${first} You have ${mutualFriendsLabel(mutualFriends)}.`;
}

/**
 * What the screen shows once the loaded cards run out. `skipped`: people skipped so far (a reset
 * brings them back); `acted`: cards acted on since the feed was loaded.
 */
export type DeckEnd =
  { kind: 'empty'; reason: DiscoverEmptyReason | null } | { kind: 'reset' } | { kind: 'caught-up' };

export function deckEnd(input: {
  skipped: number;
  acted: number;
  emptyReason: DiscoverEmptyReason | null;
}): DeckEnd {
  // Paused: whatever was swiped or skipped, the way back is to resume.
  if (input.emptyReason === 'paused') return { kind: 'empty', reason: 'paused' };
  if (input.skipped > 0) return { kind: 'reset' };
  if (input.acted === 0) return { kind: 'empty', reason: input.emptyReason };
  return { kind: 'caught-up' };
}

/** The empty state's line under 'No people to discover'. */
export function emptyText(reason: DiscoverEmptyReason | null): string {
  return discoverMessages.emptyBecause[reason ?? 'none'];
}

/** How many mutual friends the path dialog names beyond its grid ('+N more mutual friends'). */
export function moreMutualFriends(count: number, shown: number): number {
  return Math.max(0, count - shown);
}

/**
 * The toast after a like, pass or skip failed (spec/2 §8): too many swipes in the server's
 * words, otherwise 'Failed to like profile' / 'Failed to decline profile'.
 */
export function swipeErrorText(
  kind: 'like' | 'superlike' | 'pass' | 'skip',
  error: unknown,
): string {
  if (error instanceof ApiError && error.status === 429) return error.message;
  if (kind === 'like' || kind === 'superlike') return discoverMessages.failedToLike;
  if (kind === 'pass') return discoverMessages.failedToDecline;
  return error instanceof ApiError && error.status > 0 && error.status < 500
    ? error.message
    : errorMessages.internal;
}
