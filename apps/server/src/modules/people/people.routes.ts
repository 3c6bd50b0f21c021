import type { FastifyInstance } from 'fastify';
import type { PersonProfile } from '@heartline/domain';
import { requireSession } from '../../plugins/session.ts';
import type { PeopleService } from './people.service.ts';

export function registerPeopleRoutes(app: FastifyInstance, people: PeopleService) {
  app.get<{ Params: { userId: string } }>(
    '/api/people/:userId',
    async (request): Promise<PersonProfile> => {
      const { userId } = requireSession(request);
      return people.profile(userId, request.params.userId);
    },
  );
}
