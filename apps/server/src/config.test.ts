import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('runs on embedded defaults with nothing set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      devSignIn: true,
      secureCookies: false,
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.google).toBeUndefined();
    expect(c.s3).toBeUndefined();
  });

  it('uses the Google client and no dev provider when one is configured', () => {
    const c = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(c.devSignIn).toBe(false);
    expect(c.google).toEqual({ clientId: 'id', clientSecret: 'secret' });
  });

  it('makes cookies Secure behind https', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://heartline.example/' })).toMatchObject({
      secureCookies: true,
      origin: 'https://heartline.example',
    });
  });

  it('keeps media in a bucket when S3_BUCKET is set, with the SDK credential chain by default', () => {
    expect(loadConfig({ S3_BUCKET: 'media' }).s3).toEqual({
      bucket: 'media',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      publicUrl: undefined,
      prefix: '',
    });
  });

  it('reads an S3-compatible service with its keys, public address and prefix', () => {
    const c = loadConfig({
      S3_BUCKET: 'media',
      S3_REGION: 'eu-central-1',
      S3_ENDPOINT: 'https://s3.example.test/',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.example.test/media/',
      S3_PREFIX: '/photos/',
    });
    expect(c.s3).toEqual({
      bucket: 'media',
      region: 'eu-central-1',
      endpoint: 'https://s3.example.test',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      publicUrl: 'https://cdn.example.test/media',
      prefix: 'photos',
    });
  });

  it('has contact addresses for the legal texts, with regional privacy addresses derived', () => {
    expect(loadConfig({}).contacts).toEqual({
      general: 'hello@heartline.app',
      legal: 'legal@heartline.app',
      privacy: 'privacy@heartline.app',
      regional: {
        us: 'privacy-us@heartline.app',
        uk: 'privacy-uk@heartline.app',
        in: 'privacy-in@heartline.app',
        il: 'privacy-il@heartline.app',
      },
    });
    const c = loadConfig({
      CONTACT_EMAIL: 'team@example.test',
      LEGAL_EMAIL: 'law@example.test',
      PRIVACY_EMAIL: 'dpo@privacy.example.test',
    });
    expect(c.contacts).toMatchObject({
      general: 'team@example.test',
      legal: 'law@example.test',
      privacy: 'dpo@privacy.example.test',
      regional: { uk: 'dpo-uk@privacy.example.test', il: 'dpo-il@privacy.example.test' },
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres://'],
    [{ GOOGLE_CLIENT_ID: 'only-id' }, 'must be set together'],
    [
      { NODE_ENV: 'production', PUBLIC_URL: 'https://x.example' },
      'production needs GOOGLE_CLIENT_ID',
    ],
    [{ PASSWORD_AUTH: 'maybe' }, 'PASSWORD_AUTH'],
    [{ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' }, 'must be set together'],
    [{ S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'secret' }, 'must be set together'],
    [{ S3_ENDPOINT: 'https://s3.example.test' }, 'S3_BUCKET must be set to use S3_ENDPOINT'],
    [{ S3_BUCKET: 'media', S3_ENDPOINT: 's3.example.test' }, 'S3_ENDPOINT must be an absolute URL'],
    [{ S3_BUCKET: 'media', S3_PUBLIC_URL: 'ftp://x.example' }, 'S3_PUBLIC_URL must be'],
    [{ S3_BUCKET: 'media', S3_PREFIX: 'a b' }, 'S3_PREFIX'],
    [{ PRIVACY_EMAIL: 'privacy' }, 'PRIVACY_EMAIL must be an e-mail address'],
  ])('refuses %o with a clear message', (env, text) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(text);
  });
});
