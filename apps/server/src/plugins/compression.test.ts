import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { preloadLinkHeader, SCREEN_ANSWERS, SCREEN_CODE } from '@heartline/domain';
import { dbKind, useTestServer } from '../../test/harness.ts';
import { DOCUMENT_ONLY_HEADERS } from './web.ts';
import { befriend, browserFor, createPeople } from '../../test/network-fixtures.ts';

// A small build of the web app, compressed by the same script as the real build.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-dist-'));
const js = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
const css = `.a { color: red; }\n`.repeat(200);
const inlineCss = '.launch { color: red; }';
const html = `<!doctype html><html><head><title>Heartline</title><style>${inlineCss}</style></head><body>${'<p>hello</p>'.repeat(200)}</body></html>`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), html);
fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), js);
fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.css'), css);
fs.writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), 'export {};\n');
fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
// Which files the profile screen's code is built into (SCREEN_CODE): the server names them.
fs.mkdirSync(path.join(dist, '.vite'));
fs.writeFileSync(
  path.join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': {
      file: 'assets/index-abc123.js',
      isEntry: true,
      css: ['assets/index-abc123.css'],
    },
    [SCREEN_CODE['/profile']?.[0] ?? '']: {
      file: 'assets/tiny-abc123.js',
      isDynamicEntry: true,
      imports: ['index.html'],
    },
  }),
);
const precompress = spawnSync(
  process.execPath,
  [path.resolve(import.meta.dirname, '../../../web/scripts/precompress.mjs'), dist],
  { encoding: 'utf8' },
);
if (precompress.status !== 0) throw new Error(precompress.stderr);

const world = useTestServer({ WEB_DIST: dist });
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET that shows the bytes on the wire, as sent (no automatic decompression). */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

function decode(raw: Raw): string {
  switch (raw.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(raw.body).toString();
    case 'gzip':
      return zlib.gunzipSync(raw.body).toString();
    default:
      return raw.body.toString();
  }
}

const assets = [
  ['/assets/index-abc123.js', js],
  ['/assets/index-abc123.css', css],
  ['/', html],
  ['/network', html],
] as const;

describe(`compressed delivery (${dbKind})`, () => {
  it("sends the build's Brotli copy of JS, CSS and HTML to a browser that accepts it", async () => {
    for (const [url, original] of assets) {
      const raw = await get(`${world.server.baseUrl}${url}`, {
        'accept-encoding': 'gzip, deflate, br, zstd',
      });
      expect(raw.status, url).toBe(200);
      expect(raw.headers['content-encoding'], url).toBe('br');
      expect(raw.headers.vary, url).toMatch(/accept-encoding/i);
      expect(raw.body.length, url).toBeLessThan(Buffer.byteLength(original) / 3);
      expect(decode(raw), url).toBe(original);
    }
    // Hashed assets keep their year-long cache; the page is revalidated.
    const jsRes = await get(`${world.server.baseUrl}/assets/index-abc123.js`, {
      'accept-encoding': 'br',
    });
    expect(jsRes.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(jsRes.headers['content-type']).toMatch(/javascript/);
  });

  it('sends a hashed asset without the headers only a page uses, and the page with them', async () => {
    const pageOnly = DOCUMENT_ONLY_HEADERS;
    const page = await get(`${world.server.baseUrl}/network`, { 'accept-encoding': 'br' });
    for (const name of pageOnly) expect(page.headers[name], `page ${name}`).toBeDefined();
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    for (const url of ['/assets/index-abc123.js', '/assets/index-abc123.css']) {
      const asset = await get(`${world.server.baseUrl}${url}`, { 'accept-encoding': 'br' });
      expect(asset.status, url).toBe(200);
      for (const name of pageOnly) expect(asset.headers[name], `${url} ${name}`).toBeUndefined();
      // What does govern a script or a stylesheet stays.
      expect(asset.headers['x-content-type-options'], url).toBe('nosniff');
      expect(asset.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(asset.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
    // A worker is governed by its own CSP: the service worker, not a hashed asset, keeps it.
    const worker = await get(`${world.server.baseUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers['content-security-policy']).toMatch(/worker-src 'self'/);
  });

  it("admits the page's own inline stylesheet by its hash, and no other inline style", async () => {
    const page = await get(`${world.server.baseUrl}/network`);
    const hash = createHash('sha256').update(inlineCss).digest('base64');
    expect(page.headers['content-security-policy']).toContain(`style-src 'self' 'sha256-${hash}';`);
    expect(page.headers['content-security-policy']).not.toMatch(/unsafe-inline/);
  });

  it('sends gzip to a browser without Brotli, and the plain file to one that accepts neither', async () => {
    for (const [url, original] of assets) {
      const gz = await get(`${world.server.baseUrl}${url}`, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(decode(gz), url).toBe(original);

      const plain = await get(`${world.server.baseUrl}${url}`, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body.toString(), url).toBe(original);
      const none = await get(`${world.server.baseUrl}${url}`);
      expect(none.headers['content-encoding'], url).toBeUndefined();
    }
  });

  it('leaves a file too small to gain as it is', async () => {
    const raw = await get(`${world.server.baseUrl}/assets/tiny-abc123.js`, {
      'accept-encoding': 'br, gzip',
    });
    expect(raw.status).toBe(200);
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(fs.existsSync(path.join(dist, 'assets', 'tiny-abc123.js.br'))).toBe(false);
  });

  it('compresses API answers above a small size and leaves small ones alone', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Compress Person ${i}`);
    const [ada, ...friends] = await createPeople(world.db, names);
    await befriend(
      world.server.graph,
      friends.map((f) => [ada!, f] as const),
    );
    const browser = await browserFor(world.server, ada!);
    const big = await get(`${world.server.baseUrl}/api/network?tab=all`, {
      cookie: browser.cookieHeader(),
      'accept-encoding': 'br, gzip',
    });
    expect(big.status).toBe(200);
    const text = decode(big);
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.body.length).toBeLessThan(Buffer.byteLength(text) / 2);
    expect(JSON.parse(text)).toHaveProperty('summary');
    const small = await get(`${world.server.baseUrl}/api/health`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ ok: true });
  });
});

describe(`the page names the screen's code and first answers for preloading (${dbKind})`, () => {
  const linkOf = async (url: string, cookie?: string) => {
    const raw = await get(`${world.server.baseUrl}${url}`, cookie ? { cookie } : {});
    expect(raw.status, url).toBe(200);
    expect(decode(raw), url).toBe(html);
    expect(raw.headers.vary, url).toMatch(/cookie/i);
    return raw.headers.link;
  };

  it('names them to a signed-in visitor, and each is a real answer for that visitor', async () => {
    const [ann] = await createPeople(world.db, ['Preload Ann']);
    const browser = await browserFor(world.server, ann!);
    const cookie = browser.cookieHeader();
    const profileLink = [
      '</assets/index-abc123.js>; rel=modulepreload; crossorigin',
      '</assets/index-abc123.css>; rel=preload; as=style; crossorigin',
      '</assets/tiny-abc123.js>; rel=modulepreload; crossorigin',
      '</api/me/profile>; rel=preload; as=fetch; crossorigin',
    ].join(', ');
    expect(await linkOf('/profile', cookie)).toBe(profileLink);
    for (const [screen, answers] of Object.entries(SCREEN_ANSWERS)) {
      const link = await linkOf(screen, cookie);
      // The other screens' code is not in this build's manifest: their answers only.
      expect(link, screen).toBe(screen === '/profile' ? profileLink : preloadLinkHeader(answers));
      for (const answer of answers) {
        const res = await browser.request(answer);
        expect(res.status, `${screen} ${answer}`).toBe(200);
        expect(res.headers.get('content-type'), answer).toMatch(/json/);
      }
    }
  });

  it('names nothing to a visitor without a session, nor for a path with a query or no screen', async () => {
    for (const screen of Object.keys(SCREEN_ANSWERS)) expect(await linkOf(screen)).toBeUndefined();
    // The manifest the links come from is the build's own, not a file the server hands out.
    expect(await linkOf('/.vite/manifest.json')).toBeUndefined();
    const [bo] = await createPeople(world.db, ['Preload Bo']);
    const cookie = (await browserFor(world.server, bo!)).cookieHeader();
    for (const url of ['/network?tab=requests', '/auth', '/', '/chat/123', '/__proto__']) {
      expect(await linkOf(url, cookie), url).toBeUndefined();
    }
    // The answers themselves still ask for the session: a forged cookie preloads refusals.
    const forged = await get(`${world.server.baseUrl}/api/me/profile`, {
      cookie: 'hl_session=forged',
    });
    expect(forged.status).toBe(401);
  });
});
