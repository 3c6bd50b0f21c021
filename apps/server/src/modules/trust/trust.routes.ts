import type { FastifyInstance } from 'fastify';
import {
  TRUST_RECALC_LIMIT,
  trustMessages,
  type TrustReport,
  type TrustVerification,
} from '@heartline/domain';
import { NotFoundError } from '../../lib/errors.ts';
import { limitRule, type RateLimits } from '../../plugins/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';
import type { TrustService } from './trust.service.ts';

export const trustRecalcRule = limitRule('trust-recalc', TRUST_RECALC_LIMIT, (retry) =>
  trustMessages.rateLimited(Math.max(1, Math.ceil(retry / 60))),
);

export type TrustRoutesDeps = {
  trust: TrustService;
  limits: RateLimits;
  seqOf: (userId: string) => Promise<number | undefined>;
  isStaff: (userId: string) => Promise<boolean>;
  /** The developer page's verification is open in development, or to staff. */
  devTools: boolean;
};

/** The own trust report, the forced recalculation and the developer page's check. */
export function registerTrustRoutes(app: FastifyInstance, deps: TrustRoutesDeps) {
  async function seqOf(userId: string): Promise<number> {
    const seq = await deps.seqOf(userId);
    if (seq === undefined) throw new NotFoundError();
    return seq;
  }

  app.get('/api/trust/me', async (request): Promise<TrustReport> => {
    return deps.trust.report(await seqOf(requireSession(request).userId));
  });

  app.post('/api/trust/recalculate', async (request): Promise<TrustReport> => {
    const { userId } = requireSession(request);
    await deps.limits.consume(trustRecalcRule, userId);
    return deps.trust.recalculate(await seqOf(userId));
  });

  app.get('/api/trust/verify', async (request): Promise<TrustVerification> => {
    const { userId } = requireSession(request);
    if (!deps.devTools && !(await deps.isStaff(userId))) throw new NotFoundError();
    return deps.trust.verify(await seqOf(userId));
  });
}
