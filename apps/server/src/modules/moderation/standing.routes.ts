import type { FastifyInstance } from 'fastify';
import { appealInputSchema, warningParamsSchema } from '@heartline/domain';
import { parseInput } from '../../lib/validate.ts';
import { requireAnySession, requireSession } from '../../plugins/session.ts';
import type { ModerationService } from './moderation.service.ts';

/**
 * The person's own standing (issue 47): the one appeal of a suspension or ban, which is all a
 * restricted session reaches; acknowledging a notice (a warning, content removed) and its one
 * appeal. What they read comes with the session
 * answer (`GET /api/auth/session`).
 */
export function registerStandingRoutes(app: FastifyInstance, moderation: ModerationService) {
  app.post('/api/standing/appeal', async (request) => {
    const { userId } = requireAnySession(request);
    return moderation.appeal(userId, parseInput(appealInputSchema, request.body));
  });

  app.post('/api/standing/warnings/:actionId/appeal', async (request) => {
    const { userId } = requireSession(request);
    const { actionId } = parseInput(warningParamsSchema, request.params);
    return moderation.appealNotice(userId, actionId, parseInput(appealInputSchema, request.body));
  });

  app.post('/api/standing/warnings/:actionId/acknowledge', async (request, reply) => {
    const { userId } = requireSession(request);
    const { actionId } = parseInput(warningParamsSchema, request.params);
    await moderation.acknowledge(userId, actionId);
    return reply.status(204).send();
  });
}
