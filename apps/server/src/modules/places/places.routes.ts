import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { placeMessages, placeQuerySchema, type Place } from '@heartline/domain';
import { parseInput } from '../../lib/validate.ts';
import { requireSession } from '../../plugins/session.ts';
import type { PlacesService } from './places.service.ts';

const cityInputSchema = z.strictObject({
  cityId: z.nullable(z.int({ message: placeMessages.unknownCity })),
});

export function registerPlacesRoutes(app: FastifyInstance, places: PlacesService) {
  // Prefix search over the bundled cities, for the city picker (signed-in only).
  app.get('/api/places', async (request): Promise<Place[]> => {
    requireSession(request);
    const { q } = parseInput(placeQuerySchema, request.query);
    return places.search(q);
  });

  app.put('/api/me/city', async (request): Promise<{ city: Place | null }> => {
    const { userId } = requireSession(request);
    const { cityId } = parseInput(cityInputSchema, request.body);
    return { city: await places.setCity(userId, cityId) };
  });
}
