import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { personProfileSchema, type PersonProfile } from '@heartline/domain';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import {
  befriend,
  browserFor,
  createPeople,
  getJson,
  sendJson,
  setAccountState,
  setDiscoverable,
  type Person,
} from '../../../test/network-fixtures.ts';
import { TestBrowser } from '../../../test/http-client.ts';

const world = useTestServer();

const profileOf = (as: TestBrowser, id: string) => getJson<PersonProfile>(as, `/api/people/${id}`);

/** The answer for an id nobody has: every refusal must read exactly like it. */
async function missing(as: TestBrowser) {
  const res = await as.request(`/api/people/${uuidv7()}`);
  expect(res.status).toBe(404);
  return res.text();
}

async function expectNotFound(as: TestBrowser, id: string) {
  const res = await as.request(`/api/people/${id}`);
  expect(res.status).toBe(404);
  expect(await res.text()).toBe(await missing(as));
}

async function photosFor(person: Person, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: uuidv7(),
    userId: person.id,
    mainKey: `people-${person.seq}-${i}.webp`,
    avatarKeys: JSON.stringify({ '128': `people-${person.seq}-${i}-128.webp` }),
    width: 1080,
    height: 1350,
    position: i,
  }));
  await world.db.insertInto('photos').values(rows).execute();
  return rows.map((r) => r.id);
}

/** Vera with three friends; Sam a friend of Fay only; Xena outside the network. */
async function network() {
  const [vera, fay, finn, fred, sam, xena] = await createPeople(world.db, [
    'Vera Viewer',
    'Fay Friend',
    'Finn Friend',
    'Fred Friend',
    'Sam Second',
    'Xena Stranger',
  ]);
  const everyone = [vera!, fay!, finn!, fred!, sam!, xena!];
  await setDiscoverable(world.server, everyone);
  await befriend(world.server.graph, [
    [vera!, fay!],
    [vera!, finn!],
    [vera!, fred!],
    [fay!, sam!],
  ]);
  return {
    vera: vera!,
    fay: fay!,
    sam: sam!,
    xena: xena!,
    as: await browserFor(world.server, vera!),
  };
}

describe(`another person's profile (${dbKind})`, () => {
  it('shows a friend whole: photos in order, prompts, settings applied, what one may do', async () => {
    const { fay, as } = await network();
    const ids = await photosFor(fay, 3);
    await world.db
      .updateTable('users')
      .set({
        bio: 'Cartographer',
        location: 'Haifa',
        interests: ['Hiking'],
        prompts: JSON.stringify([{ prompt: 'geek-out', answer: 'Old maps' }]),
        datingGoal: 'dating',
      })
      .where('id', '=', fay.id)
      .execute();
    const { status, body } = await profileOf(as, fay.id);
    expect(status).toBe(200);
    const profile = personProfileSchema.parse(body);
    expect(profile).toMatchObject({
      id: fay.id,
      name: 'Fay Friend',
      bio: 'Cartographer',
      location: 'Haifa',
      interests: ['Hiking'],
      datingGoal: 'dating',
      prompts: [{ prompt: 'geek-out', answer: 'Old maps' }],
      degree: '1st',
      relation: { isSelf: false, friends: true, matched: false, requestOpen: false },
      canMessage: true,
      canConnect: false,
    });
    expect(profile.age).toBeGreaterThanOrEqual(18);
    expect(profile.photos.map((p) => p.id)).toEqual(ids);
    expect(profile.photos[0]!.url).toMatch(/\.webp$/);

    // Show age and location sharing off: neither leaves the server.
    await setDiscoverable(world.server, [fay], {
      settings: { showAge: false, locationSharing: false },
    });
    const hidden = (await profileOf(as, fay.id)).body;
    expect(hidden.age).toBeNull();
    expect(hidden.location).toBe('');
  });

  it('shows a friend of a friend with the friend in common, and a request to send', async () => {
    const { fay, sam, as } = await network();
    const { status, body } = await profileOf(as, sam.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      degree: '2nd',
      canMessage: false,
      canConnect: true,
      mutualFriends: { count: 1, shown: [{ userId: fay.id, name: 'Fay Friend' }] },
    });
    await sendJson(as, 'POST', '/api/connection-requests', { toUserId: sam.id });
    expect((await profileOf(as, sam.id)).body).toMatchObject({
      canConnect: false,
      relation: { requestOpen: true },
    });
  });

  it('reads as not found where no list would show the person', async () => {
    const { vera, fay, sam, xena, as } = await network();
    // Outside the network, a malformed id, an id nobody has.
    await expectNotFound(as, xena.id);
    await expectNotFound(as, 'not-a-uuid');
    // Blocked either way.
    const asSam = await browserFor(world.server, sam);
    expect((await sendJson(asSam, 'POST', `/api/blocks/${vera.id}`)).status).toBe(200);
    await expectNotFound(as, sam.id);
    expect((await sendJson(asSam, 'DELETE', `/api/blocks/${vera.id}`)).status).toBe(200);
    expect((await profileOf(as, sam.id)).status).toBe(200);
    expect((await sendJson(as, 'POST', `/api/blocks/${sam.id}`)).status).toBe(200);
    await expectNotFound(as, sam.id);
    expect((await sendJson(as, 'DELETE', `/api/blocks/${sam.id}`)).status).toBe(200);
    // Reached only through a friend who hides from paths: not in the lists, not here.
    const asFay = await browserFor(world.server, fay);
    await sendJson(asFay, 'PUT', '/api/me/privacy', { showInPaths: false });
    await expectNotFound(as, sam.id);
    expect((await profileOf(as, fay.id)).status).toBe(200);
    await sendJson(asFay, 'PUT', '/api/me/privacy', { showInPaths: true });
    // Suspended and banned people are not there; lifting it gives the profile back.
    for (const state of ['SUSPENDED', 'BANNED'] as const) {
      await setAccountState(world.server, fay, state);
      await expectNotFound(as, fay.id);
      await setAccountState(world.server, fay, 'ACTIVE');
      expect((await profileOf(as, fay.id)).status).toBe(200);
    }
    // Signed out.
    expect(
      (await new TestBrowser(world.server.baseUrl).request(`/api/people/${fay.id}`)).status,
    ).toBe(401);
  });

  it("shows a match outside the network, and one's own profile as others see it", async () => {
    const { vera, xena, as } = await network();
    await world.db
      .insertInto('matches')
      .values({
        id: uuidv7(),
        userLow: Math.min(vera.seq, xena.seq),
        userHigh: Math.max(vera.seq, xena.seq),
        status: 'active',
        matchedAt: new Date(),
      })
      .execute();
    expect((await profileOf(as, xena.id)).body).toMatchObject({
      degree: null,
      relation: { matched: true, friends: false },
      canMessage: true,
    });
    expect((await profileOf(as, vera.id)).body).toMatchObject({
      id: vera.id,
      degree: null,
      relation: { isSelf: true },
      canMessage: false,
      canConnect: false,
    });
  });
});
