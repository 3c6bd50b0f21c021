import { describe, expect, it } from 'vitest';
import {
  discoverFilterMessages,
  discoverPageSchema,
  placeMessages,
  type DiscoverPage,
  type OwnProfile,
  type Place,
  type Settings,
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
import { MATCH_LOCATIONS_JOB } from './places.service.ts';

const world = useTestServer();

type Browser = TestBrowser;

async function cityId(as: Browser, name: string, country: string): Promise<number> {
  const { status, body } = await getJson<Place[]>(as, `/api/places?q=${encodeURIComponent(name)}`);
  expect(status).toBe(200);
  const city = body.find((p) => p.name === name && p.country === country);
  expect(city, `${name}, ${country}`).toBeDefined();
  return city!.id;
}

async function setCity(as: Browser, id: number | null) {
  return sendJson<{ city: Place | null }>(as, 'PUT', '/api/me/city', { cityId: id });
}

const errorOf = (body: unknown) => (body as { error: { message: string } }).error.message;

describe(`cities (${dbKind})`, () => {
  it('searches by prefix, folding case and accents, the most populous first', async () => {
    const [p] = await createPeople(world.db, ['Sam Search']);
    const as = await browserFor(world.server, p!);
    const hai = (await getJson<Place[]>(as, '/api/places?q=hai')).body;
    expect(hai.length).toBeGreaterThan(0);
    expect(hai.length).toBeLessThanOrEqual(10);
    expect(hai.map((c) => c.label)).toContain('Haifa, Israel');
    expect(hai.every((c) => c.name.toLowerCase().startsWith('hai'))).toBe(true);
    const zurich = (await getJson<Place[]>(as, '/api/places?q=ZURI')).body;
    expect(zurich[0]!.label).toBe('Zürich, Switzerland');
    for (const q of ['', '%20%20', 'a'.repeat(81), 'a%00b', 'tel%0Aaviv']) {
      const res = await getJson(as, `/api/places?q=${q}`);
      expect(res.status, q).toBe(400);
    }
    expect((await getJson(as, '/api/places')).status).toBe(400);
    const anonymous = new TestBrowser(world.server.baseUrl);
    expect((await anonymous.request('/api/places?q=hai')).status).toBe(401);
  });

  it("sets one's city and location from the list only; null clears both", async () => {
    const [p] = await createPeople(world.db, ['Cora City']);
    const as = await browserFor(world.server, p!);
    const haifa = await cityId(as, 'Haifa', 'IL');
    const res = await setCity(as, haifa);
    expect(res.status).toBe(200);
    expect(res.body.city).toMatchObject({ id: haifa, label: 'Haifa, Israel' });
    const row = await world.db
      .selectFrom('users')
      .select(['cityId', 'cityLat', 'cityLon', 'location'])
      .where('id', '=', p!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cityId: haifa, location: 'Haifa, Israel' });
    expect(row.cityLat).toBeCloseTo(32.818, 2);
    expect(row.cityLon).toBeCloseTo(34.988, 2);
    expect((await getJson<OwnProfile>(as, '/api/me/profile')).body.location).toBe('Haifa, Israel');

    for (const body of [
      { cityId: 999_999_999 },
      { cityId: 'Haifa' },
      { cityId: 1.5 },
      {},
      { cityId: haifa, x: 1 },
    ]) {
      const refused = await sendJson(as, 'PUT', '/api/me/city', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect(errorOf((await setCity(as, 999_999_999)).body)).toBe(placeMessages.unknownCity);
    expect(
      (
        await world.db
          .selectFrom('users')
          .select('cityId')
          .where('id', '=', p!.id)
          .executeTakeFirstOrThrow()
      ).cityId,
    ).toBe(haifa);

    expect((await setCity(as, null)).status).toBe(200);
    expect(
      await world.db
        .selectFrom('users')
        .select(['cityId', 'cityLat', 'location'])
        .where('id', '=', p!.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ cityId: null, cityLat: null, location: '' });
    expect(
      (await new TestBrowser(world.server.baseUrl).request('/api/me/city', { method: 'PUT' }))
        .status,
    ).toBe(401);
  });

  it('matches old free-text locations to a city only where that is unambiguous', async () => {
    const people = await createPeople(world.db, ['Ola Old', 'Sid Spring', 'Ted Town', 'Una Uk']);
    const texts = ['haifa', 'Springfield', 'Nowhere Town', 'London, United Kingdom'];
    for (const [i, person] of people.entries()) {
      await world.db
        .updateTable('users')
        .set({ location: texts[i]! })
        .where('id', '=', person.id)
        .execute();
    }
    await world.db
      .insertInto('jobs')
      .values({ kind: MATCH_LOCATIONS_JOB, payload: JSON.stringify({}), runAt: new Date() })
      .execute();
    await world.server.jobs.runDue(new Date(Date.now() + 1000));
    const rows = await world.db
      .selectFrom('users')
      .select(['id', 'cityId', 'location'])
      .where(
        'id',
        'in',
        people.map((p) => p.id),
      )
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(people[0]!.id)!.cityId).not.toBeNull();
    expect(byId.get(people[1]!.id)!.cityId).toBeNull();
    expect(byId.get(people[2]!.id)!.cityId).toBeNull();
    expect(byId.get(people[3]!.id)!.cityId).not.toBeNull();
    // The text they wrote stays as it was.
    expect(byId.get(people[0]!.id)!.location).toBe('haifa');
  });
});

describe(`Discover filters (${dbKind})`, () => {
  /** A viewer in Tel Aviv with three friends in Haifa (~80 km), Jerusalem (~53 km), London. */
  async function cityWorld(tag: string) {
    const people = await createPeople(world.db, [
      `Vi ${tag}`,
      `Ha ${tag}`,
      `Je ${tag}`,
      `Lo ${tag}`,
    ]);
    const [viewer, haifa, jerusalem, london] = people as [Person, Person, Person, Person];
    await setDiscoverable(world.server, people);
    await befriend(world.server.graph, [
      [viewer, haifa],
      [viewer, jerusalem],
      [viewer, london],
    ]);
    const as = await browserFor(world.server, viewer);
    const ids = {
      tlv: await cityId(as, 'Tel Aviv', 'IL'),
      haifa: await cityId(as, 'Haifa', 'IL'),
      jerusalem: await cityId(as, 'Jerusalem', 'IL'),
      london: await cityId(as, 'London', 'GB'),
    };
    await setCity(as, ids.tlv);
    await setCity(await browserFor(world.server, haifa), ids.haifa);
    await setCity(await browserFor(world.server, jerusalem), ids.jerusalem);
    await setCity(await browserFor(world.server, london), ids.london);
    return { viewer, haifa, jerusalem, london, as };
  }
  async function feed(as: Browser): Promise<DiscoverPage> {
    const res = await getJson<DiscoverPage>(as, '/api/discover');
    expect(res.status).toBe(200);
    return discoverPageSchema.parse(res.body);
  }
  const settings = (as: Browser, discover: Partial<Settings['discover']>) =>
    sendJson<Settings>(as, 'PATCH', '/api/me/settings', { discover });
  const names = (page: DiscoverPage) => page.items.map((p) => p.name).sort();

  it('shows the distance between cities, rounded, and filters by it', async () => {
    const { haifa, jerusalem, london, as } = await cityWorld('km');
    const all = await feed(as);
    expect(names(all)).toEqual([haifa.name, jerusalem.name, london.name].sort());
    const km = new Map(all.items.map((p) => [p.name, p.distanceKm]));
    expect(km.get(haifa.name)).toBe(80);
    expect(km.get(jerusalem.name)).toBe(50);
    expect(km.get(london.name)).toBeGreaterThan(3000);

    expect((await settings(as, { maxDistanceKm: 60 })).status).toBe(200);
    expect(names(await feed(as))).toEqual([jerusalem.name]);
    expect((await settings(as, { maxDistanceKm: 100 })).status).toBe(200);
    expect(names(await feed(as))).toEqual([haifa.name, jerusalem.name].sort());
    // Someone who stops sharing their location is outside any distance, and shows none.
    const asHaifa = await browserFor(world.server, haifa);
    await settings(asHaifa, {});
    await sendJson(asHaifa, 'PATCH', '/api/me/settings', { privacy: { locationSharing: false } });
    expect(names(await feed(as))).toEqual([jerusalem.name]);
    await settings(as, { maxDistanceKm: null });
    const again = await feed(as);
    expect(again.items.find((p) => p.name === haifa.name)!.distanceKm).toBeNull();
    expect(again.items.find((p) => p.name === haifa.name)!.location).toBe('');

    await settings(as, { maxDistanceKm: 5 });
    const empty = await feed(as);
    expect(empty.items).toEqual([]);
    expect(empty.emptyReason).toBe('filters');
  });

  it('applies the age range and what each looks for; refuses a range upside down', async () => {
    const { viewer, haifa, jerusalem, london, as } = await cityWorld('age');
    // Viewer born 1995 (setDiscoverable); the others 1980, 1995 and 2004.
    await setDiscoverable(world.server, [haifa], { dob: '1980-03-01' });
    await setDiscoverable(world.server, [london], { dob: '2004-03-01' });
    const everyone = [haifa.name, jerusalem.name, london.name].sort();
    // The spec's window by default: 5 years either side.
    expect(names(await feed(as))).toEqual([jerusalem.name]);
    expect((await settings(as, { ageMin: 18, ageMax: 60 })).status).toBe(200);
    expect(names(await feed(as))).toEqual(everyone);
    expect((await settings(as, { ageMin: 40 })).status).toBe(200);
    expect(names(await feed(as))).toEqual([haifa.name]);

    const upsideDown = await settings(as, { ageMax: 30 });
    expect(upsideDown.status).toBe(400);
    expect(errorOf(upsideDown.body)).toBe(discoverFilterMessages.minAboveMax);
    for (const discover of [
      { ageMin: 17 },
      { ageMax: 101 },
      { ageMin: 'x' },
      { maxDistanceKm: 0 },
      { maxDistanceKm: 20_001 },
    ]) {
      expect((await settings(as, discover as never)).status, JSON.stringify(discover)).toBe(400);
    }
    expect((await getJson<Settings>(as, '/api/me/settings')).body.discover).toMatchObject({
      ageMin: 40,
      ageMax: 60,
      maxDistanceKm: null,
    });

    // Looking for: networking and dating do not meet; "both" meets either.
    await settings(as, { ageMin: null, ageMax: null });
    await setDiscoverable(world.server, [haifa, london], { dob: '1995-06-15' });
    await world.db
      .updateTable('users')
      .set({ datingGoal: 'networking' })
      .where('id', '=', viewer.id)
      .execute();
    await world.db
      .updateTable('users')
      .set({ datingGoal: 'dating' })
      .where('id', '=', haifa.id)
      .execute();
    await world.db
      .updateTable('users')
      .set({ datingGoal: 'networking' })
      .where('id', '=', london.id)
      .execute();
    await setDiscoverable(world.server, [viewer, haifa, london]);
    expect(names(await feed(as))).toEqual([jerusalem.name, london.name].sort());
  });
});
