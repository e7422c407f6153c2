import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riskListEntrySchema } from '../../contract/risk-lists';
import { asMember, signedInMember, type SignedIn } from '../dashboard/dashboard.testkit';
import { auditEvents, riskListEntries } from '../db/schema';
import { createHarness, type Harness } from '../testing/harness';
import { storeIdentityMark } from './identity-marks';
import type { VerificationId } from '../../contract/ids';
import { testVerificationId } from '../testing/test-ids';

// The lists' API: who may change them, what bad input gets, and that nothing crosses organisations.
let h: Harness;
let reviewer: SignedIn;
let developer: SignedIn;
let outsider: SignedIn;
let withFace: VerificationId;
let withoutFace: VerificationId;
let third: VerificationId;
const admin = () => ({ authorization: `Bearer ${h.ctx.adminToken}` });

async function session(apiKey: string): Promise<VerificationId> {
  return testVerificationId((await h.request('POST', '/api/v1/verifications', { key: apiKey, body: { vendorData: 'x' } })).body.data.verificationId);
}

beforeAll(async () => {
  h = await createHarness();
  const key = await h.createKey();
  withFace = await session(key.apiKey);
  withoutFace = await session(key.apiKey);
  third = await session(key.apiKey);
  const now = h.clock.now();
  await storeIdentityMark(h.ctx.db, { verificationId: withFace, orgId: 'org_default', embedding: Array.from({ length: 128 }, (_, i) => i / 1000), documentDigest: 'd1', nameDigest: 'n1' }, now, null);
  await storeIdentityMark(h.ctx.db, { verificationId: withoutFace, orgId: 'org_default', embedding: null, documentDigest: null, nameDigest: null }, now, null);
  reviewer = await signedInMember(h, 'rev@acme.test', 'reviewer');
  developer = await signedInMember(h, 'dev@acme.test', 'developer');
  const org = (await h.request('POST', '/api/admin/orgs', { headers: admin(), body: { name: 'Globex' } })).body.data;
  outsider = await signedInMember(h, 'admin@globex.test', 'admin', org.id);
});
afterAll(async () => { await h.close(); });

const count = async () => (await h.ctx.db.select().from(riskListEntries)).length;

describe('blocklist and allowlist API', () => {
  it('a reviewer blocks a case\'s face with a reason; the entry is listed and audited', async () => {
    const res = await asMember(h, reviewer, 'POST', `/verifications/individual/${withFace}/block`, { face: true, reason: 'stolen identity' });
    expect(res.status).toBe(200);
    const [entry] = res.body.data;
    expect(riskListEntrySchema.parse(entry)).toMatchObject({ list: 'block', target: 'face', verificationId: withFace, reason: 'stolen identity', createdBy: 'rev@acme.test' });
    expect(entry.id).toMatch(/^rl_[0-9a-f]{32}$/);
    const listed = await asMember(h, reviewer, 'GET', '/risk-lists?list=block');
    expect(listed.body.data.map((e: { id: string }) => e.id)).toEqual([entry.id]);
    const audits = await h.ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'risk.blocked_face'));
    expect(audits).toEqual([expect.objectContaining({ subjectId: withFace, actorEmail: 'rev@acme.test', detail: { entryId: entry.id, reason: 'stolen identity' } })]);
  });

  it('refuses bad input in the envelope and changes nothing', async () => {
    const before = await count();
    const cases: [string, string, unknown, number, string][] = [
      ['POST', `/verifications/individual/${withFace}/block`, { face: true }, 400, 'validation_error'],
      ['POST', `/verifications/individual/${withFace}/block`, { reason: 'nothing chosen' }, 400, 'validation_error'],
      ['POST', `/verifications/individual/${withFace}/block`, { face: true, reason: 'x'.repeat(501) }, 400, 'validation_error'],
      ['POST', `/verifications/individual/${withoutFace}/block`, { face: true, reason: 'no face' }, 409, 'no_face_stored'],
      ['POST', `/verifications/individual/${third}/block`, { document: true, reason: 'no mark' }, 409, 'no_document_stored'],
      ['POST', '/verifications/individual/nope/block', { face: true, reason: 'r' }, 404, 'not_found'],
      ['POST', '/risk-lists/allow', { verificationId: withFace, otherVerificationId: withFace, reason: 'same' }, 400, 'validation_error'],
      ['POST', '/risk-lists/allow', { verificationId: withFace, otherVerificationId: 'nope', reason: 'r' }, 404, 'not_found'],
      ['GET', '/risk-lists?list=grey', undefined, 400, 'validation_error'],
      ['DELETE', '/risk-lists/rl_nope', undefined, 404, 'not_found'],
    ];
    for (const [method, path, body, status, code] of cases) {
      const res = await asMember(h, reviewer, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(status);
      expect(res.body, path).toMatchObject({ status: false, data: null, code: status });
      expect(res.body.error.code ?? (res.body.error.issues ? 'validation_error' : undefined), path).toBe(code);
    }
    expect(await count()).toBe(before);
  });

  it('a developer may not read or change the lists; another organisation sees none of it', async () => {
    expect((await asMember(h, developer, 'GET', '/risk-lists')).status).toBe(403);
    expect((await asMember(h, developer, 'POST', `/verifications/individual/${withFace}/block`, { face: true, reason: 'r' })).status).toBe(403);
    expect((await asMember(h, outsider, 'GET', '/risk-lists')).body.data).toEqual([]);
    expect((await asMember(h, outsider, 'POST', `/verifications/individual/${withFace}/block`, { face: true, reason: 'r' })).status).toBe(404);
    expect((await asMember(h, outsider, 'POST', '/risk-lists/allow', { verificationId: withFace, otherVerificationId: third, reason: 'r' })).status).toBe(404);
    const [entry] = (await asMember(h, reviewer, 'GET', '/risk-lists')).body.data;
    expect((await asMember(h, outsider, 'DELETE', `/risk-lists/${entry.id}`)).status).toBe(404);
    expect((await asMember(h, reviewer, 'GET', '/risk-lists')).body.data).toHaveLength(1);
  });

  it('allows a pair, shows it on both cases, and removes it (kept for the audit, gone from the list)', async () => {
    const res = await asMember(h, reviewer, 'POST', '/risk-lists/allow', { verificationId: withFace, otherVerificationId: third, reason: 'same person, new passport' });
    expect(res.body.data).toMatchObject({ list: 'allow', target: 'pair', verificationId: withFace, otherVerificationId: third });
    const view = await asMember(h, reviewer, 'GET', `/verifications/individual/${third}`);
    expect(view.body.data.riskLists.map((e: { id: string }) => e.id)).toEqual([res.body.data.id]);
    const removed = await asMember(h, reviewer, 'DELETE', `/risk-lists/${res.body.data.id}`, { reason: 'mistake' });
    expect(removed.status).toBe(200);
    expect((await asMember(h, reviewer, 'GET', '/risk-lists?list=allow')).body.data).toEqual([]);
    const [row] = await h.ctx.db.select().from(riskListEntries).where(eq(riskListEntries.id, res.body.data.id));
    expect(row).toMatchObject({ removedBy: 'rev@acme.test' });
    expect((await asMember(h, reviewer, 'DELETE', `/risk-lists/${res.body.data.id}`)).status).toBe(404);
  });
});
