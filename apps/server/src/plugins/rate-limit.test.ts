import { describe, expect, it } from 'vitest';
import { clientKey } from './rate-limit.ts';

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
