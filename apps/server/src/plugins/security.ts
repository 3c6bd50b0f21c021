import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { errorMessages } from '@heartline/domain';
import { ForbiddenError } from '../lib/errors.ts';
import { IDENTITY_PICTURE_SOURCE } from '../modules/auth/identity-picture.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers with a strict CSP (images may also come from the media bucket's public
 * origin and Google's profile-picture host; the page's own stylesheet is inline, admitted by its
 * hash), and a cross-site check on every state-changing request before it reaches a handler
 * (`fromOwnOrigin`).
 */
export async function registerSecurity(
  app: FastifyInstance,
  opts: {
    origin: string;
    secure: boolean;
    mediaOrigin: string | undefined;
    /** The page's own `<style>` elements, by hash, as the page is now (plugins/inline-styles.ts). */
    inlineStyles: () => readonly string[];
    /** Paths of state-changing requests that come from servers, not browsers (no Origin). */
    serverToServer: readonly string[];
  },
) {
  const wsOrigin = opts.origin.replace(/^http/, 'ws');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", () => opts.inlineStyles().join(' ')],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          // The Google profile picture, shown until a photo is uploaded (spec/1 §2).
          IDENTITY_PICTURE_SOURCE,
          ...(opts.mediaOrigin ? [opts.mediaOrigin] : []),
        ],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", wsOrigin],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        ...(opts.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: opts.secure ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  // API answers are about the signed-in person (e-mail, birth date, their network): no shared or
  // browser cache keeps them, unless a route says otherwise.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    // Endpoints called server to server that authenticate by something else than a cookie (the
    // development OpenID provider's token endpoint, by the client's secret and a one-time code).
    if (opts.serverToServer.includes(request.url.split('?')[0]!)) return;
    if (!fromOwnOrigin(request.headers.origin, request.headers['sec-fetch-site'], opts.origin)) {
      throw new ForbiddenError(errorMessages.forbiddenOrigin);
    }
  });
}

/**
 * Whether a state-changing request comes from a page of ours. Browsers send `Origin` on every
 * such request and `Sec-Fetch-Site` on most: the origin must be ours, or, where a browser left it
 * out, `Sec-Fetch-Site` must say same-origin. A request with neither is refused (issue 45): a
 * client that is not a browser names our origin like one.
 */
export function fromOwnOrigin(
  origin: string | undefined,
  site: string | string[] | undefined,
  ownOrigin: string,
): boolean {
  if (site !== undefined && site !== 'same-origin') return false;
  return origin === undefined ? site === 'same-origin' : origin === ownOrigin;
}
