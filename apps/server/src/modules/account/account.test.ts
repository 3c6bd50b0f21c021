import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import {
  accountMessages,
  DELETE_ACCOUNT_CONFIRMATION,
  DELETED_USER_ID,
  type ChatList,
  type ChatSummary,
  type MessagePage,
} from '@heartline/domain';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import { TestBrowser } from '../../../test/http-client.ts';
import {
  befriend,
  browserFor,
  createPeople,
  getJson,
  sendJson,
  setDiscoverable,
  type Person,
} from '../../../test/network-fixtures.ts';
import { ask, liveSockets, type Listener } from '../../../test/realtime-client.ts';
import { signIn } from '../../../test/sign-in.ts';
import { noisyImage } from '../photos/photos.test-support.ts';

const world = useTestServer();
const connect = liveSockets(() => world.server.baseUrl);
const live = (browser: TestBrowser): Promise<Listener> => connect(browser.cookieHeader());

const say = (l: Listener, chatId: string, content: string) =>
  ask(l.socket, 'message.send', { chatId, clientId: uuidv7(), content });

/** A signed-in person made through the dev OpenID provider (so they have an identity). */
async function viaProvider(name: string, email: string) {
  const browser = new TestBrowser(world.server.baseUrl);
  await signIn(browser, { name, email });
  const row = await world.db
    .selectFrom('users')
    .select(['id', 'seq', 'name'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const person: Person = { id: row.id, seq: Number(row.seq), name: row.name ?? name };
  return { person, browser };
}

/**
 * Ann (the one who exports and deletes) and the people around her, each holding private
 * values that must never reach her export: Bob (friend, chats with her and with Cy), Cy (Bob's
 * friend: Ann's friend of a friend), Dee (friend), Eve (match), Fay (Ann's request to her),
 * Gus (his request to Ann), Hal (blocked by Ann), Ivy (reports Ann).
 */
async function buildWorld(tag: string) {
  const ann = await viaProvider('Ann Export', `ann-private-${tag}@example.test`);
  const [bob, cy, dee, eve, fay, gus, hal, ivy] = await createPeople(world.db, [
    'Bob Friend',
    'Cy Fof',
    'Dee Friend',
    'Eve Match',
    'Fay Asked',
    'Gus Asking',
    'Hal Blocked',
    'Ivy Reporter',
  ]);
  const a = ann.person;
  const secrets: Record<string, string> = {};
  for (const [p, name] of [
    [bob!, 'bob'],
    [cy!, 'cy'],
    [dee!, 'dee'],
    [eve!, 'eve'],
    [fay!, 'fay'],
    [gus!, 'gus'],
    [hal!, 'hal'],
    [ivy!, 'ivy'],
  ] as const) {
    secrets[`${name}-email`] = `${name}-secret-mail-${tag}@example.test`;
    await world.db
      .updateTable('users')
      .set({ email: secrets[`${name}-email`], dob: '1961-02-03' })
      .where('id', '=', p.id)
      .execute();
  }
  await world.db
    .updateTable('users')
    .set({ dob: '1990-04-05', bio: 'ann-own-bio' })
    .where('id', '=', a.id)
    .execute();
  // Ann's own settings row (exported); Bob's (never exported).
  for (const [userId, set] of [
    [a.id, { requireMutualConnections: false, notifyPromotions: true }],
    [bob!.id, { discoveryVisibility: '1st_2nd_3rd' }],
  ] as const) {
    await world.db
      .insertInto('userSettings')
      .values({ userId, ...set })
      .onConflict((oc) => oc.column('userId').doUpdateSet(set))
      .execute();
  }
  // Ann, Eve and Bob as Discover shows them (onboarded, within five years of each other): a like
  // is only for someone one's Discover would show (issue 45). Eve meets Ann through Dee and Bob
  // through Fay, and has the three friends that unlock the 2nd degree.
  await setDiscoverable(world.server, [a], { dob: '1990-04-05' });
  await setDiscoverable(world.server, [eve!, bob!], { dob: '1988-02-03' });
  const [evePal] = await createPeople(world.db, ['Pal Of Eve']);
  await befriend(world.server.graph, [
    [a, bob!],
    [a, dee!],
    [bob!, cy!],
    [bob!, fay!],
    [a, hal!],
    [eve!, dee!],
    [eve!, fay!],
    [eve!, evePal!],
  ]);

  const as = {
    bob: await browserFor(world.server, bob!),
    cy: await browserFor(world.server, cy!),
    eve: await browserFor(world.server, eve!),
    gus: await browserFor(world.server, gus!),
    ivy: await browserFor(world.server, ivy!),
  };
  const annLive = await live(ann.browser);
  const bobLive = await live(as.bob);
  const cyLive = await live(as.cy);
  const eveLive = await live(as.eve);

  // Chats: Ann–Bob both ways; Bob–Cy (never Ann's).
  const annBob = await sendJson<ChatSummary>(ann.browser, 'POST', '/api/chats', {
    userId: bob!.id,
  });
  expect(annBob.status).toBe(201);
  expect(await say(annLive, annBob.body.id, 'ann-to-bob-words')).toMatchObject({ ok: true });
  expect(await say(bobLive, annBob.body.id, 'bob-to-ann-words')).toMatchObject({ ok: true });
  const bobCy = await sendJson<ChatSummary>(as.bob, 'POST', '/api/chats', { userId: cy!.id });
  expect(await say(bobLive, bobCy.body.id, 'bob-to-cy-secret')).toMatchObject({ ok: true });
  expect(await say(cyLive, bobCy.body.id, 'cy-to-bob-secret')).toMatchObject({ ok: true });

  // A match with Eve, and a message in it.
  expect((await sendJson(ann.browser, 'POST', `/api/discover/${eve!.id}/like`, {})).status).toBe(
    200,
  );
  const liked = await sendJson<{ matched: boolean; match: { chatId: string } }>(
    as.eve,
    'POST',
    `/api/discover/${a.id}/like`,
    {},
  );
  expect(liked.body.matched).toBe(true);
  const matchChat = liked.body.match.chatId;
  expect(await say(annLive, matchChat, 'ann-to-eve-words')).toMatchObject({ ok: true });
  // Eve also liked Bob: a pending match Bob must never learn of (from anyone's export).
  expect((await sendJson(as.eve, 'POST', `/api/discover/${bob!.id}/like`, {})).status).toBe(200);

  // Requests both ways, favorites both ways, an invitation, a block, reports both ways.
  const toFay = await sendJson<{ request: { id: string } }>(
    ann.browser,
    'POST',
    '/api/connection-requests',
    {
      toUserId: fay!.id,
    },
  );
  expect(toFay.status).toBe(201);
  const fromGus = await sendJson<{ request: { id: string } }>(
    as.gus,
    'POST',
    '/api/connection-requests',
    {
      toUserId: a.id,
    },
  );
  expect(fromGus.status).toBe(201);
  expect((await sendJson(ann.browser, 'POST', `/api/favorites/${bob!.id}`)).status).toBe(200);
  expect((await sendJson(as.bob, 'POST', `/api/favorites/${a.id}`)).status).toBe(200);
  const link = await sendJson<{ code: string }>(ann.browser, 'POST', '/api/invitations', {
    message: 'ann-invite-words',
  });
  expect(link.status).toBe(201);
  expect((await sendJson(ann.browser, 'POST', `/api/blocks/${hal!.id}`)).status).toBe(200);
  expect(
    (
      await sendJson(ann.browser, 'POST', '/api/reports', {
        userId: gus!.id,
        reason: 'spam',
        context: 'network',
        details: 'ann-report-words',
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await sendJson(as.ivy, 'POST', '/api/reports', {
        userId: a.id,
        reason: 'spam',
        context: 'network',
        details: 'ivy-report-secret',
      })
    ).status,
  ).toBe(201);
  // Cy's own discover action and request (never Ann's).
  await sendJson(as.cy, 'POST', `/api/discover/${eve!.id}/skip`, {});

  // A photo of Ann's.
  // Photo files are content-addressed: each world's picture is its own.
  const jpeg = await noisyImage('jpeg', 400, 400, tag === 'export' ? 11 : 12);
  const upload = await ann.browser.request('/api/upload-profile-photo', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userId: a.id,
      fileData: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    }),
  });
  expect(upload.status).toBe(200);

  return {
    ann,
    a,
    bob: bob!,
    cy: cy!,
    dee: dee!,
    eve: eve!,
    fay: fay!,
    gus: gus!,
    hal: hal!,
    ivy: ivy!,
    as,
    annLive,
    bobLive,
    eveLive,
    secrets,
    chats: { annBob: annBob.body.id, bobCy: bobCy.body.id, match: matchChat },
    requests: { toFay: toFay.body.request.id, fromGus: fromGus.body.request.id },
    code: link.body.code,
  };
}

/** Every row of every table that refers to the person (by id, seq, or in an event). */
async function rowsOf(
  id: string,
  seq: number,
  eventsBefore: number,
): Promise<Record<string, number>> {
  const s = seq;
  const count = async (query: Promise<{ n: string | number | bigint }[]>) =>
    Number((await query)[0]?.n ?? 0);
  const db = world.db;
  const n = sql<string>`count(*)`.as('n');
  return {
    users: await count(db.selectFrom('users').select(n).where('id', '=', id).execute()),
    oauthIdentities: await count(
      db.selectFrom('oauthIdentities').select(n).where('userId', '=', id).execute(),
    ),
    passwordCredentials: await count(
      db.selectFrom('passwordCredentials').select(n).where('userId', '=', id).execute(),
    ),
    sessions: await count(db.selectFrom('sessions').select(n).where('userId', '=', id).execute()),
    onboarding: await count(
      db.selectFrom('userOnboardingStatus').select(n).where('userId', '=', id).execute(),
    ),
    settings: await count(
      db.selectFrom('userSettings').select(n).where('userId', '=', id).execute(),
    ),
    photos: await count(db.selectFrom('photos').select(n).where('userId', '=', id).execute()),
    mediaObjects: await count(
      db.selectFrom('mediaObjects').select(n).where('ownerId', '=', id).execute(),
    ),
    friendships: await count(
      db
        .selectFrom('friendships')
        .select(n)
        .where((eb) => eb.or([eb('userLow', '=', s), eb('userHigh', '=', s)]))
        .execute(),
    ),
    favorites: await count(
      db
        .selectFrom('favorites')
        .select(n)
        .where((eb) => eb.or([eb('userSeq', '=', s), eb('favoriteSeq', '=', s)]))
        .execute(),
    ),
    blocks: await count(
      db
        .selectFrom('blocks')
        .select(n)
        .where((eb) => eb.or([eb('blockerSeq', '=', s), eb('blockedSeq', '=', s)]))
        .execute(),
    ),
    swipes: await count(
      db
        .selectFrom('swipes')
        .select(n)
        .where((eb) => eb.or([eb('userSeq', '=', s), eb('targetSeq', '=', s)]))
        .execute(),
    ),
    matches: await count(
      db
        .selectFrom('matches')
        .select(n)
        .where((eb) =>
          eb.or([eb('userLow', '=', s), eb('userHigh', '=', s), eb('initiatorSeq', '=', s)]),
        )
        .execute(),
    ),
    reports: await count(
      db
        .selectFrom('reports')
        .select(n)
        .where((eb) => eb.or([eb('reporterId', '=', id), eb('reportedId', '=', id)]))
        .execute(),
    ),
    reportEvidence: await count(
      db.selectFrom('reportEvidence').select(n).where('senderId', '=', id).execute(),
    ),
    invitations: await count(
      db.selectFrom('invitations').select(n).where('creatorId', '=', id).execute(),
    ),
    requests: await count(
      db
        .selectFrom('connectionRequests')
        .select(n)
        .where((eb) => eb.or([eb('fromUserId', '=', id), eb('toUserId', '=', id)]))
        .execute(),
    ),
    chats: await count(
      db
        .selectFrom('chats')
        .select(n)
        .where((eb) => eb.or([eb('userLow', '=', s), eb('userHigh', '=', s)]))
        .execute(),
    ),
    chatMembers: await count(
      db.selectFrom('chatMembers').select(n).where('userId', '=', id).execute(),
    ),
    messages: await count(db.selectFrom('messages').select(n).where('senderId', '=', id).execute()),
    events: await count(
      db
        .selectFrom('events')
        .select(n)
        .where((eb) =>
          eb.or([
            eb('stream', '=', `user:${id}`),
            eb('actorId', '=', id),
            // The deletion's own events name her to the others (friendship.removed, ...).
            eb.and([
              eb('id', '<=', eventsBefore),
              eb(sql<string>`payload::text`, 'like', `%${id}%`),
            ]),
          ]),
        )
        .execute(),
    ),
    eventStreams: await count(
      db.selectFrom('eventStreams').select(n).where('stream', '=', `user:${id}`).execute(),
    ),
  };
}

/** 10 per friend and 1 per distinct friend of a friend, counted by plain SQL. */
async function recomputedTrust(seq: number): Promise<number> {
  const me = String(seq);
  const { rows } = await sql<{ first: number; second: number }>`
    with friends as (
      select user_high as x from friendships where user_low = ${me}::bigint
      union select user_low from friendships where user_high = ${me}::bigint
    ), fof as (
      select f.user_high as y from friends join friendships f on f.user_low = friends.x
      union select f.user_low from friends join friendships f on f.user_high = friends.x
    )
    select (select count(*) from friends)::int as first,
           (select count(*) from fof
             where y <> ${me}::bigint and y not in (select x from friends))::int as second`.execute(
    world.db,
  );
  return 10 * rows[0]!.first + rows[0]!.second;
}

async function storedTrust(id: string): Promise<number> {
  const row = await world.db
    .selectFrom('users')
    .select('trustScore')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.trustScore;
}

describe(`account: export my data (${dbKind})`, () => {
  it('holds everything of the person and nothing private of anyone else', async () => {
    const w = await buildWorld('export');
    const res = await w.ann.browser.request('/api/me/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="heartline-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const text = await res.text();
    const data = JSON.parse(text) as Record<string, unknown> & {
      account: { id: string; email: string; signIns: unknown[] };
      profile: { name: string; dob: string; bio: string; photoUrl: string };
      settings: { notifications: { promotions: boolean }; safety: Record<string, boolean> };
      photos: { url: string }[];
      friends: { userId: string; name: string }[];
      favorites: { userId: string }[];
      blocks: { userId: string }[];
      requests: { id: string; direction: string }[];
      invitations: { code: string; message: string }[];
      reports: { userId: string; details: string }[];
      swipes: { userId: string; action: string }[];
      matches: { userId: string; status: string }[];
      chats: { id: string; messages: { from: string; content?: string }[] }[];
      sessions: { current: boolean }[];
    };

    // Each kind of the person's data.
    expect(data.account).toMatchObject({ id: w.a.id, email: 'ann-private-export@example.test' });
    expect(data.account.signIns).toHaveLength(1);
    expect(data.profile).toMatchObject({
      name: 'Ann Export',
      dob: '1990-04-05',
      bio: 'ann-own-bio',
    });
    expect(data.profile.photoUrl).toMatch(/^\/media\//);
    expect(data.photos).toHaveLength(1);
    expect(data.settings.notifications.promotions).toBe(true);
    expect(data.settings.safety.requireMutualConnections).toBe(false);
    expect(data.friends.map((f) => f.name).sort()).toEqual(['Bob Friend', 'Dee Friend']);
    expect(data.favorites.map((f) => f.userId)).toEqual([w.bob.id]);
    expect(data.blocks.map((b) => b.userId)).toEqual([w.hal.id]);
    expect(data.requests.map((r) => [r.id, r.direction]).sort()).toEqual(
      [
        [w.requests.toFay, 'sent'],
        [w.requests.fromGus, 'received'],
      ].sort(),
    );
    expect(data.invitations).toEqual([
      expect.objectContaining({ code: w.code, message: 'ann-invite-words' }),
    ]);
    // Her own report and the one her block filed; never Ivy's report about her.
    expect(data.reports.map((r) => r.userId).sort()).toEqual([w.gus.id, w.hal.id].sort());
    expect(text).toContain('ann-report-words');
    // Her like of Eve, and the pass her block of Hal recorded (a block passes for ever).
    expect(data.swipes.map((x) => [x.userId, x.action]).sort()).toEqual(
      [
        [w.eve.id, 'like'],
        [w.hal.id, 'pass'],
      ].sort(),
    );
    expect(data.matches).toEqual([expect.objectContaining({ userId: w.eve.id, status: 'active' })]);
    const annBob = data.chats.find((c) => c.id === w.chats.annBob)!;
    expect(annBob.messages).toEqual([
      expect.objectContaining({ from: 'me', content: 'ann-to-bob-words' }),
      expect.objectContaining({ from: 'them', content: 'bob-to-ann-words' }),
    ]);
    expect(data.chats.map((c) => c.id).sort()).toEqual([w.chats.annBob, w.chats.match].sort());
    expect(data.sessions.some((s) => s.current)).toBe(true);

    // Nothing private of anyone else, and no secret of her own.
    for (const [what, value] of Object.entries(w.secrets)) {
      expect(text, what).not.toContain(value);
    }
    for (const value of [
      '1961-02-03',
      '1988-02-03',
      'bob-to-cy-secret',
      'cy-to-bob-secret',
      'ivy-report-secret',
      w.chats.bobCy,
      w.ivy.id,
      w.cy.id,
      '1st_2nd_3rd',
    ]) {
      expect(text).not.toContain(value);
    }
    const tokens = await world.db.selectFrom('sessions').select('tokenHash').execute();
    for (const { tokenHash } of tokens) expect(text).not.toContain(tokenHash);
    const token = w.ann.browser.cookies.get('hl_session')!;
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/passwordHash|password_hash|tokenHash|token_hash/);

    // Bob's export: Eve's pending like of him stays hidden; his match list is empty.
    const bobExport = (await (await w.as.bob.request('/api/me/export')).json()) as {
      matches: unknown[];
      swipes: unknown[];
    };
    expect(bobExport.matches).toEqual([]);
    expect(bobExport.swipes).toEqual([]);
    expect(JSON.stringify(bobExport)).not.toContain(w.eve.id);
  });

  it('shows someone who blocked the person exactly as an account that was deleted', async () => {
    // Jo exports; Kim blocks Jo, Lee deletes the account. Each had a chat with Jo, a request to
    // her and her report of them.
    const [jo, kim, lee] = await createPeople(world.db, ['Jo Blocked', 'Kim Blocker', 'Lee Gone']);
    await befriend(world.server.graph, [
      [jo!, kim!],
      [jo!, lee!],
    ]);
    const asJo = await browserFor(world.server, jo!);
    const joLive = await live(asJo);
    const others = [kim!, lee!];
    for (const other of others) {
      const chat = await sendJson<ChatSummary>(asJo, 'POST', '/api/chats', { userId: other.id });
      expect(await say(joLive, chat.body.id, `jo to ${other.name}`)).toMatchObject({ ok: true });
      const theirs = await browserFor(world.server, other);
      const theirLive = await live(theirs);
      expect(await say(theirLive, chat.body.id, `${other.name} to jo`)).toMatchObject({ ok: true });
      const report = { userId: other.id, reason: 'spam', context: 'chat', details: 'x' };
      expect((await sendJson(asJo, 'POST', '/api/reports', report)).status).toBe(201);
    }
    const asKim = await browserFor(world.server, kim!);
    expect((await sendJson(asKim, 'POST', `/api/blocks/${jo!.id}`)).status).toBe(200);
    const asLee = await browserFor(world.server, lee!);
    const deleted = await asLee.request('/api/me', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: DELETE_ACCOUNT_CONFIRMATION }),
    });
    expect(deleted.status).toBe(204);

    const res = await asJo.request('/api/me/export');
    const text = await res.text();
    const data = JSON.parse(text) as {
      chats: { userId: string; messages: { from: string; content?: string }[] }[];
      reports: unknown[];
      requests: unknown[];
      swipes: unknown[];
      matches: unknown[];
    };
    expect(text).not.toContain(kim!.id);
    expect(data.reports).toEqual([]);
    const shape = (content: string) =>
      data.chats.find((c) => c.messages.some((m) => m.content === content));
    const withKim = shape('jo to Kim Blocker')!;
    const withLee = shape('jo to Lee Gone')!;
    expect(withKim.userId).toBe(DELETED_USER_ID);
    expect(withLee.userId).toBe(DELETED_USER_ID);
    expect(Object.keys(withKim).sort()).toEqual(Object.keys(withLee).sort());
    expect(withKim.messages.map((m) => m.from)).toEqual(withLee.messages.map((m) => m.from));
  });

  it('needs a session', async () => {
    const res = await fetch(`${world.server.baseUrl}/api/me/export`);
    expect(res.status).toBe(401);
  });
});

describe(`account: delete my account (${dbKind})`, () => {
  it('refuses without the confirmation and changes nothing', async () => {
    const [zed] = await createPeople(world.db, ['Zed Keep']);
    const as = await browserFor(world.server, zed!);
    for (const body of [undefined, {}, { confirm: 'delete' }, { confirm: 'DELETE', more: 1 }]) {
      const res = await sendJson<{ error: { code: string; message: string } }>(
        as,
        'DELETE',
        '/api/me',
        body,
      );
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    const res = await sendJson<{ error: { message: string } }>(as, 'DELETE', '/api/me', {});
    expect(res.body.error.message).toBe(accountMessages.confirmRequired);
    expect((await getJson(as, '/api/me')).status).toBe(200);
    const anonymous = await fetch(`${world.server.baseUrl}/api/me`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', origin: world.server.baseUrl },
      body: JSON.stringify({ confirm: 'DELETE' }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('erases the person at once, for everyone', async () => {
    const w = await buildWorld('delete');
    const { a } = w;
    const photoRows = await world.db
      .selectFrom('photos')
      .select(['mainKey', 'avatarKeys'])
      .where('userId', '=', a.id)
      .execute();
    const keys = photoRows.flatMap((p) => [p.mainKey, ...Object.values(p.avatarKeys)]);
    expect(keys.length).toBeGreaterThan(1);
    for (const key of keys) expect(await world.server.storage.get(key)).not.toBeNull();
    // A second session of hers, on another device, with its own socket.
    const other = new TestBrowser(world.server.baseUrl);
    other.cookies.set('hl_session', (await browserFor(world.server, a)).cookies.get('hl_session')!);
    const otherLive = await live(other);
    const subject = (
      await world.db
        .selectFrom('oauthIdentities')
        .select('subject')
        .where('userId', '=', a.id)
        .executeTakeFirstOrThrow()
    ).subject;

    const cookie = w.ann.browser.cookieHeader();
    const { last } = await world.db
      .selectFrom('events')
      .select(sql<number>`coalesce(max(id), 0)`.as('last'))
      .executeTakeFirstOrThrow();
    const started = Date.now();
    const res = await w.ann.browser.request('/api/me', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: 'DELETE' }),
    });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join(';')).toMatch(/hl_session=;/);
    expect(res.headers.getSetCookie().join(';')).toMatch(/hl_signed_in=;/);

    // Both of her sockets close within 2 s; her old cookies answer 401.
    for (const l of [w.annLive, otherLive]) {
      while (l.socket.connected && Date.now() - started < 2000) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(l.socket.connected).toBe(false);
    }
    const stale = await fetch(`${world.server.baseUrl}/api/me`, { headers: { cookie } });
    expect(stale.status).toBe(401);
    expect((await getJson(other, '/api/me')).status).toBe(401);

    // No row of hers is left, and no file.
    const left = await rowsOf(a.id, a.seq, last);
    expect(Object.entries(left).filter(([, n]) => n > 0)).toEqual([]);
    for (const key of keys) expect(await world.server.storage.get(key)).toBeNull();

    // Others: Bob's network no longer lists her; he heard of it at once.
    await w.bobLive.next('friendship.removed', (p) => p.userId === a.id, 2000);
    const network = await w.as.bob.request('/api/network?tab=all');
    expect(network.status).toBe(200);
    expect(await network.text()).not.toContain(a.id);
    expect((await getJson(w.as.bob, `/api/network/path/${a.id}`)).status).toBe(404);
    // Eve's match ended; Gus's request to her is gone, so is hers to Fay.
    await w.eveLive.next('match.ended', (p) => p.userId === a.id, 2000);
    const requests = await world.db
      .selectFrom('connectionRequests')
      .select('id')
      .where('id', 'in', [w.requests.toFay, w.requests.fromGus])
      .execute();
    expect(requests).toEqual([]);

    // Trust of everyone her friendships touched equals an independent recount.
    for (const p of [w.bob, w.cy, w.dee, w.fay, w.hal]) {
      expect(await storedTrust(p.id), p.name).toBe(await recomputedTrust(p.seq));
      expect(world.server.graph.trust(p.seq), p.name).toBe(await recomputedTrust(p.seq));
    }
    expect(await storedTrust(w.bob.id)).toBe(10 * 2 + 1); // Cy and Fay; Eve through Fay.
    expect(await storedTrust(w.cy.id)).toBe(10 + 1); // Bob; Fay through him (Ann gone).

    // Bob keeps the conversation: her messages from 'Unknown User', his own as they were.
    const chats = await getJson<ChatList>(w.as.bob, '/api/chats');
    const kept = chats.body.chats.find((c) => c.id === w.chats.annBob)!;
    expect(kept).toMatchObject({
      name: 'Unknown User',
      avatar: null,
      otherUserId: DELETED_USER_ID,
      canMessage: false,
    });
    const page = await getJson<MessagePage>(w.as.bob, `/api/chats/${w.chats.annBob}/messages`);
    expect(page.body.messages.map((m) => [m.senderId, m.content])).toEqual([
      [DELETED_USER_ID, 'ann-to-bob-words'],
      [w.bob.id, 'bob-to-ann-words'],
    ]);
    expect(JSON.stringify(chats.body)).not.toContain('Ann Export');
    // Eve's match chat too (it holds a text of Ann's).
    const eveChats = await getJson<ChatList>(w.as.eve, '/api/chats');
    expect(eveChats.body.chats.find((c) => c.id === w.chats.match)?.name).toBe('Unknown User');

    // Signing in again with the same provider account makes a fresh, empty account.
    const again = new TestBrowser(world.server.baseUrl);
    await signIn(again, { subject });
    const me = await getJson<{ id: string; name: string | null; friendCount: number }>(
      again,
      '/api/me',
    );
    expect(me.status).toBe(200);
    expect(me.body.id).not.toBe(a.id);
    const profile = await getJson<{ bio: string }>(again, '/api/me/profile');
    expect(profile.body.bio).toBe('');
    expect(JSON.stringify(profile.body)).not.toContain('/media/');
    const fresh = (await (await again.request('/api/me/export')).json()) as {
      friends: unknown[];
      chats: unknown[];
    };
    expect(fresh.friends).toEqual([]);
    expect(fresh.chats).toEqual([]);
  });
});

describe(`account: a deleted member's side of a chat (${dbKind})`, () => {
  it('keeps how far they had read, so the one left keeps their ticks (issue 45)', async () => {
    const [uma, vic] = await createPeople(world.db, ['Uma Leaves', 'Vic Stays']);
    await befriend(world.server.graph, [[uma!, vic!]]);
    const asUma = await browserFor(world.server, uma!);
    const asVic = await browserFor(world.server, vic!);
    const vicLive = await live(asVic);
    const chat = (await sendJson<ChatSummary>(asVic, 'POST', '/api/chats', { userId: uma!.id }))
      .body;
    for (const text of ['one', 'two']) {
      expect(await say(vicLive, chat.id, text)).toMatchObject({ ok: true });
    }
    expect((await sendJson(asUma, 'POST', `/api/chats/${chat.id}/read`, { seq: 2 })).status).toBe(
      200,
    );
    const before = await getJson<ChatSummary>(asVic, `/api/chats/${chat.id}`);
    expect(before.body.otherReadSeq).toBe(2);
    const gone = await asUma.request('/api/me', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: DELETE_ACCOUNT_CONFIRMATION }),
    });
    expect(gone.status).toBe(204);
    const after = await getJson<ChatSummary>(asVic, `/api/chats/${chat.id}`);
    expect(after.body).toMatchObject({
      otherUserId: DELETED_USER_ID,
      otherReadSeq: 2,
      otherDeliveredSeq: before.body.otherDeliveredSeq,
    });
  });
});

describe(`account: the sweep of inactive unverified accounts (${dbKind})`, () => {
  it('deletes accounts never verified and inactive for 90 days, and no other', async () => {
    const [stale, recent, friend] = await createPeople(world.db, [
      'Old Unverified',
      'New Unverified',
      'Friend Sweep',
    ]);
    const { person: verified } = await viaProvider('Old Verified', 'old-verified@example.test');
    await befriend(world.server.graph, [[stale!, friend!]]);
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    const setActive = (person: Person, at: Date) =>
      world.db.updateTable('users').set({ lastActiveAt: at }).where('id', '=', person.id).execute();
    await setActive(stale!, daysAgo(91));
    await setActive(recent!, daysAgo(89));
    await setActive(verified, daysAgo(400));

    // A session's use counts as activity: this one, used now, keeps its owner.
    const [kept] = await createPeople(world.db, ['Kept Unverified']);
    await setActive(kept!, daysAgo(120));
    const asKept = await browserFor(world.server, kept!);
    expect((await getJson(asKept, '/api/me')).status).toBe(200);

    // Others' sweeps may find accounts of other tests too: only ours are checked.
    await world.server.account.sweepInactiveUnverified();
    const left = await world.db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [stale!.id, recent!.id, verified.id, kept!.id, friend!.id])
      .execute();
    expect(left.map((r) => r.id).sort()).toEqual(
      [recent!.id, verified.id, kept!.id, friend!.id].sort(),
    );
    // Deleted as its owner would: the friend's trust no longer counts them.
    const trust = await getJson<{ trustScore: number }>(
      await browserFor(world.server, friend!),
      '/api/trust/me',
    );
    expect(trust.body.trustScore).toBe(0);
  });
});
