import Fastify, { type FastifyInstance } from 'fastify';
import { createClient, type RedisClientType } from 'redis';
import type { PublicConfig } from '@heartline/domain';
import type { Config } from './config.ts';
import { openDatabase, type Db } from './db/database.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { mountDevIdp } from './modules/auth/dev-idp.ts';
import { createOidcClient, type OidcProviderSettings } from './modules/auth/oidc.client.ts';
import { createSessionsService } from './modules/auth/sessions.service.ts';
import { createJobRunner, type JobRunner } from './jobs/jobs.runner.ts';
import { registerMediaRoutes } from './modules/media/media.routes.ts';
import { createMediaStorage } from './modules/media/media.factory.ts';
import type { MediaStorage } from './modules/media/media.storage.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { createProfileRepository } from './modules/users/profile.repository.ts';
import { createProfileService } from './modules/users/profile.service.ts';
import { registerOnboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { registerNetworkModule, type NetworkModule } from './modules/graph/network.module.ts';
import { createPhotoProcessor } from './modules/photos/photos.processing.ts';
import { registerPhotosRoutes } from './modules/photos/photos.routes.ts';
import { createPhotosService, PHOTO_CLEANUP_JOB } from './modules/photos/photos.service.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { RateLimits } from './plugins/rate-limit.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSession, sessionCookie } from './plugins/session.ts';
import { registerWeb } from './plugins/web.ts';
import { createRealtime, publishToUser, type RealtimeServer } from './realtime/realtime.ts';

export type App = {
  app: FastifyInstance;
  db: Db;
  storage: MediaStorage;
  io: RealtimeServer;
  network: NetworkModule;
  jobs: JobRunner;
  config: Config;
  close: () => Promise<void>;
};

export type AppDeps = { db?: Db; logger?: boolean };

/** The one place where everything is wired. Tests build it with their own config and database. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const db =
    deps.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const storage = createMediaStorage(config);

  let redis: { pub: RedisClientType; sub: RedisClientType; prefix: string } | undefined;
  if (config.redisUrl) {
    const pub: RedisClientType = createClient({ url: config.redisUrl });
    const sub: RedisClientType = pub.duplicate();
    pub.on('error', () => undefined);
    sub.on('error', () => undefined);
    await Promise.all([pub.connect(), sub.connect()]);
    redis = { pub, sub, prefix: config.redisPrefix };
  }

  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    trustProxy: config.env === 'production',
    bodyLimit: 1024 * 1024,
  });

  registerErrorHandling(app);
  await registerSecurity(app, {
    origin: config.origin,
    secure: config.secureCookies,
    mediaOrigin: config.s3?.publicUrl && new URL(config.s3.publicUrl).origin,
  });

  // A sign-out on one instance reaches the others' session caches over `<prefix>:sessions`.
  const revokedChannel = `${config.redisPrefix}:sessions`;
  const sessions = createSessionsService(db, {
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
    announceRevoked: redis
      ? async (tokenHash) => {
          await redis.pub.publish(revokedChannel, tokenHash).catch(() => undefined);
        }
      : undefined,
  });
  if (redis) await redis.sub.subscribe(revokedChannel, (tokenHash) => sessions.forget(tokenHash));
  const jar = sessionCookie(config.secureCookies, config.sessionAbsoluteMs);
  await registerSession(app, sessions, jar);
  const limits = new RateLimits(redis?.pub, config.redisPrefix);
  const users = createUsersRepository(db);

  const redirectUri = `${config.publicUrl}/api/auth/callback`;
  let provider: OidcProviderSettings;
  if (config.google) {
    provider = {
      name: 'google',
      issuer: 'https://accounts.google.com',
      clientId: config.google.clientId,
      clientSecret: config.google.clientSecret,
      redirectUri,
      allowHttp: false,
      extraAuthParams: { prompt: 'select_account' },
    };
  } else {
    const idp = await mountDevIdp(app, db, {
      publicUrl: config.publicUrl,
      redirectUri,
      productName: config.productName,
    });
    // prompt=login: the picker shows every time, so switching demo accounts is one tap.
    provider = {
      name: 'dev',
      ...idp,
      redirectUri,
      allowHttp: config.publicUrl.startsWith('http://'),
      extraAuthParams: { prompt: 'login' },
    };
  }

  const io = createRealtime(app.server, { sessions, jar, origin: config.origin, redis });

  const publicConfig: PublicConfig = {
    productName: config.productName,
    passwordAuth: config.passwordAuth,
    devSignIn: config.devSignIn,
  };
  app.get('/api/health', async () => ({ ok: true }));
  app.get('/api/config', async () => publicConfig);

  registerAuthRoutes(app, {
    db,
    users,
    sessions,
    jar,
    oidc: createOidcClient(provider),
    limits,
    io: () => io,
    publicUrl: config.publicUrl,
    secureCookies: config.secureCookies,
    passwordAuth: config.passwordAuth,
  });
  const profile = createProfileService({
    profiles: createProfileRepository(db),
    storage,
    notifyChanged: (userId) => {
      publishToUser(io, userId, 'profile.updated', { userId });
      // Names order the network lists; every instance's graph index re-reads the user.
      void network.userChanged(userId).catch((err: unknown) => app.log.error({ err }, 'graph'));
    },
  });
  registerUsersRoutes(app, { users, profile });
  registerOnboardingRoutes(app, profile);
  const network = await registerNetworkModule(app, { db, config, io: () => io, limits, redis });
  const photos = createPhotosService({
    db,
    storage,
    processor: createPhotoProcessor({ concurrency: config.photoConcurrency }),
    notifyChanged: (userId) => {
      publishToUser(io, userId, 'profile.updated', { userId });
      // Other people's network pages show the new avatar: every instance re-reads the user.
      void network.userChanged(userId).catch((err: unknown) => app.log.error({ err }, 'graph'));
    },
    log: (message, err) => app.log.error({ err }, message),
  });
  registerPhotosRoutes(app, { photos, limits });
  registerMediaRoutes(app, storage);
  await registerWeb(app, config.webDist);

  const jobs = createJobRunner(db, {
    handlers: { [PHOTO_CLEANUP_JOB]: (payload) => photos.cleanupReplacedPhoto(payload) },
    log: (message, err) => app.log.warn({ err }, message),
  });
  jobs.start();

  const prune = setInterval(
    () => void sessions.pruneExpired().catch(() => undefined),
    60 * 60 * 1000,
  );
  prune.unref();

  let closed = false;
  async function close() {
    if (closed) return;
    closed = true;
    clearInterval(prune);
    await jobs.stop();
    // Drain: sockets get a clean close, in-flight requests finish, then the pools close.
    // A connection that never completes a request (a client gone mid-upload) would hold the
    // drain for the whole keep-alive timeout (72 s), so after a grace period it is cut.
    const cut = setTimeout(() => app.server.closeAllConnections(), 5000);
    cut.unref();
    await io.close().catch(() => undefined);
    await app.close();
    clearTimeout(cut);
    await network.close();
    await sessions.close();
    if (redis) await Promise.all([redis.pub.quit(), redis.sub.quit()]).catch(() => undefined);
    storage.close();
    if (!deps.db) await db.destroy();
  }

  return { app, db, storage, io, network, jobs, config, close };
}
