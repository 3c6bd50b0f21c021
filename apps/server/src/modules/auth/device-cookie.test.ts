import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createDeviceCookies } from './device-cookie.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The device cookies with a clock the test moves. */
function setup() {
  const clock = { now: Date.UTC(2026, 0, 1) };
  const cookies = createDeviceCookies(randomBytes(32), true, () => clock.now);
  const issue = (email: string, device: Parameters<typeof cookies.set>[2]) => {
    let set: { value: string; maxAge: number } | undefined;
    const reply = {
      setCookie: (_name: string, value: string, options: { maxAge: number }) => {
        set = { value, maxAge: options.maxAge };
      },
    } as unknown as FastifyReply;
    cookies.set(reply, email, device);
    return set!;
  };
  const read = (value: string, email: string) =>
    cookies.deviceOf({ cookies: { hl_device: value } } as unknown as FastifyRequest, email);
  return { clock, issue, read };
}

describe('device cookies', () => {
  it('keep their nonce and issue time when signing in again: no second budget, no longer life', () => {
    const { clock, issue, read } = setup();
    const first = issue('owner@example.test', null);
    const device = read(first.value, 'owner@example.test')!;
    expect(device.issuedAt).toBe(clock.now);
    expect(first.maxAge).toBe((180 * DAY) / 1000);

    clock.now += 30 * DAY;
    const again = issue('owner@example.test', device);
    expect(read(again.value, 'owner@example.test')).toEqual(device);
    // The browser is told to keep it only as long as the first issue allows.
    expect(again.maxAge).toBe((150 * DAY) / 1000);
    // A browser without one gets a nonce of its own.
    const other = read(issue('owner@example.test', null).value, 'owner@example.test')!;
    expect(other.nonce).not.toBe(device.nonce);
  });

  it('name one account, expire on the server after 180 days, and refuse any change', () => {
    const { clock, issue, read } = setup();
    const { value } = issue('Owner@Example.test ', null);
    expect(read(value, 'owner@example.test')).not.toBeNull();
    expect(read(value, 'someone-else@example.test')).toBeNull();

    const [version, who, issued, nonce, signature] = value.split('.');
    // Another account's name, a later issue time, another nonce: the signature no longer fits.
    expect(read([version, '0'.repeat(32), issued, nonce, signature].join('.'), 'x@y.z')).toBeNull();
    expect(
      read(
        [version, who, (clock.now + DAY).toString(36), nonce, signature].join('.'),
        'owner@example.test',
      ),
    ).toBeNull();
    expect(
      read([version, who, issued, 'A'.repeat(22), signature].join('.'), 'owner@example.test'),
    ).toBeNull();
    expect(read(`${value}.extra`, 'owner@example.test')).toBeNull();
    expect(read('', 'owner@example.test')).toBeNull();

    clock.now += 180 * DAY - 1;
    expect(read(value, 'owner@example.test')).not.toBeNull();
    clock.now += 1;
    expect(read(value, 'owner@example.test')).toBeNull();
  });
});
