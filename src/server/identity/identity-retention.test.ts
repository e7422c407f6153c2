import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityMarks } from '../db/schema';
import { startJobs, type Jobs } from '../jobs/jobs';
import { eraseDueMedia } from '../retention/retention-sweep';
import { createHarness, type Harness } from '../testing/harness';
import { faceOf, scriptedPool, sessionMaker, type SessionMaker } from './repeat-identities.testkit';
import type { VerificationId } from '../../contract/ids';

// The embeddings follow the media's retention and redaction; a key may keep them longer, for
// repeat detection only. Real sessions decided through the runner (scripted analysis).
let h: Harness;
let jobs: Jobs;
let maker: SessionMaker;
const pool = scriptedPool();
const DAY = 86_400_000;

beforeAll(async () => {
  h = await createHarness({ MEDIA_RETENTION_DAYS: '30' });
  jobs = startJobs(h.ctx, { decisions: { pollMs: 50, pool } });
  maker = await sessionMaker(h, pool);
}, 60_000);
afterAll(async () => {
  await jobs.stop();
  await h.close();
});

const markOf = async (id: VerificationId) => (await h.ctx.db.select().from(identityMarks).where(eq(identityMarks.verificationId, id)))[0];
const live = async (extra: Record<string, unknown> = {}) => (await h.createKey({ mode: 'live', ...extra })).apiKey;

describe('repeat-identity marks: retention and redaction', () => {
  it('keeps the embedding (float4, 128) and keyed digests, never the number or the names', async () => {
    const s = await maker.run(await live(), { face: faceOf(1), docNumber: 'RET00001', lastName: 'KEEPER', firstName: 'ANN' });
    const mark = (await markOf(s.id))!;
    expect(mark.embedding).toHaveLength(128);
    expect(mark.embedding![0]).toBeCloseTo(faceOf(1)[0]!, 5);
    expect(mark.documentDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(mark)).not.toMatch(/RET00001|KEEPER/);
  });

  it('erases the embedding with the media; a key that keeps them longer keeps it until then, then the sweep erases it', async () => {
    const plain = await maker.run(await live(), { face: faceOf(2), docNumber: 'RET00002', lastName: 'PLAIN', firstName: 'BO' });
    const kept = await maker.run(await live({ embeddingRetentionDays: 365 }), { face: faceOf(3), docNumber: 'RET00003', lastName: 'KEPT', firstName: 'CY' });
    h.clock.advance(31 * DAY);
    await eraseDueMedia(h.ctx);
    expect((await markOf(plain.id))!.embedding).toBeNull();
    // The digest stays with the record (the same document coming back is still seen).
    expect((await markOf(plain.id))!.documentDigest).not.toBeNull();
    expect((await markOf(kept.id))!.embedding).toHaveLength(128);
    h.clock.advance(335 * DAY);
    await eraseDueMedia(h.ctx);
    expect((await markOf(kept.id))!.embedding).toBeNull();
  });

  it('a redacted session leaves no mark at all, and is no longer matched', async () => {
    const key = await live();
    const p = { face: faceOf(4), docNumber: 'RET00004', lastName: 'GONE', firstName: 'DI' };
    const s = await maker.run(key, p);
    const res = await h.request('POST', `/api/v1/verifications/${s.id}/redact`, { key });
    expect(res.status).toBe(200);
    expect(await markOf(s.id)).toBeUndefined();
    const again = await maker.run(key, { ...p, face: faceOf(4, 1), lastName: 'OTHER' });
    expect(again.checks.risk).toEqual({ signals: [] });
  });
});
