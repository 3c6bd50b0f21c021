import http from 'node:http';
import type net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushTransport, guardedLookup, PushEndpointRefusedError } from './push.transport.ts';

/** A loopback listener that counts the connections made to it and answers `status`. */
async function listener(answer: (res: http.ServerResponse) => void) {
  let connections = 0;
  const server = http.createServer((_req, res) => answer(res));
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const request = (endpoint: string) => ({
  endpoint,
  method: 'POST',
  headers: { ttl: '60' },
  body: new Uint8Array([1, 2, 3]),
});

/** A resolver that answers `address` for every name: what DNS rebinding would make it answer. */
const resolvesTo =
  (address: string, family: 4 | 6): net.LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all)
      (callback as never as (e: null, a: unknown[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };

describe('the push transport (issue 45: server-side request forgery)', () => {
  let inside: Awaited<ReturnType<typeof listener>>;
  beforeAll(async () => {
    inside = await listener((res) => res.writeHead(200).end('internal admin'));
  });
  afterAll(async () => {
    await inside.close();
  });

  it('calls nothing but the push services, and never a literal address', async () => {
    const send = createPushTransport();
    for (const endpoint of [
      `${inside.url}/x`,
      `https://127.0.0.1:${inside.port}/x`,
      `https://[::1]:${inside.port}/`,
      `https://0x7f000001:${inside.port}/`,
      'https://169.254.169.254/latest/meta-data/',
      'https://push.example.test/x',
      'http://fcm.googleapis.com/fcm/send/x',
      `https://fcm.googleapis.com:${inside.port}/fcm/send/x`,
    ]) {
      await expect(send(request(endpoint)), endpoint).rejects.toBeInstanceOf(
        PushEndpointRefusedError,
      );
    }
    expect(inside.connections()).toBe(0);
  });

  it("refuses a push service's name that resolves inside the network, when it connects", async () => {
    // Through the transport, to loopback only: were the check gone, nothing else is reached.
    const rebound = createPushTransport({ lookup: resolvesTo('127.0.0.1', 4) });
    const refused = await rebound(request('https://fcm.googleapis.com/fcm/send/abc')).catch(
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(PushEndpointRefusedError);
    expect(String(refused)).toContain('127.0.0.1 (loopback)');
    // The lookup the connection uses, for every other kind of address (no connection is tried).
    const lookUp = (address: string, family: 4 | 6, all: boolean) =>
      new Promise<unknown>((resolve) =>
        guardedLookup(resolvesTo(address, family), false)('push.test', { all }, (err, found) =>
          resolve(err ?? found),
        ),
      );
    for (const [address, family] of [
      ['10.1.2.3', 4],
      ['192.168.0.10', 4],
      ['169.254.169.254', 4],
      ['100.64.0.1', 4],
      ['0.0.0.0', 4],
      ['::1', 6],
      ['fd00::1', 6],
      ['fe80::1', 6],
      ['::ffff:127.0.0.1', 6],
      ['::a00:1', 6],
      ['64:ff9b::a00:1', 6],
    ] as const) {
      for (const all of [true, false]) {
        expect(await lookUp(address, family, all), address).toBeInstanceOf(
          PushEndpointRefusedError,
        );
      }
    }
    // A public address passes, in either form of answer.
    expect(await lookUp('142.250.74.106', 4, true)).toEqual([
      { address: '142.250.74.106', family: 4 },
    ]);
    expect(await lookUp('2a00:1450:4001:80b::200a', 6, false)).toBe('2a00:1450:4001:80b::200a');
  });

  it('answers a redirect as it is, without following it', async () => {
    const redirecting = await listener((res) =>
      res.writeHead(307, { location: `${inside.url}/internal-admin/delete-everything` }).end(),
    );
    try {
      const send = createPushTransport({ loopbackForTests: true });
      expect(await send(request(`${redirecting.url}/push/1`))).toBe(307);
      expect(redirecting.connections()).toBe(1);
      expect(inside.connections()).toBe(0);
    } finally {
      await redirecting.close();
    }
  });

  it('allows loopback only when a test asks for it, and only as a literal address', async () => {
    const service = await listener((res) => res.writeHead(201).end());
    try {
      expect(
        await createPushTransport({ loopbackForTests: true })(request(`${service.url}/p`)),
      ).toBe(201);
      await expect(
        createPushTransport({ loopbackForTests: true })(
          request(`http://localhost:${service.port}/p`),
        ),
      ).rejects.toBeInstanceOf(PushEndpointRefusedError);
      // Private networks stay out even then.
      await expect(
        createPushTransport({ loopbackForTests: true })(request('http://10.0.0.1/p')),
      ).rejects.toBeInstanceOf(PushEndpointRefusedError);
      expect(service.connections()).toBe(1);
    } finally {
      await service.close();
    }
  });
});
