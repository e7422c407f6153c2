import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasVector } from '../db/vector-index';
import { createHarness, type Harness } from '../testing/harness';
import { euclidean } from './identity-digests';
import { nearestFaces } from './face-search';
import { storeIdentityMark } from './identity-marks';
import { faceOf } from './repeat-identities.testkit';
import { testVerificationId } from '../testing/test-ids';

// Both ways of searching answer the same neighbours at the same distances: the pgvector index
// (PGlite; PostgreSQL with pgvector) and the exact scan (PostgreSQL without it).
let h: Harness;
const N = 300;

beforeAll(async () => {
  h = await createHarness();
  const now = h.clock.now();
  for (let i = 0; i < N; i++) {
    await storeIdentityMark(h.ctx.db, { verificationId: testVerificationId(`v${i}`), orgId: i % 3 === 0 ? 'org_b' : 'org_a', embedding: faceOf(i), documentDigest: null, nameDigest: null }, now, null);
  }
}, 60_000);
afterAll(async () => { await h.close(); });

describe('nearest faces', () => {
  it('the exact scan and the index agree, closest first, within one organisation, the session itself left out', async () => {
    const q = faceOf(10, 1);
    const exact = await nearestFaces(h.ctx.db, h.ctx.db, { orgId: 'org_a', exclude: testVerificationId('v999'), embedding: q, limit: 5, exact: true });
    expect(exact[0]!.verificationId).toBe('v10');
    expect(exact[0]!.distance).toBeCloseTo(euclidean(q, faceOf(10)), 4);
    expect(exact.map((f) => f.distance)).toEqual([...exact.map((f) => f.distance)].sort((a, b) => a - b));
    expect(exact.every((f) => Number(f.verificationId.slice(1)) % 3 !== 0)).toBe(true);
    const indexed = await nearestFaces(h.ctx.db, h.ctx.db, { orgId: 'org_a', exclude: testVerificationId('v999'), embedding: q, limit: 5 });
    expect(indexed.map((f) => f.verificationId)).toEqual(exact.map((f) => f.verificationId));
    indexed.forEach((f, i) => expect(f.distance).toBeCloseTo(exact[i]!.distance, 4));
    const without = await nearestFaces(h.ctx.db, h.ctx.db, { orgId: 'org_a', exclude: testVerificationId('v10'), embedding: q, limit: 5 });
    expect(without.map((f) => f.verificationId)).not.toContain('v10');
    // Another organisation's face is never an answer, however close.
    const other = await nearestFaces(h.ctx.db, h.ctx.db, { orgId: 'org_a', exclude: testVerificationId('-'), embedding: faceOf(9, 1), limit: 3 });
    expect(other.map((f) => f.verificationId)).not.toContain('v9');
  });

  it('PGlite has pgvector; PostgreSQL only where it is installed', async () => {
    const vector = await hasVector(h.ctx.db, h.ctx.db);
    // At start the extension is created wherever the server offers it (db/vector-index.ts).
    const offered = await h.ctx.db.execute(sql`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`);
    const available = ((offered as unknown as { rows?: unknown[] }).rows ?? (offered as unknown as unknown[])).length > 0;
    expect(vector).toBe(available);
    if (!process.env.TEST_DATABASE_URL) expect(vector).toBe(true);
  });

  it('answers nothing for a descriptor of another length', async () => {
    expect(await nearestFaces(h.ctx.db, h.ctx.db, { orgId: 'org_a', exclude: testVerificationId('-'), embedding: [0.1, 0.2], limit: 5 })).toEqual([]);
  });
});
