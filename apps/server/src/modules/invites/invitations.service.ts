import { v7 as uuidv7 } from 'uuid';
import { inviteMessage, type MyInvitation } from '@heartline/domain';
import { randomToken } from '../../lib/tokens.ts';
import type { InvitationsRepository } from './invitations.repository.ts';

/** 128 random bits, base64url: at least the 96 DESIGN.md §3.13 asks for. */
const CODE_BYTES = 16;

export type InvitationsDeps = {
  invitations: InvitationsRepository;
  publicUrl: string;
  productName: string;
  /** Friend count and trust of the creator, from the graph index. */
  standing: (userId: string) => Promise<{ friends: number; trust: number }>;
};

/** Invitation links: the signed-in user's own link (Invite Friends dialog). */
export function createInvitationsService(deps: InvitationsDeps) {
  return {
    async myInvitation(userId: string): Promise<MyInvitation> {
      let code = await deps.invitations.findActive(userId);
      if (!code) {
        await deps.invitations.createIfMissing({
          id: uuidv7(),
          code: randomToken(CODE_BYTES),
          creatorId: userId,
        });
        code = await deps.invitations.findActive(userId);
      }
      const url = `${deps.publicUrl}/invite/${code}`;
      const { friends, trust } = await deps.standing(userId);
      return {
        code: code!,
        url,
        message: inviteMessage(deps.productName, url),
        friends,
        trust,
      };
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
