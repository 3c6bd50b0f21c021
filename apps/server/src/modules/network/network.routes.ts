import type { FastifyInstance } from 'fastify';
import {
  connectionsQuerySchema,
  userIdParamsSchema,
  type ConnectionPath,
  type ConnectionsPage,
  type NetworkPage,
  type NetworkSummary,
} from '@heartline/domain';
import { parseInput } from '../../lib/validate.ts';
import { requireSession } from '../../plugins/session.ts';
import type { NetworkService } from './network.service.ts';

/** The Network screen: summary, ranked degree lists, paths, counts (docs/API-network.md). */
export function registerNetworkRoutes(app: FastifyInstance, network: NetworkService) {
  const target = (params: unknown) => parseInput(userIdParamsSchema, params).userId;

  app.get('/api/network', async (request): Promise<NetworkPage> => {
    const { userId } = requireSession(request);
    return network.page(userId, parseInput(connectionsQuerySchema, request.query));
  });

  app.get('/api/network/summary', async (request): Promise<NetworkSummary> => {
    return network.summary(requireSession(request).userId);
  });

  app.get('/api/network/connections', async (request): Promise<ConnectionsPage> => {
    const { userId } = requireSession(request);
    return network.connections(userId, parseInput(connectionsQuerySchema, request.query));
  });

  app.get('/api/network/path/:userId', async (request): Promise<ConnectionPath> => {
    const { userId } = requireSession(request);
    return network.path(userId, target(request.params));
  });

  app.get('/api/connections/user/:userId/count', async (request) => {
    const { userId } = requireSession(request);
    return network.count(userId, target(request.params));
  });
}
