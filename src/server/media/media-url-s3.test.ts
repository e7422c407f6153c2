import { existsSync } from 'node:fs';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardJpeg, createSession, hostedPath, upload } from '../individual/routes/hosted.testkit';
import { createHarness, type Harness } from '../testing/harness';
import { startTestS3, type TestS3 } from '../testing/s3-server';
import { isSealed } from './sealed-storage';
import { createMediaSigner } from './signed-url';
import { mediaRoot } from './storage';

// The server with MEDIA_URL=s3://…: captures go to the bucket (sealed), the media route serves
// them back, nothing lands in DATA_DIR/media.
let s3: TestS3;
let h: Harness;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  s3 = await startTestS3();
  const env = s3.env('tenant-a');
  // The AWS SDK reads endpoint, region and credentials from the environment, as in production.
  for (const [k, v] of Object.entries(env)) { saved[k] = process.env[k]; process.env[k] = v; }
  h = await createHarness({ MEDIA_URL: env.MEDIA_URL! });
});
afterAll(async () => {
  await h.close();
  await s3.close();
  for (const [k, v] of Object.entries(saved)) { if (v === undefined) delete process.env[k]; else process.env[k] = v; }
});

describe('MEDIA_URL=s3://bucket/prefix', () => {
  it('stores captures in the bucket, sealed, and serves them back', async () => {
    const key = await h.createKey();
    const id = await createSession(h, key.apiKey);
    expect((await h.request('POST', hostedPath(id, '/start'))).status).toBe(200);
    expect((await h.request('PUT', hostedPath(id, '/document'), { body: { type: 'PASSPORT', issuingState: 'FRA' } })).status).toBe(200);
    expect((await upload(h, id, 'document-front', await cardJpeg())).status).toBe(200);
    const record = (await h.request('GET', `/api/v1/verifications/${id}`, { key: key.apiKey })).body.data;
    const object = await s3.client().send(new GetObjectCommand({ Bucket: s3.bucket, Key: `tenant-a/${record.doc.key.front}` }));
    expect(isSealed(Buffer.from(await object.Body!.transformToByteArray()))).toBe(true);
    const url = new URL(createMediaSigner(h.ctx).url(record.doc.key.front));
    const served = await h.request('GET', url.pathname + url.search);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(existsSync(mediaRoot(h.ctx.settings.dataDir))).toBe(false);
  });
});
