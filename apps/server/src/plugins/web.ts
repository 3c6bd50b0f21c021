import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorCodes, errorMessages } from '@heartline/domain';

const NOT_SPA = /^\/(api|media|oidc|dev-idp|socket\.io)(\/|$)/;

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * compressed at build time (Brotli, else gzip), and any other GET that wants HTML gets
 * index.html (the client router takes over).
 */
export async function registerWeb(app: FastifyInstance, distDir: string | undefined) {
  const root = distDir && fs.existsSync(path.join(distDir, 'index.html')) ? distDir : undefined;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of every text asset (apps/web/scripts/precompress.mjs):
      // sent as they are to a browser that accepts them, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // With wildcard off, every built file has its own route; any other GET is a client route.
    app.get('/*', (request, reply) => sendIndex(request.url, reply));
  }

  function sendIndex(url: string, reply: FastifyReply) {
    if (!root || NOT_SPA.test(url)) {
      return reply
        .status(404)
        .send({ error: { code: errorCodes.notFound, message: errorMessages.notFound } });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && root && !NOT_SPA.test(request.url))
      return sendIndex(request.url, reply);
    return reply
      .status(404)
      .send({ error: { code: errorCodes.notFound, message: errorMessages.notFound } });
  });
}
