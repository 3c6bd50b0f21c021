import { v7 as uuidv7 } from 'uuid';
import {
  INVITATIONS_ACTIVE_MAX,
  inviteCodeProblem,
  inviteMessage,
  inviteMessages,
  type AcceptInvitationResult,
  type CreateInvitationInput,
  type Invitation,
  type InvitationList,
  type InvitationLookup,
  type MyInvitation,
} from '@heartline/domain';
import type { Trx } from '../../db/database.ts';
import { ConflictError, GoneError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { randomToken } from '../../lib/tokens.ts';
import { accountState } from '../access/access.policy.ts';
import type { Access } from '../access/access.service.ts';
import type { RequestsService } from '../requests/requests.service.ts';
import type {
  InvitationRow,
  InvitationWithCreator,
  InvitationsRepository,
} from './invitations.repository.ts';

/** 128 random bits, base64url: at least the 96 DESIGN.md §3.13 asks for. */
const CODE_BYTES = 16;

/** A fresh code that also passes the spec's format rule (base64url can hold "--"). */
function newCode(): string {
  for (;;) {
    const code = randomToken(CODE_BYTES);
    if (inviteCodeProblem(code) === null) return code;
  }
}

export type InvitationsDeps = {
  invitations: InvitationsRepository;
  requests: RequestsService;
  access: Access;
  publicUrl: string;
  productName: string;
  /** Friend count and trust of a user, from the graph index. */
  standing: (userId: string) => Promise<{ friends: number; trust: number }>;
  /** The signed-in viewer as the interaction policy knows them (null when the id is unknown). */
  viewer: (userId: string) => Promise<{ id: string; seq: number } | null>;
};

type LinkState = Invitation['state'];

function stateOf(row: InvitationRow, now = Date.now()): LinkState {
  if (!row.isActive) return 'deactivated';
  if (row.expiresAt && new Date(row.expiresAt).getTime() <= now) return 'expired';
  if (row.maxUses !== null && row.currentUses >= row.maxUses) return 'used_up';
  return 'active';
}

const stateMessage: Record<Exclude<LinkState, 'active'>, string> = {
  deactivated: inviteMessages.deactivated,
  expired: inviteMessages.expired,
  used_up: inviteMessages.maxUses,
};

/**
 * Invitation links (spec/2 §2–§5; docs/API-invitations.md): the default link of the Invite
 * Friends dialog, further links with a use limit or an expiry, the public lookup, and accepting
 * one, which starts the consent chain through the requests service.
 */
export function createInvitationsService(deps: InvitationsDeps) {
  const { invitations } = deps;
  const urlOf = (code: string) => `${deps.publicUrl}/invite/${code}`;
  const messageOf = (row: Pick<InvitationRow, 'message' | 'code'>) =>
    row.message?.trim() || inviteMessage(deps.productName, urlOf(row.code));

  function present(row: InvitationRow): Invitation {
    return {
      id: row.id,
      code: row.code,
      url: urlOf(row.code),
      message: messageOf(row),
      maxUses: row.maxUses,
      currentUses: row.currentUses,
      expiresAt: row.expiresAt ? new Date(row.expiresAt).toISOString() : null,
      isActive: row.isActive,
      isDefault: row.isDefault,
      state: stateOf(row),
      createdAt: new Date(row.createdAt).toISOString(),
    };
  }

  async function presentMine(userId: string, code: string): Promise<MyInvitation> {
    const { friends, trust } = await deps.standing(userId);
    const url = urlOf(code);
    return { code, url, message: inviteMessage(deps.productName, url), friends, trust };
  }

  /**
   * The link behind `code` as `viewerId` may use it: the format rule, then existence (a link of
   * someone the viewer blocked, or who blocked them, reads as not existing), then whether it
   * still works, then whether its creator does.
   */
  async function usable(code: string, viewerId: string | null): Promise<InvitationWithCreator> {
    const problem = inviteCodeProblem(code);
    if (problem) throw new ValidationError(problem);
    const row = await invitations.findByCode(code);
    if (!row) throw new NotFoundError(inviteMessages.notFound);
    // A creator who is not there (the rule's account states) has the spec's own answer, the
    // same for everyone (spec/2 §5); anyone else the rule hides reads as a missing link.
    if (accountState(row.creatorStatus) !== 'ACTIVE') {
      throw new NotFoundError(inviteMessages.creatorMissing);
    }
    if (viewerId && viewerId !== row.creatorId) {
      const viewer = await deps.viewer(viewerId);
      if (viewer) {
        // The policy's own answer for a hidden person is this same 404.
        await deps.access.findForAction(
          { id: viewer.id, seq: viewer.seq, name: null, avatarUrl: null },
          row.creatorId,
          'invite',
        );
      }
    }
    const state = stateOf(row);
    if (state !== 'active') throw new GoneError(stateMessage[state]);
    return row;
  }

  return {
    /**
     * The default link the Invite Friends dialog shares, or null while there is none (never
     * made, or deactivated): reading it writes nothing (issue 18); `createMyInvitation` makes it.
     */
    async myInvitation(userId: string): Promise<MyInvitation | null> {
      const row = await invitations.findDefault(userId);
      return row ? presentMine(userId, row.code) : null;
    },

    /** Makes the default link unless there is one (a concurrent call makes none more). */
    async createMyInvitation(userId: string): Promise<MyInvitation> {
      await invitations.createDefaultIfMissing({
        id: uuidv7(),
        code: newCode(),
        creatorId: userId,
      });
      const row = await invitations.findDefault(userId);
      return presentMine(userId, row!.code);
    },

    async list(userId: string): Promise<InvitationList> {
      return { items: (await invitations.list(userId)).map(present) };
    },

    async create(userId: string, input: CreateInvitationInput): Promise<Invitation> {
      const row = await invitations.create(
        {
          id: uuidv7(),
          code: newCode(),
          creatorId: userId,
          message: input.message?.trim() || null,
          maxUses: input.maxUses ?? null,
          expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        },
        INVITATIONS_ACTIVE_MAX,
      );
      if (!row) throw new ConflictError(inviteMessages.tooManyActive);
      return present(row);
    },

    /** Only the creator's own link; anyone else's reads as not existing. */
    async deactivate(userId: string, code: string): Promise<Invitation> {
      const problem = inviteCodeProblem(code);
      if (problem) throw new ValidationError(problem);
      const row = await invitations.deactivate(code, userId);
      if (!row) throw new NotFoundError(inviteMessages.notFound);
      return present(row);
    },

    /** The public lookup (spec/2 §3 "legacy lookup result"), for the landing page. */
    async lookup(code: string, viewerId: string | null): Promise<InvitationLookup> {
      const row = await usable(code, viewerId);
      const { trust } = await deps.standing(row.creatorId);
      return {
        creator_id: row.creatorId,
        invite_code: row.code,
        creator_name: row.creatorName?.trim() || inviteMessages.someone,
        message: messageOf(row),
        isLegacy: false,
        creator_avatar: row.creatorAvatarUrl,
        creator_photo: row.creatorPhotoUrl,
        creator_trust_score: trust,
      };
    },

    /** Connect on the invite-choice screen: starts the chain and counts the use, together. */
    async accept(userId: string, code: string): Promise<AcceptInvitationResult> {
      const row = await usable(code, userId);
      if (row.creatorId === userId) throw new ValidationError(inviteMessages.ownInvitation);
      return deps.requests.startInvite(userId, row, async (trx: Trx) => {
        if (await invitations.consumeUse(trx, row.id)) return;
        // Deactivated, expired or used up since the check above (the last use went elsewhere).
        const now = await invitations.current(trx, row.id);
        const state = now ? stateOf(now) : 'deactivated';
        throw new GoneError(stateMessage[state === 'active' ? 'used_up' : state]);
      });
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
