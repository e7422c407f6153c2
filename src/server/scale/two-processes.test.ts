import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeIdCardFrame } from '../../../test-support/cards/id-card';
import { renderPoseFrames } from '../../../test-support/faces/liveness-frames';
import { cardBackJpeg, cardJpeg } from '../individual/routes/hosted.testkit';
import { chained, deviceResult, faceFrames } from '../liveness/liveness.testkit';
import { freshPostgresDatabase } from '../testing/harness';
import { startTestS3, type TestS3 } from '../testing/s3-server';
import { startProcess, type Proc } from '../testing/spawn-server';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';

// Two server processes on one PostgreSQL database and one bucket, as behind a load balancer:
// a journey starts on one and finishes on the other, both run the webhook worker and the
// decision runner, and every event is delivered exactly once (no duplicate from racing workers).
const ADMIN = `adm-${randomBytes(24).toString('hex')}`;
let db: { url: string; drop: () => Promise<void> };
let s3: TestS3;
let rx: WebhookReceiver;
let a: Proc;
let b: Proc;

type Json = { data: Record<string, unknown> & { verificationId?: string } };
async function call(base: string, method: string, path: string, init: { key?: string; admin?: boolean; json?: unknown; raw?: BodyInit; type?: string } = {}): Promise<Json> {
  const headers: Record<string, string> = { ...(init.key ? { 'x-api-key': init.key } : {}), ...(init.admin ? { authorization: `Bearer ${ADMIN}` } : {}), ...(init.json !== undefined ? { 'content-type': 'application/json' } : init.type ? { 'content-type': init.type } : {}) };
  const res = await fetch(`${base}/api${path}`, { method, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.raw });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path} on ${base}: ${res.status} ${text}`);
  return JSON.parse(text) as Json;
}
const eventOf = (r: { json: unknown }) => r.json as { event: string; data: { verificationId?: string } };

describe.runIf(process.env.TEST_DATABASE_URL)('two processes, one database, one bucket', () => {
  beforeAll(async () => {
    db = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
    s3 = await startTestS3();
    rx = await startWebhookReceiver();
    const env = { DATABASE_URL: db.url, IDV_SECRET: `s-${randomBytes(24).toString('hex')}`, IDV_ADMIN_TOKEN: ADMIN, WEBHOOK_ALLOW_PRIVATE: '1', ...s3.env('shared') };
    // One after the other: the first applies the migrations, the second finds them applied.
    a = await startProcess('src/server/main.ts', env, '/api/health');
    b = await startProcess('src/server/main.ts', env, '/api/health');
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await rx?.close();
    await s3?.close();
    await db?.drop();
  });

  it('a hosted journey uploads through one process and finishes through the other; each event is delivered once', async () => {
    const key = (await call(a.url, 'POST', '/admin/keys', { admin: true, json: { mode: 'test', eventsUrl: rx.url('/events'), decisionUrl: rx.url('/decision') } })).data as { apiKey: string };
    rx.setSecret(key.apiKey);
    const id = (await call(a.url, 'POST', '/v1/verifications', { key: key.apiKey, json: { vendorData: 'lb-1' } })).data.verificationId!;
    const hosted = (rest: string) => `/v1/hosted/verifications/${id}${rest}`;
    await call(a.url, 'POST', hosted('/start'));
    await call(a.url, 'PUT', hosted('/document'), { json: { type: 'NATIONAL_ID', issuingState: 'NGA' } });
    await call(a.url, 'PUT', hosted('/media/document-front'), { raw: new Uint8Array(await cardJpeg()), type: 'image/jpeg' });
    await call(b.url, 'PUT', hosted('/media/document-back'), { raw: new Uint8Array(await cardBackJpeg()), type: 'image/jpeg' });
    const challenge = (await call(b.url, 'POST', hosted('/liveness/challenge'))).data as { challengeId: string; actions: string[]; nonce: string };
    const f = await faceFrames();
    const form = new FormData();
    // The frames chained to the challenge's nonce, as the app sends them.
    form.append('result', JSON.stringify(await chained(deviceResult(challenge), [f.still, f.turned])));
    form.append('selfie', new Blob([new Uint8Array(f.still)], { type: 'image/jpeg' }), 'selfie.jpg');
    for (const frame of [f.still, f.turned]) form.append('frames', new Blob([new Uint8Array(frame)], { type: 'image/jpeg' }), 'frame.jpg');
    await call(b.url, 'POST', hosted('/liveness'), { raw: form });
    await call(b.url, 'POST', hosted('/submit'));

    const decision = await rx.waitFor((r) => r.path === '/decision' && eventOf(r).data.verificationId === id, 30_000);
    expect(eventOf(decision).event).toBe('verification.successful');
    // What B stored (the back) is served by A, and the other way round: one bucket, one secret.
    const record = (await call(a.url, 'GET', `/v1/verifications/${id}`, { key: key.apiKey })).data as { doc: { url: { front: string; back: string } } };
    for (const url of [record.doc.url.front, record.doc.url.back]) {
      for (const p of [a, b]) {
        const u = new URL(url);
        expect((await fetch(`${p.url}${u.pathname}${u.search}`)).status).toBe(200);
      }
    }

    await new Promise((r) => setTimeout(r, 3000)); // room for a duplicate to show up
    const mine = rx.events().filter((r) => eventOf(r).data.verificationId === id);
    const ids = mine.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(mine.every((r) => r.verified)).toBe(true);
    expect(mine.map((r) => eventOf(r).event).sort()).toEqual([
      'verification.biometrics_matched', 'verification.document_back_uploaded', 'verification.document_front_uploaded', 'verification.processing_started',
      'verification.selfie_uploaded', 'verification.started', 'verification.successful',
    ]);
  }, 90_000);

  it('a live session is decided once by the two processes\' decision runners', async () => {
    const key = ((await call(b.url, 'POST', '/admin/keys', { admin: true, json: { mode: 'live', eventsUrl: rx.url('/events'), decisionUrl: rx.url('/decision') } })).data as { apiKey: string }).apiKey;
    rx.setSecret(key);
    const face = resolve('e2e/fixtures/grace_hopper.jpg');
    const frames = await renderPoseFrames(face, [{ yawDeg: 0, closed: 0 }, { yawDeg: -30, closed: 0 }, { yawDeg: 0, closed: 1 }]);
    const card = await makeIdCardFrame(face, { width: 640, height: 480 }, { cardShare: 0.8 });
    const id = (await call(a.url, 'POST', '/v1/verifications', { key, json: { vendorData: 'lb-live' } })).data.verificationId!;
    await call(a.url, 'PUT', `/v1/verifications/${id}/document`, { key, json: { type: 'NATIONAL_ID', issuingState: 'UTO' } });
    await call(a.url, 'PUT', `/v1/verifications/${id}/media/document-front`, { key, raw: new Uint8Array(card), type: 'image/jpeg' });
    await call(b.url, 'PUT', `/v1/verifications/${id}/media/document-back`, { key, raw: new Uint8Array(await cardBackJpeg()), type: 'image/jpeg' });
    await call(b.url, 'PUT', `/v1/verifications/${id}/media/selfie`, { key, raw: new Uint8Array(frames[0]!), type: 'image/jpeg' });
    const form = new FormData();
    form.set('labels', JSON.stringify(['neutral', 'turn-right', 'blink']));
    for (const f of frames) form.append('frames', new Blob([new Uint8Array(f)], { type: 'image/jpeg' }), 'frame.jpg');
    await call(a.url, 'POST', `/v1/verifications/${id}/liveness`, { key, raw: form });
    await call(b.url, 'POST', `/v1/verifications/${id}/submit`, { key });

    const decision = await rx.waitFor((r) => r.path === '/decision' && eventOf(r).data.verificationId === id, 60_000);
    expect(eventOf(decision).event).toBe('verification.successful');
    await new Promise((r) => setTimeout(r, 3000));
    const decisions = rx.events().filter((r) => r.path === '/decision' && eventOf(r).data.verificationId === id);
    expect(decisions).toHaveLength(1);
  }, 120_000);
});
