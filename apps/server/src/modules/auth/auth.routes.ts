import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  authMessages,
  passwordSignInSchema,
  passwordSignUpAccepted,
  passwordSignUpSchema,
  type SessionResponse,
  type Standing,
  type Warning,
} from '@heartline/domain';
import { AuthFailedError, NotFoundError, RateLimitError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { clientKey, type RateLimitRule, type RateLimits } from '../../plugins/rate-limit.ts';
import type { SessionCookie } from '../../plugins/session.ts';
import { FLOW_TTL_MS, type AuthService } from './auth.service.ts';
import { createDeviceCookies } from './device-cookie.ts';

const FLOW_COOKIE = 'hl_oidc';

const tooMany = () => authMessages.tooManyAttempts;
const rules = {
  startPerIp: { name: 'auth-start-ip', points: 30, durationSec: 60, message: tooMany },
  /** Every password request (sign-up and sign-in) from one address. */
  passwordPerIp: { name: 'auth-password-ip', points: 20, durationSec: 15 * 60, message: tooMany },
  /**
   * Failed sign-ins to one account from one address (a success clears them). It slows a guesser
   * at their address without refusing the owner anywhere else.
   */
  passwordPerAccountIp: {
    name: 'auth-password-account-ip',
    points: 5,
    durationSec: 15 * 60,
    message: tooMany,
  },
  /**
   * Failed sign-ins to one account from all addresses together, by browsers that have not
   * signed in to it before: a ceiling on guessing spread over many addresses. The owner's own
   * browser (its device cookie) is not held to it, so others' failures cannot lock them out.
   */
  passwordPerAccount: {
    name: 'auth-password-account-ceiling',
    points: 100,
    durationSec: 60 * 60,
    message: tooMany,
  },
  /** Failed sign-ins by a browser with the account's device cookie (a stolen one included). */
  passwordPerDevice: {
    name: 'auth-password-device',
    points: 5,
    durationSec: 15 * 60,
    message: tooMany,
  },
} satisfies Record<string, RateLimitRule>;

export type AuthRoutesDeps = {
  auth: AuthService;
  jar: SessionCookie;
  limits: RateLimits;
  secureCookies: boolean;
  passwordAuth: boolean;
  /** Signs the device cookies (device-cookie.ts); made on first start and kept. */
  deviceKey: Buffer;
  /** What a restricted account reads, and a member's warning to acknowledge (moderation). */
  standing: {
    of: (userId: string) => Promise<Standing | null>;
    warning: (userId: string) => Promise<Warning | null>;
  };
};

/** HTTP for sign-in and sign-out: cookies, redirects and rate limits around the auth service. */
export function registerAuthRoutes(app: FastifyInstance, deps: AuthRoutesDeps) {
  const { auth } = deps;
  const devices = createDeviceCookies(deps.deviceKey, deps.secureCookies);
  const flowCookie = {
    path: '/api/auth',
    httpOnly: true,
    secure: deps.secureCookies,
    sameSite: 'lax' as const,
  };

  /** Signs the browser in as `userId` (the session it carried before is revoked). */
  async function signIn(request: FastifyRequest, reply: FastifyReply, userId: string) {
    const userAgent = request.headers['user-agent'] ?? '';
    deps.jar.set(reply, await auth.startSession(userId, userAgent, request.session?.tokenHash));
  }

  app.get('/api/auth/session', async (request, reply): Promise<SessionResponse> => {
    if (request.restricted) {
      const standing = await deps.standing.of(request.restricted.userId);
      if (standing) return { user: null, standing };
    }
    if (!request.session) {
      // A cookie naming no live session (expired, revoked, forged) goes: the page would
      // otherwise go on preloading answers that are refused (plugins/web.ts, issue 17).
      if (deps.jar.isCarriedBy(request) || deps.jar.isMarked(request)) deps.jar.clear(reply);
      return { user: null };
    }
    // The readable mark goes with every live session, so the web app can trust its absence.
    if (!deps.jar.isMarked(request)) deps.jar.mark(reply);
    const [user, warning] = await Promise.all([
      auth.me(request.session.userId),
      deps.standing.warning(request.session.userId),
    ]);
    return warning ? { user, warning } : { user };
  });

  app.get<{ Querystring: { returnTo?: string } }>(
    '/api/auth/google/start',
    { preHandler: deps.limits.hook(rules.startPerIp, (r) => clientKey(r.ip)) },
    async (request, reply) => {
      let flow;
      try {
        flow = await auth.beginFlow(request.query.returnTo);
      } catch (err) {
        request.log.error({ err }, 'OpenID discovery failed');
        return reply.redirect('/auth?error=exception', 303);
      }
      reply.setCookie(FLOW_COOKIE, flow.flowId, { ...flowCookie, maxAge: FLOW_TTL_MS / 1000 });
      return reply.redirect(flow.url, 303);
    },
  );

  app.get('/api/auth/callback', async (request, reply) => {
    const flowId = request.cookies[FLOW_COOKIE];
    reply.clearCookie(FLOW_COOKIE, flowCookie);
    const done = await auth.completeCallback(
      {
        flowId,
        url: request.url,
        userAgent: request.headers['user-agent'] ?? '',
        previous: request.session?.tokenHash,
      },
      request.log,
    );
    switch (done.outcome) {
      case 'cancelled':
        return reply.redirect('/auth', 303);
      case 'failed':
        return reply.redirect(`/auth?error=${done.error}`, 303);
      case 'signed_in':
        deps.jar.set(reply, done.token);
        return reply.redirect(done.returnTo, 303);
    }
  });

  app.post('/api/auth/signout', async (request, reply) => {
    const session = request.session ?? request.restricted;
    if (session) await auth.endSession(session.tokenHash);
    deps.jar.clear(reply);
    return reply.status(204).send();
  });

  const passwordGuard = async (request: FastifyRequest) => {
    if (!deps.passwordAuth) throw new NotFoundError();
    await deps.limits.consume(rules.passwordPerIp, clientKey(request.ip));
  };

  /**
   * Creates the account when the address is free and does nothing when it is taken, and says
   * neither: the same 202 and body, no session, the same argon2 work either way. The new
   * account's owner signs in next with the password they chose.
   */
  app.post('/api/auth/password/signup', { preHandler: passwordGuard }, async (request, reply) => {
    const input = parseInput(passwordSignUpSchema, request.body);
    await auth.signUp(input);
    return reply.status(202).send({ user: null, message: passwordSignUpAccepted });
  });

  app.post('/api/auth/password/signin', { preHandler: passwordGuard }, async (request, reply) => {
    const input = parseInput(passwordSignInSchema, request.body);
    // Failures only are counted (issue 45: attempts spent the ceiling before the password was
    // checked), by where they come from: the browser that signed in to this account before, or
    // else the account at this address and the account everywhere. Each attempt is counted
    // first and a success gives its points back. A device that used up its own budget is
    // counted as any other browser after that. Unknown addresses are counted like known ones,
    // so the limits do not tell them apart.
    const device = devices.deviceOf(request, input.email);
    const anywhere: [RateLimitRule, string][] = [
      [rules.passwordPerAccountIp, `${input.email}|${clientKey(request.ip)}`],
      [rules.passwordPerAccount, input.email],
    ];
    let counted: [RateLimitRule, string][] = anywhere;
    if (device) {
      try {
        await deps.limits.consume(rules.passwordPerDevice, device.nonce);
        counted = [[rules.passwordPerDevice, device.nonce]];
      } catch (err) {
        if (!(err instanceof RateLimitError)) throw err;
      }
    }
    if (counted === anywhere) await deps.limits.consumeAll(anywhere);
    let userId: string;
    try {
      userId = await auth.signIn(input);
    } catch (err) {
      if (!(err instanceof AuthFailedError)) {
        for (const [rule, key] of counted) await deps.limits.refund(rule, key);
      }
      throw err;
    }
    // Signed in: the device's or the address's failures start over, the ceiling's point back.
    await deps.limits.reset(...counted[0]!);
    for (const [rule, key] of counted.slice(1)) await deps.limits.refund(rule, key);
    devices.set(reply, input.email, device);
    await signIn(request, reply, userId);
    return { user: await auth.me(userId) };
  });
}
