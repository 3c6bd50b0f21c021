import type { FastifyInstance } from 'fastify';
import {
  connectionsQuerySchema,
  createReportSchema,
  REPORT_LIMIT,
  TRUST_RECALC_LIMIT,
  trustMessages,
  updatePrivacySchema,
  userIdParamsSchema,
  type BlockList,
  type ConnectionPath,
  type ConnectionsPage,
  type FavoriteState,
  type NetworkPage,
  type NetworkSummary,
  type Ok,
  type PrivacySettings,
  type TrustReport,
  type TrustVerification,
} from '@heartline/domain';
import { NotFoundError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import type { RateLimitRule, RateLimits } from '../../plugins/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';
import type { Graph } from './graph.service.ts';
import type { NetworkRepository } from './network.repository.ts';
import type { NetworkService } from './network.service.ts';
import type { RelationsService } from './relations.service.ts';

export const trustRecalcRule: RateLimitRule = {
  name: 'trust-recalc',
  points: TRUST_RECALC_LIMIT.points,
  durationSec: TRUST_RECALC_LIMIT.windowMs / 1000,
  message: (retry) => trustMessages.rateLimited(Math.max(1, Math.ceil(retry / 60))),
};

const reportRule: RateLimitRule = {
  name: 'reports',
  points: REPORT_LIMIT.points,
  durationSec: REPORT_LIMIT.windowMs / 1000,
  message: () => 'Too many reports. Please wait before sending more.',
};

export type NetworkRoutesDeps = {
  network: NetworkService;
  relations: RelationsService;
  graph: Graph;
  people: NetworkRepository;
  limits: RateLimits;
  /** The developer page's verification is open in development, or to staff. */
  devTools: boolean;
};

/** Network screen, row actions, trust and privacy (docs/API-network.md). */
export function registerNetworkRoutes(app: FastifyInstance, deps: NetworkRoutesDeps) {
  const { network, relations } = deps;
  const target = (params: unknown) => parseInput(userIdParamsSchema, params).userId;
  const ok: Ok = { ok: true };

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
    await relations.block(userId, target(request.params));
    return ok;
  });
  app.delete('/api/blocks/:userId', async (request): Promise<Ok> => {
    const { userId } = requireSession(request);
    await relations.unblock(userId, target(request.params));
    return ok;
  });

  app.post('/api/reports', async (request, reply) => {
    const { userId } = requireSession(request);
    const input = parseInput(createReportSchema, request.body ?? {});
    await deps.limits.consume(reportRule, userId);
    const created = await relations.report(userId, input);
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

  app.get('/api/trust/me', async (request): Promise<TrustReport> => {
    return network.trust(requireSession(request).userId);
  });

  app.post('/api/trust/recalculate', async (request): Promise<TrustReport> => {
    const { userId } = requireSession(request);
    await deps.limits.consume(trustRecalcRule, userId);
    const seq = await deps.people.seqOf(userId);
    if (seq === undefined) throw new NotFoundError();
    return deps.graph.trust.recalculate(seq);
  });

  app.get('/api/trust/verify', async (request): Promise<TrustVerification> => {
    const { userId } = requireSession(request);
    if (!deps.devTools && !(await deps.people.isStaff(userId))) throw new NotFoundError();
    const seq = await deps.people.seqOf(userId);
    if (seq === undefined) throw new NotFoundError();
    return deps.graph.trust.verify(seq);
  });
}
