import { createClient, type RedisClientType } from 'redis';

/**
 * How long a Redis command may take before it fails (issue 45: with Redis down every request
 * that touched it hung 5 s, then answered 500). Rate limits fall back to this instance's own
 * counters, presence reads as offline, a sign-out announcement is sent again: nothing waits.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 200;
/** The longest pause between two reconnection attempts. */
const RECONNECT_MAX_MS = 2_000;

export type RedisClients = {
  pub: RedisClientType;
  sub: RedisClientType;
  prefix: string;
  /**
   * `pub` as the Socket.IO adapter sees it: a publish that fails is logged, never a rejection
   * left unhandled (the adapter does not catch its own, and an emit during an outage or a
   * shutdown would otherwise end the process, issue 45).
   */
  adapterPub: RedisClientType;
  /** Called when the subscriber is back after an outage: what it missed meanwhile is lost. */
  onResubscribed: (listener: () => void) => void;
};

export type RedisLog = {
  warn: (fields: Record<string, unknown>, message: string) => void;
  info: (message: string) => void;
};

/**
 * The two Redis connections (commands and publishing; subscriptions), failing fast: no offline
 * queue, a timeout on every command, reconnection with backoff. Errors are logged once per
 * outage with the reason, and the end of the outage once.
 */
export async function connectRedis(url: string, prefix: string, log: RedisLog) {
  const options = {
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: REDIS_COMMAND_TIMEOUT_MS },
    // A connection that went quiet without closing (a half-open socket) is found and replaced.
    pingInterval: 5_000,
    socket: {
      connectTimeout: 2_000,
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, RECONNECT_MAX_MS),
    },
  };
  const pub: RedisClientType = createClient(options);
  const sub: RedisClientType = createClient(options);
  const resubscribed: (() => void)[] = [];
  for (const [name, client] of [
    ['commands', pub],
    ['subscriptions', sub],
  ] as const) {
    let down = false;
    client.on('error', (err: unknown) => {
      if (down) return;
      down = true;
      log.warn({ err, connection: name }, 'Redis unavailable: working without it until it is back');
    });
    client.on('ready', () => {
      if (!down) return;
      down = false;
      log.info(`Redis back (${name})`);
      if (client === sub) for (const listener of resubscribed) listener();
    });
  }
  await Promise.all([pub.connect(), sub.connect()]);
  const adapterPub = new Proxy(pub, {
    get(target, property, receiver) {
      if (property === 'publish') {
        return (...args: Parameters<RedisClientType['publish']>) =>
          target.publish(...args).catch((err: unknown) => {
            log.warn({ err }, 'a realtime event was not published to the other instances');
            return 0;
          });
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
  return {
    pub,
    sub,
    prefix,
    adapterPub,
    onResubscribed: (listener: () => void) => void resubscribed.push(listener),
  } satisfies RedisClients;
}

/** How often an announcement Redis refused is offered again. */
const ANNOUNCE_RETRY_MS = 500;

/**
 * Publishes `message` on `channel`, and while Redis refuses it or no subscriber takes it, again
 * every half second until one does or `forMs` has passed (by then every instance's cached copy has expired: the
 * sessions service keeps one a minute). Resolves after the first attempt; the retries run in
 * the background. An instance whose subscription was down meanwhile drops its whole cache when
 * it is back (`onResubscribed`), so a sign-out reaches every instance (issue 45).
 */
export async function announceUntilSent(
  redis: Pick<RedisClients, 'pub'>,
  channel: string,
  message: string,
  log: Pick<RedisLog, 'warn'>,
  forMs = 60_000,
): Promise<void> {
  const until = Date.now() + forMs;
  // Taken by nobody (not even this instance's own subscription, back a moment later than the
  // commands after an outage): offered again too.
  const attempt = () =>
    redis.pub.publish(channel, message).then(
      (receivers) => receivers > 0,
      () => false,
    );
  if (await attempt()) return;
  log.warn({ channel }, 'Redis refused an announcement: trying again until it is taken');
  const again = () => {
    const timer = setTimeout(() => {
      void attempt().then((sent) => {
        if (!sent && Date.now() < until) again();
      });
    }, ANNOUNCE_RETRY_MS);
    timer.unref();
  };
  again();
}
