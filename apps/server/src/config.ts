import net from 'node:net';
import path from 'node:path';
import * as z from 'zod/mini';
import {
  DEFAULT_LEGAL_CONTACTS,
  legalContacts,
  PRODUCT_NAME,
  serverEvents,
  type LegalContacts,
  type ServerEventName,
} from '@heartline/domain';
// zod's English messages, for the checks below that carry no message of their own.
import './lib/validate.ts';

const bool = z.optional(
  z.pipe(
    z.enum(['true', 'false', '1', '0']),
    z.transform((v) => v === 'true' || v === '1'),
  ),
);

/**
 * Which peers may set X-Forwarded-For/-Host/-Proto: Fastify's `trustProxy`. `false` trusts
 * nobody (the socket address is the client); a list trusts those addresses and ranges; a
 * function (from a hop count) trusts that many hops from the socket inwards.
 */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** Named ranges proxy-addr (Fastify's parser) understands besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const kind = net.isIP(address);
  if (!kind || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (kind === 4 ? 32 : 128);
}

const trustProxy = z.pipe(
  z.optional(z.string()),
  z.transform((raw: string | undefined, ctx): TrustProxy => {
    const value = (raw ?? '').trim();
    if (value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      // Fastify reads a bare number as "trust nobody", so the hop count becomes a function.
      return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length) {
      ctx.issues.push({
        code: 'custom',
        input: raw,
        message:
          'TRUST_PROXY must be true, false, a hop count or a comma-separated list of addresses ' +
          `and CIDR ranges (such as 10.0.0.1,10.1.0.0/16); not ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  }),
);

const contactEmail = (name: string, fallback: string) =>
  z._default(
    z.email({ message: `${name} must be an e-mail address such as ${fallback}` }),
    fallback,
  );

const envSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'development'),
  HOST: z._default(z.string(), '127.0.0.1'),
  PORT: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(65535)), 3000),
  TRUST_PROXY: trustProxy,
  PUBLIC_URL: z.optional(
    z.url({ message: 'PUBLIC_URL must be an absolute URL such as https://heartline.app' }),
  ),
  DATA_DIR: z._default(z.string(), 'data'),
  DATABASE_URL: z.optional(
    z
      .string()
      .check(
        z.regex(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must start with postgres://' }),
      ),
  ),
  REDIS_URL: z.optional(
    z.string().check(z.regex(/^rediss?:\/\//, { message: 'REDIS_URL must start with redis://' })),
  ),
  REDIS_PREFIX: z._default(z.string(), 'heartline'),
  GOOGLE_CLIENT_ID: z.optional(z.string().check(z.minLength(1))),
  GOOGLE_CLIENT_SECRET: z.optional(z.string().check(z.minLength(1))),
  PASSWORD_AUTH: bool,
  SESSION_IDLE_DAYS: z._default(z.coerce.number().check(z.positive()), 14),
  SESSION_ABSOLUTE_DAYS: z._default(z.coerce.number().check(z.positive()), 60),
  PRODUCT_NAME: z._default(z.string().check(z.minLength(1)), PRODUCT_NAME),
  CONTACT_EMAIL: contactEmail('CONTACT_EMAIL', DEFAULT_LEGAL_CONTACTS.general),
  LEGAL_EMAIL: contactEmail('LEGAL_EMAIL', DEFAULT_LEGAL_CONTACTS.legal),
  PRIVACY_EMAIL: contactEmail('PRIVACY_EMAIL', DEFAULT_LEGAL_CONTACTS.privacy),
  SEED_ON_EMPTY: bool,
  SEED_USERS: z._default(
    z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1_000_000)),
    3000,
  ),
  LOG_LEVEL: z._default(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    'info',
  ),
  /** Opens GET /metrics to a scraper presenting it as a bearer token; unset, there is none. */
  /** E-mail addresses (comma-separated) of provider accounts that are admins from the start. */
  STAFF_ADMINS: z._default(z.string(), ''),
  METRICS_TOKEN: z.optional(
    z.string().check(z.minLength(32, 'METRICS_TOKEN must be at least 32 characters')),
  ),
  WEB_DIST: z.optional(z.string()),
  PHOTO_CONCURRENCY: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(64))),
  RATE_LIMIT_SCALE: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)),
    1,
  ),
  FAULT_KILL_AFTER_COMMIT: z.optional(
    z.enum(Object.keys(serverEvents) as [ServerEventName, ...ServerEventName[]]),
  ),
});

const httpUrl = (name: string, example: string) =>
  z.optional(
    z.pipe(
      z.url({
        protocol: /^https?$/,
        message: `${name} must be an absolute URL such as ${example}`,
      }),
      z.transform((v) => v.replace(/\/+$/, '')),
    ),
  );

const s3EnvSchema = z.object({
  S3_BUCKET: z.optional(z.string().check(z.minLength(1))),
  S3_REGION: z._default(z.string().check(z.minLength(1)), 'us-east-1'),
  S3_ENDPOINT: httpUrl('S3_ENDPOINT', 'https://s3.eu-central-003.example.com'),
  S3_ACCESS_KEY_ID: z.optional(z.string().check(z.minLength(1))),
  S3_SECRET_ACCESS_KEY: z.optional(z.string().check(z.minLength(1))),
  S3_PUBLIC_URL: httpUrl('S3_PUBLIC_URL', 'https://media.heartline.app'),
  S3_PREFIX: z.optional(
    z.pipe(
      z.string().check(
        z.regex(/^[\w.\-/]*$/, {
          message: 'S3_PREFIX may hold letters, digits, . _ - and / only',
        }),
      ),
      z.transform((v) => v.replace(/^\/+|\/+$/g, '')),
    ),
  ),
});

/** Object storage for media; without it media live in `<dataDir>/media`. */
export type S3Config = {
  bucket: string;
  region: string;
  /** An S3-compatible service; unset: AWS itself. */
  endpoint: string | undefined;
  /** Unset: the SDK's default credential chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where browsers load objects from (bucket website, CDN); unset: the server proxies them. */
  publicUrl: string | undefined;
  /** Folder inside the bucket, without slashes at either end; '' for the bucket root. */
  prefix: string;
};

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Proxies whose X-Forwarded-* headers are believed (TRUST_PROXY); by default none. */
  trustProxy: TrustProxy;
  publicUrl: string;
  origin: string;
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  google: { clientId: string; clientSecret: string } | undefined;
  devSignIn: boolean;
  passwordAuth: boolean;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  productName: string;
  /** The addresses the legal texts show (general, legal, privacy and regional privacy). */
  contacts: LegalContacts;
  seedOnEmpty: boolean;
  seedUsers: number;
  logLevel: string;
  /** The bearer token of GET /metrics (undefined: the route does not exist). */
  metricsToken: string | undefined;
  /** STAFF_ADMINS: provider e-mails, lower case, that hold the admin role (issue 47). */
  staffAdmins: string[];
  webDist: string | undefined;
  /** Photo uploads processed at once; unset: one per core. */
  photoConcurrency: number | undefined;
  /**
   * Every rate limit's budget times this (load, fault and browser tests, where one address
   * stands for many people; 1 in real use).
   */
  rateLimitScale: number;
  s3: S3Config | undefined;
  /** Fault injection for the outbox crash test; refused in production. */
  faultKillAfterCommit: ServerEventName | undefined;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DAY = 24 * 60 * 60 * 1000;

function parseEnv<T extends z.ZodMiniType>(schema: T, env: NodeJS.ProcessEnv): z.output<T> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * The S3 part of the configuration on its own, for tools such as the seed runner that store
 * media but do not run the server.
 */
export function loadS3Config(env: NodeJS.ProcessEnv = process.env): S3Config | undefined {
  const e = parseEnv(s3EnvSchema, env);
  if (!e.S3_BUCKET) {
    const stray = Object.keys(s3EnvSchema.shape).filter((name) => env[name] !== undefined);
    if (stray.length) {
      throw new ConfigError(
        `Invalid configuration:\n  S3_BUCKET must be set to use ${stray.join(', ')}`,
      );
    }
    return undefined;
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl: e.S3_PUBLIC_URL,
    prefix: e.S3_PREFIX ?? '',
  };
}

/** Reads and validates the environment once; a bad value stops start-up with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(envSchema, env);
  const s3 = loadS3Config(env);
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  const google =
    e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
      : undefined;
  if (e.NODE_ENV === 'production' && !google) {
    throw new ConfigError(
      'Invalid configuration:\n  production needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
    );
  }
  if (e.NODE_ENV === 'production' && e.FAULT_KILL_AFTER_COMMIT) {
    throw new ConfigError('Invalid configuration:\n  FAULT_KILL_AFTER_COMMIT is for tests only');
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration:\n  production needs PUBLIC_URL');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const config: Config = {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    trustProxy: e.TRUST_PROXY,
    publicUrl,
    origin: new URL(publicUrl).origin,
    secureCookies: publicUrl.startsWith('https://'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    google,
    devSignIn: !google && e.NODE_ENV !== 'production',
    passwordAuth: e.PASSWORD_AUTH ?? false,
    sessionIdleMs: e.SESSION_IDLE_DAYS * DAY,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_DAYS * DAY,
    productName: e.PRODUCT_NAME,
    contacts: legalContacts({
      general: e.CONTACT_EMAIL,
      legal: e.LEGAL_EMAIL,
      privacy: e.PRIVACY_EMAIL,
    }),
    seedOnEmpty: e.SEED_ON_EMPTY ?? e.NODE_ENV !== 'test',
    seedUsers: e.SEED_USERS,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    staffAdmins: e.STAFF_ADMINS.split(',')
      .map((address) => address.trim().toLowerCase())
      .filter((address) => address !== ''),
    webDist: e.WEB_DIST,
    photoConcurrency: e.PHOTO_CONCURRENCY,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    s3,
    faultKillAfterCommit: e.FAULT_KILL_AFTER_COMMIT,
  };
  return config;
}
