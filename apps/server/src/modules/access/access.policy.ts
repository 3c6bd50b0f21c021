/**
 * Who may see or act on whom: the one interaction rule (DESIGN.md §4). Blocks and account
 * states are its inputs; its answers are read as "not found" when they say no to seeing
 * someone, so a blocked person cannot tell a block from a missing, suspended or banned account.
 * Its SQL form (access.sql.ts) is checked against it case by case (access.rule.test.ts).
 */

/**
 * An account's state (users.account_status). DELETED is never stored: it is what a person
 * whose row is gone reads as (the other member of a chat they left).
 */
export type AccountState = 'ACTIVE' | 'SUSPENDED' | 'BANNED' | 'DELETED';
export const ACCOUNT_STATES: readonly AccountState[] = ['ACTIVE', 'SUSPENDED', 'BANNED', 'DELETED'];

/** What is true between a viewer and one other person (see access.sql.ts for the facts). */
export type Tie = {
  /** The viewer's own account state: only an active account acts on anyone. */
  viewerState: AccountState;
  /** The other person's account state: suspended, banned and deleted people are not there. */
  targetState: AccountState;
  /** The viewer blocked them. */
  blockedByViewer: boolean;
  /** They blocked the viewer. */
  blockedByTarget: boolean;
  /** They are friends (1st degree). */
  friends: boolean;
  /** They have an active match (only known where a path asks: chats). */
  matched?: boolean;
  /** They accept messages and requests only from verified accounts, and the viewer is not one. */
  needsVerified?: boolean;
  /** They accept requests only from people with a friend in common (their setting). */
  requiresMutual?: boolean;
  /** Friends the two have in common (known where a path asks: requests, Discover). */
  mutualFriends?: number;
};

/** Why a person's own settings turn the viewer away (spec/3 §2 Safety). */
export type Refusal = 'needs_verified' | 'needs_mutual';

/**
 * Whether the person's safety settings refuse the viewer's `action`: 'block unverified' keeps
 * unverified people from messaging or asking them, 'require mutual connections' keeps people
 * without a friend in common from asking them. Null: the settings allow it.
 */
export function settingsRefusal(
  action: Action,
  tie: Pick<Tie, 'needsVerified' | 'requiresMutual' | 'mutualFriends'>,
): Refusal | null {
  if (action !== 'message' && action !== 'connect') return null;
  if (tie.needsVerified) return 'needs_verified';
  if (action === 'connect' && tie.requiresMutual && (tie.mutualFriends ?? 0) === 0) {
    return 'needs_mutual';
  }
  return null;
}

export type Action =
  /** See them at all: their row, path, counts; address a request to them. */
  | 'view'
  | 'connect'
  /** Use their invitation link (look it up signed in, or start its consent chain). */
  | 'invite'
  /** Favorites are for friends only (spec/2 §6). */
  | 'favorite'
  /** Chat: read, send, type, see presence — friends and matches (spec/3 §6). */
  | 'message'
  /** Discover: like, pass or skip someone (and unmatch them). */
  | 'swipe'
  | 'disconnect'
  | 'block'
  | 'unblock'
  | 'report';

/**
 * Whether the person exists for the viewer when doing `action`. Only active accounts exist for
 * each other, with one exception: a chat whose other member deleted their account stays
 * readable (as "Unknown User", spec/3 §6) though nothing can be sent in it. Someone you blocked
 * exists only for undoing or reporting it (and blocking again, which changes nothing) — even if
 * they blocked you too, since they are on your own block list. Otherwise someone who blocked
 * you does not exist for you at all.
 */
export function isVisible(action: Action, tie: Tie): boolean {
  if (tie.viewerState !== 'ACTIVE') return false;
  if (tie.targetState !== 'ACTIVE' && !(action === 'message' && tie.targetState === 'DELETED')) {
    return false;
  }
  switch (action) {
    case 'block':
    case 'unblock':
    case 'report':
      return tie.blockedByViewer || !tie.blockedByTarget;
    case 'view':
    case 'connect':
    case 'invite':
    case 'favorite':
    case 'message':
    case 'swipe':
    case 'disconnect':
      return !tie.blockedByViewer && !tie.blockedByTarget;
  }
}

/**
 * A chat's other member as the rule reads them inside that chat. One who is suspended or banned
 * reads exactly as one who deleted their account: the chat stays readable as "Unknown User" and
 * nothing can be sent in it (spec/3 §6), while everywhere else — their id asked about, lists,
 * Discover — they are not there at all. Lifting the restriction gives the chat back as it was.
 */
export function inChat<T extends Tie>(tie: T): T {
  if (tie.targetState !== 'SUSPENDED' && tie.targetState !== 'BANNED') return tie;
  return { ...tie, targetState: 'DELETED', friends: false, matched: false };
}

/** Whether the viewer may do `action` to a person visible to them. */
export function can(action: Action, tie: Tie): boolean {
  if (!isVisible(action, tie)) return false;
  switch (action) {
    case 'favorite':
    case 'disconnect':
      return tie.friends;
    case 'message':
      return (
        tie.targetState === 'ACTIVE' &&
        (tie.friends || tie.matched === true) &&
        settingsRefusal(action, tie) === null
      );
    case 'connect':
      return settingsRefusal(action, tie) === null;
    case 'view':
    case 'invite':
    case 'swipe':
    case 'block':
    case 'unblock':
    case 'report':
      return true;
  }
}

/**
 * A tie from the graph index's facts and the two people's rows. The index keeps blocks without
 * direction: a blocked pair is hidden from each other in every list and path either way, which
 * is what `isVisible('view', ...)` says for both.
 */
export function tieFromIndex(
  blockedWith: boolean,
  friends: boolean,
  states: { viewer: AccountState; target: AccountState },
): Tie {
  return {
    viewerState: states.viewer,
    targetState: states.target,
    blockedByViewer: blockedWith,
    blockedByTarget: blockedWith,
    friends,
  };
}

/** A stored account_status as a state of the rule (an unknown value counts as not active). */
export function accountState(status: string | null | undefined): AccountState {
  if (status === null || status === undefined) return 'DELETED';
  return status === 'ACTIVE' || status === 'SUSPENDED' || status === 'BANNED' ? status : 'BANNED';
}
