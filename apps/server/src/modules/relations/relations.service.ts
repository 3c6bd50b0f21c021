import {
  type BlockList,
  type CreateReportInput,
  type FavoriteState,
  networkMessages,
  type PrivacySettings,
  relationMessages,
  userRoom,
} from '@heartline/domain';
import { NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { can } from '../access/access.policy.ts';
import type { Trx } from '../../db/database.ts';
import type { Access, Person } from '../access/access.service.ts';
import type { Emit } from '../events/events.outbox.ts';
import type { Graph, RecordChange } from '../graph/graph.service.ts';
import type { NewReport } from '../moderation/cases.service.ts';
import type { RelationsRepository } from './relations.repository.ts';
import { presentBlockList } from './relations.presenter.ts';

/**
 * Row actions on another person: favorite, disconnect, block, unblock, report; and the own
 * "show me in paths" setting. Each asks the interaction policy first (access); friendship
 * changes go through the graph write path with their events.
 */
export function createRelationsService(deps: {
  graph: Graph;
  repo: RelationsRepository;
  access: Access;
  findUser: (userId: string) => Promise<Person | undefined>;
  /** In the block's transaction: open requests between the two are withdrawn (the list). */
  cancelOpenRequestsBetween: (
    trx: Trx,
    a: string,
    b: string,
  ) => Promise<{ id: string; fromUserId: string; toUserId: string }[]>;
  pendingIncoming: (userId: string, trx: Trx) => Promise<number>;
  /** Someone's favorites or pending count changed (every instance drops its cached copy). */
  countsChanged: (seqs: number[]) => void;
  /** In the block's transaction: the blocker passes on the other for ever; a match ends. */
  endMatch: (trx: Trx, emit: Emit, blocker: Person, blocked: Person) => Promise<void>;
  /** Files a report in the reported person's case (moderation's cases); returns its id. */
  fileReport: (trx: Trx, record: RecordChange, report: NewReport) => Promise<string>;
}) {
  const { graph, repo, access } = deps;

  async function me(userId: string): Promise<Person> {
    const user = await deps.findUser(userId);
    if (!user) throw new UnauthorizedError();
    return user;
  }

  /** Favorites hang on a friendship: a visible stranger answers 'Connection not found'. */
  async function favoriteState(userId: string, targetId: string, want: boolean | 'toggle') {
    const viewer = await me(userId);
    const target = await access.findForAction(viewer, targetId, 'favorite');
    const current = await repo.isFavorite(viewer.seq, target.seq);
    const next = want === 'toggle' ? !current : want;
    if (next === current) return { userId: target.id, isFavorited: current };
    if (!next) {
      await repo.removeFavorite(viewer.seq, target.seq);
      deps.countsChanged([viewer.seq]);
      return { userId: target.id, isFavorited: false };
    }
    if (!can('favorite', target.tie) || !(await repo.addFavorite(viewer.seq, target.seq))) {
      throw new NotFoundError(networkMessages.connectionNotFound);
    }
    deps.countsChanged([viewer.seq]);
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
      const target = await access.findForAction(viewer, targetId, 'disconnect');
      const removed = await graph.write(async (trx, record, emit) => {
        if (!(await graph.deleteFriendship(trx, viewer.seq, target.seq))) return false;
        await graph.deleteFavoritesBetween(trx, viewer.seq, target.seq);
        await record('remove', viewer.seq, target.seq);
        emit(userRoom(viewer.id), 'friendship.removed', { userId: target.id }, viewer.id);
        emit(userRoom(target.id), 'friendship.removed', { userId: viewer.id }, viewer.id);
        return true;
      });
      if (!removed) throw new NotFoundError(networkMessages.connectionNotFound);
    },

    /**
     * Blocks: ends any friendship, withdraws open requests and favorites, files a report for the
     * moderators (the dialog promises it), and hides both people from each other.
     */
    async block(
      userId: string,
      targetId: string,
      opts: { fileReport: boolean } = { fileReport: true },
    ): Promise<void> {
      const viewer = await me(userId);
      const target = await access.findForAction(viewer, targetId, 'block');
      const withdrawn = await graph.write(async (trx, record, emit) => {
        if (!(await graph.insertBlock(trx, viewer.seq, target.seq))) return [];
        if (await graph.deleteFriendship(trx, viewer.seq, target.seq)) {
          emit(userRoom(viewer.id), 'friendship.removed', { userId: target.id }, viewer.id);
          emit(userRoom(target.id), 'friendship.removed', { userId: viewer.id }, viewer.id);
        }
        await graph.deleteFavoritesBetween(trx, viewer.seq, target.seq);
        await deps.endMatch(trx, emit, viewer, target);
        // Withdrawn requests leave both lists: to the sender it reads as a refusal, to the
        // recipient as a withdrawal (as cancelling does).
        const withdrawn = await deps.cancelOpenRequestsBetween(trx, viewer.id, target.id);
        if (opts.fileReport) {
          await deps.fileReport(trx, record, {
            reporterId: viewer.id,
            reported: target,
            reason: 'blocked',
            context: 'block',
            details: '',
          });
        }
        await record('block', viewer.seq, target.seq);
        for (const r of withdrawn) {
          emit(userRoom(r.fromUserId), 'request.rejected', { requestId: r.id }, viewer.id);
          emit(userRoom(r.toUserId), 'request.cancelled', { requestId: r.id }, viewer.id);
          const pendingRequests = await deps.pendingIncoming(r.toUserId, trx);
          emit(userRoom(r.toUserId), 'badges.updated', { pendingRequests }, viewer.id);
        }
        return withdrawn;
      });
      if (withdrawn.length > 0) deps.countsChanged([viewer.seq, target.seq]);
    },

    /** Lifts the viewer's own block; the pair stays hidden while the other side blocks too. */
    async unblock(userId: string, targetId: string): Promise<void> {
      const viewer = await me(userId);
      const target = await access.findForAction(viewer, targetId, 'unblock');
      await graph.write(async (trx, record) => {
        if (!(await graph.deleteBlock(trx, viewer.seq, target.seq))) return;
        if (await graph.blockedInDb(viewer.seq, target.seq, trx)) return;
        await record('unblock', viewer.seq, target.seq);
      });
    },

    /** The people the viewer blocked, as far as the rule lets them be there (not banned). */
    async blocks(userId: string): Promise<BlockList> {
      const viewer = await me(userId);
      const rows = await graph.listBlocks(viewer.seq);
      const there = new Set(
        (
          await access.visibleAmong(
            viewer,
            rows.map((r) => r.id),
            'unblock',
          )
        ).map((t) => t.id),
      );
      return presentBlockList(rows.filter((r) => there.has(r.id)));
    },

    async report(userId: string, input: CreateReportInput & { details?: string }) {
      const viewer = await me(userId);
      const target = await access.findForAction(viewer, input.userId, 'report');
      const id = await graph.write((trx, record) =>
        deps.fileReport(trx, record, {
          reporterId: viewer.id,
          reported: target,
          reason: input.reason,
          context: input.context,
          details: input.details ?? '',
        }),
      );
      return { id, message: relationMessages.reported };
    },

    async privacy(userId: string): Promise<PrivacySettings> {
      const showInPaths = await repo.showInPaths(userId);
      if (showInPaths === undefined) throw new UnauthorizedError();
      return { showInPaths };
    },

    async setPrivacy(userId: string, showInPaths: boolean): Promise<PrivacySettings> {
      const viewer = await me(userId);
      await graph.write(async (trx, record) => {
        await graph.setShowInPaths(trx, viewer.seq, showInPaths);
        await record('user', viewer.seq);
      });
      return { showInPaths };
    },
  };
}

export type RelationsService = ReturnType<typeof createRelationsService>;
