import type { FastifyInstance } from 'fastify';
import { editProfileSchema, type Me, type OwnProfile } from '@heartline/domain';
import { NotFoundError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { requireSession } from '../../plugins/session.ts';
import type { ProfileService } from './profile.service.ts';
import { presentMe } from './users.presenter.ts';
import type { UsersRepository } from './users.repository.ts';

export function registerUsersRoutes(
  app: FastifyInstance,
  deps: { users: UsersRepository; profile: ProfileService },
) {
  app.get('/api/me', async (request): Promise<Me> => {
    const { userId } = requireSession(request);
    const row = await deps.users.findMe(userId);
    if (!row) throw new NotFoundError('User not found');
    return presentMe(row);
  });

  app.get('/api/me/profile', async (request): Promise<OwnProfile> => {
    const { userId } = requireSession(request);
    return deps.profile.getOwnProfile(userId);
  });

  app.patch('/api/me/profile', async (request): Promise<OwnProfile> => {
    const { userId } = requireSession(request);
    const input = parseInput(editProfileSchema, request.body ?? {});
    return deps.profile.editProfile(userId, input);
  });
}
