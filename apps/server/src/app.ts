import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  DELETED_USER_ID,
  errorCodes,
  errorMessages,
  type ErrorBody,
  type PublicConfig,
} from '@heartline/domain';
import type { Config } from './config.ts';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { lostConnectionReporter, openDatabase, type Db, type Trx } from './db/database.ts';
import { createMetrics, type ErrorSource } from './lib/metrics.ts';
import { NotFoundError } from './lib/errors.ts';
import { recordRoutes } from './lib/route-list.ts';
import { storedAppKey } from './db/app-keys.ts';
import { randomToken } from './lib/tokens.ts';
import { announceUntilSent, connectRedis } from './lib/redis.ts';
import { requestLogFields } from './lib/request-log.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createCasesRepository } from './modules/moderation/cases.repository.ts';
import { createCasesService, type CasesService } from './modules/moderation/cases.service.ts';
import { createModerationRepository } from './modules/moderation/moderation.repository.ts';
import {
  createModerationService,
  SUSPENSION_END_JOB,
  type ModerationService,
} from './modules/moderation/moderation.service.ts';
import { registerStandingRoutes } from './modules/moderation/standing.routes.ts';
import { createStaffRepository } from './modules/staff/staff.repository.ts';
import { registerStaffRoutes } from './modules/staff/staff.routes.ts';
import { createStaffService } from './modules/staff/staff.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { DEV_IDP_TOKEN_PATH, mountDevIdp } from './modules/auth/dev-idp.ts';
import { createOidcClient, type OidcProviderSettings } from './modules/auth/oidc.client.ts';
import { createSessionsService } from './modules/auth/sessions.service.ts';
import { createJobRunner, type JobRunner } from './jobs/jobs.runner.ts';
import { registerMediaRoutes } from './modules/media/media.routes.ts';
import { createAccountRepository } from './modules/account/account.repository.ts';
import { registerAccountRoutes } from './modules/account/account.routes.ts';
import { createAccountService, type AccountService } from './modules/account/account.service.ts';
import { createMediaStorage } from './modules/media/media.factory.ts';
import type { MediaStorage } from './modules/media/media.storage.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { createProfileRepository } from './modules/users/profile.repository.ts';
import { createProfileService } from './modules/users/profile.service.ts';
import { registerOnboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { createAccessRepository } from './modules/access/access.repository.ts';
import { createAccess } from './modules/access/access.service.ts';
import { createDispatcher, type Dispatcher } from './modules/events/events.dispatcher.ts';
import { createEmitLedger, pushCommitted } from './modules/events/events.live.ts';
import { eventHandlers } from './modules/events/events.handlers.ts';
import { createOutbox, type Transact } from './modules/events/events.outbox.ts';
import { createEventsRepository } from './modules/events/events.repository.ts';
import { createPrepared } from './db/prepared.ts';
import { createGraph, type Graph } from './modules/graph/graph.service.ts';
import { createInvitationsRepository } from './modules/invites/invitations.repository.ts';
import { registerInvitationsRoutes } from './modules/invites/invitations.routes.ts';
import { createInvitationsService } from './modules/invites/invitations.service.ts';
import { createPeopleCache } from './modules/network/network.cache.ts';
import { createNetworkRepository } from './modules/network/network.repository.ts';
import { registerNetworkRoutes } from './modules/network/network.routes.ts';
import { createPeopleRepository } from './modules/people/people.repository.ts';
import { cityCatalog } from './modules/places/places.catalog.ts';
import { createPlacesRepository } from './modules/places/places.repository.ts';
import { registerPlacesRoutes } from './modules/places/places.routes.ts';
import { createPlacesService, MATCH_LOCATIONS_JOB } from './modules/places/places.service.ts';
import { registerPeopleRoutes } from './modules/people/people.routes.ts';
import { createPeopleService } from './modules/people/people.service.ts';
import { createNetworkService } from './modules/network/network.service.ts';
import { registerRelationsRoutes } from './modules/relations/relations.routes.ts';
import { createRelationsService } from './modules/relations/relations.service.ts';
import { createRequestsRepository } from './modules/requests/requests.repository.ts';
import { createRelationsRepository } from './modules/relations/relations.repository.ts';
import { registerRequestsRoutes } from './modules/requests/requests.routes.ts';
import { createRequestsService } from './modules/requests/requests.service.ts';
import { createTrustRepository } from './modules/trust/trust.repository.ts';
import { registerTrustRoutes } from './modules/trust/trust.routes.ts';
import { registerDevRoutes } from './modules/dev/dev.routes.ts';
import { createTrustService, type TrustService } from './modules/trust/trust.service.ts';
import { createPhotoProcessor } from './modules/photos/photos.processing.ts';
import { registerPhotosRoutes } from './modules/photos/photos.routes.ts';
import { createPhotosService, PHOTO_CLEANUP_JOB } from './modules/photos/photos.service.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { RateLimits } from './plugins/rate-limit.ts';
import { registerRouteBudgets } from './plugins/route-budgets.ts';
import { inlineStyleSources } from './plugins/inline-styles.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSession, sessionCookie } from './plugins/session.ts';
import { registerWeb } from './plugins/web.ts';
import { createPresence, memoryPresenceStore, redisPresenceStore } from './realtime/presence.ts';
import { createRealtime, type RealtimeServer } from './realtime/realtime.ts';
import { resumeStreams } from './modules/events/events.resume.ts';
import { createChatsRepository } from './modules/chat/chat.chats.repository.ts';
import { createChatRepository } from './modules/chat/chat.repository.ts';
import { createCardCache } from './modules/discover/discover.cache.ts';
import { createDiscoverRepository } from './modules/discover/discover.repository.ts';
import { registerDiscoverRoutes } from './modules/discover/discover.routes.ts';
import { createDiscoverService } from './modules/discover/discover.service.ts';
import { createMatchesRepository } from './modules/matches/matches.repository.ts';
import { registerMatchesRoutes } from './modules/matches/matches.routes.ts';
import { createMatchesService } from './modules/matches/matches.service.ts';
import { registerChatRoutes } from './modules/chat/chat.routes.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { registerChatSocket } from './modules/chat/chat.socket.ts';
import { createPushRepository } from './modules/push/push.repository.ts';
import { registerPushRoutes } from './modules/push/push.routes.ts';
import { createPushService, makeVapidKeys, PUSH_SEND_JOB } from './modules/push/push.service.ts';
import { createPushTransport, type PushTransport } from './modules/push/push.transport.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { registerSettingsRoutes } from './modules/settings/settings.routes.ts';
import {
  createSettingsReader,
  createSettingsService,
} from './modules/settings/settings.service.ts';

export type App = {
  app: FastifyInstance;
  db: Db;
  storage: MediaStorage;
  io: RealtimeServer;
  graph: Graph;
  trust: TrustService;
  dispatcher: Dispatcher;
  /** Runs a change and records its events in one transaction (the outbox). */
  transact: Transact;
  jobs: JobRunner;
  /** The account rights, and the sweep of inactive unverified accounts (tests run it). */
  account: AccountService;
  /** Warnings, suspensions, bans and appeals (staff routes and tests act through it). */
  moderation: ModerationService;
  /** The report queue and its cases (the evidence sweep: tests run it). */
  cases: CasesService;
  /** After bulk writes outside the write path (the demo seed): reload the graph, recount. */
  reloadGraph: () => Promise<void>;
  config: Config;
  close: () => Promise<void>;
};

export type AppDeps = {
  db?: Db;
  logger?: boolean;
  /** Tests shorten the graph's outbox poll. */
  graphPollMs?: number;
  /** Tests: how Web Push reaches push services (a loopback one); never from configuration. */
  pushTransport?: PushTransport;
};

/** The one place where everything is wired. Tests build it with their own config and database. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const storage = createMediaStorage(config);
  const metrics = createMetrics();

  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestLogFields },
            // In development, one readable line per entry (issue 45); JSON lines elsewhere,
            // for a log collector.
            ...(config.env === 'development'
              ? {
                  transport: {
                    target: 'pino-pretty',
                    options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
                  },
                }
              : {}),
          },
    trustProxy: config.trustProxy,
    // Every request's log lines carry its id, answered as x-request-id (a support reference).
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // While closing, requests are refused by the hook below, in the app's error shape.
    return503OnClosing: false,
    // Refusals of the router itself (a malformed %-escape, a path parameter over 100
    // characters) answer in the app's error shape too.
    frameworkErrors: (err, _request, reply) => {
      const body: ErrorBody = {
        error: { code: errorCodes.validation, message: errorMessages.badRequest },
      };
      const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
      void (reply as FastifyReply).status(status).send(body);
    },
  });

  const redis = config.redisUrl
    ? await connectRedis(config.redisUrl, config.redisPrefix, {
        warn: (fields, message) => app.log.warn(fields, message),
        info: (message) => app.log.info(message),
        count: () => metrics.countError('redis'),
      })
    : undefined;

  if (config.env === 'production' && config.trustProxy === false) {
    // Behind a reverse proxy every request would seem to come from it: one client could then
    // spend the per-address limits (sign-in, invitation lookups) for everyone.
    app.log.warn(
      'TRUST_PROXY is not set: X-Forwarded-For is ignored. Behind a reverse proxy, set it to the proxy addresses or a hop count.',
    );
  }
  registerErrorHandling(app);
  // Graceful shutdown (close() below): from its first moment readiness answers 503, so a load
  // balancer stops sending; once HTTP closes, every request does, as Fastify's own would.
  let draining = false;
  let httpClosing = false;
  const unavailable = (reply: FastifyReply) =>
    reply
      .status(503)
      .header('retry-after', '1')
      .send({
        error: { code: errorCodes.unavailable, message: errorMessages.unavailable },
      } satisfies ErrorBody);
  recordRoutes(app);
  /** An infrastructure error: logged with its reason and counted, never swallowed. */
  const report = (source: ErrorSource) => (err: unknown, reason: string) => {
    metrics.countError(source);
    app.log.warn({ err, source }, reason);
  };
  const pools: pg.Pool[] = [];
  const lostConnection = lostConnectionReporter(
    (message, err) => app.log.warn({ err, source: 'database' }, message),
    () => metrics.countError('database'),
  );
  const db =
    deps.db ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onConnectionError: lostConnection,
      onPool: (pool) => pools.push(pool),
    }));

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (httpClosing || (draining && request.routeOptions.url === '/api/health')) {
      return unavailable(reply);
    }
  });
  await registerCompression(app);
  await registerSecurity(app, {
    origin: config.origin,
    secure: config.secureCookies,
    mediaOrigin: config.s3?.publicUrl && new URL(config.s3.publicUrl).origin,
    inlineStyles: inlineStyleSources(config.webDist),
    serverToServer: config.google ? [] : [DEV_IDP_TOKEN_PATH],
  });

  // A sign-out on one instance reaches the others' session caches over `<prefix>:sessions`.
  const revokedChannel = `${config.redisPrefix}:sessions`;
  const sessions = createSessionsService(db, {
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
    announceRevoked: redis
      ? (tokenHash) => announceUntilSent(redis, revokedChannel, tokenHash, app.log)
      : undefined,
    onError: report('sessions'),
  });
  if (redis) {
    await redis.sub.subscribe(revokedChannel, (tokenHash) => sessions.forget(tokenHash));
    // Sign-outs announced while this instance's subscription was down did not reach it.
    redis.onResubscribed(() => sessions.forgetAll());
  }
  const jar = sessionCookie(config.secureCookies, config.sessionAbsoluteMs);
  await registerSession(app, sessions, jar);
  const limits = new RateLimits(redis?.limiterClient, config.redisPrefix, config.rateLimitScale);
  registerRouteBudgets(app, limits);
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

  // The event spine: services write events with their changes (outbox), the dispatcher
  // delivers committed ones through the socket server, clients resume by sequence.
  const events = createEventsRepository(db);
  const settingsRepo = createSettingsRepository(db);
  const settingsReader = createSettingsReader(settingsRepo);
  const hidesOnline = (userId: string) =>
    settingsReader.of(userId).then((settings) => !settings.privacy.onlineStatus);
  const presence = createPresence(
    redis ? redisPresenceStore(redis.pub, config.redisPrefix) : memoryPresenceStore(),
    Date.now,
    hidesOnline,
  );
  const io = createRealtime(app.server, {
    sessions,
    jar,
    origin: config.origin,
    resume: (readable, positions) => resumeStreams(events, readable, positions),
    presence,
    redis,
    onError: report('socket_session_check'),
  });
  const onError = (err: unknown) => app.log.error({ err }, 'spine');
  // Web Push: keys made on first start and kept; the dispatcher queues, the job runner sends.
  const pushRepo = createPushRepository(db);
  const push = createPushService({
    repo: pushRepo,
    settings: (userId, trx) => settingsRepo.get(userId, trx),
    keys: await pushRepo.vapidKeys(makeVapidKeys),
    subject: config.publicUrl.startsWith('https://')
      ? config.publicUrl
      : `mailto:${config.contacts.general}`,
    transport: deps.pushTransport ?? createPushTransport(),
    log: (message, err) => app.log.warn({ err }, message),
  });
  // What this instance sent already: writers push right after their commit (the outbox's
  // transactions and the chat's group-committed sends), and the dispatcher does not send those
  // again.
  const ledger = createEmitLedger();
  const dispatcher = createDispatcher({
    repo: events,
    handlers: eventHandlers,
    context: { io, push },
    onError,
    ledger,
  });
  const { transaction: transact } = createOutbox({
    db,
    repo: events,
    // Every committed event goes to its room at once when its stream's previous one went out
    // here (so a receipt does not send the next message of that stream the slow way); the
    // dispatcher does the rest and catches up.
    committed: (committedEvents) => {
      pushCommitted(io, ledger, committedEvents);
      dispatcher.kick();
    },
    killAfterCommit: config.faultKillAfterCommit,
  });

  const publicConfig: PublicConfig = {
    productName: config.productName,
    passwordAuth: config.passwordAuth,
    devSignIn: config.devSignIn,
    contacts: config.contacts,
  };
  app.get('/api/health', async () => ({ ok: true }));
  if (config.metricsToken) {
    const expected = Buffer.from(`Bearer ${config.metricsToken}`);
    // Operators only: without the token it answers as a route that does not exist.
    app.get('/metrics', async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new NotFoundError();
      }
      return reply.type(metrics.contentType).send(await metrics.text());
    });
  }
  app.get('/api/config', async () => publicConfig);

  const moderationRepo = createModerationRepository(db);
  const auth = createAuthService({
    db,
    findMe: (userId) => users.findMe(userId),
    isBanned: (keys) => moderationRepo.isBanned(keys),
    sessions,
    oidc: createOidcClient(provider),
    transact,
    publicUrl: config.publicUrl,
  });
  // The friend graph engine, loaded before the server listens; trust follows its writes.
  const graph = createGraph({
    db,
    transact,
    databaseUrl: config.databaseUrl,
    redis,
    onError,
    pollMs: deps.graphPollMs,
  });
  await graph.start();
  const accountRepo = createAccountRepository(db);
  const chatsRepo = createChatsRepository(db);
  const moderation = createModerationService({
    repo: moderationRepo,
    graph,
    sessions: {
      liveOf: (userId, trx) => sessions.liveOf(userId, trx),
      changed: (tokenHash) => sessions.revoked(tokenHash),
    },
    others: async (trx, person) => ({
      friends: (await accountRepo.friendsOf(trx, person.seq)).map((friend) => friend.id),
      chats: (await chatsRepo.chatsOf(person.id, { withUnread: false }, trx))
        .filter((chat) => chat.otherId !== DELETED_USER_ID)
        .map((chat) => ({ chatId: chat.id, otherId: chat.otherId })),
    }),
    // Content removed by moderation (the photos and profile services are made further down).
    removeContent: (trx, emit, userId, what) =>
      what === 'photo'
        ? photos.removeCurrent(trx, emit, userId)
        : profile.clearBio(trx, emit, userId),
  });
  const cases = createCasesService({
    repo: createCasesRepository(db),
    moderation,
    graph,
    urlFor: (key) => storage.urlFor(key),
    eraseFiles: (files) => photos.eraseFiles(files),
  });
  registerStandingRoutes(app, moderation);
  const staff = createStaffService({
    repo: createStaffRepository(db),
    rp: { name: config.productName, origin: config.origin, id: new URL(config.publicUrl).hostname },
    configuredAdmins: config.staffAdmins,
    audit: (trx, row) => moderation.audit(trx, row),
    transact: (work) => db.transaction().execute(work),
  });
  registerStaffRoutes(app, {
    staff,
    moderation,
    cases,
    nameOf: async (userId) => (await users.findRef(userId))?.name ?? null,
  });
  registerAuthRoutes(app, {
    auth,
    jar,
    limits,
    secureCookies: config.secureCookies,
    passwordAuth: config.passwordAuth,
    deviceKey: Buffer.from(
      (await storedAppKey(db, 'device-cookie', () => ({ secret: randomToken(32) }))).secret,
      'base64url',
    ),
    standing: {
      of: (userId) => moderation.standing(userId),
      warning: (userId) => moderation.warning(userId),
    },
  });
  const trust = createTrustService({
    graph,
    repo: createTrustRepository(db),
    transact,
    onError,
  });
  graph.onWritten((touched, changeIds) => trust.enqueue(touched, changeIds));
  await trust.reconcile();
  trust.start();

  const prepared = createPrepared(db, config.databaseUrl, lostConnection);
  if (prepared.pool) pools.push(prepared.pool);
  const people = createNetworkRepository(db, prepared.run);
  const requestsRepo = createRequestsRepository(db);
  const findUser = (userId: string, trx?: Trx) => users.findRef(userId, trx);
  const cache = createPeopleCache(people);
  graph.onUserChanged((seq) => cache.forget(seq));
  // A friendship change moves favorites (they end with it) and pending requests (an accepted or
  // blocked one): both ends' cached counts go, on every instance.
  graph.onChange((change) => {
    cache.forgetCounts(change.a);
    if (change.kind !== 'delete' && change.kind !== 'user') cache.forgetCounts(change.b);
  });
  // Requests and favorites are not graph changes: they announce count changes themselves.
  const countsChannel = `${config.redisPrefix}:counts`;
  const countsChanged = (seqs: number[]) => {
    for (const seq of seqs) cache.forgetCounts(seq);
    void redis?.pub.publish(countsChannel, seqs.join(',')).catch(onError);
  };
  await redis?.sub.subscribe(countsChannel, (message) => {
    for (const seq of message.split(',')) cache.forgetCounts(Number(seq));
  });
  /**
   * A user's name, photo or discover facts changed: every instance's index re-reads them. Resolves
   * once this instance's index has (never rejects: a failure is logged, the poll catches up).
   */
  const userChanged = (userId: string): Promise<void> =>
    cache
      .seqOf(userId)
      .then((seq) =>
        seq === undefined ? undefined : graph.write(async (_trx, record) => record('user', seq)),
      )
      .catch(onError);
  const access = createAccess(createAccessRepository(db));
  // Another instance's settings write reaches this one as a 'user' change of the person.
  graph.onUserChanged(() => settingsReader.forgetAll());
  registerSettingsRoutes(
    app,
    createSettingsService({
      repo: settingsRepo,
      reader: settingsReader,
      transact,
      changed: userChanged,
    }),
  );

  const profile = createProfileService({
    users,
    profiles: createProfileRepository(db),
    storage,
    transact,
    changed: userChanged,
  });
  registerUsersRoutes(app, { profile });
  registerOnboardingRoutes(app, profile);
  registerNetworkRoutes(app, createNetworkService({ graph, people: cache, repo: people }));
  const places = createPlacesService({
    repo: createPlacesRepository(db),
    catalog: cityCatalog,
    transact,
    changed: userChanged,
  });
  registerPlacesRoutes(app, places);
  registerPeopleRoutes(
    app,
    createPeopleService({ graph, repo: createPeopleRepository(prepared.run), storage }),
  );
  const chat = createChatService({
    repo: createChatRepository(db, prepared.run),
    access,
    transact,
    findUser,
    log: (message, err) => app.log.warn({ err }, message),
    committed: (committedEvents) => {
      // The group-committed send commits outside the outbox: the crash test's fault applies here.
      if (config.faultKillAfterCommit === 'message.created') process.kill(process.pid, 'SIGKILL');
      pushCommitted(io, ledger, committedEvents);
      dispatcher.kick();
    },
  });
  registerChatRoutes(app, chat);
  registerChatSocket(io, { chat, limits, presence, hidesOnline });
  const discoverRepo = createDiscoverRepository(prepared.run);
  const cards = createCardCache(discoverRepo);
  graph.onUserChanged((seq) => cards.forget(seq));
  const discover = createDiscoverService({ graph, people: cache, repo: discoverRepo, cards });
  const matches = createMatchesService({
    repo: createMatchesRepository(db),
    access,
    chat,
    transact,
    findUser,
    isCandidate: (viewerSeq, targetSeq) => discover.isCandidate(viewerSeq, targetSeq),
  });
  registerMatchesRoutes(app, { matches, limits });
  registerDiscoverRoutes(app, discover);
  registerRelationsRoutes(app, {
    relations: createRelationsService({
      graph,
      repo: createRelationsRepository(db),
      access,
      findUser,
      cancelOpenRequestsBetween: (trx, a, b) => requestsRepo.cancelOpenRequestsBetween(trx, a, b),
      pendingIncoming: (userId, trx) => requestsRepo.pendingIncoming(userId, trx),
      countsChanged,
      endMatch: (trx, emit, blocker, blocked) => matches.endForBlock(trx, emit, blocker, blocked),
      fileReport: (trx, record, report) => cases.file(trx, record, report),
    }),
    limits,
    reportsBy: (userId) => cases.mine(userId),
    keepEvidence: (reportId, reporterId, reportedId, messageIds) =>
      chat.keepEvidence(reportId, reporterId, reportedId, messageIds),
  });
  // The developer page and its checks: open in development, or to staff accounts.
  const devAccess = {
    isStaff: (userId: string) => users.isStaff(userId),
    devTools: config.env !== 'production',
  };
  registerTrustRoutes(app, { trust, limits, seqOf: (userId) => cache.seqOf(userId), ...devAccess });
  registerDevRoutes(app, devAccess);
  const requests = createRequestsService({
    requests: requestsRepo,
    findUser,
    graph,
    access,
    transact,
    limits,
    countsChanged,
  });
  registerRequestsRoutes(app, requests);
  registerInvitationsRoutes(app, {
    invitations: createInvitationsService({
      invitations: createInvitationsRepository(db),
      requests,
      access,
      publicUrl: config.publicUrl,
      productName: config.productName,
      standing: async (userId) => {
        const seq = await cache.seqOf(userId);
        if (seq === undefined) return { friends: 0, trust: 0 };
        return { friends: graph.friendCount(seq), trust: graph.trust(seq) };
      },
      viewer: async (userId) => {
        const seq = await cache.seqOf(userId);
        return seq === undefined ? null : { id: userId, seq };
      },
    }),
    limits,
  });
  const photos = createPhotosService({
    db,
    storage,
    processor: createPhotoProcessor({ concurrency: config.photoConcurrency }),
    transact,
    changed: (userId) => void userChanged(userId),
    log: (message, err) => app.log.error({ err }, message),
  });
  registerPhotosRoutes(app, { photos, limits });
  const account = createAccountService({
    repo: accountRepo,
    graph,
    endSessionsWithin: auth.endSessionsWithin,
    storage,
    settings: (userId) => settingsRepo.get(userId),
    pendingIncoming: (userId, trx) => requestsRepo.pendingIncoming(userId, trx),
    countsChanged,
    eraseFiles: (files) => photos.eraseFiles(files),
    onError,
  });
  registerAccountRoutes(app, { account, jar });
  registerPushRoutes(app, push);
  registerMediaRoutes(app, storage);
  await registerWeb(app, config.webDist, jar.isCarriedBy);

  const jobs = createJobRunner(db, {
    handlers: {
      [PHOTO_CLEANUP_JOB]: (payload) => photos.cleanupReplacedPhoto(payload),
      [PUSH_SEND_JOB]: async (payload) => void (await push.send(payload)),
      [SUSPENSION_END_JOB]: (payload) => moderation.endSuspension(payload),
      [MATCH_LOCATIONS_JOB]: async () => void (await places.matchLocations()),
    },
    log: (message, err) => app.log.warn({ err }, message),
  });
  jobs.start();
  dispatcher.start();

  metrics.gauge(
    'sockets',
    'Socket.IO connections open on this instance',
    () => io.of('/').sockets.size,
  );
  metrics.gauge('event_outbox_lag_seconds', 'Age of the oldest undispatched event', () =>
    events.outboxLagSeconds(),
  );
  metrics.gauge('jobs_queued', 'Jobs waiting or running', async () => (await jobs.depth()).queued);
  metrics.gauge(
    'jobs_failed',
    'Jobs that failed for good',
    async () => (await jobs.depth()).failed,
  );
  metrics.gauge('db_pool_connections', 'PostgreSQL connections open (both pools)', () =>
    pools.reduce((n, p) => n + p.totalCount, 0),
  );
  metrics.gauge('db_pool_waiting', 'Queries waiting for a PostgreSQL connection', () =>
    pools.reduce((n, p) => n + p.waitingCount, 0),
  );
  metrics.gauge('graph_people', 'People in the graph index', () => graph.stats().people);
  metrics.gauge('graph_edges', 'Friendships in the graph index', () => graph.stats().edges);
  metrics.gauge('graph_bytes', 'Memory of the graph index', () => graph.stats().bytes);
  metrics.gauge(
    'graph_version',
    'Last graph change applied to the index',
    () => graph.stats().version,
  );
  metrics.gauge(
    'graph_last_load_seconds',
    'Duration of the last full index load',
    () => graph.stats().lastLoadMs / 1000,
  );

  // Hourly housekeeping: expired sessions, the accounts the policy deletes (never verified,
  // inactive for 90 days), and reports decided more than a year ago with their evidence.
  const prune = setInterval(
    () => {
      void sessions
        .pruneExpired()
        .catch((err: unknown) => report('sessions')(err, 'expired sessions prune failed'));
      void account.sweepInactiveUnverified().catch(onError);
      void cases.sweepExpiredEvidence().catch(onError);
    },
    60 * 60 * 1000,
  );
  prune.unref();

  let closed = false;
  async function close() {
    if (closed) return;
    closed = true;
    draining = true;
    clearInterval(prune);
    await jobs.stop();
    await dispatcher.stop();
    // Drain: sockets get a clean close, in-flight requests finish, then the pools close.
    // A connection that never completes a request (a client gone mid-upload) would hold the
    // drain for the whole keep-alive timeout (72 s), so after a grace period it is cut.
    const cut = setTimeout(() => app.server.closeAllConnections(), 5000);
    cut.unref();
    await io.close().catch(() => undefined);
    httpClosing = true;
    await app.close();
    clearTimeout(cut);
    await trust.stop();
    await graph.stop();
    await prepared.close();
    await sessions.close();
    await redis?.close();
    storage.close();
    if (!deps.db) await db.destroy();
  }

  async function reloadGraph() {
    await graph.reload();
    await trust.reconcile();
  }

  return {
    app,
    db,
    storage,
    io,
    graph,
    trust,
    dispatcher,
    transact,
    jobs,
    account,
    moderation,
    cases,
    config,
    reloadGraph,
    close,
  };
}
