import type { FastifyInstance } from 'fastify';
import { discoverQuerySchema, type DiscoverPage } from '@heartline/domain';
import { parseInput } from '../../lib/validate.ts';
import { requireSession } from '../../plugins/session.ts';
import type { DiscoverService } from './discover.service.ts';

/** The Discover feed (docs/API-discover.md); the swipe actions live with matches. */
export function registerDiscoverRoutes(app: FastifyInstance, discover: DiscoverService) {
  app.get('/api/discover', async (request): Promise<DiscoverPage> => {
    const { userId } = requireSession(request);
    return discover.page(userId, parseInput(discoverQuerySchema, request.query));
  });
}
