import { describe, expect, it } from 'vitest';
import { errorCodes, promptMessages, yearsAgo, type OwnProfile } from '@heartline/domain';
import { v7 as uuidv7 } from 'uuid';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import { TestBrowser } from '../../../test/http-client.ts';
import { signIn } from '../../../test/sign-in.ts';

const world = useTestServer();

let counter = 0;
async function newUser(name = 'Pat Profile') {
  const browser = new TestBrowser(world.server.baseUrl);
  counter += 1;
  await signIn(browser, { name, email: `profile${counter}@example.test` });
  return browser;
}

function json(method: string, body: unknown): RequestInit {
  return { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

async function profileOf(browser: TestBrowser): Promise<OwnProfile> {
  const res = await browser.request('/api/me/profile');
  expect(res.status).toBe(200);
  return (await res.json()) as OwnProfile;
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { message: string; fields?: Record<string, string> } })
    .error;
}

describe(`own profile and onboarding API (${dbKind})`, () => {
  it('starts a newcomer with defaults, no photo and onboarding not done', async () => {
    const p = await profileOf(await newUser('Nora New'));
    expect(p).toMatchObject({
      name: 'Nora New',
      dob: null,
      age: null,
      gender: 'other',
      interestedIn: 'everyone',
      datingGoal: 'both',
      interests: [],
      photo: null,
      stats: { connections: 0, matches: 0, friends: 0 },
      completeness: 40,
      onboarding: { completed: false, profileStepCompleted: false, photoStepCompleted: false },
    });
  });

  it('refuses invalid onboarding profiles with the spec texts and changes nothing', async () => {
    const b = await newUser('Vera Valid');
    const cases: [unknown, string][] = [
      [{ name: ' A ', dob: yearsAgo(30) }, 'Name must be at least 2 characters'],
      [{ name: '   ', dob: yearsAgo(30) }, 'Name is required'],
      [{ name: 'x'.repeat(51), dob: yearsAgo(30) }, 'Name must be less than 50 characters'],
      [{ name: 'Vera V', dob: '' }, 'Birthdate is required'],
      [{ name: 'Vera V' }, 'Birthdate is required'],
      [{ name: 'Vera V', dob: yearsAgo(17) }, 'You must be at least 18 years old'],
      [{ name: 'Vera V', dob: yearsAgo(101) }, 'Please enter a valid birthdate'],
      [{ name: 'Vera V', dob: 'not-a-date' }, 'You must be at least 18 years old'],
      [{ name: 'Vera V', dob: yearsAgo(30), extra: 1 }, 'Unrecognized key: "extra"'],
      [{ name: 'Vera V', dob: yearsAgo(30), gender: 'robot' }, 'Choose one of the listed genders'],
      [{ name: 'Vera V', dob: yearsAgo(30), interestedIn: '' }, 'Choose women, men or everyone'],
      [{ name: 'Vera V', dob: yearsAgo(30), datingGoal: 7 }, 'Choose networking, dating or both'],
    ];
    for (const [body, message] of cases) {
      const res = await b.request('/api/onboarding/profile', json('PUT', body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
    const p = await profileOf(b);
    expect(p.name).toBe('Vera Valid');
    expect(p.dob).toBeNull();
    expect(p.onboarding.profileStepCompleted).toBe(false);
    expect(p).toMatchObject({ gender: 'other', interestedIn: 'everyone', datingGoal: 'both' });
  });

  it('keeps the choices onboarding asks (issue 48), and the profile as it was when not sent', async () => {
    const b = await newUser('Cora Chooses');
    const chosen = await b.request(
      '/api/onboarding/profile',
      json('PUT', {
        name: 'Cora Chooses',
        dob: yearsAgo(30),
        gender: 'woman',
        interestedIn: 'men',
        datingGoal: 'dating',
      }),
    );
    expect(chosen.status).toBe(200);
    const wanted = { gender: 'woman', interestedIn: 'men', datingGoal: 'dating' };
    expect(await chosen.json()).toMatchObject(wanted);
    // A client that sends only the spec's two fields changes nothing else.
    const again = await b.request(
      '/api/onboarding/profile',
      json('PUT', { name: 'Cora Chooses', dob: yearsAgo(30) }),
    );
    expect(again.status).toBe(200);
    expect(await profileOf(b)).toMatchObject(wanted);
  });

  it('accepts exactly 18 and exactly 100 years, trims the name, and completes onboarding', async () => {
    const b = await newUser('Olga Onboard');
    const early = await b.request('/api/onboarding/complete', { method: 'POST' });
    expect(early.status).toBe(400);
    expect((await errorOf(early)).message).toBe('Birthdate is required');

    const hundred = await b.request(
      '/api/onboarding/profile',
      json('PUT', { name: 'Olga', dob: yearsAgo(100) }),
    );
    expect(hundred.status).toBe(200);
    const res = await b.request(
      '/api/onboarding/profile',
      json('PUT', { name: '  Olga Onboard  ', dob: yearsAgo(18) }),
    );
    expect(res.status).toBe(200);
    const saved = (await res.json()) as OwnProfile;
    expect(saved).toMatchObject({ name: 'Olga Onboard', dob: yearsAgo(18), age: 18 });
    expect(saved.onboarding).toMatchObject({ profileStepCompleted: true, completed: false });

    const done = await b.request('/api/onboarding/complete', { method: 'POST' });
    expect(done.status).toBe(200);
    expect(((await done.json()) as OwnProfile).onboarding.completed).toBe(true);
    const me = (await (await b.request('/api/me')).json()) as { onboardingCompleted: boolean };
    expect(me.onboardingCompleted).toBe(true);
  });

  it('round-trips every Edit Profile field', async () => {
    const b = await newUser('Eddie Edit');
    const edit = {
      name: 'Eddie Edited',
      dob: yearsAgo(33),
      datingGoal: 'dating',
      interests: ['Music', 'Hiking', 'Music', 'Cars'],
      gender: 'man',
      interestedIn: 'women',
      bio: '  Likes long walks.  ',
      location: ' Lisbon ',
    };
    const res = await b.request('/api/me/profile', json('PATCH', edit));
    expect(res.status).toBe(200);
    const p = await profileOf(b);
    expect(p).toMatchObject({
      name: 'Eddie Edited',
      dob: yearsAgo(33),
      age: 33,
      datingGoal: 'dating',
      interests: ['Music', 'Hiking', 'Cars'],
      gender: 'man',
      interestedIn: 'women',
      bio: 'Likes long walks.',
      location: 'Lisbon',
      completeness: 60,
    });
    const cleared = await b.request('/api/me/profile', json('PATCH', { dob: null, interests: [] }));
    expect(cleared.status).toBe(200);
    expect(await profileOf(b)).toMatchObject({ dob: null, interests: [], completeness: 40 });
  });

  it('limits date of birth changes after onboarding to one per 30 days; onboarding sets it freely', async () => {
    const b = await newUser('Dora Dob');
    const { id } = await profileOf(b);
    const stamp = async () =>
      (
        await world.db
          .selectFrom('users')
          .select('dobChangedAt')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).dobChangedAt;
    // During onboarding: set, corrected, and corrected again, none of it counted.
    for (const dob of [yearsAgo(20), yearsAgo(21)]) {
      const res = await b.request('/api/onboarding/profile', json('PUT', { name: 'Dora', dob }));
      expect(res.status).toBe(200);
    }
    expect((await b.request('/api/me/profile', json('PATCH', { dob: yearsAgo(22) }))).status).toBe(
      200,
    );
    expect(await stamp()).toBeNull();
    expect((await b.request('/api/onboarding/complete', { method: 'POST' })).status).toBe(200);

    // The same date again is no change (Edit Profile sends every field).
    const same = await b.request(
      '/api/me/profile',
      json('PATCH', { dob: yearsAgo(22), bio: 'Hi' }),
    );
    expect(same.status).toBe(200);
    expect(await stamp()).toBeNull();

    // The first change after onboarding goes through and starts the 30 days.
    const first = await b.request('/api/me/profile', json('PATCH', { dob: yearsAgo(30) }));
    expect(first.status).toBe(200);
    const changedAt = await stamp();
    expect(changedAt).toBeInstanceOf(Date);
    const again = new Date(changedAt!.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    const message = `Your date of birth can change once every 30 days. You can change it again on ${again}.`;

    // A second one within 30 days is refused, naming the field and the day; nothing changes,
    // by Edit Profile or by the onboarding step.
    for (const [method, path, body] of [
      ['PATCH', '/api/me/profile', { dob: yearsAgo(31), bio: 'Changed too' }],
      ['PUT', '/api/onboarding/profile', { name: 'Dora Renamed', dob: yearsAgo(31) }],
    ] as const) {
      const res = await b.request(path, json(method, body));
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: errorCodes.validation, message, fields: { dob: message } },
      });
    }
    expect(await profileOf(b)).toMatchObject({ name: 'Dora', dob: yearsAgo(30), bio: 'Hi' });
    expect(await stamp()).toEqual(changedAt);

    // Other fields still save. Removing the date (the age is then not shown) is allowed, and
    // adding one back is a change like any other.
    expect((await b.request('/api/me/profile', json('PATCH', { bio: 'Still me' }))).status).toBe(
      200,
    );
    expect((await b.request('/api/me/profile', json('PATCH', { dob: null }))).status).toBe(200);
    const readded = await b.request('/api/me/profile', json('PATCH', { dob: yearsAgo(30) }));
    expect(readded.status).toBe(400);
    expect((await errorOf(readded)).fields).toEqual({ dob: message });
    expect(await stamp()).toEqual(changedAt);

    // 30 days later it may change again.
    await world.db
      .updateTable('users')
      .set({ dobChangedAt: new Date(Date.now() - 30 * 86_400_000 - 1000) })
      .where('id', '=', id)
      .execute();
    const later = await b.request('/api/me/profile', json('PATCH', { dob: yearsAgo(31) }));
    expect(later.status).toBe(200);
    expect(await profileOf(b)).toMatchObject({ dob: yearsAgo(31), age: 31 });
  });

  it('refuses invalid edits with a message per field and changes nothing', async () => {
    const b = await newUser('Ivan Invalid');
    const before = await profileOf(b);
    const cases: [unknown, string][] = [
      [{ name: '' }, 'Name is required'],
      [{ dob: yearsAgo(10) }, 'You must be at least 18 years old'],
      [{ dob: yearsAgo(120) }, 'Please enter a valid date of birth'],
      [{ datingGoal: 'romance' }, 'Choose networking, dating or both'],
      [{ interests: ['Knitting'] }, 'Choose interests from the list'],
      [{ interests: 'Music' }, 'Invalid input: expected array, received string'],
      [{ gender: 'robot' }, 'Choose one of the listed genders'],
      [{ interestedIn: 'cats' }, 'Choose women, men or everyone'],
      [{ bio: 'x'.repeat(501) }, 'Bio must be at most 500 characters'],
      [{ location: 'y'.repeat(81) }, 'Location must be at most 80 characters'],
      // Bidirectional overrides read as other text: refused in every text (issue 45).
      [{ bio: 'I am \u202eevil\u202c' }, 'Bio contains characters that are not allowed'],
      [{ location: '\u202dTel Aviv' }, 'Location contains characters that are not allowed'],
      [{ email: 'evil@example.test' }, 'Unrecognized key: "email"'],
      [{ trustScore: 1000 }, 'Unrecognized key: "trustScore"'],
    ];
    for (const [body, message] of cases) {
      const res = await b.request('/api/me/profile', json('PATCH', { ...(body as object) }));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
    const fields = await errorOf(
      await b.request('/api/me/profile', json('PATCH', { name: 'x', gender: 'robot' })),
    );
    expect(fields.fields).toEqual({
      name: 'Name must be at least 2 characters',
      gender: 'Choose one of the listed genders',
    });
    const malformed = await b.request('/api/me/profile', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(malformed.status).toBe(400);
    expect(await profileOf(b)).toEqual(before);
  });

  it('keeps up to three prompt answers, trimmed, and refuses bad ones changing nothing', async () => {
    const b = await newUser('Priya Prompts');
    expect((await profileOf(b)).prompts).toEqual([]);
    const saved = [
      { prompt: 'first-date', answer: '  A long walk and a bakery  ' },
      { prompt: 'geek-out', answer: 'Maps.\nOld maps especially.' },
    ];
    const res = await b.request('/api/me/profile', json('PATCH', { prompts: saved }));
    expect(res.status).toBe(200);
    const expected = [
      { prompt: 'first-date', answer: 'A long walk and a bakery' },
      { prompt: 'geek-out', answer: 'Maps.\nOld maps especially.' },
    ];
    expect(((await res.json()) as OwnProfile).prompts).toEqual(expected);
    expect((await profileOf(b)).prompts).toEqual(expected);

    const four = ['first-date', 'geek-out', 'sunday', 'hidden-talent'].map((prompt) => ({
      prompt,
      answer: 'Yes',
    }));
    const cases: [unknown, string][] = [
      [four, promptMessages.tooMany],
      [[{ prompt: 'favourite-colour', answer: 'Blue' }], promptMessages.invalidPrompt],
      [[{ prompt: 'sunday', answer: '   ' }], promptMessages.answerRequired],
      [[{ prompt: 'sunday', answer: 'x'.repeat(151) }], promptMessages.answerTooLong],
      [
        [{ prompt: 'sunday', answer: 'Read \u202eevil\u202c' }],
        'Answer contains characters that are not allowed',
      ],
      [
        [{ prompt: 'sunday', answer: 'a\u0000b' }],
        'Answer contains characters that are not allowed',
      ],
      [
        [
          { prompt: 'sunday', answer: 'Brunch' },
          { prompt: 'sunday', answer: 'Again' },
        ],
        promptMessages.duplicate,
      ],
      [[{ prompt: 'sunday', answer: 'Brunch', extra: 1 }], 'Unrecognized key: "extra"'],
      ['sunday', promptMessages.invalidPrompt],
    ];
    for (const [prompts, message] of cases) {
      const refused = await b.request('/api/me/profile', json('PATCH', { prompts }));
      expect(refused.status, JSON.stringify(prompts)).toBe(400);
      expect((await errorOf(refused)).message).toBe(message);
    }
    expect((await profileOf(b)).prompts).toEqual(expected);
    // Exactly 150 characters is allowed; an empty list removes them all.
    const full = [{ prompt: 'sunday', answer: 'x'.repeat(150) }];
    expect((await b.request('/api/me/profile', json('PATCH', { prompts: full }))).status).toBe(200);
    expect((await b.request('/api/me/profile', json('PATCH', { prompts: [] }))).status).toBe(200);
    expect((await profileOf(b)).prompts).toEqual([]);
  });

  it('counts real matches in the Matches tile', async () => {
    const b = await newUser('Mia Match');
    const other = await newUser('Max Match');
    const [mine, theirs] = await Promise.all([profileOf(b), profileOf(other)]);
    const seqs = await world.db
      .selectFrom('users')
      .select(['id', 'seq'])
      .where('id', 'in', [mine.id, theirs.id])
      .execute();
    const [low, high] = seqs.map((r) => r.seq).sort((x, y) => Number(x) - Number(y));
    await world.db
      .insertInto('matches')
      .values({ id: uuidv7(), userLow: low!, userHigh: high! })
      .execute();
    expect((await profileOf(b)).stats.matches).toBe(1);
    expect((await profileOf(other)).stats.matches).toBe(1);
  });

  it('acts only on the signed-in user: anonymous, cross-site and other users are refused', async () => {
    const alice = await newUser('Alice Owner');
    const mallory = await newUser('Mallory Other');
    const aliceBefore = await profileOf(alice);

    const anon = new TestBrowser(world.server.baseUrl);
    for (const [path, init] of [
      ['/api/me/profile', undefined],
      ['/api/me/profile', json('PATCH', { name: 'Hacked' })],
      ['/api/onboarding/profile', json('PUT', { name: 'Hacked', dob: yearsAgo(30) })],
      ['/api/onboarding/complete', { method: 'POST' }],
    ] as const) {
      const res = await anon.request(path, init);
      expect(res.status, path).toBe(401);
    }

    const crossSite = await alice.request('/api/me/profile', {
      ...json('PATCH', { name: 'Forged' }),
      headers: {
        'content-type': 'application/json',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(crossSite.status).toBe(403);

    // Mallory's edit has no way to name another user: it changes her own row only.
    const res = await mallory.request(
      '/api/me/profile',
      json('PATCH', { name: 'Mallory Renamed' }),
    );
    expect(res.status).toBe(200);
    expect((await res.json()) as OwnProfile).toMatchObject({ name: 'Mallory Renamed' });
    expect(await profileOf(alice)).toEqual(aliceBefore);
  });
});
