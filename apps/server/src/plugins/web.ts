import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  errorCodes,
  errorMessages,
  preloadLinkHeader,
  SCREEN_CODE,
  screenAnswersFor,
} from '@heartline/domain';
import { readViteManifest, screenCodeLinks } from './screen-code.ts';

/**
 * Security headers (plugins/security.ts) that apply to a document or a worker only. A hashed
 * asset keeps nosniff, its resource policy and its referrer policy (a stylesheet's own
 * requests follow it).
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const NOT_SPA = /^\/(api|media|oidc|dev-idp|socket\.io)(\/|$)/;

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * compressed at build time (Brotli, else gzip), and any other GET that wants HTML gets
 * index.html (the client router takes over). A visitor with a session cookie also gets a
 * preload `Link` header naming the screen's code (SCREEN_CODE) and its first API answers
 * (SCREEN_ANSWERS), so the browser fetches them beside the app's entry (issue 17).
 */
export async function registerWeb(
  app: FastifyInstance,
  distDir: string | undefined,
  hasSessionCookie: (request: FastifyRequest) => boolean,
) {
  const root = distDir && fs.existsSync(path.join(distDir, 'index.html')) ? distDir : undefined;
  // Worked out once: the build does not change under a running server.
  const manifest = root ? readViteManifest(root) : null;
  const codeLinks = new Map(
    Object.entries(SCREEN_CODE).map(([screen, modules]) => [
      screen,
      manifest ? screenCodeLinks(manifest, modules) : [],
    ]),
  );
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of every text asset (apps/web/scripts/precompress.mjs):
      // sent as they are to a browser that accepts them, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, file) => {
        // Relative to the build: a build kept under some directory named assets is not one.
        const immutable = path.relative(root, file).startsWith(`assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The hashed scripts, styles and images are never a page or a worker, so the headers
        // that only govern one (CSP, framing, opener, ...) do nothing on them but cost ~650
        // bytes each, on every one of a first load's ~15 requests (issue 17).
        if (immutable) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
    // With wildcard off, every built file has its own route; any other GET is a client route.
    app.get('/*', (request, reply) => sendIndex(request, reply));
  }

  function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    if (!root || NOT_SPA.test(request.url)) {
      return reply
        .status(404)
        .send({ error: { code: errorCodes.notFound, message: errorMessages.notFound } });
    }
    // Only the cookie's presence is checked: the answers themselves check the session, and a
    // page request costs no session lookup. Signed out, there is nothing to preload.
    const answers = hasSessionCookie(request) ? screenAnswersFor(request.url) : [];
    if (answers.length > 0) {
      const code = codeLinks.get(request.url) ?? [];
      reply.header('link', [...code, preloadLinkHeader(answers)].join(', '));
    }
    // The header depends on the cookie: a shared cache must not hand one visitor's to another.
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .sendFile('index.html');
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && root && !NOT_SPA.test(request.url))
      return sendIndex(request, reply);
    return reply
      .status(404)
      .send({ error: { code: errorCodes.notFound, message: errorMessages.notFound } });
  });
}
