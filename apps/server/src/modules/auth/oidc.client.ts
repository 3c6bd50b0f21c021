import * as oidc from 'openid-client';
import { identityPicture } from './identity-picture.ts';

export type OidcProviderSettings = {
  /** Stored with the identity: users are keyed on (provider, subject), never on e-mail. */
  name: 'google' | 'dev';
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  allowHttp: boolean;
  extraAuthParams?: Record<string, string>;
};

export type AuthorizationRequest = {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
};

export type VerifiedIdentity = {
  subject: string;
  email: string | null;
  name: string | null;
  /** The `picture` claim when it is one the app may show (see identityPicture). */
  picture: string | null;
};

/**
 * The relying party: authorization code flow with PKCE (S256), state and nonce, through
 * openid-client (OpenID certified). Discovery is lazy so the embedded development provider
 * can live in the same process and be discovered once the server listens.
 */
export function createOidcClient(settings: OidcProviderSettings) {
  let configPromise: Promise<oidc.Configuration> | null = null;

  function configuration(): Promise<oidc.Configuration> {
    configPromise ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        oidc.ClientSecretBasic(settings.clientSecret),
        settings.allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        configPromise = null;
        throw err;
      });
    return configPromise;
  }

  return {
    provider: settings.name,

    async authorizationRequest(): Promise<AuthorizationRequest> {
      const config = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...settings.extraAuthParams,
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    /** Exchanges the code; throws unless state, nonce, PKCE and the ID token all check out. */
    async verifyCallback(
      currentUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<VerifiedIdentity> {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('ID token has no subject');
      return {
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
        name: typeof claims.name === 'string' ? claims.name : null,
        picture: identityPicture(claims.picture),
      };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
