import type { FastifyInstance } from 'fastify';
import type { MyInvitation } from '@heartline/domain';
import { requireSession } from '../../plugins/session.ts';
import type { InvitationsService } from './invitations.service.ts';

/** The signed-in user's own invite link (Invite Friends dialog). */
export function registerInvitationsRoutes(app: FastifyInstance, invitations: InvitationsService) {
  app.get('/api/invitations/me', async (request): Promise<MyInvitation> => {
    return invitations.myInvitation(requireSession(request).userId);
  });
}
