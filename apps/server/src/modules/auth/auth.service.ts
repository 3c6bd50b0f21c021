import type { Me, PasswordSignIn, PasswordSignUp } from '@heartline/domain';
import { safeIntendedPath } from '@heartline/domain';
import type { Db, Trx } from '../../db/database.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { sessionStream } from '../../realtime/realtime.ts';
import type { Emit, Transact } from '../events/events.outbox.ts';
import { presentMe, type MeRow } from '../users/users.presenter.ts';
import { createAuthFlowsRepository } from './auth-flows.repository.ts';
import { createIdentitiesRepository } from './identities.repository.ts';
import { usePictureUntilUpload } from './identity-picture.ts';
import type { OidcClient } from './oidc.client.ts';
import { createPasswordService } from './password.service.ts';
import type { SessionsService } from './sessions.service.ts';
import { signInKeys, type BannedKey } from '../moderation/moderation.service.ts';

/** How long a started sign-in at the provider may take. */
export const FLOW_TTL_MS = 10 * 60 * 1000;

export type AuthServiceDeps = {
  db: Db;
  /** The signed-in person's row (the users module's). */
  findMe: (userId: string) => Promise<MeRow | undefined>;
  /** Whether a new account with these keys would belong to a banned person (moderation's). */
  isBanned: (keys: readonly BannedKey[]) => Promise<boolean>;
  sessions: SessionsService;
  oidc: OidcClient;
  /** A revocation commits with its `session.revoked` event (the dispatcher closes sockets). */
  transact: Transact;
  publicUrl: string;
};

/** Where a failure is written down (the request's logger). */
type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** How a return from the provider ended; `error` is the sign-in page's `?error=` code. */
export type CallbackOutcome =
  | { outcome: 'signed_in'; token: string; returnTo: string }
  | { outcome: 'cancelled' }
  | { outcome: 'failed'; error: 'callback_failed' | 'no_session' | 'banned' };

/**
 * Sessions begin and end here: the provider's sign-in flow, password sign-in, rotation, and
 * revocation with its event. The routes translate HTTP (cookies, redirects, rate limits); the
 * account's deletion ends its sessions through `endSessionsWithin`.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const flows = createAuthFlowsRepository(deps.db);
  const identities = createIdentitiesRepository(deps.db);
  const passwords = createPasswordService(identities, (email) =>
    deps.isBanned(signInKeys({ emails: [email] })),
  );

  /**
   * Ends sessions in the caller's transaction: each row goes with a `session.revoked` event
   * (its sockets close when it is delivered). The answer is called after the commit: every
   * instance then drops its cached copy (before, another could read the row and keep it).
   */
  async function endSessionsWithin(
    trx: Trx,
    emit: Emit,
    tokenHashes: readonly string[],
  ): Promise<() => Promise<void>> {
    for (const hash of tokenHashes) {
      await deps.sessions.revoke(hash, trx);
      emit(sessionStream(hash), 'session.revoked', { reason: 'signed_out' });
    }
    return async () => {
      for (const hash of tokenHashes) await deps.sessions.revoked(hash);
    };
  }

  async function endSession(tokenHash: string): Promise<void> {
    const announce = await deps.transact((trx, emit) => endSessionsWithin(trx, emit, [tokenHash]));
    await announce();
  }

  /** A new session for `userId`; whatever session the browser carried before is revoked. */
  async function startSession(
    userId: string,
    userAgent: string,
    previousTokenHash?: string,
  ): Promise<string> {
    if (previousTokenHash) await endSession(previousTokenHash);
    const { token } = await deps.sessions.create(userId, userAgent);
    return token;
  }

  return {
    startSession,
    endSession,
    endSessionsWithin,

    /** The signed-in person as the web app reads them (null: the account is gone). */
    async me(userId: string): Promise<Me | null> {
      const row = await deps.findMe(userId);
      return row ? presentMe(row) : null;
    },

    /** Starts a sign-in at the provider: the flow's id (the browser's cookie) and the URL. */
    async beginFlow(returnTo: string | undefined): Promise<{ flowId: string; url: string }> {
      const auth = await deps.oidc.authorizationRequest();
      const flowId = randomToken();
      await flows.insert({
        idHash: sha256(flowId),
        state: auth.state,
        nonce: auth.nonce,
        codeVerifier: auth.codeVerifier,
        returnTo: safeIntendedPath(returnTo),
        expiresAt: new Date(Date.now() + FLOW_TTL_MS),
      });
      return { flowId, url: auth.url };
    },

    /**
     * The provider sent the browser back (`url`, with the flow's cookie `flowId`): the flow is
     * used up, the answer checked, the account found or made, and a session started.
     */
    async completeCallback(
      input: { flowId: string | undefined; url: string; userAgent: string; previous?: string },
      log: Log,
    ): Promise<CallbackOutcome> {
      const flow = input.flowId ? await flows.take(sha256(input.flowId)) : undefined;
      if (!flow) return { outcome: 'failed', error: 'callback_failed' };
      const url = new URL(input.url, deps.publicUrl);
      if (
        url.searchParams.get('error') === 'access_denied' &&
        url.searchParams.get('state') === flow.state
      ) {
        // The person cancelled at the provider: back to sign-in, which is not an error (issue 18).
        return { outcome: 'cancelled' };
      }
      let identity;
      try {
        identity = await deps.oidc.verifyCallback(url, {
          state: flow.state,
          nonce: flow.nonce,
          codeVerifier: flow.codeVerifier,
        });
      } catch (err) {
        log.warn({ err: String(err) }, 'OpenID callback refused');
        return { outcome: 'failed', error: 'callback_failed' };
      }
      try {
        const { picture, ...person } = identity;
        const provider = deps.oidc.provider;
        let userId = await identities.findIdByIdentity(provider, person.subject);
        if (!userId) {
          // A first sign-in makes an account, unless it is a banned person's again.
          const keys = signInKeys({
            identity: { provider, subject: person.subject },
            emails: [person.email],
          });
          if (await deps.isBanned(keys)) return { outcome: 'failed', error: 'banned' };
          userId = await identities.createWithIdentity({ provider, ...person });
        }
        if (picture) await usePictureUntilUpload(deps.db, userId, picture);
        const token = await startSession(userId, input.userAgent, input.previous);
        return { outcome: 'signed_in', token, returnTo: flow.returnTo ?? '/' };
      } catch (err) {
        log.error({ err }, 'sign-in failed after a valid callback');
        return { outcome: 'failed', error: 'no_session' };
      }
    },

    /** Makes the account when the address is free; says nothing either way (password.service). */
    signUp: (input: PasswordSignUp) => passwords.signUp(input),

    /** The account's id when the password is right; AuthFailedError otherwise. */
    signIn: (input: PasswordSignIn) => passwords.signIn(input),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
