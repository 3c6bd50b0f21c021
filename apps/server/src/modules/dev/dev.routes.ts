import type { FastifyInstance } from 'fastify';
import type { Ok } from '@heartline/domain';
import { NotFoundError } from '../../lib/errors.ts';
import { requireSession } from '../../plugins/session.ts';

export type DevAccessDeps = {
  /** True outside production (`config.env !== 'production'`). */
  devTools: boolean;
  isStaff: (userId: string) => Promise<boolean>;
};

/** DESIGN.md §3.10: the developer page is open in development, or to staff accounts. */
export async function devToolsAllowed(deps: DevAccessDeps, userId: string): Promise<boolean> {
  return deps.devTools || (await deps.isStaff(userId));
}

/**
 * The developer page's gate. Like every dev-only route it answers 404 to anyone it is closed
 * to, so the page's existence is not advertised; the web shows the page only after a 200.
 */
export function registerDevRoutes(app: FastifyInstance, deps: DevAccessDeps) {
  app.get('/api/dev/access', async (request): Promise<Ok> => {
    const { userId } = requireSession(request);
    if (!(await devToolsAllowed(deps, userId))) throw new NotFoundError();
    return { ok: true };
  });
}
