import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../src/db/database.ts';
import { TestBrowser } from './http-client.ts';
import type { TestServer } from './harness.ts';
import { createSessionsService } from '../src/modules/auth/sessions.service.ts';
import type { Graph } from '../src/modules/graph/graph.service.ts';

/** Test factories for the network modules: people, friendships and signed-in browsers. */

export type Person = { id: string; seq: number; name: string };

/**
 * People with no e-mail or photo. Unlike a new account (spec/3 §9: "require mutual
 * connections" on), they accept connection requests from strangers, which most tests send;
 * `{ productDefaults: true }` leaves them with the product's default settings.
 */
export async function createPeople(
  db: Db,
  names: readonly string[],
  options: { productDefaults?: boolean } = {},
): Promise<Person[]> {
  const rows = names.map((name) => ({ id: uuidv7(), name, email: null, photoUrl: null }));
  const inserted = await db
    .insertInto('users')
    .values(rows)
    .returning(['id', 'seq', 'name'])
    .execute();
  if (!options.productDefaults && rows.length > 0) {
    await db
      .insertInto('userSettings')
      .values(rows.map((r) => ({ userId: r.id, requireMutualConnections: false })))
      .execute();
  }
  const byId = new Map(inserted.map((r) => [r.id, r]));
  return rows.map((r) => ({ id: r.id, seq: Number(byId.get(r.id)!.seq), name: r.name }));
}

/** Friendships through the real write path (outbox, index, trust). */
export async function befriend(graph: Graph, pairs: readonly [Person, Person][]): Promise<void> {
  for (const [a, b] of pairs) {
    await graph.write(async (trx, record) => {
      if (await graph.insertFriendship(trx, a.seq, b.seq)) await record('add', a.seq, b.seq);
    });
  }
}

/** A browser holding a real session cookie for `person` (no OpenID round trip needed). */
export async function browserFor(server: TestServer, person: Person): Promise<TestBrowser> {
  const sessions = createSessionsService(server.db, { idleMs: 3_600_000, absoluteMs: 3_600_000 });
  const { token } = await sessions.create(person.id, 'vitest');
  const browser = new TestBrowser(server.baseUrl);
  browser.cookies.set('hl_session', token);
  return browser;
}

/** JSON helpers on a TestBrowser. */
export async function getJson<T>(
  browser: TestBrowser,
  path: string,
): Promise<{ status: number; body: T }> {
  const res = await browser.request(path);
  return { status: res.status, body: (await res.json()) as T };
}

export async function sendJson<T>(
  browser: TestBrowser,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await browser.request(path, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** What Discover filters on for one test person (unset fields keep the table's defaults). */
export type DiscoverSetup = {
  gender?: string;
  interestedIn?: string;
  dob?: string | null;
  onboarded?: boolean;
  settings?: {
    discoveryVisibility?: string;
    showAge?: boolean;
    hideFromSearch?: boolean;
    locationSharing?: boolean;
  };
};

/**
 * Sets the facts Discover reads (profile, onboarding, settings) for people and has the graph
 * re-read them, as a profile edit does. Defaults: woman seeking everyone, born 1995-06-15,
 * onboarded.
 */
export async function setDiscoverable(
  server: TestServer,
  people: readonly Person[],
  setup: DiscoverSetup = {},
): Promise<void> {
  const { db, graph } = server;
  for (const person of people) {
    await db
      .updateTable('users')
      .set({
        gender: setup.gender ?? 'woman',
        interestedIn: setup.interestedIn ?? 'everyone',
        dob: setup.dob === undefined ? '1995-06-15' : setup.dob,
      })
      .where('id', '=', person.id)
      .execute();
    const done = setup.onboarded ?? true;
    await db
      .insertInto('userOnboardingStatus')
      .values({ userId: person.id, onboardingCompleted: done, profileStepCompleted: done })
      .onConflict((oc) =>
        oc.column('userId').doUpdateSet({ onboardingCompleted: done, profileStepCompleted: done }),
      )
      .execute();
    if (setup.settings) {
      await db
        .insertInto('userSettings')
        .values({ userId: person.id, ...setup.settings })
        .onConflict((oc) => oc.column('userId').doUpdateSet(setup.settings!))
        .execute();
    }
    await graph.write(async (_trx, record) => record('user', person.seq));
  }
}

/**
 * Sets a person's account state as a moderator's decision will (issue 47): the stored state,
 * then a graph 'user' change, so every instance drops what it kept of them.
 */
export async function setAccountState(
  server: TestServer,
  person: Person,
  state: 'ACTIVE' | 'SUSPENDED' | 'BANNED',
): Promise<void> {
  await server.db
    .updateTable('users')
    .set({ accountStatus: state })
    .where('id', '=', person.id)
    .execute();
  await server.graph.write(async (_trx, record) => record('user', person.seq));
}

/**
 * Makes `people` candidates in each other's Discover, without making them friends: all of them
 * discoverable (setDiscoverable's defaults), each a friend of one shared connector and of two
 * friends of their own, so each has the three friends that unlock the 2nd degree and meets the
 * others there. Likes, passes and skips are only for such people (issue 45).
 */
export async function meetInDiscover(server: TestServer, people: readonly Person[]): Promise<void> {
  const [connector, ...pals] = await createPeople(server.db, [
    `Connector ${uuidv7().slice(-8)}`,
    ...people.flatMap((p) => [`${p.name} Pal One`, `${p.name} Pal Two`]),
  ]);
  await setDiscoverable(server, people);
  await befriend(
    server.graph,
    people.flatMap((person, i) => [
      [person, connector!] as [Person, Person],
      [person, pals[2 * i]!] as [Person, Person],
      [person, pals[2 * i + 1]!] as [Person, Person],
    ]),
  );
}
