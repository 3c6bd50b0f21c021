import type { FastifyInstance } from 'fastify';
import { onboardingProfileSchema, type OwnProfile } from '@heartline/domain';
import { parseInput } from '../../lib/validate.ts';
import { requireSession } from '../../plugins/session.ts';
import type { ProfileService } from '../users/profile.service.ts';

/** Onboarding steps 2 and 3 of spec/1 §2; step data lives in the users and onboarding tables. */
export function registerOnboardingRoutes(app: FastifyInstance, profile: ProfileService) {
  app.put('/api/onboarding/profile', async (request): Promise<OwnProfile> => {
    const { userId } = requireSession(request);
    const input = parseInput(onboardingProfileSchema, request.body);
    return profile.saveOnboardingProfile(userId, input);
  });

  app.post('/api/onboarding/complete', async (request): Promise<OwnProfile> => {
    const { userId } = requireSession(request);
    return profile.completeOnboarding(userId);
  });
}
