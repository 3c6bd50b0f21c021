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

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres://'],
    [{ GOOGLE_CLIENT_ID: 'only-id' }, 'must be set together'],
    [
      { NODE_ENV: 'production', PUBLIC_URL: 'https://x.example' },
      'production needs GOOGLE_CLIENT_ID',
    ],
    [{ PASSWORD_AUTH: 'maybe' }, 'PASSWORD_AUTH'],
  ])('refuses %o with a clear message', (env, text) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(text);
  });
});
