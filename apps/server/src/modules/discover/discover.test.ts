import { describe, expect, it } from 'vitest';
import { discoverPageSchema, type DiscoverPage, type DiscoverProfile } from '@heartline/domain';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import {
  befriend,
  browserFor,
  createPeople,
  getJson,
  sendJson,
  setDiscoverable,
  type DiscoverSetup,
  type Person,
} from '../../../test/network-fixtures.ts';
import { TestBrowser } from '../../../test/http-client.ts';

const world = useTestServer();

type Browser = Awaited<ReturnType<typeof browserFor>>;

async function feed(as: Browser, query = ''): Promise<DiscoverPage> {
  const res = await getJson<DiscoverPage>(as, `/api/discover${query}`);
  expect(res.status).toBe(200);
  return discoverPageSchema.parse(res.body);
}
const names = (page: DiscoverPage) => page.items.map((p) => p.name);

/**
 * A viewer with three friends (so the 2nd degree is open) and, behind friend f1, the given
 * friends-of-friends. Everyone is discoverable by everyone unless `setup` says otherwise.
 */
async function world2nd(tag: string, others: string[], setup: DiscoverSetup = {}) {
  const people = await createPeople(world.db, [
    `Vi ${tag}`,
    `Fa ${tag}`,
    `Fb ${tag}`,
    `Fc ${tag}`,
    ...others.map((n) => `${n} ${tag}`),
  ]);
  const [viewer, f1, f2, f3, ...rest] = people as [Person, Person, Person, Person, ...Person[]];
  await befriend(world.server.graph, [
    [viewer, f1],
    [viewer, f2],
    [viewer, f3],
    ...rest.map((p): [Person, Person] => [f1, p]),
  ]);
  await setDiscoverable(world.server, [viewer, f1, f2, f3]);
  await setDiscoverable(world.server, rest, setup);
  return { viewer, f1, f2, f3, rest, as: await browserFor(world.server, viewer) };
}

describe(`GET /api/discover (${dbKind})`, () => {
  it('lists friends and friends of friends by trust, with degree, mutual friends and the path', async () => {
    const { viewer, f1, rest, as } = await world2nd('rank', ['Ca', 'Cb']);
    const [ca, cb] = rest as [Person, Person];
    // Cb gets more friends, so a higher trust score, and ranks above Ca.
    const extra = await createPeople(world.db, ['X1 rank', 'X2 rank']);
    await befriend(world.server.graph, [
      [cb, extra[0]!],
      [cb, extra[1]!],
    ]);
    const page = await feed(as);
    // Friends are candidates too (degree 1); the viewer never is.
    expect(page.items.map((p) => p.id)).not.toContain(viewer.id);
    const second = page.items.filter((p) => p.degree === '2nd');
    expect(second.map((p) => p.name)).toEqual([cb.name, ca.name]);
    const card = second.find((p) => p.id === ca.id)!;
    expect(card).toMatchObject<Partial<DiscoverProfile>>({
      degree: '2nd',
      mutualFriends: 1,
      connectionPaths: [['You', f1.name, ca.name]],
      age: expect.any(Number) as number,
      location: '',
      isVerified: false,
      canConnect: true,
    });
    const friend = page.items.find((p) => p.id === f1.id)!;
    expect(friend).toMatchObject({ degree: '1st', connectionPaths: [['You', f1.name]] });
    expect(friend.canConnect).toBe(false);
    // Sorted by trust, descending, across degrees.
    const trusts = page.items.map((p) => p.trustScore);
    expect([...trusts].sort((x, y) => y - x)).toEqual(trusts);
    expect(page.total).toBe(page.items.length);
    expect(page.totalCapped).toBe(false);
    expect(page.emptyReason).toBeNull();
  });

  it('pages by cursor without repeats or gaps', async () => {
    const { as } = await world2nd('page', ['P1', 'P2', 'P3', 'P4', 'P5']);
    const all = await feed(as, '?limit=50');
    const seen: string[] = [];
    let cursor: string | null = null;
    let first = true;
    do {
      const page = await feed(as, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      if (!first) expect(page.total).toBeNull();
      first = false;
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((p) => p.id));
  });

  it("honours both people's gender preferences, the age window and discoverability", async () => {
    const { viewer, f1, as } = await world2nd('filters', []);
    await setDiscoverable(world.server, [viewer], { gender: 'man', interestedIn: 'women' });
    await setDiscoverable(world.server, [f1], { gender: 'man', interestedIn: 'women' });
    const cases: [string, DiscoverSetup, boolean][] = [
      ['Fits', { gender: 'woman', interestedIn: 'men' }, true],
      ['Seeks everyone', { gender: 'woman', interestedIn: 'everyone' }, true],
      ['Five years older', { gender: 'woman', interestedIn: 'men', dob: '1990-06-15' }, true],
      ['Wrong gender', { gender: 'man', interestedIn: 'men' }, false],
      ['Nonbinary', { gender: 'nonbinary', interestedIn: 'everyone' }, false],
      ['Seeks women only', { gender: 'woman', interestedIn: 'women' }, false],
      ['Too old', { gender: 'woman', interestedIn: 'men', dob: '1988-01-01' }, false],
      ['Too young', { gender: 'woman', interestedIn: 'men', dob: '2002-01-01' }, false],
      ['No birth date', { gender: 'woman', interestedIn: 'men', dob: null }, false],
      ['Not onboarded', { gender: 'woman', interestedIn: 'men', onboarded: false }, false],
      [
        'Hidden',
        { gender: 'woman', interestedIn: 'men', settings: { hideFromSearch: true } },
        false,
      ],
      [
        'Friends only',
        { gender: 'woman', interestedIn: 'men', settings: { discoveryVisibility: '1st_only' } },
        false,
      ],
    ];
    const people = await createPeople(
      world.db,
      cases.map(([name]) => name),
    );
    await befriend(
      world.server.graph,
      people.map((p): [Person, Person] => [f1, p]),
    );
    for (const [i, [, setup]] of cases.entries()) {
      await setDiscoverable(world.server, [people[i]!], setup);
    }
    const shown = (await feed(as)).items
      .filter((p) => p.degree === '2nd')
      .map((p) => p.name)
      .sort();
    expect(shown).toEqual(
      cases
        .filter(([, , fits]) => fits)
        .map(([name]) => name)
        .sort(),
    );
  });

  it('a visibility of 1st_only still shows the person to their friends', async () => {
    const { viewer, as } = await world2nd('vis', []);
    const [friend] = await createPeople(world.db, ['Close vis']);
    await befriend(world.server.graph, [[viewer, friend!]]);
    await setDiscoverable(world.server, [friend!], {
      settings: { discoveryVisibility: '1st_only' },
    });
    expect(names(await feed(as))).toContain('Close vis');
  });

  it('shows the 3rd degree only to viewers who unlocked it and to people who allow it', async () => {
    const { viewer, rest, as } = await world2nd('third', ['Mid']);
    const [open, closed] = await createPeople(world.db, ['Open third', 'Closed third']);
    await befriend(world.server.graph, [
      [rest[0]!, open!],
      [rest[0]!, closed!],
    ]);
    await setDiscoverable(world.server, [open!], {
      settings: { discoveryVisibility: '1st_2nd_3rd' },
    });
    await setDiscoverable(world.server, [closed!]);
    // Three friends: trust 30 + 2nd degree, under the 3rd degree's 70.
    expect(names(await feed(as))).not.toContain('Open third');
    const more = await createPeople(world.db, ['M1 third', 'M2 third', 'M3 third', 'M4 third']);
    await befriend(
      world.server.graph,
      more.map((m): [Person, Person] => [viewer, m]),
    );
    const page = await feed(as);
    expect(names(page)).toContain('Open third');
    expect(names(page)).not.toContain('Closed third');
    const card = page.items.find((p) => p.name === 'Open third')!;
    expect(card.degree).toBe('3rd');
    expect(card.connectionPaths[0]).toHaveLength(4);
    expect(card.connectionPaths[0]![0]).toBe('You');
  });

  it('leaves out whom only a connector who hides from paths reaches; names one who shows', async () => {
    const { f1, f2, rest, as } = await world2nd('hidden', ['Behind']);
    const behind = rest[0]!;
    const before = await feed(as);
    expect(before.items.map((p) => p.id)).toContain(behind.id);
    await world.db
      .updateTable('users')
      .set({ showInPaths: false })
      .where('id', '=', f1.id)
      .execute();
    await world.server.graph.write(async (_trx, record) => record('user', f1.seq));
    // Listing them would tell the viewer f1's friends by elimination (docs/API-network.md).
    const hidden = await feed(as);
    expect(hidden.items.map((p) => p.id)).not.toContain(behind.id);
    expect(hidden.total).toBe(before.total! - 1);
    await befriend(world.server.graph, [[f2, behind]]);
    const card = (await feed(as)).items.find((p) => p.id === behind.id)!;
    expect(card).toMatchObject({
      mutualFriends: 2,
      connectionPaths: [['You', f2.name, behind.name]],
    });
  });

  it('liked, passed and skipped people leave the feed; a reset brings back only the skipped', async () => {
    const { as, rest } = await world2nd('swipe', ['Liked', 'Passed', 'Skipped', 'Left']);
    const [liked, passed, skipped] = rest as [Person, Person, Person];
    expect((await sendJson(as, 'POST', `/api/discover/${liked.id}/like`, {})).status).toBe(200);
    expect((await sendJson(as, 'POST', `/api/discover/${passed.id}/pass`)).status).toBe(200);
    expect((await sendJson(as, 'POST', `/api/discover/${skipped.id}/skip`)).status).toBe(200);
    let page = await feed(as);
    expect(names(page)).not.toEqual(expect.arrayContaining([liked.name]));
    for (const gone of [liked, passed, skipped]) expect(names(page)).not.toContain(gone.name);
    expect(names(page)).toContain('Left swipe');
    expect(page.skipped).toBe(1);
    expect((await sendJson(as, 'POST', '/api/discover/reset')).status).toBe(200);
    page = await feed(as);
    expect(names(page)).toContain(skipped.name);
    expect(names(page)).not.toContain(passed.name);
    expect(page.skipped).toBe(0);
    // Undo brings back the last pass.
    const undo = await sendJson<{ userId: string }>(as, 'POST', '/api/discover/undo');
    expect(undo.body.userId).toBe(passed.id);
    expect(names(await feed(as))).toContain(passed.name);
  });

  it('hides the age and the location of people who turned them off', async () => {
    const { as, rest } = await world2nd('private', ['Quiet']);
    await world.db
      .updateTable('users')
      .set({ location: 'Lisbon' })
      .where('id', '=', rest[0]!.id)
      .execute();
    let card = (await feed(as)).items.find((p) => p.id === rest[0]!.id)!;
    expect(card.location).toBe('Lisbon');
    expect(card.age).not.toBeNull();
    await setDiscoverable(world.server, rest, {
      settings: { showAge: false, locationSharing: false },
    });
    card = (await feed(as)).items.find((p) => p.id === rest[0]!.id)!;
    expect(card.age).toBeNull();
    expect(card.location).toBe('');
  });

  it('a card shows the person as they are now: an edit reaches every feed at once', async () => {
    const { as, rest } = await world2nd('fresh', ['Editor']);
    const editor = rest[0]!;
    const before = (await feed(as)).items.find((p) => p.id === editor.id)!;
    expect(before.bio).toBe('');
    const asEditor = await browserFor(world.server, editor);
    const edit = await sendJson(asEditor, 'PATCH', '/api/me/profile', { bio: 'Fresh words' });
    expect(edit.status).toBe(200);
    const after = (await feed(as)).items.find((p) => p.id === editor.id)!;
    expect(after.bio).toBe('Fresh words');
  });

  it('a block either way removes the person, exactly as if they did not exist', async () => {
    const { as, rest, viewer } = await world2nd('block', ['Blocker', 'Blocked']);
    const [blocker, blocked] = rest as [Person, Person];
    const asBlocker = await browserFor(world.server, blocker);
    expect((await sendJson(asBlocker, 'POST', `/api/blocks/${viewer.id}`, {})).status).toBeLessThan(
      300,
    );
    expect((await sendJson(as, 'POST', `/api/blocks/${blocked.id}`, {})).status).toBeLessThan(300);
    const page = await feed(as);
    expect(names(page)).not.toContain(blocker.name);
    expect(names(page)).not.toContain(blocked.name);
    // And the blocker does not see the viewer either.
    await setDiscoverable(world.server, [blocker]);
    expect((await feed(asBlocker)).items.map((p) => p.id)).not.toContain(viewer.id);
  });

  it('a pending connection request turns Connect off', async () => {
    const { as, rest } = await world2nd('connect', ['Asked']);
    const res = await sendJson(as, 'POST', '/api/connection-requests', { toUserId: rest[0]!.id });
    expect(res.status).toBe(201);
    const card = (await feed(as)).items.find((p) => p.id === rest[0]!.id)!;
    expect(card.canConnect).toBe(false);
  });

  it('says why the feed is empty', async () => {
    const [alone, unborn, two, f1, f2] = await createPeople(world.db, [
      'Alone why',
      'Unborn why',
      'Two why',
      'F1 why',
      'F2 why',
    ]);
    await setDiscoverable(world.server, [alone!, two!]);
    await setDiscoverable(world.server, [unborn!], { dob: null });
    await befriend(world.server.graph, [
      [two!, f1!],
      [two!, f2!],
    ]);
    const reason = async (p: Person) => (await feed(await browserFor(world.server, p))).emptyReason;
    expect(await reason(alone!)).toBe('no_friends');
    expect(await reason(unborn!)).toBe('profile_incomplete');
    // Two friends who are not discoverable themselves: nobody to show, and no lock to blame.
    expect(await reason(two!)).toBe('none');
  });

  it('leaves a paused person out of every Discover, theirs shows nobody, and resuming undoes it', async () => {
    const { f1, rest, as } = await world2nd('pause', ['Pauser']);
    const pauser = rest[0]!;
    const asPauser = await browserFor(world.server, pauser);
    const pause = async (paused: boolean) => {
      const res = await sendJson(asPauser, 'PATCH', '/api/me/settings', { discover: { paused } });
      expect(res.status).toBe(200);
    };
    expect(names(await feed(as))).toContain(pauser.name);
    expect(names(await feed(asPauser))).toContain(f1.name);
    // A skip before: the paused page offers no "Start over" (skipped 0), only the resume.
    expect((await sendJson(asPauser, 'POST', `/api/discover/${f1.id}/skip`)).status).toBe(200);
    const before = await feed(asPauser);

    await pause(true);
    expect(names(await feed(as))).not.toContain(pauser.name);
    const own = await feed(asPauser);
    expect([own.items, own.emptyReason, own.total, own.skipped]).toEqual([[], 'paused', null, 0]);
    // A like by id reaches nobody; the friendship and the Network are untouched.
    expect((await sendJson(as, 'POST', `/api/discover/${pauser.id}/like`, {})).status).toBe(404);
    const friends = await getJson<{ connections: { items: { id: string }[] } }>(
      await browserFor(world.server, f1),
      '/api/network?tab=first',
    );
    expect(friends.body.connections.items.map((p) => p.id)).toContain(pauser.id);

    await pause(false);
    expect(names(await feed(as))).toContain(pauser.name);
    const back = await feed(asPauser);
    expect([names(back), back.skipped]).toEqual([names(before), 1]);
  });

  it('shows friends of friends from the first friend on, the 3rd degree still locked', async () => {
    const [newcomer, inviter, theirs, further] = await createPeople(world.db, [
      'Newcomer first',
      'Inviter first',
      'Theirs first',
      'Further first',
    ]);
    await befriend(world.server.graph, [
      [newcomer!, inviter!],
      [inviter!, theirs!],
      [theirs!, further!],
    ]);
    await setDiscoverable(world.server, [newcomer!, inviter!, theirs!, further!], {
      settings: { discoveryVisibility: '1st_2nd_3rd' },
    });
    const as = await browserFor(world.server, newcomer!);
    const page = await feed(as);
    expect(page.items.map((p) => [p.name, p.degree])).toEqual(
      expect.arrayContaining([
        [inviter!.name, '1st'],
        [theirs!.name, '2nd'],
      ]),
    );
    expect(names(page)).not.toContain(further!.name);
    // The Network's 2nd-degree tab keeps its unlock at 3 friends.
    const network = await getJson<{ summary: { unlockedTabs: { secondDegree: boolean } } }>(
      as,
      '/api/network?tab=first',
    );
    expect(network.body.summary.unlockedTabs.secondDegree).toBe(false);
    // The card's friend count and its Connection Path answer for the 2nd degree Discover shows.
    expect((await getJson(as, `/api/connections/user/${theirs!.id}/count`)).status).toBe(200);
    const path = await getJson<{ degree: number }>(as, `/api/network/path/${theirs!.id}`);
    expect([path.status, path.body.degree]).toEqual([200, 2]);
    // A like reaches them: Discover's own candidates.
    const liked = await sendJson(as, 'POST', `/api/discover/${theirs!.id}/like`, {});
    expect(liked.status).toBe(200);
  });

  it('refuses bad input with a clear 400 and strangers with a 401', async () => {
    const { as } = await world2nd('input', []);
    for (const query of ['?limit=0', '?limit=51', '?limit=abc', '?cursor=%%%', '?cursor=bm9wZQ']) {
      const res = await getJson<{ error: { message: string } }>(as, `/api/discover${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message).toMatch(/limit must be a number from 1 to 50|Invalid cursor/);
    }
    const anonymous = await new TestBrowser(world.server.baseUrl).request('/api/discover');
    expect(anonymous.status).toBe(401);
  });
});
