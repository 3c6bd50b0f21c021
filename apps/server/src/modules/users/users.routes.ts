import type { FastifyInstance } from 'fastify';
import type { Me } from '@heartline/domain';
import { NotFoundError } from '../../lib/errors.ts';
import { requireSession } from '../../plugins/session.ts';
import { presentMe } from './users.presenter.ts';
import type { UsersRepository } from './users.repository.ts';

export function registerUsersRoutes(app: FastifyInstance, users: UsersRepository) {
  app.get('/api/me', async (request): Promise<Me> => {
    const { userId } = requireSession(request);
    const row = await users.findMe(userId);
    if (!row) throw new NotFoundError('User not found');
    return presentMe(row);
  });
}
