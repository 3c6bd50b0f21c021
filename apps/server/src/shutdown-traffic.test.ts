import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChatSummary } from '@heartline/domain';
import { freePort } from '../test/harness.ts';
import { TestBrowser } from '../test/http-client.ts';
import { getJson, sendJson } from '../test/network-fixtures.ts';
import { listen, type Listener } from '../test/realtime-client.ts';
import { hasRedisServer, startRedisProcess } from '../test/redis-process.ts';
import { startServerProcess, within, type ServerProcess } from '../test/server-process.ts';
import { signIn } from '../test/sign-in.ts';

/**
 * Issue 45: one graceful shutdown in four under chat traffic ended with an unhandled
 * ClientClosedError (the presence emit published on a Redis client already closed). The real
 * server process, on Redis, gets SIGTERM in the middle of sends, presence pings and watches, many
 * times over; each must drain and exit with code 0, with no unhandled rejection.
 */
const SHUTDOWNS = 6;

describe.skipIf(!hasRedisServer)('SIGTERM under chat traffic', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-sigterm-'));
  const processes: ServerProcess[] = [];
  const listeners: Listener[] = [];
  let redis: Awaited<ReturnType<typeof startRedisProcess>> | undefined;

  afterAll(async () => {
    for (const l of listeners) l.socket.disconnect();
    for (const p of processes) if (p.alive()) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    await redis?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`drains and exits 0 every time (${SHUTDOWNS} shutdowns)`, async () => {
    redis = await startRedisProcess();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      REDIS_URL: redis.url,
      RATE_LIMIT_SCALE: '100',
    };
    let people: { browser: TestBrowser; id: string }[] = [];
    let chatId = '';
    const exits: string[] = [];
    for (let round = 0; round < SHUTDOWNS; round++) {
      const server = startServerProcess(env);
      processes.push(server);
      await server.healthy();
      if (round === 0) {
        people = await Promise.all(
          ['Ann Sigterm', 'Bob Sigterm'].map(async (name) => {
            const browser = new TestBrowser(baseUrl);
            await signIn(browser, { name, email: `${name.split(' ')[0]}.sigterm@example.test` });
            const me = await getJson<{ user: { id: string } }>(browser, '/api/auth/session');
            return { browser, id: me.body.user.id };
          }),
        );
        const [ann, bob] = people as [(typeof people)[0], (typeof people)[0]];
        await sendJson(bob.browser, 'PATCH', '/api/me/settings', {
          safety: { requireMutualConnections: false },
        });
        await sendJson(ann.browser, 'POST', '/api/connection-requests', { toUserId: bob.id });
        await sendJson(bob.browser, 'POST', '/api/connection-requests', { toUserId: ann.id });
        chatId = (
          await sendJson<ChatSummary>(ann.browser, 'POST', '/api/chats', { userId: bob.id })
        ).body.id;
      }
      const sockets = people.map((p) => listen(baseUrl, p.browser.cookieHeader()));
      listeners.push(...sockets);
      await Promise.all(sockets.map((s) => s.ready()));
      let sending = true;
      const traffic = sockets.map(async (live, i) => {
        const other = people[1 - i]!.id;
        while (sending) {
          live.socket.emit(
            'message.send',
            { chatId, clientId: uuidv7(), content: `round ${round}` },
            () => undefined,
          );
          live.socket.emit('presence.ping', { at: Date.now(), visible: true }, () => undefined);
          live.socket.emit('presence.watch', { userIds: [other] }, () => undefined);
          await new Promise((r) => setTimeout(r, 5));
        }
      });
      // Traffic for a moment, then SIGTERM while it goes on.
      await new Promise((r) => setTimeout(r, 300 + round * 70));
      server.child.kill('SIGTERM');
      const exit = await within(server.exited, 20_000, 'the server did not exit');
      sending = false;
      await Promise.all(traffic);
      for (const s of sockets) s.socket.disconnect();
      exits.push(exit);
    }
    expect(
      exits.filter((e) => !e.startsWith('0:') || /unhandled|ClientClosedError/i.test(e)),
    ).toEqual([]);
  }, 180_000);
});
