import type { FastifyInstance } from 'fastify';
import {
  createInvitationSchema,
  INVITATION_CREATE_LIMIT,
  INVITE_LOOKUP_LIMIT,
  inviteCodeParamsSchema,
  inviteMessages,
  type AcceptInvitationResult,
  type Invitation,
  type InvitationList,
  type InvitationLookup,
  type MyInvitation,
} from '@heartline/domain';
import { parseInput } from '../../lib/validate.ts';
import { limitRule, clientKey, type RateLimits } from '../../plugins/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';
import type { InvitationsService } from './invitations.service.ts';

const lookupRule = limitRule(
  'invite-lookup',
  INVITE_LOOKUP_LIMIT,
  () => inviteMessages.tooManyLookups,
);

const createRule = limitRule(
  'invite-create',
  INVITATION_CREATE_LIMIT,
  () => inviteMessages.tooManyCreated,
);

/** Invitation links and the public lookup (docs/API-invitations.md). */
export function registerInvitationsRoutes(
  app: FastifyInstance,
  deps: { invitations: InvitationsService; limits: RateLimits },
) {
  const { invitations, limits } = deps;
  const codeOf = (params: unknown) => parseInput(inviteCodeParamsSchema, params).code;

  /** The default link of the Invite Friends dialog, or null: a read, it never makes one. */
  app.get('/api/invitations/me', async (request): Promise<MyInvitation | null> => {
    return invitations.myInvitation(requireSession(request).userId);
  });

  /** Makes the default link when there is none (201), else answers it as it is (200). */
  app.post('/api/invitations/me', async (request, reply) => {
    const { userId } = requireSession(request);
    const existing = await invitations.myInvitation(userId);
    if (existing) return existing;
    await limits.consume(createRule, userId);
    return reply.status(201).send(await invitations.createMyInvitation(userId));
  });

  app.get('/api/invitations', async (request): Promise<InvitationList> => {
    return invitations.list(requireSession(request).userId);
  });

  app.post('/api/invitations', async (request, reply) => {
    const { userId } = requireSession(request);
    const input = parseInput(createInvitationSchema, request.body ?? {});
    await limits.consume(createRule, userId);
    const created: Invitation = await invitations.create(userId, input);
    return reply.status(201).send(created);
  });

  /** Public: the landing page of a shared link, signed in or not. */
  app.get('/api/invitations/:code', async (request): Promise<InvitationLookup> => {
    const code = codeOf(request.params);
    await limits.consume(lookupRule, clientKey(request.ip));
    return invitations.lookup(code, request.session?.userId ?? null);
  });

  app.post('/api/invitations/:code/deactivate', async (request): Promise<Invitation> => {
    const { userId } = requireSession(request);
    return invitations.deactivate(userId, codeOf(request.params));
  });

  app.post('/api/invitations/:code/accept', async (request, reply) => {
    const { userId } = requireSession(request);
    const result: AcceptInvitationResult = await invitations.accept(userId, codeOf(request.params));
    return reply.status(result.outcome === 'sent' ? 201 : 200).send(result);
  });
}
