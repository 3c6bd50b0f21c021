import { describe, expect, it } from 'vitest';
import { clientKey, RateLimits, type RateLimitRule } from './rate-limit.ts';

describe('the client key of per-address limits', () => {
  it('keeps IPv4 as it is, and an IPv4-mapped IPv6 address as its IPv4', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 by its /64, however it is written', () => {
    const key = clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::1')).toBe(key);
    expect(clientKey('2001:0db8:0001:0002:ffff::9')).toBe(key);
    expect(clientKey('2001:db8:1:2::1%eth0')).toBe(key);
    expect(clientKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('several limits counted for one request', () => {
  const rule = (name: string, points: number): RateLimitRule => ({
    name,
    points,
    durationSec: 60,
    message: (retry) => `${name}: wait ${retry} s`,
  });

  it('gives back what it counted when a later limit refuses', async () => {
    const limits = new RateLimits(undefined, `hltest-all-${Date.now()}`);
    const perAddress = rule('per-address', 5);
    const perAccount = rule('per-account', 1);
    await limits.consume(perAccount, 'ann');
    for (let i = 0; i < 3; i++) {
      await expect(
        limits.consumeAll([
          [perAddress, 'ann|192.0.2.1'],
          [perAccount, 'ann'],
        ]),
      ).rejects.toThrow(/^per-account: wait/);
    }
    // None of the three refused requests spent the per-address budget: five still pass.
    for (let i = 0; i < 5; i++) await limits.consume(perAddress, 'ann|192.0.2.1');
    await expect(limits.consume(perAddress, 'ann|192.0.2.1')).rejects.toThrow(/per-address/);
  });
});
