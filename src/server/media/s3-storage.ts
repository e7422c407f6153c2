import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { parseS3Url } from './s3-url';
import type { MediaStorage } from './storage';

/**
 * Media in any S3-compatible store through the official AWS SDK. Endpoint, region and
 * credentials come from the SDK's usual settings (AWS_ENDPOINT_URL, AWS_REGION,
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, instance roles); path-style addressing
 * when AWS_S3_FORCE_PATH_STYLE=1 (MinIO and most self-hosted stores). Keys are the same
 * relative keys as on disk, under the prefix; a put replaces the whole object (atomic in S3).
 */
export class S3Storage implements MediaStorage {
  constructor(private readonly client: S3Client, private readonly bucket: string, private readonly prefix: string) {}

  static fromUrl(url: string, env: NodeJS.ProcessEnv = process.env): S3Storage {
    const parsed = parseS3Url(url);
    if (!parsed) throw new Error('MEDIA_URL must look like s3://bucket/prefix');
    const client = new S3Client({
      ...(env.AWS_ENDPOINT_URL ? { endpoint: env.AWS_ENDPOINT_URL } : {}),
      region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
      forcePathStyle: env.AWS_S3_FORCE_PATH_STYLE === '1',
    });
    return new S3Storage(client, parsed.bucket, parsed.prefix);
  }

  private objectKey(key: string): string {
    // Same rule as the file store: server-made relative keys only, never an escape.
    if (!key || key.startsWith('/') || key.split('/').some((p) => p === '..' || p === '.' || p === '')) throw new Error('invalid media key');
    return this.prefix + key;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Body: bytes, ContentType: 'application/octet-stream' }));
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
    } catch (e) {
      if (e instanceof NoSuchKey || (e as { name?: string }).name === 'NoSuchKey' || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a missing key too: deleting twice is done.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async *list(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) yield o.Key.slice(this.prefix.length);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
