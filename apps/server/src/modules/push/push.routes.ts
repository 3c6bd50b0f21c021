import type { FastifyInstance } from 'fastify';
import { pushSubscriptionSchema, pushUnsubscribeSchema, type Ok } from '@heartline/domain';
import { parseInput } from '../../lib/validate.ts';
import { requireSession } from '../../plugins/session.ts';
import type { PushService } from './push.service.ts';

/** This device's Web Push subscription (docs/API-push.md). */
export function registerPushRoutes(app: FastifyInstance, push: PushService) {
  app.get('/api/push/key', async (request) => {
    requireSession(request);
    return { publicKey: push.publicKey };
  });

  app.put('/api/push/subscription', async (request): Promise<Ok> => {
    const { userId, tokenHash } = requireSession(request);
    const sub = parseInput(pushSubscriptionSchema, request.body ?? {});
    await push.subscribe(userId, tokenHash, sub);
    return { ok: true };
  });

  app.delete('/api/push/subscription', async (request): Promise<Ok> => {
    const { userId } = requireSession(request);
    const { endpoint } = parseInput(pushUnsubscribeSchema, request.body ?? {});
    await push.unsubscribe(userId, endpoint);
    return { ok: true };
  });
}
