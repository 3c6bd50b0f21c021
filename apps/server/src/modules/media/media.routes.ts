import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../lib/errors.ts';
import {
  MEDIA_CACHE_CONTROL,
  MEDIA_URL_PREFIX,
  mediaType,
  type MediaStorage,
} from './media.storage.ts';

/** Serves stored media, from the local directory or proxied from the bucket. */
export function registerMediaRoutes(app: FastifyInstance, storage: MediaStorage) {
  app.get<{ Params: { key: string } }>(`${MEDIA_URL_PREFIX}:key`, async (request, reply) => {
    const bytes = await storage.get(request.params.key);
    if (!bytes) throw new NotFoundError();
    return (
      reply
        .type(mediaType(request.params.key))
        .header('cache-control', MEDIA_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        // An image opened on its own runs nothing, whatever its bytes claim to be.
        .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
        .send(bytes)
    );
  });
}
