import type { FastifyInstance } from 'fastify';
import { editProfileSchema, type Me, type OwnProfile } from '@heartline/domain';
import { parseInput } from '../../lib/validate.ts';
import { requireSession } from '../../plugins/session.ts';
import type { ProfileService } from './profile.service.ts';

export function registerUsersRoutes(app: FastifyInstance, deps: { profile: ProfileService }) {
  app.get('/api/me', async (request): Promise<Me> => {
    return deps.profile.getMe(requireSession(request).userId);
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
