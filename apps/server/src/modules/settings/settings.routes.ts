import type { FastifyInstance } from 'fastify';
import { updateSettingsSchema, type Settings } from '@heartline/domain';
import { parseInput } from '../../lib/validate.ts';
import { requireSession } from '../../plugins/session.ts';
import type { SettingsService } from './settings.service.ts';

/** The signed-in person's own settings (docs/API-settings.md). */
export function registerSettingsRoutes(app: FastifyInstance, settings: SettingsService) {
  app.get('/api/me/settings', async (request): Promise<Settings> => {
    return settings.get(requireSession(request).userId);
  });

  app.patch('/api/me/settings', async (request): Promise<Settings> => {
    const { userId } = requireSession(request);
    const change = parseInput(updateSettingsSchema, request.body ?? {});
    return settings.update(userId, change);
  });
}
