import { createClient, type RedisClientType } from 'redis';

/**
 * How long a request may wait on Redis (issue 45: with Redis down every request that touched it
 * hung 5 s, then answered 500). Past it, rate limits count on this instance, presence reads as
 * offline, a sign-out announcement is offered again: nothing waits longer.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 200;
/** The longest pause between two reconnection attempts. */
const RECONNECT_MAX_MS = 2_000;
/** Commands waiting on a connection that stopped answering, before more are refused at once. */
const QUEUE_MAX = 10_000;
/** How long the rate limits' connection reads as down after it missed the deadline. */
const STALL_HOLD_MS = 5_000;

export class RedisDeadlineError extends Error {
  constructor() {
    super(`Redis did not answer within ${REDIS_COMMAND_TIMEOUT_MS} ms`);
  }
}

/**
 * `command`, or a RedisDeadlineError once REDIS_COMMAND_TIMEOUT_MS has passed. node-redis's own
 * command timeout only covers the wait to be written: a command sent on a connection that went
 * quiet (a partition, a paused server) waits until the kernel gives the socket up, minutes later.
 * The command itself goes on; its late answer is dropped.
 */
export function withDeadline<T>(command: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisDeadlineError()), REDIS_COMMAND_TIMEOUT_MS);
    timer.unref();
  });
  command.catch(() => undefined);
  return Promise.race([command, deadline]).finally(() => clearTimeout(timer));
}

export type RedisClients = {
  pub: RedisClientType;
  sub: RedisClientType;
  prefix: string;
  /**
   * `pub` and `sub` as the Socket.IO adapter sees them: a publish (or a closing unsubscribe)
   * that fails is logged, never a rejection left unhandled. The adapter catches none of its own,
   * so an emit during an outage, or during a shutdown after the client closed, ended the process
   * (issue 45's ClientClosedError).
   */
  adapterPub: RedisClientType;
  adapterSub: RedisClientType;
  /**
   * `pub` as the rate limits see it: each command answers within the deadline or rejects (the
   * limiter then counts on this instance), and once one missed it the client reads as not ready
   * for STALL_HOLD_MS, so the limits go to this instance's count at once rather than each wait
   * the deadline again: a sign-in asks several limits in a row (issue 45 review).
   */
  limiterClient: RedisClientType;
  /** Called when the subscriber is back after an outage: what it missed meanwhile is lost. */
  onResubscribed: (listener: () => void) => void;
  /** Closes both connections, at once when Redis is not there to say goodbye to. */
  close: () => Promise<void>;
};

export type RedisLog = {
  warn: (fields: Record<string, unknown>, message: string) => void;
  info: (message: string) => void;
  /** Every error a connection reports, counted (an outage is logged once, below). */
  count?: () => void;
};

/** `client` with `methods` turned into calls whose failure is logged and answered `fallback`. */
function forgiving(
  client: RedisClientType,
  methods: readonly string[],
  log: RedisLog,
): RedisClientType {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      const method = (value as (...a: unknown[]) => unknown).bind(target);
      if (typeof property !== 'string' || !methods.includes(property)) return method;
      return (...args: unknown[]) =>
        Promise.resolve(method(...args)).catch((err: unknown) => {
          log.warn({ err, command: property }, 'Redis refused a realtime command');
          return 0;
        });
    },
  });
}

/** `client` with every command bounded by the deadline and read as down for a while after one missed it. */
function deadlined(client: RedisClientType, log: RedisLog): RedisClientType {
  let stalledUntil = 0;
  const stalled = () => Date.now() < stalledUntil;
  const bounded = (command: Promise<unknown>) =>
    withDeadline(command).catch((err: unknown) => {
      if (err instanceof RedisDeadlineError) {
        if (!stalled()) {
          log.warn(
            { err, holdMs: STALL_HOLD_MS },
            'Redis stopped answering: rate limits count on this instance for a while',
          );
        }
        stalledUntil = Date.now() + STALL_HOLD_MS;
      }
      throw err;
    });
  // Commands, and `multi()`'s chain up to its `exec()`, go through the same wrapping.
  const wrap = <T extends object>(target: T): T => {
    const proxy: T = new Proxy(target, {
      get(t, property) {
        if (t === client && property === 'isReady') return client.isReady && !stalled();
        const value: unknown = Reflect.get(t, property);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const out: unknown = (value as (...a: unknown[]) => unknown).apply(t, args);
          if (out === t) return proxy;
          if (out instanceof Promise) return bounded(out);
          if (property === 'multi' && typeof out === 'object' && out !== null) return wrap(out);
          return out;
        };
      },
    });
    return proxy;
  };
  return wrap(client);
}

/**
 * The two Redis connections (commands and publishing; subscriptions), failing fast: no offline
 * queue, a bounded queue, reconnection with backoff. An outage is logged once with its reason,
 * and its end once. Request paths wait on a command no longer than `withDeadline` allows.
 */
export async function connectRedis(
  url: string,
  prefix: string,
  log: RedisLog,
): Promise<RedisClients> {
  const options = {
    url,
    disableOfflineQueue: true,
    commandsQueueMaxLength: QUEUE_MAX,
    commandOptions: { timeout: REDIS_COMMAND_TIMEOUT_MS },
    socket: {
      connectTimeout: 2_000,
      // The kernel's keepalive finds a peer that vanished without closing the connection.
      keepAlive: true,
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
      log.count?.();
      // An error on a connection that is still up (one failed command) is no outage.
      if (down || client.isReady) return;
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
  const closeOne = async (client: RedisClientType) => {
    if (client.isReady) await client.quit().catch(() => undefined);
    else client.destroy();
  };
  return {
    pub,
    sub,
    prefix,
    adapterPub: forgiving(pub, ['publish', 'sPublish'], log),
    adapterSub: forgiving(sub, ['unsubscribe', 'pUnsubscribe', 'sUnsubscribe'], log),
    limiterClient: deadlined(pub, log),
    onResubscribed: (listener) => void resubscribed.push(listener),
    close: async () => {
      await Promise.all([closeOne(pub), closeOne(sub)]);
    },
  };
}

/** How often an announcement Redis refused is offered again. */
const ANNOUNCE_RETRY_MS = 500;

/**
 * Publishes `message` on `channel`, and while Redis refuses it or no subscriber takes it, again
 * every half second until one does or `forMs` has passed (by then every instance's cached copy
 * has expired: the sessions service keeps one a minute). Resolves after the first attempt; the
 * retries run in the background. An instance whose subscription was down meanwhile drops its
 * whole cache when it is back (`onResubscribed`), so a sign-out reaches every instance (issue
 * 45). A subscriber that went quiet without its connection closing is not noticed here: its
 * instance's cache expires within the minute.
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
    withDeadline(redis.pub.publish(channel, message)).then(
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
