import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automaticChecksSchema } from '../../contract/automatic-checks';
import { individualDecisionPayloadSchema } from '../../contract/events';
import { renderPoseFrames } from '../../../test-support/faces/liveness-frames';
import { makeIdCardFrame } from '../../../test-support/cards/id-card';
import { makeIdCardBackFrame } from '../../../test-support/cards/id-card-back';
import { collectAndSubmit } from '../individual/collected/collected.testkit';
import { decisionJobs, identityMarks, verifications } from '../db/schema';
import { settleDecisions } from '../individual/decision';
import { startJobs, type Jobs } from '../jobs/jobs';
import { createHarness, type Harness } from '../testing/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import type { VerificationId } from '../../contract/ids';

// Live keys: the automatic checks decide (face match, liveness re-check, MRZ), off the request
// path in the analysis worker thread, through the decision job table. Real models, real images.
const GRACE = 'e2e/fixtures/grace_hopper.jpg';
const MAN = 'e2e/fixtures/man_portrait.jpg';

let h: Harness;
let rx: WebhookReceiver;
let jobs: Jobs;
let frames: Buffer[];
let graceCard: Buffer;
let manCard: Buffer;
/** The card's back (no portrait, the same MRZ): the front again would be refused as same_side. */
let cardBack: Buffer;

beforeAll(async () => {
  h = await createHarness();
  rx = await startWebhookReceiver();
  jobs = startJobs(h.ctx, { webhooks: { pollMs: 200 }, decisions: { pollMs: 200 } });
  // Neutral, turned (rendered 30°), eyes closed, back: the fixture face warped with its mesh.
  frames = await renderPoseFrames(GRACE, [{ yawDeg: 0, closed: 0 }, { yawDeg: 30, closed: 0 }, { yawDeg: 0, closed: 1 }, { yawDeg: 0, closed: 0 }]);
  graceCard = await makeIdCardFrame(GRACE, { width: 640, height: 480 }, { cardShare: 0.8 });
  manCard = await makeIdCardFrame(MAN, { width: 640, height: 480 }, { cardShare: 0.8 });
  cardBack = await makeIdCardBackFrame({ width: 640, height: 480 }, { cardShare: 0.8 });
}, 60_000);
afterAll(async () => {
  await jobs.stop();
  await rx.close();
  await h.close();
});

async function liveKey(decisions: 'auto' | 'review' = 'auto') {
  const key = await h.createKey({ mode: 'live', eventsUrl: rx.url('/events'), decisionUrl: rx.url('/decision'), decisions });
  rx.setSecret(key.apiKey);
  return key.apiKey;
}
const liveness = () => ({ labels: ['neutral', 'turn-left', 'blink', 'return'], images: frames });
const decisionOf = (id: string) => rx.waitFor((r) => r.path === '/decision' && (r.json as { data?: { verificationId?: string } }).data?.verificationId === id, 60_000);
async function rowOf(id: VerificationId) {
  const [row] = await h.ctx.db.select().from(verifications).where(eq(verifications.id, id));
  return row!;
}

describe('automatic decisions (live keys)', () => {
  it('approves the same person with a valid MRZ and moving evidence: biometrics_matched then successful, docInfo from the MRZ', async () => {
    const key = await liveKey();
    const id = await collectAndSubmit(h, key, { front: graceCard, back: cardBack, selfie: frames[0]!, frames: liveness() });
    const decision = await decisionOf(id);
    expect(decision.verified).toBe(true);
    const body = decision.json as { event: string; data: unknown };
    expect(body.event).toBe('verification.successful');
    const payload = individualDecisionPayloadSchema.parse(body.data);
    expect(payload.docInfo).toMatchObject({
      docType: 'NATIONAL_ID', docNumber: 'D23145890', lastName: 'HOPPER', firstName: 'GRACE', dob: '1976-12-09', expiryDate: '2031-12-09', issuingState: 'UTO', sex: 'F',
    });
    const events = rx.events().filter((r) => (r.json as { data?: { verificationId?: string } }).data?.verificationId === id).map((r) => (r.json as { event: string }).event);
    expect(events.indexOf('verification.biometrics_matched')).toBeGreaterThan(events.indexOf('verification.processing_started'));
    const record = (await h.request('GET', `/api/v1/verifications/${id}`, { key })).body.data;
    expect(record).toMatchObject({ status: 'successful', verificationMethod: 'auto' });
    const checks = automaticChecksSchema.parse((await rowOf(id)).checks);
    expect(checks).toMatchObject({ outcome: 'successful', reasons: [], document: { mrz: 'valid' }, liveness: { server: { verdict: 'passed' } } });
    expect(checks.faceMatch!.distance!).toBeLessThan(0.5);
    // The repeat-identity mark: the real model's 128-d selfie descriptor, nothing raised.
    expect(checks.risk).toEqual({ signals: [] });
    const [mark] = await h.ctx.db.select().from(identityMarks).where(eq(identityMarks.verificationId, id));
    expect(mark!.embedding).toHaveLength(128);
    expect(mark!.documentDigest).toMatch(/^[0-9a-f]{64}$/);
  }, 120_000);

  it('fails a card that carries another person\'s face, with the reason and the score', async () => {
    const key = await liveKey();
    const id = await collectAndSubmit(h, key, { front: manCard, back: cardBack, selfie: frames[0]!, frames: liveness() });
    const body = (await decisionOf(id)).json as { event: string; data: { reason?: string } };
    expect(body.event).toBe('verification.failed');
    expect(body.data.reason).toBe('Face on the document does not match the selfie');
    const checks = automaticChecksSchema.parse((await rowOf(id)).checks);
    expect(checks.faceMatch!.distance!).toBeGreaterThanOrEqual(0.6);
  }, 120_000);

  it('fails evidence that shows no motion (a photo held up), whatever was claimed', async () => {
    const key = await liveKey();
    const still = frames[0]!;
    const id = await collectAndSubmit(h, key, { front: graceCard, back: cardBack, selfie: still, frames: { labels: ['neutral', 'turn-left', 'blink'], images: [still, still, still] } });
    const body = (await decisionOf(id)).json as { event: string; data: { reason?: string } };
    expect(body).toMatchObject({ event: 'verification.failed', data: { reason: 'Liveness evidence shows no motion' } });
  }, 120_000);

  it('with --decisions review, runs the checks and waits for a specialist with the scores', async () => {
    const key = await liveKey('review');
    const id = await collectAndSubmit(h, key, { front: graceCard, back: cardBack, selfie: frames[0]!, frames: liveness() });
    await expect.poll(async () => (await rowOf(id)).decision, { timeout: 60_000, interval: 200 }).toBe('review');
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'completed', verificationMethod: 'manual' });
    const reviews = await h.request('GET', '/api/admin/reviews', { headers: { authorization: `Bearer ${h.ctx.adminToken}` } });
    const item = reviews.body.data.find((r: { verificationId: string }) => r.verificationId === id);
    expect(item.checks).toMatchObject({ outcome: 'review', faceMatch: { distance: expect.any(Number) } });
    expect(item.checks.reasons.join()).toMatch(/automatic outcome: successful/);
  }, 120_000);

  it('a job whose runner died (lease expired) is taken up again: nothing in flight is lost', async () => {
    const key = await liveKey();
    // No runner in this process any more, but the session is submitted as if one were (the
    // process died right after the commit)...
    await jobs.stop();
    h.ctx.decisionRunner = { kick() {} };
    const id = await collectAndSubmit(h, key, { front: graceCard, back: cardBack, selfie: frames[0]!, frames: liveness() });
    // The job is queued just after the submit's answer (scheduleDecision): wait for it.
    await settleDecisions();
    // ...and after claiming the job: it reads `running` with a lease in the past.
    const past = new Date(h.clock.now().getTime() - 1000);
    await h.ctx.db.update(decisionJobs).set({ state: 'running', leaseUntil: past, attempts: 1 }).where(eq(decisionJobs.verificationId, id));
    expect((await rowOf(id)).decision).toBe('submitted');
    // A process starts again: its runner takes the job up.
    jobs = startJobs(h.ctx, { webhooks: { pollMs: 200 }, decisions: { pollMs: 200 } });
    const body = (await decisionOf(id)).json as { event: string };
    expect(body.event).toBe('verification.successful');
    const [job] = await h.ctx.db.select().from(decisionJobs).where(eq(decisionJobs.verificationId, id));
    expect(job).toMatchObject({ state: 'done', attempts: 2 });
  }, 120_000);
});
