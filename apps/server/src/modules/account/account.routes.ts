import type { FastifyInstance } from 'fastify';
import { deleteAccountSchema, exportFileName } from '@heartline/domain';
import { parseInput } from '../../lib/validate.ts';
import { requireSession, type SessionCookie } from '../../plugins/session.ts';
import type { AccountService } from './account.service.ts';

/** The account rights (docs/API-account.md): export my data, delete my account. */
export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { account: AccountService; jar: SessionCookie },
) {
  app.get('/api/me/export', async (request, reply) => {
    const session = requireSession(request);
    const data = await deps.account.exportData(session.userId, session.tokenHash);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(new Date())}"`)
      .send(JSON.stringify(data, null, 2));
  });

  app.delete('/api/me', async (request, reply) => {
    const { userId } = requireSession(request);
    parseInput(deleteAccountSchema, request.body ?? {});
    await deps.account.deleteAccount(userId);
    deps.jar.clear(reply);
    return reply.status(204).send();
  });
}
