import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../lib/errors.ts';
import type { SessionInfo, SessionsService } from '../modules/auth/sessions.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo | null;
  }
}

export type SessionCookie = {
  name: string;
  set(reply: FastifyReply, token: string): void;
  clear(reply: FastifyReply): void;
  read(cookieHeader: string | undefined): string | undefined;
  /** Whether the request carries the cookie at all, live or not (no session lookup). */
  isCarriedBy: (request: FastifyRequest) => boolean;
};

/** `__Host-` prefixed and Secure on https; plain name on http (browsers refuse __Host- there). */
export function sessionCookie(secure: boolean, maxAgeMs: number): SessionCookie {
  const name = secure ? '__Host-hl_session' : 'hl_session';
  const options = { path: '/', httpOnly: true, secure, sameSite: 'lax' as const };
  const read = (header: string | undefined) => (header ? cookie.parse(header)[name] : undefined);
  return {
    name,
    set: (reply, token) =>
      void reply.setCookie(name, token, { ...options, maxAge: Math.floor(maxAgeMs / 1000) }),
    clear: (reply) => void reply.clearCookie(name, options),
    read,
    isCarriedBy: (request) => read(request.headers.cookie) !== undefined,
  };
}

export async function registerSession(
  app: FastifyInstance,
  sessions: SessionsService,
  jar: SessionCookie,
) {
  await app.register(cookie);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    // Only the API needs to know who is asking; static files and media are public.
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[jar.name];
    request.session = token ? await sessions.resolve(token) : null;
  });
}

export function requireSession(request: FastifyRequest): SessionInfo {
  if (!request.session) throw new UnauthorizedError();
  return request.session;
}
