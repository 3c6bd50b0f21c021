import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';
import { RateLimitError } from '../lib/errors.ts';

/** A named limit: `points` requests per `durationSec`, with the message shown when exceeded. */
export type RateLimitRule = {
  name: string;
  points: number;
  durationSec: number;
  message: (retryAfterSeconds: number) => string;
};

/** A rule from one of the domain's limits (`{ points, windowMs }`) and its message. */
export function limitRule(
  name: string,
  limit: { readonly points: number; readonly windowMs: number },
  message: RateLimitRule['message'],
): RateLimitRule {
  return { name, points: limit.points, durationSec: limit.windowMs / 1000, message };
}

/**
 * Rate limits shared by every route that needs one. Counters live in Redis when it is
 * configured (so all instances share them), else in this process.
 */
export class RateLimits {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(
    private readonly redis: RedisClientType | undefined,
    private readonly prefix: string,
    /** Multiplies every budget: load and fault tests that drive one user hard (config). */
    private readonly scale = 1,
  ) {}

  private limiter(rule: RateLimitRule): RateLimiterAbstract {
    let limiter = this.limiters.get(rule.name);
    if (!limiter) {
      const opts = {
        points: rule.points * this.scale,
        duration: rule.durationSec,
        keyPrefix: `${this.prefix}:rl:${rule.name}`,
      };
      // With Redis down, this instance counts on its own until it is back (issue 45): each
      // instance then allows the budget, rather than every request waiting on Redis or failing.
      // Also when it stopped answering: the client (RedisClients.limiterClient) rejects past the
      // deadline and then reads as not ready for a while.
      limiter = this.redis
        ? new RateLimiterRedis({
            ...opts,
            storeClient: this.redis,
            useRedisPackage: true,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(opts),
          })
        : new RateLimiterMemory(opts);
      this.limiters.set(rule.name, limiter);
    }
    return limiter;
  }

  /** Counts one request for `key`; throws a 429 RateLimitError once the rule is exhausted. */
  async consume(rule: RateLimitRule, key: string): Promise<void> {
    try {
      await this.limiter(rule).consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        const retry = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
        throw new RateLimitError(rule.message(retry), retry);
      }
      throw err;
    }
  }

  /**
   * Counts one request against each of `limits` in turn; when one refuses, the points already
   * counted for this request are given back (`refund`) before the 429, so a refused request
   * spends none of the other limits (issue 45 review).
   */
  async consumeAll(limits: readonly (readonly [RateLimitRule, string])[]): Promise<void> {
    const taken: (readonly [RateLimitRule, string])[] = [];
    try {
      for (const limit of limits) {
        await this.consume(...limit);
        taken.push(limit);
      }
    } catch (err) {
      for (const limit of taken) await this.refund(...limit);
      throw err;
    }
  }

  /**
   * Gives back the point `consume` counted for `key`: with it, a rule counts only what failed
   * (a wrong password, issue 45). Counted first and given back after, so requests sent side by
   * side cannot all pass before any is counted.
   */
  async refund(rule: RateLimitRule, key: string): Promise<void> {
    await this.limiter(rule).reward(key, 1);
  }

  async reset(rule: RateLimitRule, key: string): Promise<void> {
    await this.limiter(rule).delete(key);
  }

  /** A preHandler for a route: counts by the key the function derives from the request. */
  hook(rule: RateLimitRule, key: (request: FastifyRequest) => string | null) {
    return async (request: FastifyRequest) => {
      const k = key(request);
      if (k) await this.consume(rule, k);
    };
  }
}

/** Per-user budgets by route, keyed `METHOD /path` as the route is registered. */
export type RouteBudgets = Readonly<Record<string, RateLimitRule>>;

/**
 * Counts every signed-in call of the listed routes against its rule, per user: a preHandler is
 * added to each as it is registered (a HEAD twin counts as its GET), before the handler, so a
 * refused call does no work. Calls without a session are left to the route's own 401. Call it
 * before the routes are registered; the app does not start if a listed route never was, so a
 * renamed route cannot lose its budget silently.
 */
export function limitRoutesPerUser(
  app: FastifyInstance,
  limits: RateLimits,
  budgets: RouteBudgets,
): void {
  const applied = new Set<string>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const key = methods
      .map((method) => `${method === 'HEAD' ? 'GET' : method} ${route.url}`)
      .find((k) => budgets[k]);
    if (!key) return;
    applied.add(key);
    const hook = limits.hook(budgets[key]!, (request) => request.session?.userId ?? null);
    const existing = route.preHandler;
    route.preHandler = existing
      ? [...(Array.isArray(existing) ? existing : [existing]), hook]
      : [hook];
  });
  app.addHook('onReady', async () => {
    const missing = Object.keys(budgets).filter((key) => !applied.has(key));
    if (missing.length)
      throw new Error(`Rate-limited routes not registered: ${missing.join(', ')}`);
  });
}

/**
 * The key of a client address for per-address limits. IPv4 as it is; IPv6 by its /64, the
 * block one subscriber normally holds (counting single IPv6 addresses would give one host
 * 2^64 buckets); an IPv4-mapped address as its IPv4. Parsed by ipaddr.js; what does not parse
 * is its own key.
 */
export function clientKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}
