import type { OwnProfile } from '@heartline/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import { TestBrowser } from '../../../test/http-client.ts';
import { signIn } from '../../../test/sign-in.ts';
import { identityPicture } from './identity-picture.ts';

const PICTURE = 'https://lh3.googleusercontent.com/a/ACg8ocK-test=s96-c';

describe('the picture claim the app keeps', () => {
  it('is an https URL on the Google picture host, as given', () => {
    expect(identityPicture(PICTURE)).toBe(PICTURE);
    expect(identityPicture('https://lh5.googleusercontent.com/x.jpg')).toBe(
      'https://lh5.googleusercontent.com/x.jpg',
    );
  });
  it('is nothing for any other value', () => {
    for (const claim of [
      'http://lh3.googleusercontent.com/a/x',
      'https://evil.example/a.png',
      'https://googleusercontent.com.evil.example/a.png',
      'https://user:pw@lh3.googleusercontent.com/a',
      'https://lh3.googleusercontent.com:8443/a',
      'javascript:alert(1)',
      `https://lh3.googleusercontent.com/${'a'.repeat(2048)}`,
      'not a url',
      '',
      42,
      null,
      undefined,
    ]) {
      expect(identityPicture(claim), String(claim)).toBeNull();
    }
  });
});

const world = useTestServer();

type MePhoto = { photoUrl: string | null; avatarUrl: string | null };
async function mePhoto(browser: TestBrowser): Promise<MePhoto> {
  const me = (await (await browser.request('/api/me')).json()) as MePhoto;
  return { photoUrl: me.photoUrl, avatarUrl: me.avatarUrl };
}

async function subjectOf(email: string) {
  return world.db
    .selectFrom('devIdpAccounts')
    .select('subject')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
}

describe(`the provider's picture counts as a photo until one is uploaded (${dbKind})`, () => {
  it('is the photo and avatar after sign-in; an upload replaces it and later sign-ins keep the upload', async () => {
    const email = 'gina.picture@example.test';
    const browser = new TestBrowser(world.server.baseUrl);
    await signIn(browser, { name: 'Gina Picture', email, picture: PICTURE });
    expect(await mePhoto(browser)).toEqual({ photoUrl: PICTURE, avatarUrl: PICTURE });
    // The own profile shows it as the photo, and counts it for completeness.
    const own = (await (await browser.request('/api/me/profile')).json()) as OwnProfile;
    expect(own).toMatchObject({ photo: null, identityPicture: PICTURE });
    const before = own.completeness;

    const image = await sharp({
      create: { width: 400, height: 500, channels: 3, background: { r: 40, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png');
    const upload = await browser.request('/api/photos', { method: 'POST', body: form });
    expect(upload.status).toBe(200);
    const uploaded = await mePhoto(browser);
    const afterUpload = (await (await browser.request('/api/me/profile')).json()) as OwnProfile;
    expect(afterUpload.identityPicture).toBeNull();
    expect(afterUpload.photo?.url).toBe(uploaded.photoUrl);
    expect(afterUpload.completeness).toEqual(before);
    expect(uploaded.photoUrl).toMatch(/^\/media\//);
    expect(uploaded.avatarUrl).toMatch(/^\/media\//);

    // Signing in again, the provider still sending its picture: the upload wins.
    await signIn(browser, await subjectOf(email));
    expect(await mePhoto(browser)).toEqual(uploaded);
  });

  it('keeps nothing from a picture the browser could not show, and a sign-in without one changes nothing', async () => {
    const plain = new TestBrowser(world.server.baseUrl);
    await signIn(plain, {
      name: 'Hal Http',
      email: 'hal.http@example.test',
      picture: 'http://lh3.googleusercontent.com/a/plain',
    });
    expect(await mePhoto(plain)).toEqual({ photoUrl: null, avatarUrl: null });

    const other = new TestBrowser(world.server.baseUrl);
    await signIn(other, {
      name: 'Oli Other',
      email: 'oli.other@example.test',
      picture: 'https://tracker.example/pixel.png',
    });
    expect(await mePhoto(other)).toEqual({ photoUrl: null, avatarUrl: null });

    const none = new TestBrowser(world.server.baseUrl);
    await signIn(none, { name: 'Nia None', email: 'nia.none@example.test' });
    expect(await mePhoto(none)).toEqual({ photoUrl: null, avatarUrl: null });
  });

  it("allows exactly Google's picture host for images in the CSP", async () => {
    const res = await fetch(`${world.server.baseUrl}/api/health`);
    const imgSrc = (res.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('img-src'));
    expect(imgSrc?.split(' ')).toContain('https://*.googleusercontent.com');
    expect(imgSrc?.split(' ').filter((s) => s.startsWith('https:'))).toEqual([
      'https://*.googleusercontent.com',
    ]);
  });
});
