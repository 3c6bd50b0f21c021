import { v7 as uuidv7 } from 'uuid';
import {
  networkMessages,
  type BlockList,
  type CreateReportInput,
  type FavoriteState,
  type PrivacySettings,
} from '@heartline/domain';
import { NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors.ts';
import { canFavorite } from './network.policy.ts';
import { presentBlockList } from './network.presenter.ts';
import type { Graph, Publish } from './graph.service.ts';
import type { NetworkRepository } from './network.repository.ts';

/**
 * Row actions on another person: favorite, disconnect, block, unblock, report; and the own
 * "show me in paths" setting. Friendship-changing actions go through the graph write path.
 */
export function createRelationsService(deps: {
  graph: Graph;
  people: NetworkRepository;
  publish: Publish;
  /** Someone's favorites count changed (every instance drops its cached copy). */
  countsChanged: (seqs: number[]) => void;
}) {
  const { graph, people, publish } = deps;
  const { repo } = graph;

  async function me(userId: string) {
    const seq = await people.seqOf(userId);
    if (seq === undefined) throw new UnauthorizedError();
    return seq;
  }

  /**
   * The other person as a write sees them: missing, or blocked either way, answers exactly as
   * missing (DESIGN: a block hides both people from each other everywhere).
   */
  async function other(viewer: number, userId: string, selfMessage: string) {
    const target = await people.findUser(userId);
    if (!target) throw new NotFoundError(networkMessages.userNotFound);
    if (target.seq === viewer) throw new ValidationError(selfMessage);
    return target;
  }

  async function pushBadges(userIds: Iterable<string>) {
    for (const id of new Set(userIds)) {
      publish(id, 'badges.updated', { pendingRequests: await people.pendingIncoming(id) });
    }
  }

  /**
   * Favorites hang on a friendship: for anyone who is not a friend — a stranger, someone you
   * blocked or who blocked you — the answer is the same 404 as for a missing connection.
   */
  async function favoriteState(userId: string, targetId: string, want: boolean | 'toggle') {
    const viewer = await me(userId);
    const target = await other(viewer, targetId, networkMessages.connectionNotFound);
    const current = await people.isFavorite(viewer, target.seq);
    const next = want === 'toggle' ? !current : want;
    if (next === current) return { userId: target.id, isFavorited: current };
    if (!next) {
      await people.removeFavorite(viewer, target.seq);
      deps.countsChanged([viewer]);
      return { userId: target.id, isFavorited: false };
    }
    const friends = await repo.areFriends(viewer, target.seq);
    if (!canFavorite(friends ? 1 : 0) || !(await people.addFavorite(viewer, target.seq))) {
      throw new NotFoundError(networkMessages.connectionNotFound);
    }
    deps.countsChanged([viewer]);
    return { userId: target.id, isFavorited: true };
  }

  return {
    addFavorite: (userId: string, targetId: string): Promise<FavoriteState> =>
      favoriteState(userId, targetId, true),
    removeFavorite: (userId: string, targetId: string): Promise<FavoriteState> =>
      favoriteState(userId, targetId, false),
    toggleFavorite: (userId: string, targetId: string): Promise<FavoriteState> =>
      favoriteState(userId, targetId, 'toggle'),

    /** Ends a friendship. The other person is not notified beyond a silent list refresh. */
    async disconnect(userId: string, targetId: string): Promise<void> {
      const viewer = await me(userId);
      const target = await other(viewer, targetId, networkMessages.connectionNotFound);
      const removed = await graph.write(async (trx, record) => {
        if (!(await repo.deleteFriendship(trx, viewer, target.seq))) return false;
        await repo.deleteFavoritesBetween(trx, viewer, target.seq);
        await record('remove', viewer, target.seq);
        return true;
      });
      if (!removed) throw new NotFoundError(networkMessages.connectionNotFound);
      publish(userId, 'friendship.removed', { userId: target.id });
      publish(target.id, 'friendship.removed', { userId });
    },

    /**
     * Blocks: ends any friendship, withdraws open requests and favorites, files a report for the
     * moderators (the dialog promises it), and hides both people from each other.
     */
    async block(userId: string, targetId: string): Promise<void> {
      const viewer = await me(userId);
      const target = await other(viewer, targetId, networkMessages.cannotBlockSelf);
      const outcome = await graph.write(async (trx, record) => {
        const fresh = await repo.insertBlock(trx, viewer, target.seq);
        if (!fresh) return { wereFriends: false, recipients: [] as string[] };
        const wereFriends = await repo.deleteFriendship(trx, viewer, target.seq);
        await repo.deleteFavoritesBetween(trx, viewer, target.seq);
        const recipients = await people.cancelOpenRequestsBetween(trx, userId, target.id);
        await people.insertReport(
          {
            id: uuidv7(),
            reporterId: userId,
            reportedId: target.id,
            reason: 'blocked',
            context: 'block',
            details: '',
          },
          trx,
        );
        await record('block', viewer, target.seq);
        return { wereFriends, recipients };
      });
      if (outcome.wereFriends) {
        publish(userId, 'friendship.removed', { userId: target.id });
        publish(target.id, 'friendship.removed', { userId });
      }
      await pushBadges(outcome.recipients);
    },

    /** Lifts the viewer's own block; the pair stays hidden while the other side blocks too. */
    async unblock(userId: string, targetId: string): Promise<void> {
      const viewer = await me(userId);
      const target = await other(viewer, targetId, networkMessages.cannotBlockSelf);
      await graph.write(async (trx, record) => {
        if (!(await repo.deleteBlock(trx, viewer, target.seq))) return;
        if (await repo.blockedEitherWay(viewer, target.seq, trx)) return;
        await record('unblock', viewer, target.seq);
      });
    },

    async blocks(userId: string): Promise<BlockList> {
      return presentBlockList(await repo.listBlocks(await me(userId)));
    },

    async report(userId: string, input: CreateReportInput & { details?: string }) {
      const viewer = await me(userId);
      const target = await other(viewer, input.userId, networkMessages.cannotReportSelf);
      // Someone who blocked you is invisible to you, so you cannot address them either; a
      // person you blocked yourself can still be reported.
      if (await repo.isBlockedBy(target.seq, viewer)) {
        throw new NotFoundError(networkMessages.userNotFound);
      }
      const id = uuidv7();
      await people.insertReport({
        id,
        reporterId: userId,
        reportedId: target.id,
        reason: input.reason,
        context: input.context,
        details: input.details ?? '',
      });
      return { id, message: networkMessages.reported };
    },

    async privacy(userId: string): Promise<PrivacySettings> {
      const showInPaths = await people.showInPaths(userId);
      if (showInPaths === undefined) throw new UnauthorizedError();
      return { showInPaths };
    },

    async setPrivacy(userId: string, showInPaths: boolean): Promise<PrivacySettings> {
      const viewer = await me(userId);
      await graph.write(async (trx, record) => {
        await repo.setShowInPaths(trx, viewer, showInPaths);
        await record('user', viewer);
      });
      return { showInPaths };
    },
  };
}

export type RelationsService = ReturnType<typeof createRelationsService>;
