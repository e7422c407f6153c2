import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../../contract/envelope';
import { individualRecordSchema } from '../../../contract/individual';
import { settleDecisions } from '../decision';
import { cardBackJpeg, cardJpeg, createSession, eventsOf, expectValidPayloads, jpeg } from '../routes/hosted.testkit';
import { faceFrames } from '../../liveness/liveness.testkit';
import { createHarness, type Harness } from '../../testing/harness';
import { collectAndSubmit, framesForm, multipart } from './collected.testkit';

// Customer-collected media: the customer's server uploads what its own app captured. Decisions
// here are the test-key sandbox's (the automatic checks of live keys: decision-pipeline.test.ts).
let h: Harness;
let key: string;
let otherKey: string;

beforeAll(async () => {
  h = await createHarness();
  key = (await h.createKey({ name: 'Acme test' })).apiKey;
  otherKey = (await h.createKey({ name: 'Other' })).apiKey;
});
afterAll(async () => {
  await settleDecisions();
  await h.close();
});

const path = (id: string, rest: string) => `/api/v1/verifications/${id}${rest}`;
const put = (id: string, slot: string, bytes: Buffer, k = key, type = 'image/jpeg') =>
  h.request('PUT', path(id, `/media/${slot}`), { key: k, raw: new Uint8Array(bytes), headers: { 'content-type': type } });
function expectError(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(errorEnvelopeSchema.parse(res.body).error?.code).toBe(code);
}

describe('customer-collected media', () => {
  it('goes through the same events to a sandbox decision, with the liveness frames as evidence', async () => {
    const { still, turned } = await faceFrames();
    const id = await collectAndSubmit(h, key, {
      front: await cardJpeg(), back: await cardBackJpeg(), selfie: still, frames: { labels: ['neutral', 'turn-left', 'return'], images: [still, turned, still] },
    });
    await settleDecisions();
    const record = await h.request('GET', `/api/v1/verifications/${id}`, { key });
    const parsed = individualRecordSchema.parse(record.body.data);
    expect(parsed).toMatchObject({ status: 'successful', liveness: { status: 'passed', method: 'customer_frames', checks: { server: 'passed' } } });
    expect(parsed.liveness?.evidence.map((e) => e.label)).toEqual(['neutral', 'turn-left', 'return']);
    const events = await eventsOf(h, id);
    expect(events.map((e) => e.type)).toEqual([
      'verification.started', 'verification.document_front_uploaded', 'verification.document_back_uploaded',
      'verification.selfie_uploaded', 'verification.processing_started', 'verification.biometrics_matched', 'verification.successful',
    ]);
    expectValidPayloads(events);
  });

  it('fails frames that do not move (a still picture) and, without frames, liveness not performed', async () => {
    const { still } = await faceFrames();
    const stillId = await collectAndSubmit(h, key, {
      front: await cardJpeg(), back: await cardBackJpeg(), selfie: still, frames: { labels: ['neutral', 'turn-left'], images: [still, still] },
    });
    const noFrames = await collectAndSubmit(h, key, { front: await cardJpeg(), back: await cardBackJpeg(), selfie: still });
    await settleDecisions();
    const a = (await h.request('GET', `/api/v1/verifications/${stillId}`, { key })).body.data;
    expect(a).toMatchObject({ status: 'failed', reason: 'liveness_failed: no_motion', liveness: { status: 'failed', checks: { server: 'failed' } } });
    const b = (await h.request('GET', `/api/v1/verifications/${noFrames}`, { key })).body.data;
    expect(b).toMatchObject({ status: 'failed', reason: 'liveness_not_performed' });
  });

  it('refuses what the hosted flow refuses, in the envelope, and changes nothing', async () => {
    const id = await createSession(h, key);
    // Before the document is chosen a document side has no slot; the session got started though.
    expectError(await put(id, 'document-front', await cardJpeg()), 400, 'no_document');
    expect((await eventsOf(h, id)).map((e) => e.type)).toEqual(['verification.started']);
    expect((await h.request('PUT', path(id, '/document'), { key, body: { type: 'NATIONAL_ID', issuingState: 'UTO' } })).status).toBe(200);
    expectError(await h.request('PUT', path(id, '/document'), { key, body: { type: 'BUS_PASS' } }), 400, 'invalid_body');
    expectError(await put(id, 'document-front', await jpeg()), 400, 'document_not_found');
    expectError(await put(id, 'document-front', await sharp('e2e/fixtures/chelsea.png').jpeg().toBuffer()), 400, 'document_not_found');
    expectError(await put(id, 'document-front', Buffer.from('not an image')), 415, 'unsupported_media_type');
    expectError(await put(id, 'document-front', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])), 400, 'invalid_media');
    expectError(await put(id, 'document-front', await cardJpeg(), key, 'text/plain'), 415, 'unsupported_media_type');
    expectError(await put(id, 'passport-page', await cardJpeg()), 400, 'invalid_body');
    expectError(await h.request('POST', path(id, '/submit'), { key }), 400, 'missing_captures');
    const { still } = await faceFrames();
    const bad = async (labels: unknown, images: Buffer[]) => {
      const form = framesForm([], images);
      form.set('labels', JSON.stringify(labels));
      return h.request('POST', path(id, '/liveness'), { key, ...(await multipart(form)) });
    };
    expectError(await bad(['turn-left', 'neutral'], [still, still]), 400, 'invalid_body');
    expectError(await bad(['neutral', 'return'], [still, still]), 400, 'invalid_body');
    expectError(await bad(['neutral', 'blink'], [still]), 400, 'invalid_body');
    expectError(await bad(['neutral', 'wink'], [still, still]), 400, 'invalid_body');
    expectError(await h.request('POST', path(id, '/liveness'), { key, body: { labels: ['neutral'] } }), 400, 'invalid_body');
    const record = (await h.request('GET', `/api/v1/verifications/${id}`, { key })).body.data;
    expect(record).toMatchObject({ status: 'started', selfie: { key: '' }, doc: { key: { front: '', back: '' } } });
    expect(record.liveness).toMatchObject({ status: 'not_performed', evidence: [] });
  });

  it('answers "not found" (400, as the spec\'s customer API does) for another key\'s verification and unknown ids, 401 without a key, 409 once decided', async () => {
    const { still, turned } = await faceFrames();
    const id = await collectAndSubmit(h, key, {
      front: await cardJpeg(), back: await cardBackJpeg(), selfie: still, frames: { labels: ['neutral', 'turn-right'], images: [still, turned] },
    });
    const notFound = { status: false, message: 'Verification not found or has been deleted', code: 400 };
    expect((await put(id, 'selfie', still, otherKey)).body).toMatchObject(notFound);
    expect((await h.request('POST', path(id, '/submit'), { key: otherKey })).body).toMatchObject(notFound);
    expect((await put('0'.repeat(32), 'selfie', still)).body).toMatchObject(notFound);
    expect((await put('x'.repeat(5000), 'selfie', still)).body).toMatchObject(notFound);
    expect((await h.request('PUT', path(id, '/media/selfie'), { raw: new Uint8Array(still), headers: { 'content-type': 'image/jpeg' } })).status).toBe(401);
    await settleDecisions();
    expectError(await put(id, 'selfie', still), 409, 'closed');
    expectError(await h.request('POST', path(id, '/submit'), { key }), 409, 'closed');
    expect((await h.request('GET', `/api/v1/verifications/${id}`, { key })).body.data.status).toBe('successful');
  });
});
