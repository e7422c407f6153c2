import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../jobs/expiry-sweeper';
import { captureAll, createSession, hostedPath, upload, cardJpeg } from '../individual/routes/hosted.testkit';
import { createHarness, type Harness } from '../testing/harness';

// Media retention on the travelling clock: files go N days after the final state (the key's
// setting or the server's 30), at once when deleted or when the link expired, and the rest stay.
let h: Harness;
let keyA: { id: string; apiKey: string };
let keyB: { id: string; apiKey: string };
const DAY = 24 * 3600_000;

beforeAll(async () => {
  h = await createHarness();
  keyA = await h.createKey({ name: 'default retention' });
  keyB = await h.createKey({ name: 'two days', retentionDays: 2 });
});
afterAll(async () => { await h.close(); });

type Rec = { status: string; selfie: { key: string; url: string }; doc: { key: { front: string; back: string } }; liveness: { evidence: { key: string }[] }; mediaErasedAt: string | null };
const record = async (key: string, id: string) => (await h.request('GET', `/api/v1/verifications/${id}`, { key })).body.data as Rec;
const keysOf = (r: Rec) => [r.selfie.key, r.doc.key.front, r.doc.key.back, ...r.liveness.evidence.map((e) => e.key)].filter(Boolean);
const stored = async (keys: string[]) => (await Promise.all(keys.map((k) => h.ctx.storage.get(k)))).filter((b) => b !== null).length;

async function finished(key: { apiKey: string }, vendorData: string) {
  const id = await createSession(h, key.apiKey, { vendorData });
  await captureAll(h, id);
  expect((await h.request('POST', hostedPath(id, '/submit'))).status).toBe(200);
  // The test key's outcome is applied just after the submit's answer (at once on PGlite).
  await expect.poll(async () => (await record(key.apiKey, id)).status).toBe('successful');
  return { id, keys: keysOf(await record(key.apiKey, id)) };
}

describe('media retention', () => {
  it('erases on the travelling clock and keeps the rest', async () => {
    const a = await finished(keyA, 'a');
    const b = await finished(keyB, 'b');
    expect(a.keys.length).toBeGreaterThanOrEqual(5);
    // An unfinished session whose link expires: its front capture goes with the expiry.
    const c = await createSession(h, keyA.apiKey, { vendorData: 'c' });
    expect((await h.request('POST', hostedPath(c, '/start'))).status).toBe(200);
    expect((await h.request('PUT', hostedPath(c, '/document'), { body: { type: 'PASSPORT', issuingState: 'FRA' } })).status).toBe(200);
    expect((await upload(h, c, 'document-front', await cardJpeg())).status).toBe(200);
    const cKeys = keysOf(await record(keyA.apiKey, c));
    expect(cKeys).toHaveLength(1);

    h.clock.advance(DAY);
    expect((await sweepExpired(h.ctx)).mediaErased).toEqual({ sessions: 0, companies: 0, files: 0 });
    expect(await stored([...a.keys, ...b.keys, ...cKeys])).toBe(a.keys.length + b.keys.length + 1);

    h.clock.advance(2 * DAY);
    expect((await sweepExpired(h.ctx)).mediaErased).toEqual({ sessions: 1, companies: 0, files: b.keys.length });
    expect(await stored(b.keys)).toBe(0);
    expect(await stored(a.keys)).toBe(a.keys.length);
    const erased = await record(keyB.apiKey, b.id);
    expect(erased).toMatchObject({ status: 'successful', selfie: { key: '', url: '' }, doc: { key: { front: '', back: '' } }, liveness: { evidence: [] } });
    expect(erased.mediaErasedAt).toBe(h.clock.now().toISOString());

    h.clock.advance(5 * DAY); // day 8: c's 7-day link has expired
    const week = await sweepExpired(h.ctx);
    expect(week.individuals).toBe(1);
    expect(week.mediaErased).toMatchObject({ sessions: 1, files: 1 });
    expect(await stored(cKeys)).toBe(0);
    expect(await stored(a.keys)).toBe(a.keys.length);

    h.clock.advance(23 * DAY); // day 31
    expect((await sweepExpired(h.ctx)).mediaErased).toMatchObject({ sessions: 1, files: a.keys.length });
    expect(await stored(a.keys)).toBe(0);
    expect((await sweepExpired(h.ctx)).mediaErased.sessions).toBe(0);
  });

  it('erases a deleted session\'s files at once', async () => {
    const d = await finished(keyA, 'd');
    expect((await h.request('DELETE', `/api/v1/verifications/${d.id}`, { key: keyA.apiKey })).status).toBe(200);
    expect(await stored(d.keys)).toBe(0);
  });

  it('a key\'s retention is a documented setting: 0–3650 days, null for the server default', async () => {
    const admin = { authorization: `Bearer ${h.ctx.adminToken}` };
    const made = await h.request('POST', '/api/admin/keys', { headers: admin, body: { mode: 'test', retentionDays: 7 } });
    expect(made.body.data.retentionDays).toBe(7);
    expect((await h.request('PATCH', `/api/admin/keys/${made.body.data.id}`, { headers: admin, body: { retentionDays: null } })).body.data.retentionDays).toBeNull();
    expect((await h.request('POST', '/api/admin/keys', { headers: admin, body: { mode: 'test', retentionDays: 4000 } })).status).toBe(400);
    expect(h.ctx.settings.mediaRetentionDays).toBe(30);
  });
});
