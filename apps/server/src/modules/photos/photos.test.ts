import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  PHOTO_MAX_BYTES,
  photoMessages,
  photoSchema,
  type Me,
  type OwnProfile,
  type Photo,
  type UploadResponse,
} from '@heartline/domain';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import { TestBrowser } from '../../../test/http-client.ts';
import { listen } from '../../../test/realtime-client.ts';
import { signIn } from '../../../test/sign-in.ts';
import { PHOTO_CLEANUP_JOB } from './photos.service.ts';
import {
  cameraJpeg,
  expectNoMetadata,
  noisyImage,
  pixelBombPng,
  solidPng,
} from './photos.test-support.ts';

const world = useTestServer();

type User = { browser: TestBrowser; id: string };
let counter = 0;
async function newUser(name = 'Paula Photo'): Promise<User> {
  const browser = new TestBrowser(world.server.baseUrl);
  counter += 1;
  await signIn(browser, { name, email: `photo${counter}@example.test` });
  const me = (await (await browser.request('/api/me')).json()) as Me;
  return { browser, id: me.id };
}

function multipart(bytes: Buffer, opts: { type?: string; name?: string; field?: string } = {}) {
  const form = new FormData();
  form.append(
    opts.field ?? 'file',
    new Blob([new Uint8Array(bytes)], { type: opts.type ?? 'image/jpeg' }),
    opts.name ?? 'photo.jpg',
  );
  return form;
}

async function uploadFile(
  user: User | null,
  bytes: Buffer,
  opts: { type?: string; name?: string; headers?: Record<string, string> } = {},
) {
  const init = { method: 'POST', body: multipart(bytes, opts), headers: opts.headers ?? {} };
  const res = user
    ? await user.browser.request('/api/photos', init)
    : await new TestBrowser(world.server.baseUrl).request('/api/photos', init);
  return { status: res.status, body: (await res.json()) as UploadResponse };
}

function dataUrl(bytes: Buffer, type = 'image/jpeg') {
  return `data:${type};base64,${bytes.toString('base64')}`;
}

async function uploadDataUrl(
  user: User | null,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
  const res = user
    ? await user.browser.request('/api/upload-profile-photo', init)
    : await new TestBrowser(world.server.baseUrl).request('/api/upload-profile-photo', init);
  return { status: res.status, body: (await res.json()) as UploadResponse };
}

async function currentPhoto(user: User): Promise<Photo | null> {
  const res = await user.browser.request('/api/me/photo');
  expect(res.status).toBe(200);
  const body = (await res.json()) as unknown;
  return body === null ? null : photoSchema.parse(body);
}

async function photoRows(userId: string) {
  return world.db
    .selectFrom('photos')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
}

function keyOf(url: string): string {
  return url.replace('/media/', '');
}

function filesOf(photo: Photo): string[] {
  return [photo.url, ...Object.values(photo.avatars)].map(keyOf);
}

async function served(key: string): Promise<Response> {
  return fetch(`${world.server.baseUrl}/media/${key}`);
}

function mediaFiles(): string[] {
  const dir = path.join(world.server.config.dataDir, 'media');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

const failure = (error: string) => ({ success: false, url: null, error });

describe(`photo upload (${dbKind})`, () => {
  it('serves a camera JPEG with GPS as a 1080×1350 WebP with no metadata at all', async () => {
    const input = await cameraJpeg({ width: 2000, height: 1500 });
    const gps = (await exifr.gps(input)) as { latitude: number } | undefined;
    expect(gps?.latitude).toBeGreaterThan(52);

    const user = await newUser();
    expect(await currentPhoto(user)).toBeNull();
    const { status, body } = await uploadFile(user, input);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, error: null });
    expect(body.url).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/);

    const res = await served(keyOf(body.url!));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const main = Buffer.from(await res.arrayBuffer());
    await expectNoMetadata(main);
    const meta = await sharp(main).metadata();
    expect([meta.width, meta.height]).toEqual([1080, 1350]);

    const photo = (await currentPhoto(user))!;
    expect(photo).toMatchObject({ url: body.url, width: 1080, height: 1350 });
    expect(Object.keys(photo.avatars).sort()).toEqual(['128', '256', '64']);
    for (const [size, url] of Object.entries(photo.avatars)) {
      const avatar = await served(keyOf(url));
      expect(avatar.headers.get('cache-control')).toContain('immutable');
      const bytes = Buffer.from(await avatar.arrayBuffer());
      await expectNoMetadata(bytes);
      const m = await sharp(bytes).metadata();
      expect([m.width, m.height]).toEqual([Number(size), Number(size)]);
    }
  });

  it('updates the profile, the avatar url and the onboarding photo step in one go', async () => {
    const user = await newUser();
    const before = (await (await user.browser.request('/api/me/profile')).json()) as OwnProfile;
    expect(before.onboarding.photoStepCompleted).toBe(false);

    const { body } = await uploadFile(user, await noisyImage('png', 500, 600), {
      type: 'image/png',
      name: 'me.png',
    });
    const photo = (await currentPhoto(user))!;
    const me = (await (await user.browser.request('/api/me')).json()) as Me;
    expect(me.photoUrl).toBe(body.url);
    expect(me.avatarUrl).toBe(photo.avatars['128']);
    const profile = (await (await user.browser.request('/api/me/profile')).json()) as OwnProfile;
    expect(profile.photo).toEqual(photo);
    expect(profile.onboarding.photoStepCompleted).toBe(true);
  });

  it('accepts the JSON data URL upload for the signed-in user', async () => {
    const user = await newUser();
    const { status, body } = await uploadDataUrl(user, {
      userId: user.id,
      fileData: dataUrl(await noisyImage('webp', 700, 700), 'image/webp'),
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect((await currentPhoto(user))?.url).toBe(body.url);
  });

  it('decides the type by the bytes, never by the declared type or name', async () => {
    const user = await newUser();
    const text = Buffer.from('I am a text file that says it is a JPEG.\n'.repeat(20));
    expect(await uploadFile(user, text, { type: 'image/jpeg', name: 'photo.jpg' })).toEqual({
      status: 400,
      body: failure(photoMessages.invalidType),
    });
    expect(
      await uploadDataUrl(user, { userId: user.id, fileData: dataUrl(text, 'image/jpeg') }),
    ).toEqual({ status: 400, body: failure(photoMessages.invalidType) });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    expect((await uploadFile(user, svg, { type: 'image/png', name: 'x.png' })).body.error).toBe(
      photoMessages.invalidType,
    );
    expect(await currentPhoto(user)).toBeNull();

    const png = await solidPng(300, 300);
    const asText = await uploadFile(user, png, { type: 'text/plain', name: 'notes.txt' });
    expect(asText.status).toBe(200);
    const viaData = await uploadDataUrl(user, {
      userId: user.id,
      fileData: dataUrl(png, 'text/plain'),
    });
    expect(viaData.status).toBe(200);
  });

  it('refuses a file of 10 MB + 1 byte on both endpoints with the spec message', async () => {
    const user = await newUser();
    const tooBig = Buffer.alloc(PHOTO_MAX_BYTES + 1, 0x41);
    (await solidPng(10, 10)).copy(tooBig);
    expect(await uploadFile(user, tooBig, { type: 'image/png' })).toEqual({
      status: 413,
      body: failure(photoMessages.tooLarge),
    });
    expect(
      await uploadDataUrl(user, { userId: user.id, fileData: dataUrl(tooBig, 'image/png') }),
    ).toEqual({ status: 400, body: failure(photoMessages.tooLarge) });
    // Far larger than any 10 MB data URL: refused before the body is read at all.
    const huge = await user.browser.request('/api/upload-profile-photo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userId: user.id,
        fileData: `data:image/png;base64,${'A'.repeat(16e6)}`,
      }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual(failure(photoMessages.tooLarge));
    expect(await currentPhoto(user)).toBeNull();
  });

  it('accepts a file of exactly 10 MB', async () => {
    const user = await newUser();
    const jpeg = await cameraJpeg({ width: 800, height: 1000 });
    // Bytes after the JPEG end marker are ignored by decoders; they only make the size.
    const exact = Buffer.concat([jpeg, Buffer.alloc(PHOTO_MAX_BYTES - jpeg.length)]);
    expect(exact.length).toBe(PHOTO_MAX_BYTES);
    expect((await uploadFile(user, exact)).status).toBe(200);
    expect((await uploadDataUrl(user, { userId: user.id, fileData: dataUrl(exact) })).status).toBe(
      200,
    );
  });

  it('refuses a pixel bomb quickly on both endpoints', async () => {
    const user = await newUser();
    const bomb = pixelBombPng(30000, 30000);
    const started = performance.now();
    expect(await uploadFile(user, bomb, { type: 'image/png' })).toEqual({
      status: 400,
      body: failure(photoMessages.tooManyPixels),
    });
    expect(
      await uploadDataUrl(user, { userId: user.id, fileData: dataUrl(bomb, 'image/png') }),
    ).toEqual({ status: 400, body: failure(photoMessages.tooManyPixels) });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await currentPhoto(user)).toBeNull();
  });

  it('refuses malformed uploads with a clear 4xx and changes nothing', async () => {
    const user = await newUser();
    const truncated = (await cameraJpeg({ width: 600, height: 400 })).subarray(0, 3000);
    expect(await uploadFile(user, truncated)).toEqual({
      status: 400,
      body: failure(photoMessages.unreadable),
    });
    expect(await uploadFile(user, Buffer.alloc(0))).toEqual({
      status: 400,
      body: failure(photoMessages.invalidFile),
    });
    const wrongField = new FormData();
    wrongField.append('picture', new Blob([new Uint8Array(await solidPng(20, 20))]), 'a.png');
    const noFile = await user.browser.request('/api/photos', { method: 'POST', body: wrongField });
    expect([noFile.status, await noFile.json()]).toEqual([400, failure(photoMessages.invalidFile)]);
    const notMultipart = await user.browser.request('/api/photos', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect([notMultipart.status, await notMultipart.json()]).toEqual([
      400,
      failure(photoMessages.invalidFile),
    ]);

    const twoFiles = new FormData();
    for (const name of ['a.png', 'b.png']) {
      twoFiles.append('file', new Blob([new Uint8Array(await solidPng(20, 20))]), name);
    }
    const many = await user.browser.request('/api/photos', { method: 'POST', body: twoFiles });
    expect([many.status, await many.json()]).toEqual([400, failure(photoMessages.invalidFile)]);
    const asText = await user.browser.request('/api/upload-profile-photo', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect([asText.status, await asText.json()]).toEqual([400, failure(photoMessages.invalidFile)]);

    const png = dataUrl(await solidPng(20, 20), 'image/png');
    const cases: [unknown, string][] = [
      [{ userId: 'not-a-uuid', fileData: png }, photoMessages.invalidUserId],
      [{ userId: '', fileData: png }, photoMessages.invalidUserId],
      [{ fileData: png }, photoMessages.invalidUserId],
      [{ userId: 42, fileData: png }, photoMessages.invalidUserId],
      [{ userId: user.id }, photoMessages.invalidFile],
      [{ userId: user.id, fileData: 'https://example.test/a.png' }, photoMessages.invalidFile],
      [{ userId: user.id, fileData: 'data:image/png,%89PNG' }, photoMessages.invalidFile],
      [{ userId: user.id, fileData: 'data:image/png;base64,@@@@' }, photoMessages.invalidFile],
      [[], photoMessages.invalidFile],
    ];
    for (const [body, message] of cases) {
      expect(await uploadDataUrl(user, body), JSON.stringify(body)).toEqual({
        status: 400,
        body: failure(message),
      });
    }
    const broken = await user.browser.request('/api/upload-profile-photo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"userId":',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as UploadResponse).success).toBe(false);
    expect(await photoRows(user.id)).toEqual([]);
  });
});

describe(`photo permissions (${dbKind})`, () => {
  it("never replaces another user's photo", async () => {
    const owner = await newUser('Olivia Owner');
    const intruder = await newUser('Ian Intruder');
    const { body } = await uploadFile(owner, await noisyImage('jpeg', 600, 600));
    const res = await uploadDataUrl(intruder, {
      userId: owner.id,
      fileData: dataUrl(await noisyImage('jpeg', 600, 600, 99)),
    });
    expect(res).toEqual({ status: 403, body: failure(photoMessages.notYourPhoto) });
    expect((await currentPhoto(owner))?.url).toBe(body.url);
    expect(await photoRows(owner.id)).toHaveLength(1);
    expect(await currentPhoto(intruder)).toBeNull();
  });

  it('requires a session for every photo endpoint', async () => {
    const png = await solidPng(20, 20);
    expect(await uploadFile(null, png)).toMatchObject({ status: 401, body: { success: false } });
    const owner = await newUser();
    expect(
      await uploadDataUrl(null, { userId: owner.id, fileData: dataUrl(png, 'image/png') }),
    ).toMatchObject({ status: 401, body: { success: false } });
    expect((await fetch(`${world.server.baseUrl}/api/me/photo`)).status).toBe(401);
    expect(await photoRows(owner.id)).toEqual([]);
  });

  it('refuses cross-site uploads', async () => {
    const user = await newUser();
    const png = await solidPng(20, 20);
    const evil = { origin: 'https://evil.example' };
    expect(await uploadFile(user, png, { headers: evil })).toMatchObject({
      status: 403,
      body: { success: false },
    });
    expect(
      await uploadDataUrl(user, { userId: user.id, fileData: dataUrl(png, 'image/png') }, evil),
    ).toMatchObject({ status: 403, body: { success: false } });
    expect(
      (await uploadFile(user, png, { headers: { 'sec-fetch-site': 'cross-site' } })).status,
    ).toBe(403);
    expect(await photoRows(user.id)).toEqual([]);
  });

  it('limits uploads per user', async () => {
    const user = await newUser();
    for (let i = 0; i < 30; i++) {
      expect((await uploadDataUrl(user, {})).status).toBe(400);
    }
    const res = await user.browser.request('/api/upload-profile-photo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await res.json()) as UploadResponse).error).toMatch(/^Too many photo uploads/);
    // Another user is not affected.
    expect((await uploadDataUrl(await newUser(), {})).status).toBe(400);
  });
});

describe(`photo replacement and cleanup (${dbKind})`, () => {
  it('keeps exactly one current photo and deletes the old files after the delay', async () => {
    const user = await newUser();
    const first = (await uploadFile(user, await noisyImage('jpeg', 800, 900, 1))).body;
    const firstPhoto = (await currentPhoto(user))!;
    const before = Date.now();
    const second = (await uploadFile(user, await noisyImage('jpeg', 800, 900, 2))).body;
    expect(second.url).not.toBe(first.url);

    const rows = await photoRows(user.id);
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.replacedAt === null).map((r) => r.id)).toEqual([
      (await currentPhoto(user))!.id,
    ]);
    const jobs = await world.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', PHOTO_CLEANUP_JOB)
      .execute();
    const job = jobs.find((j) => (j.payload as { photoId: string }).photoId === firstPhoto.id);
    expect(job).toBeDefined();
    const delay = new Date(job!.runAt).getTime() - before;
    expect(delay).toBeGreaterThan(4000);
    expect(delay).toBeLessThan(6000 + 5000);

    // Until the job runs, screens still showing the old photo can load it.
    for (const key of filesOf(firstPhoto)) expect((await served(key)).status).toBe(200);
    expect(await world.server.jobs.runDue(new Date(Date.now() + 10_000))).toBeGreaterThanOrEqual(1);
    for (const key of filesOf(firstPhoto)) expect((await served(key)).status).toBe(404);
    const current = (await currentPhoto(user))!;
    for (const key of filesOf(current)) expect((await served(key)).status).toBe(200);
    expect((await photoRows(user.id)).map((r) => r.id)).toEqual([current.id]);
    const left = await world.db
      .selectFrom('mediaObjects')
      .select('key')
      .where('key', 'in', filesOf(firstPhoto))
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps files that another photo still uses (content-addressed keys are shared)', async () => {
    const alice = await newUser('Alice Same');
    const bob = await newUser('Bob Same');
    const picture = await noisyImage('png', 640, 800, 42);
    const a = (await uploadFile(alice, picture, { type: 'image/png' })).body;
    const b = (await uploadFile(bob, picture, { type: 'image/png' })).body;
    expect(b.url).toBe(a.url);
    const shared = (await currentPhoto(bob))!;

    // Alice uploads the same picture again, then a different one; Bob keeps his photo.
    await uploadFile(alice, picture, { type: 'image/png' });
    await uploadFile(alice, await noisyImage('png', 640, 800, 43), { type: 'image/png' });
    await world.server.jobs.runDue(new Date(Date.now() + 10_000));
    expect(await photoRows(alice.id)).toHaveLength(1);
    for (const key of filesOf(shared)) expect((await served(key)).status).toBe(200);
  });

  it('tells the user’s open tabs over the socket', async () => {
    const user = await newUser();
    const listener = listen(world.server.baseUrl, user.browser.cookieHeader());
    try {
      await listener.ready();
      await uploadFile(user, await solidPng(100, 100), { type: 'image/png' });
      expect(await listener.next('profile.updated')).toEqual({ userId: user.id });
    } finally {
      listener.socket.disconnect();
    }
  });

  it('leaves nothing behind when the client aborts mid-upload', async () => {
    const user = await newUser();
    const filesBefore = mediaFiles();
    const jpeg = await cameraJpeg({ width: 3000, height: 2000 });
    const boundary = '----heartline-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.jpg"\r\n` +
        `content-type: image/jpeg\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const abort = (
      pathname: string,
      headers: Record<string, string>,
      body: Buffer,
      total: number,
    ) =>
      new Promise<void>((resolve) => {
        const req = http.request(`${world.server.baseUrl}${pathname}`, {
          method: 'POST',
          headers: { ...headers, cookie: user.browser.cookieHeader(), 'content-length': total },
        });
        req.on('error', () => resolve());
        req.on('close', () => resolve());
        req.write(body, () => setTimeout(() => req.destroy(), 100));
      });

    // Cut off in the middle of the file, and after the file but before the closing boundary.
    const total = head.length + jpeg.length + tail.length;
    const multipartType = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    await abort(
      '/api/photos',
      multipartType,
      Buffer.concat([head, jpeg.subarray(0, 50_000)]),
      total,
    );
    await abort('/api/photos', multipartType, Buffer.concat([head, jpeg]), total);
    const json = Buffer.from(JSON.stringify({ userId: user.id, fileData: dataUrl(jpeg) }));
    await abort(
      '/api/upload-profile-photo',
      { 'content-type': 'application/json' },
      json.subarray(0, json.length - 10),
      json.length,
    );

    await new Promise((r) => setTimeout(r, 500));
    expect(await photoRows(user.id)).toEqual([]);
    expect(mediaFiles()).toEqual(filesBefore);
    expect((await fetch(`${world.server.baseUrl}/api/health`)).status).toBe(200);
    // The same user can upload right after.
    expect((await uploadFile(user, jpeg)).status).toBe(200);
  });
});

describe(`several photos (${dbKind})`, () => {
  async function addFile(user: User | null, bytes: Buffer) {
    const init = { method: 'POST', body: multipart(bytes) };
    const res = user
      ? await user.browser.request('/api/me/photos', init)
      : await new TestBrowser(world.server.baseUrl).request('/api/me/photos', init);
    return { status: res.status, body: (await res.json()) as UploadResponse };
  }
  async function list(user: User): Promise<Photo[]> {
    const res = await user.browser.request('/api/me/photos');
    expect(res.status).toBe(200);
    return ((await res.json()) as unknown[]).map((p) => photoSchema.parse(p));
  }
  async function avatarOf(userId: string) {
    return world.db
      .selectFrom('users')
      .select(['photoId', 'avatarUrl', 'photoUrl'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  }
  async function reorder(user: User, body: unknown) {
    return user.browser.request('/api/me/photos/order', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }
  const remove = (user: User, id: string) =>
    user.browser.request(`/api/me/photos/${id}`, { method: 'DELETE' });

  it('adds up to six in order, the first the main one, and refuses the seventh', async () => {
    const user = await newUser('Sixer Photos');
    const urls: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await addFile(user, await noisyImage('jpeg', 400, 500, 200 + i));
      expect(res.status).toBe(200);
      urls.push(res.body.url!);
    }
    const photos = await list(user);
    expect(photos.map((p) => p.url)).toEqual(urls);
    const row = await avatarOf(user.id);
    expect(row.photoId).toBe(photos[0]!.id);
    expect(row.avatarUrl).toBe(photos[0]!.avatars['128']);

    const seventh = await addFile(user, await noisyImage('jpeg', 400, 500, 299));
    expect(seventh).toEqual({ status: 409, body: failure(photoMessages.tooManyPhotos) });
    expect((await list(user)).map((p) => p.id)).toEqual(photos.map((p) => p.id));
    expect(await photoRows(user.id)).toHaveLength(6);

    const profile = (await (await user.browser.request('/api/me/profile')).json()) as OwnProfile;
    expect(profile.photos.map((p) => p.id)).toEqual(photos.map((p) => p.id));
    expect(profile.photo?.id).toBe(photos[0]!.id);
    expect(profile.onboarding.photoStepCompleted).toBe(true);
  });

  it('the spec upload replaces only the main photo; the others stay in place', async () => {
    const user = await newUser();
    await addFile(user, await noisyImage('jpeg', 400, 500, 310));
    const second = (await addFile(user, await noisyImage('jpeg', 400, 500, 311))).body.url;
    const replaced = (await uploadFile(user, await noisyImage('jpeg', 400, 500, 312))).body.url;
    expect((await list(user)).map((p) => p.url)).toEqual([replaced, second]);
    expect((await avatarOf(user.id)).photoUrl).toBe(replaced);
  });

  it('reorders: the first of the new order becomes main; a wrong list changes nothing', async () => {
    const user = await newUser();
    for (let i = 0; i < 3; i++) await addFile(user, await noisyImage('jpeg', 400, 500, 320 + i));
    const [a, b, c] = (await list(user)).map((p) => p.id) as [string, string, string];

    const res = await reorder(user, { ids: [c, a, b] });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Photo[]).map((p) => p.id)).toEqual([c, a, b]);
    expect((await list(user)).map((p) => p.id)).toEqual([c, a, b]);
    expect((await avatarOf(user.id)).photoId).toBe(c);

    const other = await newUser();
    await addFile(other, await noisyImage('jpeg', 400, 500, 329));
    const foreign = (await list(other))[0]!.id;
    for (const body of [
      { ids: [a, b] },
      { ids: [a, b, c, c] },
      { ids: [a, b, foreign] },
      { ids: [] },
      { ids: ['not-a-uuid', a, b] },
      { order: [a, b, c] },
    ]) {
      const refused = await reorder(user, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        photoMessages.orderMismatch,
      );
    }
    expect((await list(user)).map((p) => p.id)).toEqual([c, a, b]);
    expect((await list(other)).map((p) => p.id)).toEqual([foreign]);
  });

  it('deletes one: the next becomes main, its files go after the delay', async () => {
    const user = await newUser();
    for (let i = 0; i < 3; i++) await addFile(user, await noisyImage('jpeg', 400, 500, 330 + i));
    const [first, second, third] = await list(user);
    const res = await remove(user, first!.id);
    expect(res.status).toBe(200);
    expect((await list(user)).map((p) => p.id)).toEqual([second!.id, third!.id]);
    expect((await avatarOf(user.id)).photoId).toBe(second!.id);
    await world.server.jobs.runDue(new Date(Date.now() + 10_000));
    for (const key of filesOf(first!)) expect((await served(key)).status).toBe(404);

    // Deleting the last one leaves the placeholder, and the photo step stays done.
    await remove(user, second!.id);
    await remove(user, third!.id);
    expect(await list(user)).toEqual([]);
    expect(await avatarOf(user.id)).toEqual({ photoId: null, avatarUrl: null, photoUrl: null });
  });

  it("reads another person's photo id as not found, and needs a session", async () => {
    const owner = await newUser('Olga Owner');
    const intruder = await newUser('Ivan Intruder');
    await addFile(owner, await noisyImage('jpeg', 400, 500, 340));
    const [photo] = await list(owner);
    const theirs = await remove(intruder, photo!.id);
    const missing = await remove(intruder, '018f0000-0000-7000-8000-000000000000');
    const malformed = await remove(intruder, 'nope');
    expect(theirs.status).toBe(404);
    const body = await theirs.text();
    expect(await missing.text()).toBe(body);
    expect(await malformed.text()).toBe(body);
    expect((await list(owner)).map((p) => p.id)).toEqual([photo!.id]);

    const anonymous = new TestBrowser(world.server.baseUrl);
    expect((await anonymous.request('/api/me/photos')).status).toBe(401);
    expect((await addFile(null, await solidPng(20, 20))).status).toBe(401);
    expect(
      (await anonymous.request(`/api/me/photos/${photo!.id}`, { method: 'DELETE' })).status,
    ).toBe(401);
  });
});
