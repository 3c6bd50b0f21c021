import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, sha256 } from '../../lib/tokens.ts';

const NAME = 'hl_device';
const VERSION = 'v1';
/** Only the password sign-in reads it. */
const PATH = '/api/auth/password';
const MAX_AGE_S = 180 * 24 * 60 * 60;

/**
 * OWASP's device cookies (issue 45: anyone could lock anyone out): a browser that signed in to
 * an account with its password gets a cookie naming that account and a random nonce, signed by
 * the server. Its sign-ins to that account are counted per device, not against the account's
 * ceiling, so failures from elsewhere never lock its owner out. Holds a hash of the address,
 * never the address itself.
 */
export function createDeviceCookies(key: Buffer, secure: boolean) {
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  const account = (email: string) => sha256(email.trim().toLowerCase()).slice(0, 32);
  const options = { path: PATH, httpOnly: true, secure, sameSite: 'strict' as const };
  return {
    /** After a successful password sign-in to `email`. */
    set(reply: FastifyReply, email: string): void {
      const body = `${VERSION}.${account(email)}.${randomToken(16)}`;
      reply.setCookie(NAME, `${body}.${sign(body)}`, { ...options, maxAge: MAX_AGE_S });
    },
    /**
     * The nonce of the request's device cookie when it is genuine and for `email` (the key its
     * own failures are counted under), else null.
     */
    deviceOf(request: FastifyRequest, email: string): string | null {
      const value = request.cookies[NAME];
      const parts = value?.split('.') ?? [];
      if (parts.length !== 4) return null;
      const [version, who, nonce, signature] = parts as [string, string, string, string];
      const expected = Buffer.from(sign(`${version}.${who}.${nonce}`));
      const given = Buffer.from(signature);
      const genuine = given.length === expected.length && timingSafeEqual(given, expected);
      return genuine && version === VERSION && who === account(email) ? nonce : null;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
