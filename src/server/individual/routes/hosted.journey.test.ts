import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { individualRecordSchema } from '../../../contract/individual';
import { verifications } from '../../db/schema';
import { resumePendingDecisions, settleDecisions } from '../decision';
import { createHarness, type Harness } from '../../testing/harness';
import { captureAll, createSession, eventsOf, expectValidPayloads, hostedPath } from './hosted.testkit';
import { mediaRoutes } from '../../media/media.routes';

let h: Harness;
let key: { id: string; apiKey: string };

beforeAll(async () => {
  h = await createHarness();
  key = await h.createKey();
});
afterAll(async () => {
  await settleDecisions();
  await h.close();
});

const journeyOrder = [
  'verification.started',
  'verification.document_front_uploaded',
  'verification.document_back_uploaded',
  'verification.selfie_uploaded',
  'verification.processing_started',
  'verification.biometrics_matched',
  'verification.successful',
];

describe('test-key journey', () => {
  it('emits every individual event in order and decides automatically: successful', async () => {
    const id = await createSession(h, key.apiKey, { vendorData: 'order-7' });
    await captureAll(h, id, 'DRIVERS_LICENSE', 'ZAF');
    const sub = await h.request('POST', hostedPath(id, '/submit'));
    expect(sub.body.data).toMatchObject({ phase: 'submitted', decision: 'submitted' });
    await settleDecisions();

    const events = await eventsOf(h, id);
    expect(events.map((e) => e.type)).toEqual(journeyOrder);
    expectValidPayloads(events);
    expect(events.map((e) => e.destination)).toEqual(['events', 'events', 'events', 'events', 'events', 'events', 'decision']);
    expect(events[4]!.data).toMatchObject({ status: 'started', statusCode: 2000 });
    expect(events[5]!.data).toMatchObject({ status: 'completed', statusCode: 2001 });
    const decision = events[6]!.data;
    expect(decision).toMatchObject({
      verificationId: id, vendorData: 'order-7', status: 'successful', statusCode: 2010,
      docInfo: { docType: 'DRIVERS_LICENSE', issuingState: 'ZAF', docNumber: '', firstName: '', sex: '' },
    });

    // The decision's signed URLs return the stored images.
    const media = new Hono().route('/api', mediaRoutes(h.ctx, async () => null));
    for (const field of ['userSelfie', 'userIdFront', 'userIdBack']) {
      const url = decision[field] as string;
      expect(url).toMatch(/^http:\/\/idv\.test\/api\/media\/verifications\//);
      const res = await media.fetch(new Request(url));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('jpeg');
    }

    const record = await h.request('GET', `/api/v1/verifications/${id}`, { key: key.apiKey });
    const r = individualRecordSchema.parse(record.body.data);
    expect(r).toMatchObject({ status: 'successful', statusCode: 2010, decision: 'approved', verificationMethod: 'auto', reason: '' });
    const [row] = await h.ctx.db.select().from(verifications).where(eq(verifications.id, id));
    expect(row?.decidedAt).not.toBeNull();
    expect((await h.request('GET', hostedPath(id))).body.data).toMatchObject({ phase: 'closed', closedReason: 'successful' });
  });

  it('a passport journey has no back event and an empty userIdBack', async () => {
    const id = await createSession(h, key.apiKey);
    await captureAll(h, id, 'PASSPORT', 'GBR');
    await h.request('POST', hostedPath(id, '/submit'));
    await settleDecisions();
    const events = await eventsOf(h, id);
    expect(events.map((e) => e.type)).toEqual(journeyOrder.filter((t) => t !== 'verification.document_back_uploaded'));
    expectValidPayloads(events);
    expect(events.at(-1)!.data.userIdBack).toBe('');
  });
});

describe('crash between submit and decision', () => {
  it('resumePendingDecisions finishes sessions left submitted, once', async () => {
    const id = await createSession(h, key.apiKey);
    await captureAll(h, id, 'PASSPORT');
    await h.request('POST', hostedPath(id, '/submit'));
    await settleDecisions();
    // Simulate a process that died after committing the submit: back to the submitted state.
    await h.ctx.db.update(verifications).set({ status: 'started', statusCode: 2000, decision: 'submitted', decidedAt: null })
      .where(eq(verifications.id, id));
    const before = (await eventsOf(h, id)).length;
    expect(await resumePendingDecisions(h.ctx)).toBe(1);
    expect(await resumePendingDecisions(h.ctx)).toBe(0);
    const events = await eventsOf(h, id);
    expect(events.slice(before).map((e) => e.type)).toEqual(['verification.biometrics_matched', 'verification.successful']);
  });
});
