import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../lib/errors.ts';
import { MEDIA_URL_PREFIX, type MediaStorage } from './media.storage.ts';

const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

/** Serves stored media. Names are content hashes, so a response never changes: cache for a year. */
export function registerMediaRoutes(app: FastifyInstance, storage: MediaStorage) {
  app.get<{ Params: { key: string } }>(`${MEDIA_URL_PREFIX}:key`, async (request, reply) => {
    const bytes = await storage.get(request.params.key);
    if (!bytes) throw new NotFoundError();
    const ext = request.params.key.split('.').pop() ?? '';
    return reply
      .type(TYPES[ext] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
