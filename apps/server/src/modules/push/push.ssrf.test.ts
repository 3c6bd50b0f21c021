import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatSummary, ErrorBody } from '@heartline/domain';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import { befriend, browserFor, createPeople, sendJson } from '../../../test/network-fixtures.ts';
import { deviceKeys } from '../../../test/push-endpoint.ts';
import { ask, liveSockets } from '../../../test/realtime-client.ts';
import { sha256 } from '../../lib/tokens.ts';

/**
 * Web Push as it runs in production (issue 45): the server calls push services only. Every
 * address here is a loopback listener's; none is ever to be contacted.
 */
const world = useTestServer();
const connect = liveSockets(() => world.server.baseUrl);

let connections = 0;
let inside: http.Server;
let port = 0;
beforeAll(async () => {
  inside = http.createServer((_req, res) => res.writeHead(201).end());
  inside.on('connection', () => connections++);
  await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
  port = (inside.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => inside.close(() => resolve()));
});

const keys = () => deviceKeys().keys;

describe(`Web Push reaches push services only (${dbKind})`, () => {
  it('refuses a subscription anywhere else, with the reason, and stores nothing', async () => {
    const [ann] = await createPeople(world.db, ['Ann Ssrf']);
    const as = await browserFor(world.server, ann!);
    for (const endpoint of [
      `https://127.0.0.1:${port}/x`,
      `https://[::1]:${port}/`,
      `https://0x7f000001:${port}/`,
      `https://2130706433:${port}/`,
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/push',
      'https://[fe80::1]/push',
      'https://push.example.test/x',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://user:secret@fcm.googleapis.com/fcm/send/abc',
      'https://evilnotify.windows.com/w/?token=abc',
    ]) {
      const res = await sendJson<ErrorBody>(as, 'PUT', '/api/push/subscription', {
        endpoint,
        keys: keys(),
      });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.error.message, endpoint).toBe(
        'endpoint must be an address of a browser push service',
      );
    }
    const stored = await world.db
      .selectFrom('pushSubscriptions')
      .select('endpoint')
      .where('userId', '=', ann!.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it("takes every browser's push service", async () => {
    const [bea] = await createPeople(world.db, ['Bea Ssrf']);
    const as = await browserFor(world.server, bea!);
    const endpoints = [
      'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH',
      'https://android.googleapis.com/gcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABl',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    ];
    for (const endpoint of endpoints) {
      const res = await sendJson(as, 'PUT', '/api/push/subscription', { endpoint, keys: keys() });
      expect(res.status, endpoint).toBe(200);
    }
    const stored = await world.db
      .selectFrom('pushSubscriptions')
      .select('endpoint')
      .where('userId', '=', bea!.id)
      .execute();
    expect(stored.map((r) => r.endpoint).sort()).toEqual([...endpoints].sort());
  });

  it('never calls a subscription stored before the rule, and drops it without retrying', async () => {
    const [cy, dee] = await createPeople(world.db, ['Cy Ssrf', 'Dee Ssrf']);
    await befriend(world.server.graph, [[cy!, dee!]]);
    const asDee = await browserFor(world.server, dee!);
    for (const endpoint of [`https://127.0.0.1:${port}/x`, `http://127.0.0.1:${port}/y`]) {
      await world.db
        .insertInto('pushSubscriptions')
        .values({
          id: uuidv7(),
          userId: dee!.id,
          sessionHash: sha256(asDee.cookies.get('hl_session')!),
          endpoint,
          ...keys(),
        })
        .execute();
    }
    const asCy = await browserFor(world.server, cy!);
    const live = await connect(asCy.cookieHeader());
    const chat = (await sendJson<ChatSummary>(asCy, 'POST', '/api/chats', { userId: dee!.id }))
      .body;
    const sent = await ask(live.socket, 'message.send', {
      chatId: chat.id,
      clientId: uuidv7(),
      content: 'hello',
    });
    expect(sent.ok).toBe(true);
    for (let i = 0; i < 20; i++) {
      await world.server.jobs.runDue(new Date(Date.now() + i * 60_000));
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(connections).toBe(0);
    const left = await world.db
      .selectFrom('pushSubscriptions')
      .select('endpoint')
      .where('userId', '=', dee!.id)
      .execute();
    expect(left).toEqual([]);
    // Done at the first attempt (a refused endpoint is not worth retrying): no job is left.
    const jobs = await world.db
      .selectFrom('jobs')
      .select(['attempts', 'lastError'])
      .where('kind', '=', 'push.send')
      .execute();
    expect(jobs).toEqual([]);
  });
});
