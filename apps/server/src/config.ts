import path from 'node:path';
import { z } from 'zod';
import { PRODUCT_NAME } from '@heartline/domain';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z
    .url({ message: 'PUBLIC_URL must be an absolute URL such as https://heartline.app' })
    .optional(),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must start with postgres://' })
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { message: 'REDIS_URL must start with redis://' })
    .optional(),
  REDIS_PREFIX: z.string().default('heartline'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  PASSWORD_AUTH: bool,
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(14),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(60),
  PRODUCT_NAME: z.string().min(1).default(PRODUCT_NAME),
  SEED_ON_EMPTY: bool,
  SEED_USERS: z.coerce.number().int().min(0).max(1_000_000).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  PHOTO_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
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
  seedOnEmpty: boolean;
  seedUsers: number;
  logLevel: string;
  webDist: string | undefined;
  /** Photo uploads processed at once; unset: one per core. */
  photoConcurrency: number | undefined;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DAY = 24 * 60 * 60 * 1000;

/** Reads and validates the environment once; a bad value stops start-up with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
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
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration:\n  production needs PUBLIC_URL');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const config: Config = {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
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
    seedOnEmpty: e.SEED_ON_EMPTY ?? e.NODE_ENV !== 'test',
    seedUsers: e.SEED_USERS,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    photoConcurrency: e.PHOTO_CONCURRENCY,
  };
  return config;
}
