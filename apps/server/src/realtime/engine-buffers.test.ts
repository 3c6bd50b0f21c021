import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { emptyFlushedBuffers } from './engine-buffers.ts';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A bare Socket.IO server with the fix applied, and every array Engine.IO flushed. */
async function serverWithFlushes() {
  const httpServer = http.createServer();
  const io = new Server(httpServer);
  emptyFlushedBuffers(io.engine);
  const flushed: unknown[][] = [];
  // Registered after the fix: sees each array before it is sent.
  io.engine.on('flush', (_socket: unknown, buffer: unknown[]) => flushed.push(buffer));
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        void io.close(() => resolve());
      }),
  );
  const { port } = httpServer.address() as AddressInfo;
  return { io, flushed, url: `http://127.0.0.1:${port}` };
}

describe('flushed Engine.IO write buffers', () => {
  for (const transport of ['websocket', 'polling'] as const) {
    it(`are emptied once sent, and every packet still arrives in order (${transport})`, async () => {
      const { io, flushed, url } = await serverWithFlushes();
      io.on('connection', (socket) => {
        for (let i = 1; i <= 5; i++) socket.emit('note', i);
      });
      const client = connect(url, { transports: [transport], reconnection: false });
      closers.push(() => void client.disconnect());
      const got: number[] = [];
      await new Promise<void>((resolve) =>
        client.on('note', (n: number) => {
          got.push(n);
          if (got.length === 5) resolve();
        }),
      );
      expect(got).toEqual([1, 2, 3, 4, 5]);
      expect(flushed.length).toBeGreaterThan(0);
      // What was flushed holds nothing any more.
      expect(flushed.filter((buffer) => buffer.length > 0)).toEqual([]);
    });
  }
});
