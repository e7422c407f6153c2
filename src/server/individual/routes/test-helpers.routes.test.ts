import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleDecisions } from '../decision';
import { createHarness, type Harness } from '../../testing/harness';
import { captureAll, createSession, eventsOf, expectValidPayloads, hostedPath } from './hosted.testkit';

let h: Harness;
let testKey: string;

beforeAll(async () => {
  h = await createHarness();
  testKey = (await h.createKey()).apiKey;
});
afterAll(async () => {
  await settleDecisions();
  await h.close();
});

const outcome = (id: string, body: unknown, key: string | undefined = testKey) =>
  h.request('POST', `/api/v1/test/verifications/${id}/outcome`, { key, body });

describe('POST /v1/test/verifications/{id}/outcome', () => {
  it('stores a failed outcome before submit and applies it at submit', async () => {
    const id = await createSession(h, testKey);
    const res = await outcome(id, { outcome: 'failed', reason: 'Document expired' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ applied: false, outcome: 'failed', verification: { status: 'not started' } });
    await captureAll(h, id);
    await h.request('POST', hostedPath(id, '/submit'));
    await settleDecisions();
    const events = await eventsOf(h, id);
    expect(events.map((e) => e.type).slice(-2)).toEqual(['verification.processing_started', 'verification.failed']);
    expect(events.at(-1)!.data).toMatchObject({ status: 'failed', statusCode: 4100, reason: 'Document expired' });
    expectValidPayloads(events);
    const rec = (await h.request('GET', `/api/v1/verifications/${id}`, { key: testKey })).body.data;
    expect(rec).toMatchObject({ status: 'failed', statusCode: 4100, reason: 'Document expired', decision: 'declined' });
    expect(JSON.stringify(rec)).not.toContain('testOutcome');
  });

  it('the latest call wins; successful restores the automatic path', async () => {
    const id = await createSession(h, testKey);
    await outcome(id, { outcome: 'failed' });
    await outcome(id, { outcome: 'successful' });
    await captureAll(h, id, 'PASSPORT');
    await h.request('POST', hostedPath(id, '/submit'));
    await settleDecisions();
    expect((await eventsOf(h, id)).map((e) => e.type).slice(-2)).toEqual(['verification.biometrics_matched', 'verification.successful']);
  });

  it('decides a submitted, undecided session at once, with a default reason', async () => {
    const id = await createSession(h, testKey);
    await captureAll(h, id, 'PASSPORT');
    // Submit and force before the pipeline runs: whichever comes first decides, exactly once.
    await h.request('POST', hostedPath(id, '/submit'));
    const res = await outcome(id, { outcome: 'failed' });
    await settleDecisions();
    const decisions = (await eventsOf(h, id)).filter((e) => e.destination === 'decision');
    expect(decisions).toHaveLength(1);
    if (res.status === 200) {
      expect(res.body.data.applied).toBe(true);
      expect(decisions[0]).toMatchObject({ type: 'verification.failed', data: { reason: 'Failed on request (test mode)' } });
    } else {
      expect(res.status).toBe(400); // the automatic decision won the race
      expect(decisions[0]!.type).toBe('verification.successful');
    }
  });

  it('refuses closed sessions, other keys, live keys, bad bodies and missing keys', async () => {
    const id = await createSession(h, testKey);
    await captureAll(h, id, 'PASSPORT');
    await h.request('POST', hostedPath(id, '/submit'));
    await settleDecisions();
    const closed = await outcome(id, { outcome: 'failed' });
    expect(closed.status).toBe(400);
    expect(closed.body.error.code).toBe('closed');

    const other = await h.createKey();
    const notMine = await outcome(id, { outcome: 'failed' }, other.apiKey);
    expect(notMine.status).toBe(400);
    expect(notMine.body.message).toBe('Verification not found or has been deleted');

    const live = await h.createKey({ mode: 'live' });
    const liveId = await createSession(h, live.apiKey);
    const byLive = await outcome(liveId, { outcome: 'failed' }, live.apiKey);
    expect(byLive.status).toBe(400);
    expect(byLive.body.error.code).toBe('test_key_required');

    expect((await outcome(id, { outcome: 'maybe' })).status).toBe(400);
    expect((await outcome(id, { outcome: 'failed' }, '')).status).toBe(401);
  });
});

describe('POST /v1/test/verifications/{id}/expire', () => {
  const expire = (id: string, key: string | undefined = testKey) =>
    h.request('POST', `/api/v1/test/verifications/${id}/expire`, { key });

  it('cancels a not-started session and abandons a started one, as 7 days would', async () => {
    const fresh = await createSession(h, testKey);
    const a = await expire(fresh);
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ status: 'cancelled', statusCode: 5000, decision: 'expired', reason: 'Session expired' });

    const started = await createSession(h, testKey);
    await h.request('POST', `${hostedPath(started)}/start`);
    const b = await expire(started);
    expect(b.body.data).toMatchObject({ status: 'abandoned', statusCode: 3033, decision: 'expired' });
    const hosted = await h.request('GET', hostedPath(started));
    expect(hosted.body.data).toMatchObject({ phase: 'closed', closedReason: 'expired' });
  });

  it('refuses closed sessions without touching them, other keys and live keys', async () => {
    const id = await createSession(h, testKey);
    await h.request('PATCH', `/api/v1/verifications/${id}/cancel`, { key: testKey });
    const before = await h.request('GET', `/api/v1/verifications/${id}`, { key: testKey });
    const res = await expire(id);
    expect(res.status).toBe(400);
    const after = await h.request('GET', `/api/v1/verifications/${id}`, { key: testKey });
    expect(after.body.data.expiresAt).toBe(before.body.data.expiresAt);

    const other = (await h.createKey()).apiKey;
    expect((await expire(await createSession(h, testKey), other)).status).toBe(400);
    const live = (await h.createKey({ mode: 'live' })).apiKey;
    const liveRes = await expire(await createSession(h, live), live);
    expect(liveRes.status).toBe(400);
    expect(liveRes.body.error.code).toBe('test_key_required');
    expect((await expire(id, '')).status).toBe(401);
  });
});
