import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import { LocalMediaStorage } from './media.storage.ts';

describe(`media storage and route (${dbKind})`, () => {
  const world = useTestServer();

  it('stores content-addressed files and serves them with a year-long cache', async () => {
    const bytes = Buffer.from('RIFF....WEBPVP8 fake image bytes');
    const key = await world.server.storage.put(bytes, 'webp');
    expect(key).toMatch(/^[a-f0-9]{32}\.webp$/);
    expect(await world.server.storage.put(bytes, 'webp')).toBe(key);
    const res = await fetch(`${world.server.baseUrl}${world.server.storage.urlFor(key)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toContain('immutable');
    // Opened on its own, a stored file runs nothing (issue 18).
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
  });

  it('answers 404 for unknown or malformed keys, including traversal attempts', async () => {
    for (const p of [
      '/media/0123456789abcdef0123456789abcdef.webp',
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/x.webp',
    ]) {
      const res = await fetch(`${world.server.baseUrl}${p}`);
      expect(res.status).toBe(404);
    }
  });

  it('leaves no partial file behind when a write fails', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-'));
    const storage = new LocalMediaStorage(path.join(dir, 'file-not-dir'));
    fs.writeFileSync(path.join(dir, 'file-not-dir'), 'blocks mkdir');
    await expect(storage.put(Buffer.from('x'), 'webp')).rejects.toThrow();
    expect(fs.readdirSync(dir)).toEqual(['file-not-dir']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('checks at start that the directory can be written, naming it when not', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-'));
    await expect(new LocalMediaStorage(path.join(dir, 'fresh')).check()).resolves.toBeUndefined();
    expect(fs.statSync(path.join(dir, 'fresh')).isDirectory()).toBe(true);
    fs.writeFileSync(path.join(dir, 'file-not-dir'), 'blocks mkdir');
    const blocked = path.join(dir, 'file-not-dir', 'media');
    await expect(new LocalMediaStorage(blocked).check()).rejects.toThrow(
      `Media directory ${blocked} is not writable`,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
