import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEnvelopeSchema } from '../../../contract/envelope';
import { reviewItemSchema } from '../../../contract/admin';
import { RESUBMISSION_LIMIT_EXCEEDED } from '../../../contract/statuses';
import { settleDecisions } from '../decision';
import { createHarness, type Harness } from '../../testing/harness';
import { captureAll, createSession, eventsOf, expectValidPayloads, hostedPath } from './hosted.testkit';

let h: Harness;
let live: { id: string; apiKey: string };

beforeAll(async () => {
  h = await createHarness();
  live = await h.createKey({ mode: 'live' });
});
afterAll(async () => {
  await settleDecisions();
  await h.close();
});

const admin = () => ({ authorization: `Bearer ${h.ctx.adminToken}` });
const decide = (id: string, body: unknown) => h.request('POST', `/api/admin/reviews/${id}/decide`, { headers: admin(), body });
const types = async (id: string) => (await eventsOf(h, id)).map((e) => e.type);

/** A live session captured, submitted and processed: waiting in review. */
async function inReview(docType = 'NATIONAL_ID'): Promise<string> {
  const id = await createSession(h, live.apiKey, { vendorData: 'live-user' });
  await captureAll(h, id, docType, 'NGA');
  expect((await h.request('POST', hostedPath(id, '/submit'))).status).toBe(200);
  await settleDecisions();
  return id;
}

describe('live keys wait for a specialist', () => {
  it('a processed live session reads completed (2001), manual, review, and is listed oldest first', async () => {
    const first = await inReview();
    h.clock.advance(60_000);
    const second = await inReview('PASSPORT');
    const rec = (await h.request('GET', `/api/v1/verifications/${first}`, { key: live.apiKey })).body.data;
    expect(rec).toMatchObject({ status: 'completed', statusCode: 2001, decision: 'review', verificationMethod: 'manual' });
    expect(await types(first)).toEqual([
      'verification.started', 'verification.document_front_uploaded', 'verification.document_back_uploaded',
      'verification.selfie_uploaded', 'verification.processing_started',
    ]);
    const list = await h.request('GET', '/api/admin/reviews', { headers: admin() });
    const parsed = listEnvelopeSchema(reviewItemSchema).parse(list.body);
    const ids = parsed.data.map((i) => i.verificationId);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(parsed.data.find((i) => i.verificationId === second)).toMatchObject({ keyId: live.id, docType: 'PASSPORT', issuingState: 'NGA', resubmissions: 0 });
  });

  it('needs the admin token', async () => {
    expect((await h.request('GET', '/api/admin/reviews')).status).toBe(401);
    expect((await h.request('POST', `/api/admin/reviews/${'0'.repeat(32)}/decide`, { body: { decision: 'successful' } })).status).toBe(401);
  });

  it('successful: biometrics_matched then successful, with the specialist docInfo', async () => {
    const id = await inReview();
    const res = await decide(id, {
      decision: 'successful',
      docInfo: { docNumber: 'A1234567', firstName: 'Ada', lastName: 'Obi', dob: '1991-04-05', sex: 'F', expiryDate: '2031-01-01' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'successful', statusCode: 2010, decision: 'approved' });
    const events = await eventsOf(h, id);
    expect(events.slice(-2).map((e) => e.type)).toEqual(['verification.biometrics_matched', 'verification.successful']);
    expectValidPayloads(events);
    expect(events.at(-1)!.data.docInfo).toEqual({
      docType: 'NATIONAL_ID', docNumber: 'A1234567', issueDate: '', expiryDate: '2031-01-01', issuingState: 'NGA',
      firstName: 'Ada', lastName: 'Obi', middleName: '', dob: '1991-04-05', sex: 'F',
    });
    expect((await h.request('GET', '/api/admin/reviews', { headers: admin() })).body.data.map((i: { verificationId: string }) => i.verificationId)).not.toContain(id);
    // A second decision on the closed session is refused.
    const again = await decide(id, { decision: 'failed', reason: 'late' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'not_in_review', status: 'successful' });
  });

  it('failed: one failed event with the reason', async () => {
    const id = await inReview();
    const res = await decide(id, { decision: 'failed', reason: 'Document photo does not match the selfie' });
    expect(res.body.data).toMatchObject({ status: 'failed', statusCode: 4100, reason: 'Document photo does not match the selfie' });
    const events = await eventsOf(h, id);
    expect(events.at(-1)).toMatchObject({
      type: 'verification.failed', destination: 'decision',
      data: { status: 'failed', statusCode: 4100, reason: 'Document photo does not match the selfie' },
    });
    expect(events.at(-1)!.data.reasonCode).toBeUndefined();
    expect(events.map((e) => e.type)).not.toContain('verification.biometrics_matched');
    expectValidPayloads(events);
  });

  it('validates the decision body', async () => {
    const id = await inReview();
    expect((await decide(id, { decision: 'failed' })).status).toBe(400); // reason required
    expect((await decide(id, { decision: 'maybe' })).status).toBe(400);
    expect((await decide(id, { decision: 'successful', docInfo: { dob: '05/04/1991' } })).status).toBe(400);
    expect((await decide(id, { decision: 'successful', docInfo: { sex: 'Q' } })).status).toBe(400);
    const unknown = await decide('f'.repeat(32), { decision: 'successful' });
    expect(unknown.status).toBe(404);
    expect((await h.request('GET', `/api/v1/verifications/${id}`, { key: live.apiKey })).body.data.decision).toBe('review');
  });

  it('refuses sessions that are not waiting for review', async () => {
    const id = await createSession(h, live.apiKey);
    await h.request('POST', hostedPath(id, '/start'));
    const res = await decide(id, { decision: 'successful' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'not_in_review', status: 'started', decision: null });
  });
});

describe('resubmission', () => {
  it('reopens capture once; the second request fails the session with the limit code', async () => {
    const id = await inReview();
    const res = await decide(id, { decision: 'resubmit', reason: 'Glare on the document' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'started', statusCode: 2000, decision: 'resubmit', reason: 'Glare on the document' });
    const session = (await h.request('GET', hostedPath(id))).body.data;
    expect(session).toMatchObject({
      phase: 'capture', resubmissionRequested: true, resubmissionReason: 'Glare on the document',
      document: { type: 'NATIONAL_ID', issuingState: 'NGA' }, captured: { documentFront: false, documentBack: false, selfie: false },
    });
    const record = (await h.request('GET', `/api/v1/verifications/${id}`, { key: live.apiKey })).body.data;
    expect(record).toMatchObject({ status: 'started', reason: 'Glare on the document' });
    expect((await h.request('POST', hostedPath(id, '/submit'))).body.error.missing).toEqual(['document-front', 'document-back', 'selfie']);

    // The person captures again (events again), submits, and lands in review a second time.
    const eventsBefore = (await eventsOf(h, id)).length;
    await captureAll(h, id);
    await h.request('POST', hostedPath(id, '/submit'));
    await settleDecisions();
    expect((await types(id)).slice(eventsBefore)).toEqual([
      'verification.document_front_uploaded', 'verification.document_back_uploaded', 'verification.selfie_uploaded',
      'verification.processing_started',
    ]);
    const resubmitted = (await h.request('GET', hostedPath(id))).body.data;
    expect(resubmitted).toMatchObject({ phase: 'submitted', resubmissionRequested: false });
    expect(resubmitted.resubmissionReason).toBeUndefined();

    const second = await decide(id, { decision: 'resubmit', reason: 'Still blurry' });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ status: 'failed', statusCode: 4100, reason: 'Resubmission limit exceeded' });
    const events = await eventsOf(h, id);
    expect(events.at(-1)).toMatchObject({
      type: 'verification.failed',
      data: { status: 'failed', reason: 'Resubmission limit exceeded', reasonCode: RESUBMISSION_LIMIT_EXCEEDED },
    });
    expectValidPayloads(events);
    expect((await h.request('GET', hostedPath(id))).body.data).toMatchObject({ phase: 'closed', closedReason: 'failed' });
  });

  it('without a reason the session asks for new photos without one', async () => {
    const id = await inReview();
    const res = await decide(id, { decision: 'resubmit' });
    expect(res.body.data).toMatchObject({ status: 'started', decision: 'resubmit', reason: '' });
    const session = (await h.request('GET', hostedPath(id))).body.data;
    expect(session).toMatchObject({ phase: 'capture', resubmissionRequested: true });
    expect(session.resubmissionReason).toBeUndefined();
  });
});
