import path from 'node:path';
import type { Config } from '../../config.ts';
import { LocalMediaStorage, type MediaStorage } from './media.storage.ts';
import { S3MediaStorage } from './s3.storage.ts';

/** The one place that chooses where media live: the bucket when S3 is configured, else `<dataDir>/media`. */
export function createMediaStorage(config: Pick<Config, 'dataDir' | 's3'>): MediaStorage {
  if (config.s3) return new S3MediaStorage(config.s3);
  // An in-memory database has no data directory; its media go to ./media.
  return new LocalMediaStorage(
    path.join(config.dataDir === 'memory://' ? '.' : config.dataDir, 'media'),
  );
}
