import { v7 as uuidv7 } from 'uuid';
import { DELETED_USER_ID } from '@heartline/domain';
import { describe, expect, it } from 'vitest';
import { dbKind, useTestServer, withDatabaseUrl } from '../../../test/harness.ts';
import { TestBrowser } from '../../../test/http-client.ts';
import {
  befriend,
  browserFor,
  createPeople,
  setAccountState,
  setDiscoverable,
  type Person,
} from '../../../test/network-fixtures.ts';
import { noisyImage } from '../photos/photos.test-support.ts';
import { ask, listen } from '../../../test/realtime-client.ts';
import { routeTable } from '../../../test/route-table.ts';
import { softPasskey } from '../../../test/passkey-authenticator.ts';

/**
 * Route × actor authorization matrix (DESIGN.md §4, docs/API-network.md): every registered
 * route has a row here, and a person who blocked the actor, or whom the actor blocked, answers
 * exactly like a user id that does not exist: same status, same body, nothing changed. So does
 * a person whose account is suspended or banned, on every route (SUSPENDED_STATES below).
 */

/** Routes outside the matrix, by path prefix, and why. */
const SKIPPED: Record<string, string> = {
  '/api/auth/': 'sign-in and sign-out flows: they create sessions, act on no one (auth.test.ts)',
  '/api/health': 'public liveness probe, no user data',
  '/api/config': 'public client configuration, no user data',
  '/metrics':
    "operators' figures behind METRICS_TOKEN, no user data; 404 without it (metrics.test.ts)",
  '/media/': 'stored images behind unguessable keys, public by design (media.test.ts)',
  '/oidc/': 'the dev OpenID provider, mounted as middleware (never a Fastify route)',
  '/dev-idp/': "the dev OpenID provider's sign-in pages",
  '/*': 'static web files and the SPA fallback (registerWeb; absent without WEB_DIST)',
};
/** Fastify adds a HEAD twin to every GET route; it runs the GET handler. */
const SKIPPED_METHODS = new Set(['HEAD']);

/** The outcome "exactly as for a user (or request) id that does not exist". */
const M = 'missing';
type Outcome = number | typeof M;

const ACTORS = [
  'anonymous', // no session; the target is a friend
  'stranger', // no path between them
  'first', // friend
  'second', // friend of a friend
  'third', // distance 3
  'blocked', // the target (a former friend and favorite) blocked the actor
  'blocker', // the actor blocked the target (a former friend and favorite)
  'owner', // the target is the actor
] as const;
type Actor = (typeof ACTORS)[number];
/** A matrix row: one outcome per actor, in the order of the actors' list. */
type Row<N extends number, T = Outcome, R extends T[] = []> = R['length'] extends N
  ? R
  : Row<N, T, [T, ...R]>;

const jpeg = noisyImage('jpeg', 400, 400);
const dataUrl = async () => `data:image/jpeg;base64,${(await jpeg).toString('base64')}`;

/**
 * Routes that name a person: `:userId` in the path, or `body(id)` carries it. `missing`: the
 * status for an id that does not exist (404 unless said).
 */
type TargetedRow = { body?: (id: string) => unknown; missing?: number; expect: Row<8> };
const TARGETED: Record<string, TargetedRow> = {
  // expect: [anonymous, stranger, first, second, third, blocked, blocker, owner]
  'GET /api/network/path/:userId': { expect: [401, M, 200, 200, 200, M, M, M] },
  // Another person's profile: whom the Network or Discover lists (and matches), and oneself.
  'GET /api/people/:userId': { expect: [401, M, 200, 200, 200, M, M, 200] },
  'GET /api/connections/user/:userId/count': { expect: [401, M, 200, 200, 200, M, M, 200] },
  'POST /api/connections/:userId/disconnect': { expect: [401, 404, 200, 404, 404, M, M, 400] },
  'POST /api/favorites/:userId': { expect: [401, 404, 200, 404, 404, M, M, 400] },
  'DELETE /api/favorites/:userId': { expect: [401, 200, 200, 200, 200, M, M, 400] },
  'POST /api/favorites/:userId/toggle': { expect: [401, 404, 200, 404, 404, M, M, 400] },
  // Whom you blocked stays addressable to block again, unblock and report (access.policy.ts).
  'POST /api/blocks/:userId': { expect: [401, 200, 200, 200, 200, M, 200, 400] },
  'DELETE /api/blocks/:userId': { expect: [401, 200, 200, 200, 200, M, 200, 400] },
  'POST /api/reports': {
    body: (userId) => ({ userId, reason: 'spam', context: 'network' }),
    expect: [401, 201, 201, 201, 201, M, 201, 400],
  },
  'POST /api/connection-requests': {
    body: (toUserId) => ({ toUserId }),
    expect: [401, 201, 409, 201, 201, M, M, 400],
  },
  // Chats are for friends and matches (chat.service.ts); the chat itself is created once.
  'POST /api/chats': {
    body: (userId) => ({ userId }),
    expect: [401, 403, 201, 403, 403, M, M, 400],
  },
  // Discover actions: only on people the actor's Discover shows (issue 45); a stranger, with no
  // path between them, answers as a missing id, and so does the third degree: a person is shown
  // to the 1st and 2nd degree unless they chose further (discovery visibility, '1st_2nd').
  'POST /api/discover/:userId/like': {
    body: () => ({}),
    expect: [401, M, 200, 200, M, M, M, 400],
  },
  'POST /api/discover/:userId/pass': { expect: [401, M, 200, 200, M, M, M, 400] },
  'POST /api/discover/:userId/skip': { expect: [401, M, 200, 200, M, M, M, 400] },
  // Only a match can be ended: nobody here is matched with the actor.
  'POST /api/matches/:userId/unmatch': { expect: [401, 404, 404, 404, 404, M, M, 400] },
  // Only one's own photo: anyone else's id, existing or not, is the same 403.
  'POST /api/upload-profile-photo': {
    body: async (userId: string) => ({ userId, fileData: await dataUrl() }),
    missing: 403,
    expect: [401, 403, 403, 403, 403, M, M, 200],
  },
};

/** Routes on other resources: a connection request from `sender` to `recipient`. */
const REQUEST_ACTORS = ['anonymous', 'stranger', 'sender', 'recipient', 'blocked'] as const;
type RequestActor = (typeof REQUEST_ACTORS)[number];
/** `blocked`: the rightful actor, after the other party blocked them (the request is gone). */
const ON_REQUESTS: Record<string, { rightful: 'sender' | 'recipient'; expect: Row<5> }> = {
  // expect: [anonymous, stranger, sender, recipient, blocked]
  'POST /api/connection-requests/:id/accept': {
    rightful: 'recipient',
    expect: [401, M, M, 200, M],
  },
  'POST /api/connection-requests/:id/reject': {
    rightful: 'recipient',
    expect: [401, M, M, 200, M],
  },
  'POST /api/connection-requests/:id/cancel': { rightful: 'sender', expect: [401, M, 200, M, M] },
  // The invite chain's steps act on invite requests only: on an ordinary one nobody may take
  // them (the parties and statuses of a chain: invitations.test.ts).
  'POST /api/connection-requests/:id/approve': {
    rightful: 'recipient',
    expect: [401, M, M, M, M],
  },
  'POST /api/connection-requests/:id/consent': {
    rightful: 'recipient',
    expect: [401, M, M, M, M],
  },
  'POST /api/connection-requests/:id/decline': {
    rightful: 'recipient',
    expect: [401, M, M, M, M],
  },
  'POST /api/connection-requests/:id/final-approve': {
    rightful: 'recipient',
    expect: [401, M, M, M, M],
  },
  'POST /api/connection-requests/:id/final-decline': {
    rightful: 'recipient',
    expect: [401, M, M, M, M],
  },
};

/**
 * Routes on a chat between `member` and a friend. `blocked` / `blocker`: the member after the
 * friend blocked them / they blocked the friend; `former`: after they disconnected (the history
 * stays readable, sending does not: chat.test.ts).
 */
const CHAT_ACTORS = ['anonymous', 'stranger', 'member', 'blocked', 'blocker', 'former'] as const;
type ChatActor = (typeof CHAT_ACTORS)[number];
const ON_CHATS: Record<string, { body?: () => unknown; expect: Row<6> }> = {
  // expect: [anonymous, stranger, member, blocked, blocker, former]
  'GET /api/chats/:chatId': { expect: [401, M, 200, M, M, 200] },
  'GET /api/chats/:chatId/messages': { expect: [401, M, 200, M, M, 200] },
  'POST /api/chats/:chatId/read': { body: () => ({ seq: 1 }), expect: [401, M, 200, M, M, 200] },
  'PUT /api/chats/:chatId/mute': {
    body: () => ({ muted: true }),
    expect: [401, M, 200, M, M, 200],
  },
};

/** Routes on the signed-in user only: anonymous, then a fresh signed-in user. */
type OwnRow = {
  url?: string;
  body?: () => unknown;
  before?: (as: TestBrowser) => Promise<unknown>;
  expect: Row<2, number>;
};
const onboarding = { name: 'Matrix Owner', dob: '1990-01-01' };
/** Someone else's live invitation link, for the `:code` rows (made by an earlier row). */
const liveLink = { code: 'matrix-link-not-made-yet' };
const OWN: Record<string, OwnRow> = {
  'GET /api/me': { expect: [401, 200] },
  'GET /api/me/profile': { expect: [401, 200] },
  'PATCH /api/me/profile': { body: () => ({ interests: ['Music'] }), expect: [401, 200] },
  'GET /api/me/privacy': { expect: [401, 200] },
  'PUT /api/me/privacy': { body: () => ({ showInPaths: false }), expect: [401, 200] },
  'GET /api/me/settings': { expect: [401, 200] },
  'GET /api/push/key': { expect: [401, 200] },
  'PUT /api/push/subscription': {
    body: () => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/${uuidv7()}`,
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
    }),
    expect: [401, 200],
  },
  'DELETE /api/push/subscription': {
    body: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/none' }),
    expect: [401, 200],
  },
  'PATCH /api/me/settings': {
    body: () => ({ privacy: { showAge: false } }),
    expect: [401, 200],
  },
  'GET /api/me/photo': { expect: [401, 200] },
  'GET /api/me/export': { expect: [401, 200] },
  // Rows run in order: the fresh signed-in user deletes their own account (account.test.ts).
  'DELETE /api/me': { body: () => ({ confirm: 'DELETE' }), expect: [401, 204] },
  'PUT /api/onboarding/profile': { body: () => onboarding, expect: [401, 200] },
  'POST /api/onboarding/complete': {
    before: (as) => send(as, 'PUT', '/api/onboarding/profile', onboarding),
    expect: [401, 200],
  },
  'GET /api/chats': { expect: [401, 200] },
  'GET /api/discover': { expect: [401, 200] },
  'POST /api/discover/reset': { expect: [401, 200] },
  // Nothing to undo for a fresh user.
  'POST /api/discover/undo': { expect: [401, 400] },
  'GET /api/network': { url: '/api/network?tab=all', expect: [401, 200] },
  'GET /api/network/summary': { expect: [401, 200] },
  'GET /api/network/connections': { url: '/api/network/connections?tab=all', expect: [401, 200] },
  'GET /api/connection-requests': { expect: [401, 200] },
  'GET /api/blocks': { expect: [401, 200] },
  'GET /api/reports': { expect: [401, 200] },
  'GET /api/trust/me': { expect: [401, 200] },
  'POST /api/trust/recalculate': { expect: [401, 200] },
  'GET /api/trust/verify': { expect: [401, 200] },
  // Open outside production (these tests); production refusals: dev.routes.test.ts.
  'GET /api/dev/access': { expect: [401, 200] },
  'GET /api/invitations/me': { expect: [401, 200] },
  // Makes the own default link (201), or answers it when there is one.
  'POST /api/invitations/me': { expect: [401, 201] },
  'GET /api/invitations': { expect: [401, 200] },
  // Its signed-in call's link is the one the `:code` rows below use (rows run in this order).
  'POST /api/invitations': {
    body: () => ({}),
    before: async (as) => {
      const made = await send(as, 'POST', '/api/invitations', {});
      expect(made.status).toBe(201);
      liveLink.code = (made.body as { code: string }).code;
    },
    expect: [401, 201],
  },
  // Public: anyone may read a live link's landing page, signed in or not.
  'GET /api/invitations/:code': {
    get url() {
      return `/api/invitations/${liveLink.code}`;
    },
    expect: [200, 200],
  },
  // Someone else's link reads as not existing.
  'POST /api/invitations/:code/deactivate': {
    get url() {
      return `/api/invitations/${liveLink.code}/deactivate`;
    },
    expect: [401, 404],
  },
  'POST /api/invitations/:code/accept': {
    get url() {
      return `/api/invitations/${liveLink.code}/accept`;
    },
    expect: [401, 201],
  },
  'POST /api/photos': { body: () => photoForm(), expect: [401, 200] },
  'GET /api/me/photos': { expect: [401, 200] },
  'POST /api/me/photos': { body: () => photoForm(), expect: [401, 200] },
  // Only one's own photos: another person's photo id reads as one that does not exist.
  'DELETE /api/me/photos/:photoId': { url: `/api/me/photos/${uuidv7()}`, expect: [401, 404] },
  'PUT /api/me/photos/order': { body: () => ({ ids: [uuidv7()] }), expect: [401, 400] },
  'GET /api/places': { url: '/api/places?q=hai', expect: [401, 200] },
  'PUT /api/me/city': { body: () => ({ cityId: null }), expect: [401, 200] },
  // A member has no decision to appeal, and no warning of this id (moderation.test.ts).
  'POST /api/standing/appeal': { body: () => ({ text: 'Why?' }), expect: [401, 404] },
  'POST /api/standing/warnings/:actionId/acknowledge': {
    url: `/api/standing/warnings/${uuidv7()}/acknowledge`,
    expect: [401, 404],
  },
  'POST /api/standing/warnings/:actionId/appeal': {
    url: `/api/standing/warnings/${uuidv7()}/appeal`,
    body: () => ({ text: 'Why?' }),
    expect: [401, 404],
  },
};

/**
 * The staff routes (issue 47): a member finds none of them (404), a suspended or banned account
 * is signed out (401), staff hold a passkey confirmed on this session; only admins read the
 * audit log and change roles. `:userId` is a fresh member, `:appealId` and `:caseId` ids that do not exist.
 */
const STAFF_ACTORS = ['member', 'suspended', 'banned', 'moderator', 'admin'] as const;
const bogusPasskey = () => ({
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30' },
});
const STAFF: Record<string, { body?: () => unknown; expect: Row<5, number> }> = {
  // expect: [member, suspended, banned, moderator, admin]
  'GET /api/staff/me': { expect: [404, 401, 401, 200, 200] },
  'POST /api/staff/passkeys/registration/options': { expect: [404, 401, 401, 200, 200] },
  'POST /api/staff/passkeys/registration': {
    body: bogusPasskey,
    expect: [404, 401, 401, 403, 403],
  },
  'POST /api/staff/passkeys/authentication/options': { expect: [404, 401, 401, 200, 200] },
  'POST /api/staff/passkeys/authentication': {
    body: bogusPasskey,
    expect: [404, 401, 401, 403, 403],
  },
  'POST /api/staff/people/:userId/actions': {
    body: () => ({ kind: 'warn', reason: 'spam', message: '' }),
    expect: [404, 401, 401, 200, 200],
  },
  // Nothing to lift on a member in good standing.
  'POST /api/staff/people/:userId/lift': {
    body: () => ({ reason: 'other', message: '' }),
    expect: [404, 401, 401, 404, 404],
  },
  'GET /api/staff/cases': { expect: [404, 401, 401, 200, 200] },
  // `:caseId` is an id that does not exist.
  'GET /api/staff/cases/:caseId': { expect: [404, 401, 401, 404, 404] },
  'POST /api/staff/cases/:caseId/notes': {
    body: () => ({ text: 'A note' }),
    expect: [404, 401, 401, 404, 404],
  },
  'POST /api/staff/cases/:caseId/decision': {
    body: () => ({ kind: 'dismiss', reason: 'duplicate', message: '' }),
    expect: [404, 401, 401, 404, 404],
  },
  'GET /api/staff/appeals': { expect: [404, 401, 401, 200, 200] },
  'POST /api/staff/appeals/:appealId/decision': {
    body: () => ({ decision: 'upheld', reason: 'Stands.' }),
    expect: [404, 401, 401, 404, 404],
  },
  'GET /api/staff/audit': { expect: [404, 401, 401, 403, 200] },
  'GET /api/staff/roles': { expect: [404, 401, 401, 403, 200] },
  'PUT /api/staff/roles/:userId': {
    body: () => ({ role: 'moderator' }),
    expect: [404, 401, 401, 403, 200],
  },
  // The fresh member holds no role to take.
  'DELETE /api/staff/roles/:userId': { expect: [404, 401, 401, 403, 404] },
};

/** A browser for a staff actor: the role, and a passkey enrolled on its session. */
async function staffActor(actor: (typeof STAFF_ACTORS)[number]): Promise<TestBrowser> {
  const [me] = await createPeople(world.db, [`Staff Matrix ${actor}`]);
  const as = await browserFor(world.server, me!);
  if (actor === 'member') return as;
  const role = actor === 'admin' ? 'admin' : 'moderator';
  await world.db.insertInto('staffRoles').values({ userId: me!.id, role }).execute();
  if (actor === 'suspended' || actor === 'banned') {
    await setAccountState(world.server, me!, actor === 'suspended' ? 'SUSPENDED' : 'BANNED');
    return as;
  }
  const key = softPasskey(world.server.baseUrl);
  const options = await send(as, 'POST', '/api/staff/passkeys/registration/options');
  const done = await send(
    as,
    'POST',
    '/api/staff/passkeys/registration',
    key.register(options.body as { challenge: string }),
  );
  expect(done.status).toBe(200);
  return as;
}

/** The one route a suspended or banned account reaches (the rest answer it as anonymous). */
const STANDING_ROUTES = new Set(['POST /api/standing/appeal']);

const world = useTestServer(withDatabaseUrl);

type Answer = { status: number; body: unknown };

async function send(as: TestBrowser, method: string, url: string, body?: unknown) {
  const init: RequestInit = { method };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const res = await as.request(url, init);
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function photoForm(): Promise<FormData> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await jpeg)], { type: 'image/jpeg' }), 'me.jpg');
  return form;
}

/**
 * Everything an action on people can change: rows of the relation tables, and how many events
 * and graph changes were recorded. Read until two reads agree, so earlier writes have settled.
 */
async function snapshot(): Promise<Record<string, unknown>> {
  const { db } = world;
  const count = (table: 'events' | 'graphChanges') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
  const sorted = async (rows: Promise<unknown[]>) =>
    (await rows).map((r) => JSON.stringify(r)).sort();
  const read = async () => ({
    friendships: await sorted(db.selectFrom('friendships').selectAll().execute()),
    favorites: await sorted(db.selectFrom('favorites').selectAll().execute()),
    blocks: await sorted(db.selectFrom('blocks').selectAll().execute()),
    reports: await sorted(db.selectFrom('reports').selectAll().execute()),
    requests: await sorted(db.selectFrom('connectionRequests').selectAll().execute()),
    chats: await sorted(db.selectFrom('chats').selectAll().execute()),
    chatMembers: await sorted(db.selectFrom('chatMembers').selectAll().execute()),
    messages: await sorted(db.selectFrom('messages').selectAll().execute()),
    swipes: await sorted(db.selectFrom('swipes').selectAll().execute()),
    matches: await sorted(db.selectFrom('matches').selectAll().execute()),
    photos: await sorted(db.selectFrom('photos').select(['id', 'userId']).execute()),
    events: await count('events'),
    graphChanges: await count('graphChanges'),
  });
  let last = await read();
  for (let attempt = 0; attempt < 50; attempt++) {
    await new Promise((r) => setTimeout(r, 20));
    const next = await read();
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
  throw new Error('the database did not settle');
}

/** Makes one call; an answer of 4xx must have changed nothing. */
async function observe(call: () => Promise<Answer>): Promise<Answer> {
  const before = await snapshot();
  const answer = await call();
  if (answer.status >= 400) expect(await snapshot(), 'a refused call changed data').toEqual(before);
  return answer;
}

const anonymous = () => new TestBrowser(world.server.baseUrl);

async function block(by: Person, whom: Person) {
  const res = await send(await browserFor(world.server, by), 'POST', `/api/blocks/${whom.id}`);
  expect(res.status).toBe(200);
}

/**
 * A fresh world for one cell: the actor's browser and the person the call targets. The chain
 * is actor - first - second - third; where degrees matter the actor has six more friends, so
 * the 2nd and 3rd degree are unlocked (3 friends, trust 70) and a refusal is not a lock.
 */
async function personWorld(actor: Actor): Promise<{ as: TestBrowser; target: Person }> {
  const names = ['Actor', 'First', 'Second', 'Third', 'Stranger', 'A', 'B', 'C', 'D', 'E', 'F'];
  const [me, first, second, third, stranger, ...more] = await createPeople(
    world.db,
    names.map((n) => `${n} Matrix`),
  );
  // Everyone as Discover would show them (onboarded, of an age, seeking everyone).
  await setDiscoverable(world.server, [me!, first!, second!, third!, stranger!]);
  await befriend(world.server.graph, [
    [me!, first!],
    [first!, second!],
    [second!, third!],
  ]);
  if (['stranger', 'second', 'third'].includes(actor)) {
    await befriend(
      world.server.graph,
      more.map((p) => [me!, p]),
    );
  }
  const as = actor === 'anonymous' ? anonymous() : await browserFor(world.server, me!);
  if (actor === 'blocked' || actor === 'blocker') {
    expect((await send(as, 'POST', `/api/favorites/${first!.id}`)).status).toBe(200);
    await chatWith(as, first!, 'before the block');
    if (actor === 'blocked') await block(first!, me!);
    else await block(me!, first!);
  }
  const targets = { stranger, first, second, third, blocked: first, blocker: first, owner: me };
  return { as, target: actor === 'anonymous' ? first! : targets[actor]! };
}

/** Opens the chat of `as` with a friend and sends one message in it; answers the chat id. */
async function chatWith(as: TestBrowser, friend: Person, text: string): Promise<string> {
  const opened = await send(as, 'POST', '/api/chats', { userId: friend.id });
  expect(opened.status).toBe(201);
  const chatId = (opened.body as { id: string }).id;
  await say(as, chatId, text);
  return chatId;
}

/** Sends `text` in the chat over the socket, as the browser's person. */
async function say(as: TestBrowser, chatId: string, text: string): Promise<void> {
  const live = listen(world.server.baseUrl, as.cookieHeader());
  try {
    await live.ready();
    const sent = await ask(live.socket, 'message.send', {
      chatId,
      clientId: uuidv7(),
      content: text,
    });
    expect(sent.ok).toBe(true);
  } finally {
    live.socket.disconnect();
  }
}

/** A fresh chat with one message, and the actor's browser. */
async function chatWorld(actor: ChatActor): Promise<{ as: TestBrowser; chatId: string }> {
  const [member, friend, stranger] = await createPeople(
    world.db,
    ['Member', 'Friend', 'Stranger'].map((n) => `${n} Matrix`),
  );
  await befriend(world.server.graph, [[member!, friend!]]);
  const asMember = await browserFor(world.server, member!);
  const chatId = await chatWith(asMember, friend!, 'hello');
  if (actor === 'blocked') await block(friend!, member!);
  if (actor === 'blocker') await block(member!, friend!);
  if (actor === 'former') {
    const res = await send(asMember, 'POST', `/api/connections/${friend!.id}/disconnect`);
    expect(res.status).toBe(200);
  }
  if (actor === 'anonymous') return { as: anonymous(), chatId };
  if (actor === 'stranger') return { as: await browserFor(world.server, stranger!), chatId };
  return { as: asMember, chatId };
}

/** A fresh request from `sender` to `recipient`, and the actor's browser. */
async function requestWorld(actor: RequestActor, rightful: 'sender' | 'recipient') {
  const [sender, recipient, stranger] = await createPeople(
    world.db,
    ['Sender', 'Recipient', 'Stranger'].map((n) => `${n} Matrix`),
  );
  const sent = await send(
    await browserFor(world.server, sender!),
    'POST',
    '/api/connection-requests',
    { toUserId: recipient!.id },
  );
  expect(sent.status).toBe(201);
  const requestId = (sent.body as { request: { id: string } }).request.id;
  const who = actor === 'blocked' ? rightful : actor;
  if (actor === 'blocked') {
    if (rightful === 'sender') await block(recipient!, sender!);
    else await block(sender!, recipient!);
  }
  const people = { stranger, sender, recipient };
  const as = who === 'anonymous' ? anonymous() : await browserFor(world.server, people[who]!);
  // The rightful actor's counterpart.
  const other = rightful === 'sender' ? recipient! : sender!;
  return { as, requestId, other };
}

/** The account states in which a person is not there for anyone (access.policy.ts). */
const SUSPENDED_STATES = ['SUSPENDED', 'BANNED'] as const;

/**
 * A fresh world where the actor's friend (a favorite, with a chat where both wrote) then had
 * their account put in `state`, or deleted it: everything the two shared stays stored, and
 * none of it may show but the chat, read as one with 'Unknown User'.
 */
async function suspendedWorld(state: (typeof SUSPENDED_STATES)[number] | 'DELETED') {
  const { as, target } = await personWorld('first');
  expect((await send(as, 'POST', `/api/favorites/${target.id}`)).status).toBe(200);
  const chatId = await chatWith(as, target, 'before the suspension');
  const asTarget = await browserFor(world.server, target);
  await say(asTarget, chatId, 'an answer');
  if (state === 'DELETED') {
    expect((await send(asTarget, 'DELETE', '/api/me', { confirm: 'DELETE' })).status).toBe(204);
  } else {
    await setAccountState(world.server, target, state);
  }
  return { as, target, chatId };
}

/** An answer with its ids and times left out: two worlds' answers compared for their shape. */
const shapeOf = (answer: Answer) => ({
  status: answer.status,
  body: JSON.stringify(answer.body)
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) =>
      id === DELETED_USER_ID ? id : 'id',
    )
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'time'),
});

/** A fresh pair with a request open from the one to the other, who is then in `state`. */
async function suspendedAskerWorld(state: (typeof SUSPENDED_STATES)[number]) {
  const { as, requestId, other } = await requestWorld('recipient', 'recipient');
  await setAccountState(world.server, other, state);
  return { as, requestId, target: other };
}

const split = (route: string) => route.split(' ') as [string, string];
const label = (outcome: Outcome) => (outcome === M ? 'answers as for a missing id' : outcome);

/** Same status and body as for an id that does not exist, and neither call changed anything. */
async function expectAsMissing(call: (id: string) => Promise<Answer>, id: string, status = 404) {
  const missing = await observe(() => call(uuidv7()));
  expect(missing.status, 'the answer for a missing id').toBe(status);
  const actual = await observe(() => call(id));
  expect(actual, 'answers exactly as for an id that does not exist').toEqual(missing);
}

describe(`access matrix (${dbKind})`, () => {
  it('has a row for every registered route, and no row for a route that is gone', () => {
    const skipped = (route: string) => {
      const [method, path] = split(route);
      return SKIPPED_METHODS.has(method) || Object.keys(SKIPPED).some((p) => path.startsWith(p));
    };
    const registered = routeTable(world.server.app).filter((r) => !skipped(r));
    const rows = [
      ...Object.keys(TARGETED),
      ...Object.keys(ON_REQUESTS),
      ...Object.keys(ON_CHATS),
      ...Object.keys(OWN),
      ...Object.keys(STAFF),
    ];
    expect(
      registered.filter((r) => !rows.includes(r)),
      'routes without a matrix row',
    ).toEqual([]);
    expect(
      rows.filter((r) => !registered.includes(r)),
      'rows without a route',
    ).toEqual([]);
    expect(new Set(rows).size).toBe(rows.length);
  });

  for (const [route, row] of Object.entries(TARGETED)) {
    const [method, path] = split(route);
    describe(route, () => {
      ACTORS.forEach((actor, i) => {
        const expected = row.expect[i]!;
        it(`as ${actor}: ${label(expected)}`, async () => {
          const { as, target } = await personWorld(actor);
          const call = async (id: string) =>
            send(as, method, path.replace(':userId', id), await row.body?.(id));
          if (expected === M) return expectAsMissing(call, target.id, row.missing);
          expect((await observe(() => call(target.id))).status).toBe(expected);
        });
      });
    });
  }

  for (const [route, row] of Object.entries(ON_REQUESTS)) {
    const [method, path] = split(route);
    describe(route, () => {
      REQUEST_ACTORS.forEach((actor, i) => {
        const expected = row.expect[i]!;
        it(`as ${actor}: ${label(expected)}`, async () => {
          const { as, requestId } = await requestWorld(actor, row.rightful);
          const call = (id: string) => send(as, method, path.replace(':id', id));
          if (expected === M) return expectAsMissing(call, requestId);
          expect((await observe(() => call(requestId))).status).toBe(expected);
        });
      });
    });
  }

  for (const [route, row] of Object.entries(ON_CHATS)) {
    const [method, path] = split(route);
    describe(route, () => {
      CHAT_ACTORS.forEach((actor, i) => {
        const expected = row.expect[i]!;
        it(`as ${actor}: ${label(expected)}`, async () => {
          const { as, chatId } = await chatWorld(actor);
          const call = (id: string) => send(as, method, path.replace(':chatId', id), row.body?.());
          if (expected === M) return expectAsMissing(call, chatId);
          expect((await observe(() => call(chatId))).status).toBe(expected);
        });
      });
    });
  }

  for (const [route, row] of Object.entries(OWN)) {
    const [method, path] = split(route);
    it(`${route}: ${row.expect[0]} anonymous, ${row.expect[1]} signed in`, async () => {
      const [me] = await createPeople(world.db, ['Own Matrix']);
      const call = async (as: TestBrowser) =>
        observe(async () => send(as, method, row.url ?? path, await row.body?.()));
      expect((await call(anonymous())).status).toBe(row.expect[0]);
      const as = await browserFor(world.server, me!);
      await row.before?.(as);
      expect((await call(as)).status).toBe(row.expect[1]);
    });
  }

  for (const state of SUSPENDED_STATES) {
    describe(`when the other person is ${state.toLowerCase()}`, () => {
      for (const [route, row] of Object.entries(TARGETED)) {
        const [method, path] = split(route);
        it(`${route}: answers as for a missing id`, async () => {
          const { as, target } = await suspendedWorld(state);
          const call = async (id: string) =>
            send(as, method, path.replace(':userId', id), await row.body?.(id));
          await expectAsMissing(call, target.id, row.missing);
        });
      }
      for (const [route, row] of Object.entries(ON_CHATS)) {
        const [method, path] = split(route);
        it(`${route}: their chat reads as one whose other member deleted their account`, async () => {
          const answer = async (w: { as: TestBrowser; chatId: string }) =>
            observe(() => send(w.as, method, path.replace(':chatId', w.chatId), row.body?.()));
          const restrictedWorld = await suspendedWorld(state);
          const restricted = await answer(restrictedWorld);
          expect(shapeOf(restricted)).toEqual(
            shapeOf(await answer(await suspendedWorld('DELETED'))),
          );
          expect(restricted.status).toBe(200);
          const raw = JSON.stringify(restricted.body);
          expect(raw).not.toContain(restrictedWorld.target.id);
          expect(raw).not.toContain(restrictedWorld.target.name);
        });
      }
      for (const [route, row] of Object.entries(ON_REQUESTS)) {
        const [method, path] = split(route);
        it(`${route}: their request answers as a missing one`, async () => {
          const { as, requestId, other } = await requestWorld(row.rightful, row.rightful);
          await setAccountState(world.server, other, state);
          const call = (id: string) => send(as, method, path.replace(':id', id));
          await expectAsMissing(call, requestId);
        });
      }
      it('no list mentions them', async () => {
        for (const { as, target } of [
          await suspendedWorld(state),
          await suspendedAskerWorld(state),
        ]) {
          for (const [route, row] of Object.entries(OWN)) {
            const [method, path] = split(route);
            // One's own data export holds what one did oneself, with whom (the friendship).
            if (method !== 'GET' || route === 'GET /api/me/export') continue;
            const answer = await send(as, method, row.url ?? path);
            expect(answer.status, route).toBe(200);
            expect(JSON.stringify(answer.body), route).not.toContain(target.id);
            expect(JSON.stringify(answer.body), route).not.toContain(target.name);
          }
        }
      });
    });
  }

  for (const [route, row] of Object.entries(STAFF)) {
    const [method, path] = split(route);
    describe(route, () => {
      STAFF_ACTORS.forEach((actor, i) => {
        it(`as ${actor}: ${row.expect[i]}`, async () => {
          const as = await staffActor(actor);
          const [other] = await createPeople(world.db, ['Staff Matrix Target']);
          const url = path
            .replace(':userId', other!.id)
            .replace(':appealId', uuidv7())
            .replace(':caseId', uuidv7());
          expect((await send(as, method, url, row.body?.())).status).toBe(row.expect[i]);
        });
      });
    });
  }

  for (const state of SUSPENDED_STATES) {
    it(`a ${state.toLowerCase()} actor is answered as anonymous everywhere but the appeal`, async () => {
      const [me, friend] = await createPeople(world.db, ['Restricted Actor', 'Their Friend']);
      await befriend(world.server.graph, [[me!, friend!]]);
      const as = await browserFor(world.server, me!);
      await setAccountState(world.server, me!, state);
      const routes: [string, string, unknown][] = [
        ...Object.entries(OWN)
          .filter(([route]) => !STANDING_ROUTES.has(route) && route !== 'DELETE /api/me')
          .map(([route, row]): [string, string, unknown] => [
            route,
            row.url ?? split(route)[1],
            row,
          ]),
        ...Object.keys(TARGETED).map((route): [string, string, unknown] => [
          route,
          split(route)[1].replace(':userId', friend!.id),
          TARGETED[route],
        ]),
      ];
      for (const [route, url, row] of routes) {
        const method = split(route)[0];
        const body = async () =>
          (row as { body?: (id: string) => unknown }).body?.(friend!.id) ?? undefined;
        const asAnonymous = await send(anonymous(), method, url, await body());
        const asRestricted = await send(as, method, url, await body());
        expect(asRestricted, route).toEqual(asAnonymous);
      }
    });
  }

  // Lists have no target: the other person of a blocked pair is simply absent from them.
  for (const actor of ['blocked', 'blocker'] as const) {
    it(`as ${actor}: no list mentions the other person`, async () => {
      const { as, target } = await personWorld(actor);
      for (const [route, row] of Object.entries(OWN)) {
        const [method, path] = split(route);
        // Whom you blocked is listed to unblock them (GET /api/blocks).
        // So is everything one did oneself in one's own data export (the block, its report).
        const own = route === 'GET /api/blocks' || route === 'GET /api/me/export';
        if (method !== 'GET' || (actor === 'blocker' && own)) continue;
        const answer = await send(as, method, row.url ?? path);
        expect(answer.status, route).toBe(200);
        expect(JSON.stringify(answer.body), route).not.toContain(target.id);
        expect(JSON.stringify(answer.body), route).not.toContain(target.name);
      }
    });
  }
});
