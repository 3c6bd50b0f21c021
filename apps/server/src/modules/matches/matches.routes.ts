import type { FastifyInstance } from 'fastify';
import {
  discoverMessages,
  likeSchema,
  SWIPE_LIMIT,
  userIdParamsSchema,
  type LikeResult,
  type Ok,
} from '@heartline/domain';
import { parseInput } from '../../lib/validate.ts';
import { limitRule, type RateLimits } from '../../plugins/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';
import type { MatchesService } from './matches.service.ts';

const swipeRule = limitRule('swipes', SWIPE_LIMIT, () => discoverMessages.tooManySwipes);

/** Discover actions and matches (docs/API-discover.md). */
export function registerMatchesRoutes(
  app: FastifyInstance,
  deps: { matches: MatchesService; limits: RateLimits },
) {
  const { matches, limits } = deps;
  const target = (params: unknown) => parseInput(userIdParamsSchema, params).userId;
  const ok: Ok = { ok: true };
  /** The signed-in user, counted against the swipe budget. */
  const swiper = async (request: Parameters<typeof requireSession>[0]) => {
    const { userId } = requireSession(request);
    await limits.consume(swipeRule, userId);
    return userId;
  };

  app.post('/api/discover/:userId/like', async (request): Promise<LikeResult> => {
    const userId = await swiper(request);
    const targetId = target(request.params);
    const input = parseInput(likeSchema, request.body ?? {});
    return matches.like(userId, targetId, input.superlike ?? false);
  });
  app.post('/api/discover/:userId/pass', async (request): Promise<Ok> => {
    const userId = await swiper(request);
    await matches.pass(userId, target(request.params));
    return ok;
  });
  app.post('/api/discover/:userId/skip', async (request): Promise<Ok> => {
    const userId = await swiper(request);
    await matches.skip(userId, target(request.params));
    return ok;
  });
  app.post('/api/discover/undo', async (request) => {
    return matches.undoPass(await swiper(request));
  });
  app.post('/api/discover/reset', async (request): Promise<Ok> => {
    await matches.reset(requireSession(request).userId);
    return ok;
  });
  app.post('/api/matches/:userId/unmatch', async (request): Promise<Ok> => {
    const { userId } = requireSession(request);
    await matches.unmatch(userId, target(request.params));
    return ok;
  });
}
