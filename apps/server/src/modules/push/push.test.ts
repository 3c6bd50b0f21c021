import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatSummary, ErrorBody, NotificationSpec } from '@heartline/domain';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import {
  befriend,
  browserFor,
  createPeople,
  getJson,
  sendJson,
  type Person,
} from '../../../test/network-fixtures.ts';
import { startPushEndpoint } from '../../../test/push-endpoint.ts';
import { ask, liveSockets } from '../../../test/realtime-client.ts';
import { sha256 } from '../../lib/tokens.ts';
import { createPushTransport } from './push.transport.ts';

// The test push service listens on loopback, over http: allowed for tests only (push.transport.ts).
const world = useTestServer({}, { pushTransport: createPushTransport({ loopbackForTests: true }) });
const connect = liveSockets(() => world.server.baseUrl);
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
beforeAll(async () => {
  endpoint = await startPushEndpoint();
});
afterAll(async () => {
  await endpoint?.close();
});

/**
 * A signed-in device of `person` subscribed to push at the loopback endpoint. Stored directly:
 * the API takes https push services only (covered below), the test service is plain http.
 */
async function device(person: Person) {
  const browser = await browserFor(world.server, person);
  const token = browser.cookies.get('hl_session')!;
  const sub = endpoint.device();
  await world.db
    .insertInto('pushSubscriptions')
    .values({
      id: uuidv7(),
      userId: person.id,
      sessionHash: sha256(token),
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
    })
    .execute();
  return { browser, path: sub.path };
}

/** Lets the dispatcher queue and the job runner send, then answers what reached `paths`. */
async function pushesTo(paths: string[], expected: number) {
  const mine = () => endpoint.received.filter((r) => paths.includes(r.path));
  for (let waited = 0; waited < 5000 && mine().length < expected; waited += 50) {
    await world.server.jobs.runDue();
    await new Promise((r) => setTimeout(r, 50));
  }
  // Anything more would have been sent by now too.
  await world.server.jobs.runDue();
  return mine();
}

async function chatOf(a: Person, b: Person) {
  const asA = await browserFor(world.server, a);
  const live = await connect(asA.cookieHeader());
  const chat = (await sendJson<ChatSummary>(asA, 'POST', '/api/chats', { userId: b.id })).body;
  const say = (content: string) =>
    ask(live.socket, 'message.send', { chatId: chat.id, clientId: uuidv7(), content });
  return { chat, say };
}

describe(`Web Push (${dbKind})`, () => {
  it('sends a message to each of the person’s devices, encrypted and signed (RFC 8291, 8292)', async () => {
    const [ann, bob] = await createPeople(world.db, ['Ann Push', 'Bob Push']);
    await befriend(world.server.graph, [[ann!, bob!]]);
    const [phone, laptop] = [await device(bob!), await device(bob!)];
    const { chat, say } = await chatOf(ann!, bob!);
    expect((await say('Hello Bob, are you there?')).ok).toBe(true);

    const got = await pushesTo([phone.path, laptop.path], 2);
    expect(got.map((r) => r.path).sort()).toEqual([phone.path, laptop.path].sort());
    for (const push of got) {
      expect(push.payload).toEqual({
        title: 'Ann Push',
        body: 'Hello Bob, are you there?',
        tag: `chat:${chat.id}`,
        url: `/chat/${chat.id}`,
        closeAfterMs: 5000,
      } satisfies NotificationSpec);
      expect(push.ttl).toBe('86400');
      // Signed by the key the app hands to browsers, for this push service, not for long.
      const { publicKey } = (await getJson<{ publicKey: string }>(phone.browser, '/api/push/key'))
        .body;
      expect(push.vapid.key).toBe(publicKey);
      expect(push.vapid.aud).toBe(new URL(endpoint.device().endpoint).origin);
      expect(push.vapid.sub).toMatch(/^(mailto:|https:)/);
      expect(push.vapid.exp * 1000).toBeGreaterThan(Date.now());
      expect(push.vapid.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);
    }
    // The sender's own devices get nothing.
    expect(endpoint.errors).toEqual([]);
  });

  it('honours the notification settings, the chat mute and the lock-screen preview', async () => {
    const [ann, bob, cy] = await createPeople(world.db, ['Ann Quiet', 'Bob Quiet', 'Cy Quiet']);
    await befriend(world.server.graph, [[ann!, bob!]]);
    const phone = await device(bob!);
    const bobLive = await connect(phone.browser.cookieHeader());
    const { chat, say } = await chatOf(ann!, bob!);
    /** Sends, and waits until the dispatcher has delivered it (and decided about push). */
    const delivered = async (content: string) => {
      await say(content);
      await bobLive.next('message.created', (p) => p.message.content === content);
    };

    // Muted chat: nothing.
    await sendJson(phone.browser, 'PUT', `/api/chats/${chat.id}/mute`, { muted: true });
    await delivered('muted one');
    // Messages turned off: nothing.
    await sendJson(phone.browser, 'PUT', `/api/chats/${chat.id}/mute`, { muted: false });
    await sendJson(phone.browser, 'PATCH', '/api/me/settings', {
      notifications: { messages: false },
    });
    await delivered('switched off');
    expect(await pushesTo([phone.path], 0)).toEqual([]);

    // Back on, with nothing of the message on the lock screen.
    await sendJson(phone.browser, 'PATCH', '/api/me/settings', {
      notifications: { messages: true, preview: 'none' },
    });
    await say('top secret');
    const [hidden] = await pushesTo([phone.path], 1);
    expect(hidden?.payload).toMatchObject({ title: 'New message', body: '' });

    // A connection request stays until acted on; turned off, none.
    const asCy = await browserFor(world.server, cy!);
    await sendJson(asCy, 'POST', '/api/connection-requests', { toUserId: bob!.id });
    const requests = (await pushesTo([phone.path], 2)).slice(1);
    expect(requests.map((r) => r.payload)).toEqual([
      {
        title: 'Friend Request',
        body: 'Cy Quiet',
        tag: expect.stringMatching(/^request:/) as string,
        url: '/network?tab=requests',
      },
    ]);
  });

  it('drops a subscription the push service says is gone, and retries one that failed', async () => {
    const [ann, bob] = await createPeople(world.db, ['Ann Gone', 'Bob Gone']);
    await befriend(world.server.graph, [[ann!, bob!]]);
    const [old, current] = [await device(bob!), await device(bob!)];
    let failures = 1;
    endpoint.answerWith((path) => {
      if (path === old.path) return 410;
      if (path === current.path && failures > 0) {
        failures--;
        return 503;
      }
      return 201;
    });
    try {
      const { say } = await chatOf(ann!, bob!);
      await say('are you still there?');
      await pushesTo([old.path, current.path], 2);
      // The failed one is tried again after its backoff.
      await world.server.jobs.runDue(new Date(Date.now() + 60_000));
      const got = await pushesTo([old.path, current.path], 3);
      expect(got.map((r) => r.path).sort()).toEqual([old.path, current.path, current.path].sort());
      const left = await world.db
        .selectFrom('pushSubscriptions')
        .select('endpoint')
        .where('userId', '=', bob!.id)
        .execute();
      expect(left.map((r) => new URL(r.endpoint).pathname)).toEqual([current.path]);
    } finally {
      endpoint.answerWith(() => 201);
    }
  });

  it('sends nothing to a device that signed out', async () => {
    const [ann, bob] = await createPeople(world.db, ['Ann Out', 'Bob Out']);
    await befriend(world.server.graph, [[ann!, bob!]]);
    const [kept, signedOut] = [await device(bob!), await device(bob!)];
    const out = await signedOut.browser.request('/api/auth/signout', {
      method: 'POST',
      headers: { origin: world.server.baseUrl },
    });
    expect(out.status).toBe(204);
    const { say } = await chatOf(ann!, bob!);
    await say('who is listening?');
    const got = await pushesTo([kept.path, signedOut.path], 1);
    expect(got.map((r) => r.path)).toEqual([kept.path]);
  });

  it('takes a subscription from the browser, bound to the session, and validates it', async () => {
    const [eve, mallory] = await createPeople(world.db, ['Eve Sub', 'Mal Sub']);
    const as = await browserFor(world.server, eve!);
    const sub = endpoint.device();
    const https = { endpoint: `https://fcm.googleapis.com/fcm/send${sub.path}`, keys: sub.keys };
    expect((await sendJson(as, 'PUT', '/api/push/subscription', https)).status).toBe(200);
    for (const bad of [
      { ...https, endpoint: sub.endpoint },
      { ...https, endpoint: 'not a url' },
      { ...https, keys: { p256dh: 'short', auth: sub.keys.auth } },
      { endpoint: https.endpoint },
      {},
    ]) {
      const res = await sendJson<ErrorBody>(as, 'PUT', '/api/push/subscription', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const rows = await world.db
      .selectFrom('pushSubscriptions')
      .select(['userId', 'sessionHash'])
      .where('endpoint', '=', https.endpoint)
      .execute();
    expect(rows).toEqual([{ userId: eve!.id, sessionHash: sha256(as.cookies.get('hl_session')!) }]);
    // Another person cannot remove it; its owner can.
    const asMallory = await browserFor(world.server, mallory!);
    await sendJson(asMallory, 'DELETE', '/api/push/subscription', { endpoint: https.endpoint });
    expect(
      await world.db
        .selectFrom('pushSubscriptions')
        .select('id')
        .where('endpoint', '=', https.endpoint)
        .execute(),
    ).toHaveLength(1);
    expect(
      (await sendJson(as, 'DELETE', '/api/push/subscription', { endpoint: https.endpoint })).status,
    ).toBe(200);
    expect(
      await world.db
        .selectFrom('pushSubscriptions')
        .select('id')
        .where('endpoint', '=', https.endpoint)
        .execute(),
    ).toHaveLength(0);
  });
});
