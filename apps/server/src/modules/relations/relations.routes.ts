import type { FastifyInstance } from 'fastify';
import {
  type BlockList,
  createReportSchema,
  type FavoriteState,
  type MyReport,
  type Ok,
  type PrivacySettings,
  relationMessages,
  REPORT_LIMIT,
  updatePrivacySchema,
  userIdParamsSchema,
} from '@heartline/domain';
import { RateLimitError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { limitRule, type RateLimits } from '../../plugins/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';
import type { RelationsService } from './relations.service.ts';

/**
 * Reports, blocks and unblocks count against one budget: a block files a report, so toggling a
 * block must not be a way around the report limit (issue 18). Over the budget, reports and
 * unblocks are refused and a block goes through without its report.
 */
const safetyRule = limitRule('reports', REPORT_LIMIT, () => relationMessages.tooManySafetyActions);

/** Row actions on another person and the own path privacy (docs/API-network.md). */
export function registerRelationsRoutes(
  app: FastifyInstance,
  deps: {
    relations: RelationsService;
    limits: RateLimits;
    /** Keeps reported chat messages as evidence (chat.service.ts). */
    keepEvidence: (
      reportId: string,
      reporterId: string,
      reportedId: string,
      messageIds: readonly string[],
    ) => Promise<void>;
    /** The reports the person made and what became of each (moderation's cases). */
    reportsBy: (userId: string) => Promise<{ items: MyReport[] }>;
  },
) {
  const { relations } = deps;
  const target = (params: unknown) => parseInput(userIdParamsSchema, params).userId;
  const ok: Ok = { ok: true };

  app.post('/api/favorites/:userId', async (request): Promise<FavoriteState> => {
    const { userId } = requireSession(request);
    return relations.addFavorite(userId, target(request.params));
  });
  app.delete('/api/favorites/:userId', async (request): Promise<FavoriteState> => {
    const { userId } = requireSession(request);
    return relations.removeFavorite(userId, target(request.params));
  });
  app.post('/api/favorites/:userId/toggle', async (request): Promise<FavoriteState> => {
    const { userId } = requireSession(request);
    return relations.toggleFavorite(userId, target(request.params));
  });

  app.post('/api/connections/:userId/disconnect', async (request): Promise<Ok> => {
    const { userId } = requireSession(request);
    await relations.disconnect(userId, target(request.params));
    return ok;
  });

  app.get('/api/blocks', async (request): Promise<BlockList> => {
    return relations.blocks(requireSession(request).userId);
  });
  app.post('/api/blocks/:userId', async (request): Promise<Ok> => {
    const { userId } = requireSession(request);
    const targetId = target(request.params);
    // A block itself is never refused (someone harassed by many accounts must be able to block
    // each one); over the budget it only files no report.
    const fileReport = await deps.limits.consume(safetyRule, userId).then(
      () => true,
      (err: unknown) => {
        if (err instanceof RateLimitError) return false;
        throw err;
      },
    );
    await relations.block(userId, targetId, { fileReport });
    return ok;
  });
  app.delete('/api/blocks/:userId', async (request): Promise<Ok> => {
    const { userId } = requireSession(request);
    const targetId = target(request.params);
    await deps.limits.consume(safetyRule, userId);
    await relations.unblock(userId, targetId);
    return ok;
  });

  app.get('/api/reports', async (request) => deps.reportsBy(requireSession(request).userId));

  app.post('/api/reports', async (request, reply) => {
    const { userId } = requireSession(request);
    const input = parseInput(createReportSchema, request.body ?? {});
    await deps.limits.consume(safetyRule, userId);
    const created = await relations.report(userId, input);
    if (input.messageIds?.length) {
      await deps.keepEvidence(created.id, userId, input.userId, input.messageIds);
    }
    return reply.status(201).send(created);
  });

  app.get('/api/me/privacy', async (request): Promise<PrivacySettings> => {
    return relations.privacy(requireSession(request).userId);
  });
  app.put('/api/me/privacy', async (request): Promise<PrivacySettings> => {
    const { userId } = requireSession(request);
    const input = parseInput(updatePrivacySchema, request.body ?? {});
    return relations.setPrivacy(userId, input.showInPaths);
  });
}
