import { v7 as uuidv7 } from 'uuid';
import {
  chatMessages,
  discoverMessages,
  networkMessages,
  SUPER_LIKES_PER_DAY,
  userRoom,
  type LikeResult,
  type MatchView,
  type SwipeAction,
} from '@heartline/domain';
import type { Trx } from '../../db/database.ts';
import {
  NotFoundError,
  RateLimitError,
  UnauthorizedError,
  ValidationError,
} from '../../lib/errors.ts';
import type { Tie } from '../access/access.policy.ts';
import type { Access, Person, Target } from '../access/access.service.ts';
import type { ChatService } from '../chat/chat.service.ts';
import type { Emit, Transact } from '../events/events.outbox.ts';
import type { MatchesRepository, MatchStatus } from './matches.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const liked = (action: SwipeAction | undefined) => action === 'like' || action === 'superlike';

/**
 * A pair's match follows from what each did with the other (spec/2 §4): a pass by either
 * declines it; a like from both makes it active; one like keeps it pending (only its liker
 * knows); nothing at all, no match.
 */
export function matchStatus(
  mine: SwipeAction | undefined,
  theirs: SwipeAction | undefined,
): MatchStatus | null {
  if (mine === 'pass' || theirs === 'pass') return 'declined';
  if (liked(mine) && liked(theirs)) return 'active';
  if (liked(mine) || liked(theirs)) return 'pending';
  return null;
}

export type MatchesDeps = {
  repo: MatchesRepository;
  access: Access;
  chat: ChatService;
  transact: Transact;
  findUser: (userId: string) => Promise<Person | undefined>;
  /** Whether the viewer's Discover would show the target (`seq`s): the discover service's. */
  isCandidate: (viewerSeq: number, targetSeq: number) => boolean;
};

/**
 * Likes, passes, skips and matches. Every change of a pair takes the pair's match row lock and
 * derives the match from both people's swipes, so two likes at the same instant make exactly
 * one match, one chat and one greeting. A like that does not complete a match answers the same
 * whatever the other person did: nobody learns who liked them before a match.
 */
export function createMatchesService(deps: MatchesDeps) {
  const { repo, access, transact } = deps;

  async function me(userId: string): Promise<Person> {
    const user = await deps.findUser(userId);
    if (!user) throw new UnauthorizedError();
    return user;
  }

  const view = (matchId: string, chatId: string, other: Person): MatchView => ({
    id: matchId,
    chatId,
    userId: other.id,
    name: other.name ?? chatMessages.someone,
    avatar: other.avatarUrl,
  });

  /**
   * Records `action` of `viewer` on `target` and brings the pair's match in line with both
   * swipes. Answers the new match when this change made it active.
   */
  async function settle(
    trx: Trx,
    emit: Emit,
    viewer: Person,
    target: Person & { tie?: Tie },
    change: (trx: Trx) => Promise<void>,
  ): Promise<MatchView | null> {
    const [low, high] = viewer.seq < target.seq ? [viewer, target] : [target, viewer];
    const match = await repo.lockPair(trx, uuidv7(), low.seq, high.seq);
    await change(trx);
    const mine = await repo.swipeOf(trx, viewer.seq, target.seq);
    const theirs = await repo.swipeOf(trx, target.seq, viewer.seq);
    const next = matchStatus(mine, theirs);
    const before: MatchStatus | null = match.created ? null : match.status;
    if (next === null) {
      await repo.deleteMatch(trx, match.id);
      return null;
    }
    if (next === before) return null;
    // Pending: known only to whoever liked. Active: the other liked first (this completed it).
    const initiator =
      next === 'declined' ? null : liked(mine) && next === 'pending' ? viewer : target;
    await repo.setMatch(trx, match.id, { status: next, initiatorSeq: initiator?.seq ?? null });
    if (before === 'active') {
      // Unmatched: the chat stays readable, and neither can send in it any more (unless they
      // are friends: then nothing changes for presence).
      await deps.chat.pairChanged(trx, emit, viewer, target);
      if (!target.tie?.friends) {
        emit(userRoom(viewer.id), 'match.ended', { userId: target.id }, viewer.id);
        emit(userRoom(target.id), 'match.ended', { userId: viewer.id }, viewer.id);
      }
      return null;
    }
    if (next !== 'active') return null;
    const chatId = await deps.chat.startMatchChat(trx, emit, viewer, target);
    emit(
      userRoom(target.id),
      'match.created',
      { match: view(match.id, chatId, viewer) },
      viewer.id,
    );
    emit(
      userRoom(viewer.id),
      'match.created',
      { match: view(match.id, chatId, target) },
      viewer.id,
    );
    return view(match.id, chatId, target);
  }

  /**
   * The person a like, pass or skip is aimed at: someone the viewer's Discover would show. Anyone
   * else answers as a person who does not exist.
   */
  async function candidate(viewer: Person, targetId: string): Promise<Target> {
    const target = await access.findForAction(viewer, targetId, 'swipe');
    if (!deps.isCandidate(viewer.seq, target.seq)) {
      throw new NotFoundError(networkMessages.userNotFound);
    }
    return target;
  }

  async function act(
    userId: string,
    targetId: string,
    change: (trx: Trx, viewer: Person, target: Person) => Promise<void>,
  ): Promise<MatchView | null> {
    const viewer = await me(userId);
    const target = await candidate(viewer, targetId);
    return transact((trx, emit) =>
      settle(trx, emit, viewer, target, (t) => change(t, viewer, target)),
    );
  }

  return {
    async like(userId: string, targetId: string, superlike: boolean): Promise<LikeResult> {
      const action = superlike ? 'superlike' : 'like';
      const match = await act(userId, targetId, async (trx, viewer, target) => {
        if (superlike) {
          // One a day (issue 48): a second within 24 hours is refused, and nothing is stored.
          const recent = await repo.recentSuperLikes(trx, viewer.seq);
          if (recent.length >= SUPER_LIKES_PER_DAY) {
            const freeAt = recent[recent.length - SUPER_LIKES_PER_DAY]!.getTime() + DAY_MS;
            const seconds = Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
            throw new RateLimitError(
              discoverMessages.superLikeUsed(Math.max(1, Math.ceil(seconds / 3600))),
              seconds,
            );
          }
        }
        await repo.putSwipe(trx, viewer.seq, target.seq, action);
      });
      return { matched: match !== null, match };
    },

    /** Declines someone: never shown again, and any match with them ends. */
    async pass(userId: string, targetId: string): Promise<void> {
      await act(userId, targetId, (trx, viewer, target) =>
        repo.putSwipe(trx, viewer.seq, target.seq, 'pass'),
      );
    },

    /** Skips someone until the next discovery reset. */
    async skip(userId: string, targetId: string): Promise<void> {
      const viewer = await me(userId);
      const target = await candidate(viewer, targetId);
      await transact((trx) => repo.putSwipe(trx, viewer.seq, target.seq, 'skip'));
    },

    /** Undoes the viewer's latest action if it was a pass; answers whom it brought back. */
    async undoPass(userId: string): Promise<{ userId: string | null }> {
      const viewer = await me(userId);
      const targetSeq = await repo.lastPass(viewer.seq);
      const target = targetSeq === undefined ? undefined : await repo.personBySeq(targetSeq);
      if (!target) throw new ValidationError(discoverMessages.nothingToUndo);
      let undone = false;
      await transact((trx, emit) =>
        settle(trx, emit, viewer, target, async (t) => {
          undone = await repo.deleteSwipe(t, viewer.seq, target.seq);
        }),
      );
      if (!undone) throw new ValidationError(discoverMessages.nothingToUndo);
      return { userId: target.id };
    },

    async reset(userId: string): Promise<void> {
      await repo.clearSkips((await me(userId)).seq);
    },

    /**
     * A block, inside the blocker's transaction (the block has ended any friendship): a pass
     * for ever, so a later like cannot revive the match, and any match ends.
     */
    async endForBlock(trx: Trx, emit: Emit, viewer: Person, target: Person): Promise<void> {
      await settle(trx, emit, viewer, { ...target, tie: undefined }, (t) =>
        repo.putSwipe(t, viewer.seq, target.seq, 'pass'),
      );
    },

    /** Ends an active match (the chat stays, read-only unless they are friends). */
    async unmatch(userId: string, targetId: string): Promise<void> {
      const viewer = await me(userId);
      const target = await access.findForAction(viewer, targetId, 'swipe');
      if (!target.tie.matched) throw new NotFoundError(discoverMessages.cannotUnmatch);
      await transact((trx, emit) =>
        settle(trx, emit, viewer, target, (t) => repo.putSwipe(t, viewer.seq, target.seq, 'pass')),
      );
    },
  };
}

export type MatchesService = ReturnType<typeof createMatchesService>;
