import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeStats } from '../../media/process-upload';
import { cardJpeg } from '../routes/hosted.testkit';
import { faceFrames } from '../../liveness/liveness.testkit';
import { createHarness, type Harness } from '../../testing/harness';
import { framesForm, multipart } from './collected.testkit';

// Customer-collected uploads: a per-session limit (as hosted uploads have), and liveness frames
// checked (session state, sizes, declared dimensions) before any of them is decoded.
let h: Harness;
let apiKey: string;

beforeAll(async () => {
  h = await createHarness({ RATE_LIMIT_UPLOADS_PER_SESSION: '3/600' });
  apiKey = (await h.createKey()).apiKey;
});
afterAll(async () => { await h.close(); });

const newSession = async () => (await h.request('POST', '/api/v1/verifications', { key: apiKey, body: {} })).body.data.verificationId as string;
const put = async (id: string) => h.request('PUT', `/api/v1/verifications/${id}/media/document-front`, { key: apiKey, raw: new Uint8Array(await cardJpeg()), headers: { 'content-type': 'image/jpeg' } });
const frames = async (id: string, images: Buffer[]) => h.request('POST', `/api/v1/verifications/${id}/liveness`, { key: apiKey, ...(await multipart(framesForm(['neutral', 'turn-left'], images))) });

describe('customer-collected uploads', () => {
  it('are limited per session: the fourth upload of a session is refused with 429, another session goes on', async () => {
    const a = await newSession();
    const b = await newSession();
    expect((await h.request('PUT', `/api/v1/verifications/${a}/document`, { key: apiKey, body: { type: 'PASSPORT', issuingState: 'UTO' } })).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await put(a)).status).toBe(200);
    const refused = await put(a);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: false, code: 429, error: { code: 'rate_limited', limit: 'uploads-session' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await frames(a, [(await faceFrames()).still, (await faceFrames()).turned])).status).toBe(429);
    expect((await h.request('PUT', `/api/v1/verifications/${b}/document`, { key: apiKey, body: { type: 'PASSPORT', issuingState: 'UTO' } })).status).toBe(200);
    expect((await put(b)).status).toBe(200);
  });

  it('refuses a frame declaring 30 megapixels from its header, decoding none of the frames', async () => {
    const id = await newSession();
    const bomb = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#808080' } }).png({ compressionLevel: 9 }).toBuffer();
    const before = decodeStats().decodes;
    const res = await frames(id, [(await faceFrames()).still, bomb]);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('media_too_large');
    expect(decodeStats().decodes).toBe(before);
  });

  it('refuses frames for a submitted session before decoding them', async () => {
    const id = await newSession();
    expect((await h.request('PATCH', `/api/v1/verifications/${id}/cancel`, { key: apiKey })).status).toBe(200);
    const before = decodeStats().decodes;
    const res = await frames(id, [(await faceFrames()).still, (await faceFrames()).turned]);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(decodeStats().decodes).toBe(before);
  });
});
