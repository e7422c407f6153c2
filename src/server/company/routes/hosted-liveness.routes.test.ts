import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { livenessChallengeSchema } from '../../../contract/liveness-session';
import { companyVerifications, verifications, webhookEvents } from '../../db/schema';
import { insertCompany, photo } from '../company.testkit';
import { createHarness, type Harness } from '../../testing/harness';
import { deviceResult, faceFrames, livenessRequest } from '../../liveness/liveness.testkit';
import { testVerificationId } from '../../testing/test-ids';

// The representative's liveness in the company flow: the same challenge and evidence check as
// the individual selfie, on a linked individual verification; keys keep selfieUpload: false.
describe('hosted company liveness (camera challenge)', () => {
  let h: Harness;
  let keyId: string;
  beforeAll(async () => {
    h = await createHarness();
    ({ id: keyId } = await h.createKey({ name: 'Shop' }));
  });
  afterAll(async () => { await h.close(); });

  const base = (c: { id: string }) => `/api/v1/hosted/company-verifications/${c.id}`;
  const call = (c: { id: string; token: string }, method: string, path: string, raw?: Buffer) =>
    h.request(method, `${base(c)}${path}`, { headers: { 'x-hosted-token': c.token }, raw: raw && new Uint8Array(raw) });
  const answer = (c: { id: string; token: string }, result: unknown, frames?: Buffer[]) =>
    livenessRequest(h, `${base(c)}/liveness/result`, result, frames, { 'x-hosted-token': c.token });
  const rowOf = async (id: string) => (await h.ctx.db.select().from(companyVerifications).where(eq(companyVerifications.id, id)))[0]!;
  const eventsOf = async (id: string) => (await h.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.subjectId, id)).orderBy(asc(webhookEvents.id)))
    .map((e) => JSON.parse(e.body) as { event: string; data: Record<string, unknown> });

  async function started() {
    const c = await insertCompany(h.ctx, { apiKeyId: keyId });
    expect((await call(c, 'POST', '/liveness')).status).toBe(200);
    return c;
  }

  it('refuses a picked selfie with 403 on a key that does not allow it, changing nothing', async () => {
    const c = await started();
    const res = await call(c, 'POST', '/liveness/selfie', await photo());
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: false, code: 403, error: { code: 'selfie_upload_not_allowed' } });
    expect((await rowOf(c.id)).authorityProfile).toMatchObject({ livenessStatus: 'pending' });
  });

  it('passes on a challenge answered with moving frames: livenessStatus passed and liveness_completed', async () => {
    const c = await started();
    const challenge = livenessChallengeSchema.parse((await call(c, 'POST', '/liveness/challenge')).body.data);
    const res = await answer(c, deviceResult(challenge));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ livenessStatus: 'passed', completedAt: h.clock.now().toISOString() });
    expect((await rowOf(c.id)).authorityProfile).toMatchObject({ livenessStatus: 'passed' });
    const completed = (await eventsOf(c.id)).filter((e) => e.event === 'company_verification.liveness_completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]!.data).toMatchObject({ livenessStatus: 'passed' });
    // A replay of the answered challenge changes nothing.
    const replay = await answer(c, deviceResult(challenge));
    expect(replay.status).toBeGreaterThanOrEqual(400);
    expect(replay.status).toBeLessThan(500);
    expect((await eventsOf(c.id)).filter((e) => e.event === 'company_verification.liveness_completed')).toHaveLength(1);
  });

  it('fails a device pass whose frames do not move (a still photo held to the camera)', async () => {
    const c = await started();
    const challenge = livenessChallengeSchema.parse((await call(c, 'POST', '/liveness/challenge')).body.data);
    const still = (await faceFrames()).still;
    const res = await answer(c, deviceResult(challenge), [still, still]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ livenessStatus: 'failed' });
    expect((await rowOf(c.id)).authorityProfile).toMatchObject({ livenessStatus: 'failed' });
  });

  it('ends the step failed (liveness_attempts_exhausted, trace kept) when the tries run out unanswered, instead of leaving the representative stuck', async () => {
    const c = await started();
    const challenge = (body?: unknown) => h.request('POST', `${base(c)}/liveness/challenge`, { headers: { 'x-hosted-token': c.token }, body: body ?? {} });
    expect((await challenge()).status).toBe(200);
    expect((await challenge({ previousFailure: 'no-face' })).status).toBe(200);
    expect((await challenge({ previousFailure: 'timeout' })).status).toBe(200);
    // The third try is never answered; once it expires no try is left.
    h.clock.advance(11 * 60 * 1000);
    const refused = await challenge({ previousFailure: 'timeout' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: false, error: { code: 'liveness_attempts_exhausted' } });
    const row = await rowOf(c.id);
    expect(row.authorityProfile).toMatchObject({ livenessStatus: 'failed' });
    const [linked] = await h.ctx.db.select().from(verifications).where(eq(verifications.id, testVerificationId(row.authorityProfile.livenessVerificationId as string)));
    expect(linked!.liveness).toMatchObject({ outcome: 'failed', reason: 'liveness_attempts_exhausted', exhausted: true });
    expect((linked!.liveness as { failedAttempts: { reason: string }[] }).failedAttempts.map((f) => f.reason)).toEqual(['no_face', 'timeout', 'not_completed']);
    const completed = (await eventsOf(c.id)).filter((e) => e.event === 'company_verification.liveness_completed');
    expect(completed.map((e) => e.data.livenessStatus)).toEqual(['failed']);
    // The step is over: a further request is refused and changes nothing.
    expect((await challenge()).status).toBe(409);
    expect((await eventsOf(c.id)).filter((e) => e.event === 'company_verification.liveness_completed')).toHaveLength(1);
  });

  it('answers a malformed upload in the envelope and keeps the challenge usable', async () => {
    const c = await started();
    const challenge = livenessChallengeSchema.parse((await call(c, 'POST', '/liveness/challenge')).body.data);
    const bad = await answer(c, { ...deviceResult(challenge), actions: 'none' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: false, code: 400, error: { code: 'invalid_body' } });
    expect((await answer(c, deviceResult(challenge))).body.data).toMatchObject({ livenessStatus: 'passed' });
  });
});
