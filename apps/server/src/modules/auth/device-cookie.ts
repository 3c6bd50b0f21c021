import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, sha256 } from '../../lib/tokens.ts';

const NAME = 'hl_device';
const VERSION = 'v2';
/** Only the password sign-in reads it. */
const PATH = '/api/auth/password';
const MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;

/** A genuine device cookie for the account signed in to: its nonce and when it was issued. */
export type Device = { nonce: string; issuedAt: number };

/**
 * OWASP's device cookies (issue 45: anyone could lock anyone out): a browser that signed in to
 * an account with its password gets a cookie naming that account, when it was issued and a
 * random nonce, signed by the server. Its sign-ins to that account are counted per device
 * (auth.routes.ts), not against the account's ceiling, so failures from elsewhere never lock its
 * owner out. It holds a hash of the address, never the address itself; it is good for 180 days
 * from its issue, judged by the server (a copied cookie does not live longer than the original),
 * and a sign-in with it keeps its nonce, so signing in again mints no new budget.
 */
export function createDeviceCookies(key: Buffer, secure: boolean, now: () => number = Date.now) {
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  const account = (email: string) => sha256(email.trim().toLowerCase()).slice(0, 32);
  const options = { path: PATH, httpOnly: true, secure, sameSite: 'strict' as const };
  return {
    /** After a successful password sign-in to `email`; `device`: the one it came with, if any. */
    set(reply: FastifyReply, email: string, device: Device | null): void {
      const issuedAt = device?.issuedAt ?? now();
      const nonce = device?.nonce ?? randomToken(16);
      const body = `${VERSION}.${account(email)}.${issuedAt.toString(36)}.${nonce}`;
      const maxAge = Math.max(0, Math.floor((issuedAt + MAX_AGE_MS - now()) / 1000));
      reply.setCookie(NAME, `${body}.${sign(body)}`, { ...options, maxAge });
    },
    /** The request's device cookie when it is genuine, current and for `email`; else null. */
    deviceOf(request: FastifyRequest, email: string): Device | null {
      const parts = request.cookies[NAME]?.split('.') ?? [];
      if (parts.length !== 5) return null;
      const [version, who, issued, nonce, signature] = parts as [
        string,
        string,
        string,
        string,
        string,
      ];
      const expected = Buffer.from(sign(`${version}.${who}.${issued}.${nonce}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const issuedAt = Number.parseInt(issued, 36);
      const current = Number.isFinite(issuedAt) && now() - issuedAt < MAX_AGE_MS;
      return version === VERSION && who === account(email) && current ? { nonce, issuedAt } : null;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
