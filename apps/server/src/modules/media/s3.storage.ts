import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import {
  contentKey,
  isMediaKey,
  MEDIA_CACHE_CONTROL,
  MEDIA_URL_PREFIX,
  mediaType,
  type MediaStorage,
} from './media.storage.ts';

/**
 * Media in an S3 bucket (AWS or any S3-compatible service). Objects carry their type and the
 * year-long cache header themselves, so a bucket or CDN in front of it serves them as the
 * `/media` route would.
 */
export class S3MediaStorage implements MediaStorage {
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // Newer SDKs add CRC checksums (and aws-chunked bodies) to every request by default;
      // many S3-compatible services reject or mangle those. S3 needs them only for a few calls.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    return this.config.prefix ? `${this.config.prefix}/${key}` : key;
  }

  async put(bytes: Buffer, ext: string): Promise<string> {
    const key = contentKey(bytes, ext);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentType: mediaType(key),
        CacheControl: MEDIA_CACHE_CONTROL,
      }),
    );
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    if (!isMediaKey(key)) return null;
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
      );
      return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
    } catch (err) {
      // Only a missing object is "not found"; a missing bucket or refused credentials are faults.
      if (err instanceof NoSuchKey) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    if (!isMediaKey(key)) return;
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
    );
  }

  urlFor(key: string): string {
    return this.config.publicUrl
      ? `${this.config.publicUrl}/${this.objectKey(key)}`
      : `${MEDIA_URL_PREFIX}${key}`;
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
    } catch (err) {
      // HeadBucket answers have no body: the SDK names them (NotFound, Forbidden) or, when the
      // service cannot be reached at all, passes the socket error (ECONNREFUSED, ENOTFOUND).
      const e = err as Error & { code?: string; $metadata?: { httpStatusCode?: number } };
      const status = e.$metadata?.httpStatusCode;
      const reason =
        e.code ??
        (e.name && e.name !== 'Error' ? e.name : e.message) + (status ? ` ${status}` : '');
      throw new Error(
        `S3 bucket ${this.config.bucket}${this.config.endpoint ? ` at ${this.config.endpoint}` : ''} ` +
          `is not reachable (${reason}): check S3_BUCKET, S3_ENDPOINT and the credentials`,
        { cause: err },
      );
    }
  }

  close(): void {
    this.client.destroy();
  }
}
