import { describe, expect, it } from 'vitest';
import { loggableUrl } from './request-log.ts';

describe('the request log', () => {
  it('never records the query of a sign-in path (OAuth code and state)', () => {
    expect(loggableUrl('/api/auth/callback?code=abc123&state=xyz&iss=http%3A%2F%2Fx')).toBe(
      '/api/auth/callback?[redacted]',
    );
    expect(loggableUrl('/oidc/auth?client_id=a&state=s&nonce=n&code_challenge=c')).toBe(
      '/oidc/auth?[redacted]',
    );
    expect(loggableUrl('/dev-idp/interaction/uid?x=1')).toBe('/dev-idp/interaction/uid?[redacted]');
  });

  it('keeps other URLs whole', () => {
    expect(loggableUrl('/api/network?tab=all&cursor=x')).toBe('/api/network?tab=all&cursor=x');
    expect(loggableUrl('/api/auth/callback')).toBe('/api/auth/callback');
  });
});
