import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, NotFound, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoSchema, type UploadResponse } from '@heartline/domain';
import type { S3Config } from '../../config.ts';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import { TestBrowser } from '../../../test/http-client.ts';
import { signIn } from '../../../test/sign-in.ts';
import { noisyImage } from '../photos/photos.test-support.ts';
import { contentKey, MEDIA_CACHE_CONTROL } from './media.storage.ts';
import { S3MediaStorage } from './s3.storage.ts';

const BUCKET = 'heartline-test';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A real S3-compatible server in this process, on a free loopback port, over a temp dir. */
let s3rver: S3rver;
let s3Dir: string;
let endpoint: string;
let inspector: S3Client;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-s3-'));
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  inspector = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
});
afterAll(async () => {
  inspector?.destroy();
  await s3rver?.close();
  if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true });
});

function s3Config(overrides: Partial<S3Config> = {}): S3Config {
  return {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    credentials,
    publicUrl: undefined,
    prefix: '',
    ...overrides,
  };
}

/** The stored object's headers as the bucket reports them, or null when there is none. */
async function stored(objectKey: string) {
  try {
    return await inspector.send(new HeadObjectCommand({ Bucket: BUCKET, Key: objectKey }));
  } catch (err) {
    if (err instanceof NotFound) return null;
    throw err;
  }
}

describe('S3 media storage', () => {
  let storage: S3MediaStorage;
  beforeAll(() => {
    storage = new S3MediaStorage(s3Config({ prefix: 'media' }));
  });
  afterAll(() => storage?.close());

  it('stores bytes under their content key with their type and a year-long cache', async () => {
    for (const [ext, type] of [
      ['webp', 'image/webp'],
      ['jpg', 'image/jpeg'],
      ['png', 'image/png'],
    ] as const) {
      const bytes = Buffer.from(`round trip ${ext}`);
      const key = await storage.put(bytes, ext);
      expect(key).toBe(contentKey(bytes, ext));
      const head = await stored(`media/${key}`);
      expect(head?.ContentType).toBe(type);
      expect(head?.CacheControl).toBe(MEDIA_CACHE_CONTROL);
      expect(await storage.get(key)).toEqual(bytes);
    }
  });

  it('gives the same bytes the same key and other bytes another', async () => {
    const a = await storage.put(Buffer.from('same bytes'), 'webp');
    expect(await storage.put(Buffer.from('same bytes'), 'webp')).toBe(a);
    expect(await storage.put(Buffer.from('other bytes'), 'webp')).not.toBe(a);
  });

  it('answers null for an object that is not there', async () => {
    expect(await storage.get(contentKey(Buffer.from('never stored'), 'webp'))).toBeNull();
  });

  it('removes an object, and removing it again is harmless', async () => {
    const key = await storage.put(Buffer.from('short-lived'), 'webp');
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    expect(await stored(`media/${key}`)).toBeNull();
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  it('never sends a malformed key to S3', async () => {
    let requests = 0;
    const counter = http.createServer((_req, res) => {
      requests += 1;
      res.writeHead(403).end();
    });
    await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
    const watched = new S3MediaStorage(
      s3Config({ endpoint: `http://127.0.0.1:${(counter.address() as AddressInfo).port}` }),
    );
    try {
      for (const key of ['../../etc/passwd', 'x.webp', `${'a'.repeat(32)}.gif`, '']) {
        expect(await watched.get(key)).toBeNull();
        await watched.remove(key);
      }
      expect(requests).toBe(0);
      // The same storage does reach the server for a well-formed key: the count can move.
      await expect(watched.get(contentKey(Buffer.from('x'), 'webp'))).rejects.toThrow();
      expect(requests).toBeGreaterThan(0);
    } finally {
      watched.close();
      await new Promise((resolve) => counter.close(resolve));
    }
  });

  it('lets faults other than a missing object through', async () => {
    const wrongBucket = new S3MediaStorage(s3Config({ bucket: 'no-such-bucket' }));
    try {
      const key = contentKey(Buffer.from('x'), 'webp');
      await expect(wrongBucket.get(key)).rejects.toMatchObject({ name: 'NoSuchBucket' });
      await expect(wrongBucket.put(Buffer.from('x'), 'webp')).rejects.toMatchObject({
        name: 'NoSuchBucket',
      });
    } finally {
      wrongBucket.close();
    }
  });

  it('checks at start that the bucket exists, and says which one when it does not', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    const wrongBucket = new S3MediaStorage(s3Config({ bucket: 'no-such-bucket' }));
    try {
      await expect(wrongBucket.check()).rejects.toThrow(
        /^S3 bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ is not reachable \(.+\): check S3_BUCKET/,
      );
    } finally {
      wrongBucket.close();
    }
  });

  it('links to the public address when there is one, else to the /media route', () => {
    const key = contentKey(Buffer.from('x'), 'webp');
    expect(storage.urlFor(key)).toBe(`/media/${key}`);
    const open = new S3MediaStorage(
      s3Config({ publicUrl: 'https://cdn.example.test', prefix: 'media' }),
    );
    expect(open.urlFor(key)).toBe(`https://cdn.example.test/media/${key}`);
    open.close();
  });
});

describe(`photos in S3 through the server (${dbKind})`, () => {
  // s3rver serves objects to anonymous GETs, like a public bucket.
  const publicUrl = () => `${endpoint}/${BUCKET}`;
  // Read when the server starts: s3rver's port is known only after the file's beforeAll.
  const world = useTestServer(() => ({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    S3_PUBLIC_URL: publicUrl(),
    S3_PREFIX: `e2e-${dbKind}`,
  }));

  it('stores an uploaded photo in the bucket and serves it from there and from /media', async () => {
    const browser = new TestBrowser(world.server.baseUrl);
    await signIn(browser, { name: 'Sam Storage', email: 'sam.s3@example.test' });
    const form = new FormData();
    const jpeg = await noisyImage('jpeg', 600, 700);
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'me.jpg');
    const upload = await browser.request('/api/photos', { method: 'POST', body: form });
    expect(upload.status).toBe(200);
    const body = (await upload.json()) as UploadResponse;
    const base = `${publicUrl()}/e2e-${dbKind}/`;
    expect(body.url).toMatch(new RegExp(`^${base}[a-f0-9]{32}\\.webp$`));

    const photo = photoSchema.parse(await (await browser.request('/api/me/photo')).json());
    const urls = [photo.url, ...Object.values(photo.avatars)];
    expect(urls).toHaveLength(4);
    for (const url of urls) {
      expect(url.startsWith(base)).toBe(true);
      const key = url.slice(base.length);
      const object = await inspector.send(
        new GetObjectCommand({ Bucket: BUCKET, Key: `e2e-${dbKind}/${key}` }),
      );
      expect(object.ContentType).toBe('image/webp');
      expect(object.CacheControl).toBe(MEDIA_CACHE_CONTROL);
      const bytes = Buffer.from(await object.Body!.transformToByteArray());

      const proxied = await fetch(`${world.server.baseUrl}/media/${key}`);
      expect(proxied.status).toBe(200);
      expect(proxied.headers.get('content-type')).toBe('image/webp');
      expect(proxied.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
      expect(Buffer.from(await proxied.arrayBuffer())).toEqual(bytes);

      const direct = await fetch(url);
      expect(direct.status).toBe(200);
      expect(Buffer.from(await direct.arrayBuffer())).toEqual(bytes);
    }
    expect(fs.existsSync(path.join(world.server.config.dataDir, 'media'))).toBe(false);
    expect((await fetch(`${world.server.baseUrl}/media/${'0'.repeat(32)}.webp`)).status).toBe(404);
  });

  it('lets pages load images from the public media origin', async () => {
    const res = await fetch(`${world.server.baseUrl}/api/health`);
    const imgSrc = (res.headers.get('content-security-policy') ?? '')
      .split(';')
      .find((d) => d.trim().startsWith('img-src'));
    expect(imgSrc?.trim().split(' ')).toContain(new URL(endpoint).origin);
  });
});
