import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automaticChecksSchema } from '../../../contract/automatic-checks';
import { individualDecisionPayloadSchema } from '../../../contract/events';
import { renderPoseFrames } from '../../../../test-support/faces/liveness-frames';
import { aamvaPayload, LICENCE_SPECIMEN, makeLicenceBack, makeLicenceFrame, makeLicenceFront, type LicenceData } from '../../../../test-support/cards/licence';
import { collectAndSubmit } from '../../individual/collected/collected.testkit';
import { verifications } from '../../db/schema';
import { startJobs, type Jobs } from '../../jobs/jobs';
import { createHarness, type Harness } from '../../testing/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver';
import type { VerificationId } from '../../../contract/ids';

// US licences decided by the service from their AAMVA barcode, through the customer-collected
// API and the real decision worker: the PDF417 is decoded again from the stored back, parsed,
// and the front's print is read and compared with it. Test-made licences (real PDF417 symbols).
const GRACE = 'e2e/fixtures/grace_hopper.jpg';
const FRAME = { width: 1280, height: 960 };

let h: Harness;
let rx: WebhookReceiver;
let jobs: Jobs;
let frames: Buffer[];

beforeAll(async () => {
  h = await createHarness();
  rx = await startWebhookReceiver();
  jobs = startJobs(h.ctx, { webhooks: { pollMs: 200 }, decisions: { pollMs: 200 } });
  frames = await renderPoseFrames(GRACE, [{ yawDeg: 0, closed: 0 }, { yawDeg: 30, closed: 0 }, { yawDeg: 0, closed: 1 }, { yawDeg: 0, closed: 0 }]);
}, 60_000);
afterAll(async () => {
  await jobs.stop();
  await rx.close();
  await h.close();
});

async function liveKey() {
  const key = await h.createKey({ mode: 'live', eventsUrl: rx.url('/events'), decisionUrl: rx.url('/decision') });
  rx.setSecret(key.apiKey);
  return key.apiKey;
}
const decisionOf = (id: string) => rx.waitFor((r) => r.path === '/decision' && (r.json as { data?: { verificationId?: string } }).data?.verificationId === id, 90_000);
async function checksOf(id: VerificationId) {
  const [row] = await h.ctx.db.select().from(verifications).where(eq(verifications.id, id));
  return automaticChecksSchema.parse(row!.checks);
}

/** A licence session: `printed` is what the front shows, `held` what the barcode holds. */
async function licenceSession(key: string, held: LicenceData, printed: LicenceData = held, opts: { barcode?: boolean } = {}) {
  const front = await makeLicenceFrame(await makeLicenceFront(GRACE, printed), FRAME, { cardShare: 0.8 });
  const back = await makeLicenceFrame(await makeLicenceBack(aamvaPayload(held), { barcode: opts.barcode ?? true }), FRAME, { cardShare: 0.8 });
  return collectAndSubmit(h, key, { front, back, selfie: frames[0]!, frames: { labels: ['neutral', 'turn-left', 'blink', 'return'], images: frames } }, 'DRIVERS_LICENSE', 'USA');
}

describe('US driving licences (live keys)', () => {
  it('approves a licence whose front prints what its barcode holds, with docInfo from the barcode', async () => {
    const key = await liveKey();
    const id = await licenceSession(key, LICENCE_SPECIMEN);
    const body = (await decisionOf(id)).json as { event: string; data: unknown };
    expect(body.event).toBe('verification.successful');
    const s = LICENCE_SPECIMEN;
    expect(individualDecisionPayloadSchema.parse(body.data).docInfo).toMatchObject({
      docType: 'DRIVERS_LICENSE', docNumber: s.docNumber, lastName: s.lastName, firstName: s.firstName, middleName: s.middleName,
      dob: s.dob, expiryDate: s.expiryDate, issueDate: s.issueDate, issuingState: 'USA', sex: s.sex,
    });
    const checks = await checksOf(id);
    expect(checks.document).toMatchObject({ source: 'barcode', nameConfirmed: true, nameConfirmation: 'front_agrees', barcode: { decoded: true, payload: 'aamva', jurisdiction: s.jurisdiction, country: 'USA' } });
  }, 150_000);

  it('does not approve a front that names another person: document_data_mismatch names the fields', async () => {
    const key = await liveKey();
    const id = await licenceSession(key, LICENCE_SPECIMEN, { ...LICENCE_SPECIMEN, lastName: 'SMITH', firstName: 'JANE', middleName: '', dob: '1980-03-04' });
    await expect.poll(async () => (await h.ctx.db.select().from(verifications).where(eq(verifications.id, id)))[0]!.decision, { timeout: 90_000, interval: 300 }).toBe('review');
    const checks = await checksOf(id);
    const signal = checks.risk?.signals.find((x) => x.signal === 'document_data_mismatch');
    expect(signal?.detail).toMatch(/lastName/);
    expect(signal?.detail).toMatch(/firstName/);
    expect(signal?.detail).toMatch(/dob/);
    expect(checks.document?.barcode?.front).toMatchObject({ lastName: 'differs', firstName: 'differs', dob: 'differs', docNumber: 'agrees' });
  }, 150_000);

  it('declines an expired licence (document_expired, from the barcode\'s expiry)', async () => {
    const key = await liveKey();
    const expired = { ...LICENCE_SPECIMEN, expiryDate: '2024-06-30', issueDate: '2016-06-30' };
    const id = await licenceSession(key, expired);
    const body = (await decisionOf(id)).json as { event: string; data: { reason?: string } };
    expect(body).toMatchObject({ event: 'verification.failed', data: { reason: 'Document expired' } });
  }, 150_000);

  it('never approves a back without a readable barcode; the front\'s print prefills the case', async () => {
    const key = await liveKey();
    const id = await licenceSession(key, LICENCE_SPECIMEN, LICENCE_SPECIMEN, { barcode: false });
    await expect.poll(async () => (await h.ctx.db.select().from(verifications).where(eq(verifications.id, id)))[0]!.decision, { timeout: 90_000, interval: 300 }).toBe('review');
    const checks = await checksOf(id);
    expect(checks.outcome).toBe('review');
    expect(checks.reasons).toContain('document data (barcode) could not be read: no PDF417 was decoded on the back');
    // The front's labelled print prefills the specialist's case (read by PP-OCR), and proves nothing.
    expect(checks.document).toMatchObject({ source: 'visual_zone', nameConfirmed: false });
    expect(checks.document?.visualZoneFields).toEqual(expect.arrayContaining(['lastName', 'firstName', 'dob', 'docNumber']));
    const [row] = await h.ctx.db.select().from(verifications).where(eq(verifications.id, id));
    expect(row!.docInfo).toMatchObject({ lastName: 'HOPPER', dob: LICENCE_SPECIMEN.dob, docNumber: LICENCE_SPECIMEN.docNumber });
  }, 150_000);
});
