import {
  chatMessages,
  inviteMessages,
  networkMessages,
  relationMessages,
  requestMessages,
  settingsMessages,
} from '@heartline/domain';
import type { Db, Trx } from '../../db/database.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import {
  isVisible,
  settingsRefusal,
  type Action,
  type Refusal,
  type Tie,
} from './access.policy.ts';
import type { AccessRepository, TieRow } from './access.repository.ts';

export type Person = { id: string; seq: number; name: string | null; avatarUrl: string | null };
export type Target = Person & { tie: Tie };

/** What each action answers for a person who does not exist (spec/2 §5, §8 wording). */
const missingMessage: Record<Action, string> = {
  view: networkMessages.userNotFound,
  connect: requestMessages.userValidationFailed,
  invite: inviteMessages.notFound,
  favorite: networkMessages.userNotFound,
  message: networkMessages.userNotFound,
  swipe: networkMessages.userNotFound,
  disconnect: networkMessages.userNotFound,
  block: networkMessages.userNotFound,
  unblock: networkMessages.userNotFound,
  report: networkMessages.userNotFound,
};

/** What each action answers when aimed at oneself. */
const selfMessage: Record<Action, string> = {
  view: networkMessages.userNotFound,
  connect: requestMessages.cannotConnectToSelf,
  invite: inviteMessages.ownInvitation,
  favorite: networkMessages.connectionNotFound,
  message: chatMessages.cannotMessage,
  swipe: requestMessages.cannotConnectToSelf,
  disconnect: networkMessages.connectionNotFound,
  block: relationMessages.cannotBlockSelf,
  unblock: relationMessages.cannotBlockSelf,
  report: relationMessages.cannotReportSelf,
};

const refusalMessage: Record<Refusal, string> = {
  needs_verified: settingsMessages.needsVerifiedAccount,
  needs_mutual: settingsMessages.needsMutualFriend,
};

/** Refuses (403, with the reason) when the person's safety settings turn the viewer away. */
export function assertSettingsAllow(
  action: Action,
  tie: Pick<Tie, 'needsVerified' | 'requiresMutual' | 'mutualFriends'>,
): void {
  const refusal = settingsRefusal(action, tie);
  if (refusal) throw new ForbiddenError(refusalMessage[refusal]);
}

const toTarget = (row: TieRow): Target => ({
  id: row.id,
  seq: row.seq,
  name: row.name,
  avatarUrl: row.avatarUrl,
  tie: {
    viewerState: row.viewerState,
    targetState: row.targetState,
    blockedByViewer: row.blockedByViewer,
    blockedByTarget: row.blockedByTarget,
    friends: row.friends,
    matched: row.matched,
    needsVerified: row.needsVerified,
    requiresMutual: row.requiresMutual,
  },
});

/**
 * Loads the facts of the interaction policy from the database (the source of truth for writes)
 * and applies it: every path that acts on another person asks here first.
 */
export function createAccess(repo: AccessRepository) {
  return {
    /**
     * The person `targetId` as `action` sees them. Oneself answers with the action's own
     * message (400); a missing person and one hidden by a block or their account's state
     * answer the same 404. Inside a write (`trx`), this is the re-check under its locks: a
     * block or suspension that came meanwhile is seen.
     */
    async findForAction(
      viewer: Person,
      targetId: string,
      action: Action,
      trx?: Trx | Db,
    ): Promise<Target> {
      if (targetId === viewer.id) throw new ValidationError(selfMessage[action]);
      const [row] = await repo.ties(viewer.seq, [targetId], trx);
      const target = row && toTarget(row);
      if (!target || !isVisible(action, target.tie)) {
        throw new NotFoundError(missingMessage[action]);
      }
      return target;
    },

    /**
     * Inside a write's transaction, after its locks: whether `targetId` still exists for the
     * viewer doing `action` (false when a block or an account state came between them).
     */
    async stillVisible(
      viewer: Person,
      targetId: string,
      action: Action,
      trx: Trx,
    ): Promise<boolean> {
      const [row] = await repo.ties(viewer.seq, [targetId], trx);
      return row !== undefined && isVisible(action, toTarget(row).tie);
    },

    /** Of `ids`, the people who exist for the viewer doing `action` (one query for all). */
    async visibleAmong(viewer: Person, ids: readonly string[], action: Action): Promise<Target[]> {
      const others = ids.filter((id) => id !== viewer.id);
      if (others.length === 0) return [];
      const rows = await repo.ties(viewer.seq, others);
      return rows.map(toTarget).filter((target) => isVisible(action, target.tie));
    },
  };
}

export type Access = ReturnType<typeof createAccess>;
