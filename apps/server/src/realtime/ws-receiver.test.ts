import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { releaseReceivedFrames } from './ws-receiver.ts';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

type ReceiverState = { _fragments: unknown[]; _mask: unknown };

/** A ws server with the fix, its connection's receiver, and a client sending to it. */
async function connection() {
  releaseReceivedFrames();
  const httpServer = http.createServer();
  const wss = new WebSocketServer({ server: httpServer });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => httpServer.close(() => resolve()));
      }),
  );
  const received: string[] = [];
  let onMessage = () => undefined as void;
  const serverSide = new Promise<ReceiverState>((resolve) =>
    wss.on('connection', (socket) => {
      socket.on('message', (data: Buffer) => {
        received.push(data.toString());
        onMessage();
      });
      resolve((socket as unknown as { _receiver: ReceiverState })._receiver);
    }),
  );
  const { port } = httpServer.address() as AddressInfo;
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  closers.push(() => client.terminate());
  await new Promise<void>((resolve, reject) => {
    client.once('open', () => resolve());
    client.once('error', reject);
  });
  const receiver = await serverSide;
  const nextMessage = () => new Promise<void>((resolve) => (onMessage = resolve));
  return { client, receiver, received, nextMessage };
}

describe('the ws receiver after a frame', () => {
  it('keeps neither the masking key nor the handled fragments', async () => {
    const { client, receiver, received, nextMessage } = await connection();
    for (const text of ['first', 'x'.repeat(100_000), 'third']) {
      const fragments = receiver._fragments;
      const arrived = nextMessage();
      client.send(text);
      await arrived;
      expect(received.at(-1)).toBe(text);
      expect(receiver._mask).toBeUndefined();
      // The array that held this message's payload was swapped out and emptied.
      expect(receiver._fragments).not.toBe(fragments);
      expect(fragments).toEqual([]);
    }
  });

  it('still joins a message sent in fragments, and answers pings', async () => {
    const { client, receiver, received, nextMessage } = await connection();
    const arrived = nextMessage();
    client.send('one ', { fin: false });
    client.send('two ', { fin: false });
    client.send('three', { fin: true });
    await arrived;
    expect(received).toEqual(['one two three']);
    const pong = new Promise<string>((resolve) =>
      client.once('pong', (d: Buffer) => resolve(d.toString())),
    );
    client.ping('are you there');
    expect(await pong).toBe('are you there');
    expect(receiver._mask).toBeUndefined();
  });
});
