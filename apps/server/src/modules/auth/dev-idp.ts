import type { IncomingMessage, ServerResponse } from 'node:http';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { v7 as uuidv7 } from 'uuid';
import { devAccountCreateSchema, hasDisallowedCharacters } from '@heartline/domain';
import type { Db } from '../../db/database.ts';
import { randomToken } from '../../lib/tokens.ts';
import { renderDevIdpPage, DEV_IDP_CSS } from './dev-idp.page.ts';

export const DEV_IDP_MOUNT = '/oidc';
/** Where the app's OpenID client redeems its code, server to server (oidc-provider's route). */
export const DEV_IDP_TOKEN_PATH = `${DEV_IDP_MOUNT}/token`;
/** Subjects are short plain ids (`dev-<uuid>`, the seed's personas); anything else names none. */
const isSubject = (value: string) => value.length <= 100 && !hasDisallowedCharacters(value, 'line');
const INTERACTION_PATH = '/dev-idp/interaction';
/** Accounts offered from each end of the list (the oldest: personas; the newest). */
const ACCOUNTS_SHOWN = 12;
/** A `picture` given at account creation is passed on as is; the app decides whether to keep it. */
const isPictureClaim = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length > 0 &&
  value.length <= 2048 &&
  !hasDisallowedCharacters(value, 'line');

export type DevIdp = { issuer: string; clientId: string; clientSecret: string };

/**
 * An embedded OpenID provider (oidc-provider, OpenID certified) for development and tests, so
 * the one "Continue with Google" button exercises the real authorization-code + PKCE flow
 * without Google. Its accounts are its own (dev_idp_accounts), exactly like a real IdP's.
 */
export async function mountDevIdp(
  app: FastifyInstance,
  db: Db,
  opts: { publicUrl: string; redirectUri: string; productName: string },
): Promise<DevIdp> {
  const issuer = `${opts.publicUrl}${DEV_IDP_MOUNT}`;
  const clientId = 'heartline-dev';
  const clientSecret = randomToken();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: randomToken(8) };

  /**
   * Pictures of accounts, as Google sends a `picture` claim: optional, given with the account
   * form's `picture` field (tests use it; the page has no such field), kept in memory for this
   * run of the provider like its other state.
   */
  const pictures = new Map<string, string>();
  const findAccountRow = (subject: string) =>
    db.selectFrom('devIdpAccounts').selectAll().where('subject', '=', subject).executeTakeFirst();

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    // Put e-mail and name in the ID token, as Google does.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    cookies: { keys: [randomToken()] },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    jwks: { keys: [jwk] },
    findAccount: async (_ctx, subject) => {
      const row = await findAccountRow(subject);
      if (!row) return undefined;
      const picture = pictures.get(row.subject);
      return {
        accountId: row.subject,
        claims: () => ({
          sub: row.subject,
          email: row.email,
          email_verified: true,
          name: row.name,
          ...(picture ? { picture } : {}),
        }),
      };
    },
  };
  const provider = new Provider(issuer, configuration);

  await app.register(middie);
  const handler = provider.callback();
  app.use(DEV_IDP_MOUNT, (req: IncomingMessage, res: ServerResponse) => void handler(req, res));

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /**
   * The accounts the page offers: the oldest (the demo personas) and the newest (accounts
   * created here recently), so one made earlier can be picked again after signing out.
   */
  async function listAccounts() {
    const select = () => db.selectFrom('devIdpAccounts').select(['subject', 'name', 'email']);
    const [oldest, newest] = await Promise.all([
      select().orderBy('createdAt').orderBy('subject').limit(ACCOUNTS_SHOWN).execute(),
      select()
        .orderBy('createdAt', 'desc')
        .orderBy('subject', 'desc')
        .limit(ACCOUNTS_SHOWN)
        .execute(),
    ]);
    const seen = new Set(oldest.map((a) => a.subject));
    return [...oldest, ...newest.filter((a) => !seen.has(a.subject)).reverse()];
  }

  app.get('/dev-idp/style.css', async (_req, reply) =>
    reply.type('text/css').header('cache-control', 'no-cache').send(DEV_IDP_CSS),
  );

  app.get<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid`, async (request, reply) => {
    let details;
    try {
      details = await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      // A sign-in page already used or expired, reached with the browser's Back from the app
      // (issue 45: it answered raw JSON): back to the app, which knows where the person is.
      return reply.redirect('/', 303);
    }
    const accounts = await listAccounts();
    return reply
      .type('text/html')
      .header('cache-control', 'no-store')
      .send(
        renderDevIdpPage({
          uid: details.uid,
          accounts,
          productName: opts.productName,
          error: null,
        }),
      );
  });

  app.post<{ Params: { uid: string }; Body: Record<string, string> }>(
    `${INTERACTION_PATH}/:uid/login`,
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const body = request.body ?? {};
      let subject: string | undefined;
      if (typeof body.subject === 'string' && body.subject) {
        // A subject this provider could have issued, or no account (never a query with a NUL).
        if (isSubject(body.subject)) subject = (await findAccountRow(body.subject))?.subject;
      } else {
        // The account name follows the name rule of the app (text.ts), so what the provider
        // hands the app at sign-in is a name the app could store and show.
        const parsed = devAccountCreateSchema.safeParse({ name: body.name, email: body.email });
        if (!parsed.success) {
          const accounts = await listAccounts();
          return reply
            .status(400)
            .type('text/html')
            .send(
              renderDevIdpPage({
                uid: details.uid,
                accounts,
                productName: opts.productName,
                error: parsed.error.issues[0]?.message ?? 'Invalid input',
              }),
            );
        }
        // An address that already has an account signs in as it (never a second account).
        const existing = await db
          .selectFrom('devIdpAccounts')
          .select('subject')
          .where(sql<string>`lower(email)`, '=', parsed.data.email.toLowerCase())
          .orderBy('createdAt')
          .executeTakeFirst();
        subject = existing?.subject ?? `dev-${uuidv7()}`;
        if (!existing) {
          await db
            .insertInto('devIdpAccounts')
            .values({ subject, name: parsed.data.name, email: parsed.data.email })
            .execute();
        }
        if (isPictureClaim(body.picture)) pictures.set(subject, body.picture);
      }
      if (!subject)
        return reply
          .status(400)
          .send({ error: { code: 'VALIDATION_FAILED', message: 'Unknown account' } });

      const grant = new provider.Grant({
        accountId: subject,
        clientId: details.params.client_id as string,
      });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      const target = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: subject }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(target, 303);
    },
  );

  app.post<{ Params: { uid: string } }>(
    `${INTERACTION_PATH}/:uid/abort`,
    async (request, reply) => {
      const target = await provider.interactionResult(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'The user cancelled sign-in' },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(target, 303);
    },
  );

  return { issuer, clientId, clientSecret };
}
