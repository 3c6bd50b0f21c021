import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where media bytes live. Keys are content-addressed: `<sha256 prefix>.<ext>`. */
export interface MediaStorage {
  put(bytes: Buffer, ext: string): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  urlFor(key: string): string;
  /**
   * Proves at start that media can be stored here (the directory is writable, the bucket
   * exists and the credentials reach it); rejects with a sentence an operator can act on.
   */
  check(): Promise<void>;
  /** Releases connections; called once, when the server or the seed runner is done. */
  close(): void;
}

export const MEDIA_URL_PREFIX = '/media/';
/** Names are content hashes, so a stored file never changes: caches may keep it for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const KEY_PATTERN = /^[a-f0-9]{32}\.(webp|jpg|png)$/;
const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

/** The Content-Type of a key's file, by its extension. */
export function mediaType(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

export function isMediaKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function contentKey(bytes: Buffer, ext: string): string {
  return `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${ext}`;
}

/** Local directory storage (the embedded default: `<dataDir>/media`). */
export class LocalMediaStorage implements MediaStorage {
  constructor(private readonly dir: string) {}

  async put(bytes: Buffer, ext: string): Promise<string> {
    const key = contentKey(bytes, ext);
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, key);
    // Write-then-rename so a reader never sees half a file and an interrupted write leaves nothing.
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file);
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    if (!isMediaKey(key)) return null;
    try {
      return await fs.readFile(path.join(this.dir, key));
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    if (!isMediaKey(key)) return;
    await fs.rm(path.join(this.dir, key), { force: true });
  }

  urlFor(key: string): string {
    return `${MEDIA_URL_PREFIX}${key}`;
  }

  async check(): Promise<void> {
    try {
      await fs.mkdir(this.dir, { recursive: true });
      await fs.access(this.dir, fs.constants.W_OK);
    } catch (err) {
      throw new Error(`Media directory ${this.dir} is not writable: ${(err as Error).message}`, {
        cause: err,
      });
    }
  }

  close(): void {}
}
