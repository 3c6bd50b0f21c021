import cookie from '@fastify/cookie';
import { SIGNED_IN_MARK_COOKIE } from '@heartline/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../lib/errors.ts';
import type { SessionInfo, SessionsService } from '../modules/auth/sessions.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** A member's session: only an active account has one here. */
    session: SessionInfo | null;
    /**
     * The session of a suspended or banned account: to every route but the standing routes the
     * request is signed out (issue 47).
     */
    restricted: SessionInfo | null;
  }
}

export type SessionCookie = {
  name: string;
  /** Sets the session cookie and, beside it, the readable signed-in mark. */
  set(reply: FastifyReply, token: string): void;
  /** Clears both. */
  clear(reply: FastifyReply): void;
  /**
   * Sets the mark alone, for a live session whose browser came without it (one started before
   * the mark existed, or whose mark was deleted). It may outlive the session, which only means
   * a splash; a session answer clears it then.
   */
  mark(reply: FastifyReply): void;
  read(cookieHeader: string | undefined): string | undefined;
  /** Whether the request carries the cookie at all, live or not (no session lookup). */
  isCarriedBy: (request: FastifyRequest) => boolean;
  /** Whether the request carries the signed-in mark. */
  isMarked: (request: FastifyRequest) => boolean;
};

/**
 * `__Host-` prefixed and Secure on https; plain name on http (browsers refuse __Host- there).
 * The signed-in mark (`SIGNED_IN_MARK_COOKIE`) lives and dies with the session cookie; scripts
 * can read it, and it says only that a session was given here.
 */
export function sessionCookie(secure: boolean, maxAgeMs: number): SessionCookie {
  const prefix = secure ? '__Host-' : '';
  const name = `${prefix}hl_session`;
  const markName = `${prefix}${SIGNED_IN_MARK_COOKIE}`;
  const options = { path: '/', httpOnly: true, secure, sameSite: 'lax' as const };
  const markOptions = { ...options, httpOnly: false };
  const maxAge = Math.floor(maxAgeMs / 1000);
  const setMark = (reply: FastifyReply) =>
    void reply.setCookie(markName, '1', { ...markOptions, maxAge });
  const read = (header: string | undefined) => (header ? cookie.parse(header)[name] : undefined);
  return {
    name,
    set: (reply, token) => {
      reply.setCookie(name, token, { ...options, maxAge });
      setMark(reply);
    },
    clear: (reply) => {
      reply.clearCookie(name, options);
      reply.clearCookie(markName, markOptions);
    },
    mark: setMark,
    read,
    isCarriedBy: (request) => read(request.headers.cookie) !== undefined,
    isMarked: (request) => request.cookies[markName] !== undefined,
  };
}

export async function registerSession(
  app: FastifyInstance,
  sessions: SessionsService,
  jar: SessionCookie,
) {
  await app.register(cookie);
  app.decorateRequest('session', null);
  app.decorateRequest('restricted', null);
  app.addHook('onRequest', async (request) => {
    // Only the API needs to know who is asking; static files and media are public.
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[jar.name];
    const found = token ? await sessions.resolve(token) : null;
    if (found?.state === 'ACTIVE') request.session = found;
    else if (found) request.restricted = found;
  });
}

export function requireSession(request: FastifyRequest): SessionInfo {
  if (!request.session) throw new UnauthorizedError();
  return request.session;
}

/** The standing routes: a restricted session, or a member's (who has nothing to appeal). */
export function requireAnySession(request: FastifyRequest): SessionInfo {
  const found = request.session ?? request.restricted;
  if (!found) throw new UnauthorizedError();
  return found;
}
