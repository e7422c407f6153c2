import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
// s3rver ships no types: what the tests use of it.
// @ts-expect-error untyped package
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The settings a server process reads to use this store (MEDIA_URL and the AWS ones). */
  env(prefix: string): Record<string, string>;
  client(): S3Client;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver, files in a temp dir) on a free loopback port. */
export async function startTestS3(bucket = 'idv-media'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'idv-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    env: (prefix) => ({
      MEDIA_URL: `s3://${bucket}/${prefix}`, AWS_ENDPOINT_URL: endpoint, AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey, AWS_S3_FORCE_PATH_STYLE: '1',
    }),
    client: () => new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
