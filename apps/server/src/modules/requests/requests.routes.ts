import type { FastifyInstance } from 'fastify';
import {
  createConnectionRequestSchema,
  requestIdParamsSchema,
  type ConnectionRequestList,
  type DecideRequestResult,
  type Ok,
} from '@heartline/domain';
import { parseInput } from '../../lib/validate.ts';
import { requireSession } from '../../plugins/session.ts';
import type { ChainAction, RequestsService } from './requests.service.ts';

const CHAIN_ACTIONS: readonly ChainAction[] = [
  'approve',
  'consent',
  'decline',
  'final-approve',
  'final-decline',
];

/** Connection requests (docs/API-network.md). */
export function registerRequestsRoutes(app: FastifyInstance, requests: RequestsService) {
  app.post('/api/connection-requests', async (request, reply) => {
    const { userId } = requireSession(request);
    const input = parseInput(createConnectionRequestSchema, request.body ?? {});
    const result = await requests.create(userId, input.toUserId);
    return reply.status(result.outcome === 'sent' ? 201 : 200).send(result);
  });

  app.get('/api/connection-requests', async (request): Promise<ConnectionRequestList> => {
    return requests.list(requireSession(request).userId);
  });

  app.post('/api/connection-requests/:id/accept', async (request): Promise<DecideRequestResult> => {
    const { userId } = requireSession(request);
    return requests.accept(userId, parseInput(requestIdParamsSchema, request.params).id);
  });

  app.post('/api/connection-requests/:id/cancel', async (request): Promise<Ok> => {
    const { userId } = requireSession(request);
    return requests.cancel(userId, parseInput(requestIdParamsSchema, request.params).id);
  });

  // The invite consent chain's steps (docs/API-invitations.md).
  for (const action of CHAIN_ACTIONS) {
    app.post(
      `/api/connection-requests/:id/${action}`,
      async (request): Promise<DecideRequestResult> => {
        const { userId } = requireSession(request);
        return requests.advance(
          userId,
          parseInput(requestIdParamsSchema, request.params).id,
          action,
        );
      },
    );
  }

  app.post('/api/connection-requests/:id/reject', async (request): Promise<DecideRequestResult> => {
    const { userId } = requireSession(request);
    return requests.reject(userId, parseInput(requestIdParamsSchema, request.params).id);
  });
}
