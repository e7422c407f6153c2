import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, asMember, type SignedIn } from '../dashboard/dashboard.testkit';
import { startJobs, type Jobs } from '../jobs/jobs';
import { createHarness, type Harness } from '../testing/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { FACE_MATCH_MAX, FACE_SEARCH_MAX } from '../decisions/face-thresholds';
import { euclidean } from './identity-digests';
import { analysisOf, faceOf, scriptedPool, sessionMaker, type Person, type SessionMaker } from './repeat-identities.testkit';

// Repeat identities across an organisation's verifications, through the real API, database,
// decision runner and webhooks (PGlite here; PostgreSQL in CI with TEST_DATABASE_URL).
let h: Harness;
let rx: WebhookReceiver;
let jobs: Jobs;
let maker: SessionMaker;
let reviewer: SignedIn;
let otherOrgId: string;
const pool = scriptedPool();
const admin = () => ({ authorization: `Bearer ${h.ctx.adminToken}` });

beforeAll(async () => {
  h = await createHarness();
  rx = await startWebhookReceiver();
  jobs = startJobs(h.ctx, { webhooks: { pollMs: 100 }, decisions: { pollMs: 50, pool } });
  maker = await sessionMaker(h, pool);
  reviewer = await signedInMember(h, 'rev@acme.test', 'reviewer');
  otherOrgId = (await h.request('POST', '/api/admin/orgs', { headers: admin(), body: { name: 'Globex' } })).body.data.id;
}, 60_000);
afterAll(async () => {
  await jobs.stop();
  await rx.close();
  await h.close();
});

async function liveKey(orgId?: string, extra: Record<string, unknown> = {}) {
  const key = await h.createKey({ mode: 'live', eventsUrl: rx.url('/events'), decisionUrl: rx.url('/decision'), ...(orgId ? { orgId } : {}), ...extra });
  rx.setSecret(key.apiKey);
  return key.apiKey;
}
let seed = 100;
/** A new person: their own face, document and names. */
const person = (): Person => { seed += 1; return { face: faceOf(seed), docNumber: `X${seed}00`, lastName: `SURNAME${seed}`, firstName: 'ALEX' }; };
const signals = (c: { risk?: { signals: { signal: string }[] } }) => (c.risk?.signals ?? []).map((s) => s.signal);

describe('repeat identities', () => {
  it('the same person verifying again (same face, document and names) raises nothing', async () => {
    const key = await liveKey();
    const p = person();
    const first = await maker.run(key, p);
    expect(first.row.status, JSON.stringify([first.row.decision, first.checks.reasons])).toBe('successful');
    const again = await maker.run(key, { ...p, face: faceOf(seed, 1) });
    expect(again.row.status).toBe('successful');
    expect(again.checks.risk).toEqual({ signals: [] });
  });

  it('the same face under another name and document: duplicate_face naming the earlier verification, to review; the case view shows it', async () => {
    const key = await liveKey();
    const p = person();
    const first = await maker.run(key, p);
    const other = await maker.run(key, { ...person(), face: faceOf(seed - 1, 2) });
    expect(other.row).toMatchObject({ status: 'completed', decision: 'review' });
    const dup = other.checks.risk!.signals.find((s) => s.signal === 'duplicate_face')!;
    expect(dup).toMatchObject({ action: 'review', matchVerificationId: first.id });
    expect(dup.distance!).toBeLessThanOrEqual(FACE_SEARCH_MAX);
    expect(dup.detail).toMatch(/another name/);
    const view = await asMember(h, reviewer, 'GET', `/verifications/individual/${other.id}`);
    expect(view.body.data.checks.risk.signals).toEqual(other.checks.risk!.signals);
  });

  it('a face merely close to an earlier one (a pair match, not a search match) under another name raises no duplicate', async () => {
    // 0.45 apart: the same person for one comparison (≤ FACE_MATCH_MAX), but a search over many
    // stored faces needs ≤ FACE_SEARCH_MAX, or honest newcomers would match someone every time.
    const key = await liveKey();
    const p = person();
    await maker.run(key, p);
    const step = faceOf(seed + 1000).map((v, i) => v - faceOf(seed + 2000)[i]!);
    const norm = Math.hypot(...step);
    const near = p.face.map((v, i) => v + (0.45 * step[i]!) / norm);
    expect(euclidean(near, p.face)).toBeGreaterThan(FACE_SEARCH_MAX);
    expect(euclidean(near, p.face)).toBeLessThan(FACE_MATCH_MAX);
    const other = await maker.run(key, { ...person(), face: near });
    expect(signals(other.checks)).not.toContain('duplicate_face');
  });

  it('a key that declines duplicates fails the session, and the decision webhook\'s reason names the earlier one', async () => {
    const key = await liveKey(undefined, { riskRules: { duplicate_face: 'decline' } });
    const p = person();
    const first = await maker.run(key, p);
    const other = await maker.run(key, { ...person(), face: faceOf(seed - 1, 3) });
    expect(other.row.status).toBe('failed');
    const hook = await rx.waitFor((r) => r.path === '/decision' && (r.json as { data?: { verificationId?: string } }).data?.verificationId === other.id);
    expect((hook.json as { data: { reason: string } }).data.reason).toContain(`duplicate_face: the same face was verified under another name in ${first.id}`);
  });

  it('the same document number with another face: reused_document naming the earlier verification', async () => {
    const key = await liveKey();
    const p = person();
    const first = await maker.run(key, p);
    const impostor = await maker.run(key, { ...p, face: faceOf(seed + 500) });
    expect(signals(impostor.checks)).toEqual(['reused_document']);
    expect(impostor.checks.risk!.signals[0]).toMatchObject({ action: 'review', matchVerificationId: first.id });
    expect(impostor.row.decision).toBe('review');
  });

  it('a case waiting for a specialist (its number read from the print only) is found by the next session with that number and another face, for review even where reused documents decline; each case links the other', async () => {
    const key = await liveKey(undefined, { riskRules: { reused_document: 'decline' } });
    const p = person();
    // No MRZ was read: the front's printed fields are all there is, and a specialist decides.
    const printedOnly = (q: Person) => {
      const a = analysisOf(q);
      return { ...a, mrz: { found: false }, visualZone: { docInfo: a.mrz.docInfo!, found: ['docNumber', 'lastName', 'firstName'] } };
    };
    pool.next = printedOnly(p);
    const first = await maker.decided(await maker.submit(key));
    expect(first.row).toMatchObject({ status: 'completed', decision: 'review' });
    pool.next = printedOnly({ ...p, face: faceOf(seed + 600) });
    const second = await maker.decided(await maker.submit(key));
    const reused = second.checks.risk!.signals.find((s) => s.signal === 'reused_document')!;
    expect(reused).toMatchObject({ action: 'review', matchVerificationId: first.id });
    expect(reused.detail).toContain('from the print, not proven');
    expect(second.row.decision).toBe('review');
    // A proven number meets the printed one too (the same HMAC), still for review only.
    const third = await maker.run(key, { ...p, face: faceOf(seed + 601) });
    expect(third.checks.risk!.signals.find((s) => s.signal === 'reused_document')).toMatchObject({ action: 'review' });
    // The earlier case shows the later ones that match it.
    const view = await asMember(h, reviewer, 'GET', `/verifications/individual/${first.id}`);
    expect(view.body.data.matchedBy).toEqual(expect.arrayContaining([
      expect.objectContaining({ verificationId: second.id, signal: 'reused_document' }),
    ]));
    // A proven match with a proven number still declines where the key says so.
    const provenFirst = await maker.run(key, person());
    const provenAgain = await maker.run(key, { ...person(), docNumber: `X${seed - 1}00`, lastName: `SURNAME${seed - 1}`, face: faceOf(seed + 602) });
    expect(provenAgain.checks.risk!.signals.find((s) => s.signal === 'reused_document')).toMatchObject({ action: 'decline', matchVerificationId: provenFirst.id });
  });

  it('other organisations never see each other\'s faces or documents', async () => {
    const mine = await liveKey();
    const theirs = await liveKey(otherOrgId);
    const p = person();
    await maker.run(mine, p);
    const sameFaceElsewhere = await maker.run(theirs, { ...person(), face: faceOf(seed - 1, 4) });
    const sameDocElsewhere = await maker.run(theirs, { ...p, face: faceOf(seed + 700) });
    expect(sameFaceElsewhere.checks.risk).toEqual({ signals: [] });
    expect(sameDocElsewhere.checks.risk).toEqual({ signals: [] });
    expect(sameFaceElsewhere.row.status).toBe('successful');
  });

  it('a blocklisted face fails its next session (or goes to review where the key says so); a blocked document too', async () => {
    const key = await liveKey();
    const fraudster = person();
    const fraudSeed = seed;
    const first = await maker.run(key, fraudster);
    const blocked = await asMember(h, reviewer, 'POST', `/verifications/individual/${first.id}/block`, { face: true, document: true, reason: 'fraud ring, case 42' });
    expect(blocked.status).toBe(200);
    expect(blocked.body.data.map((e: { target: string }) => e.target).sort()).toEqual(['document', 'face']);
    const back = await maker.run(key, { ...person(), face: faceOf(fraudSeed, 5) });
    expect(back.row.status).toBe('failed');
    // The same face under another name is a duplicate too; the block is what declines it.
    expect(back.checks.risk!.signals).toEqual([
      expect.objectContaining({ signal: 'duplicate_face', action: 'review', matchVerificationId: first.id }),
      expect.objectContaining({ signal: 'blocklist_hit', action: 'decline', matchVerificationId: first.id }),
    ]);
    expect(back.row.reason).toMatch(/blocklist_hit: the face matches blocklist entry rl_[0-9a-f]{32} .*fraud ring, case 42/);
    const docAgain = await maker.run(key, { ...fraudster, face: faceOf(seed + 900) });
    expect(signals(docAgain.checks)).toEqual(expect.arrayContaining(['blocklist_hit', 'reused_document']));
    expect(docAgain.row.status).toBe('failed');
    const lenient = await liveKey(undefined, { riskRules: { blocklist_hit: 'review' } });
    const reviewed = await maker.run(lenient, { ...person(), face: faceOf(fraudSeed, 6) });
    expect(reviewed.row.decision).toBe('review');
    // Audited, with the reason; another organisation's key does not meet the block.
    const view = await asMember(h, reviewer, 'GET', `/verifications/individual/${first.id}`);
    expect(view.body.data.audit.map((a: { action: string }) => a.action)).toEqual(expect.arrayContaining(['risk.blocked_face', 'risk.blocked_document']));
    expect(view.body.data.riskLists).toHaveLength(2);
    const elsewhere = await maker.run(await liveKey(otherOrgId), { ...person(), face: faceOf(fraudSeed, 7) });
    expect(elsewhere.row.status).toBe('successful');
  });

  it('an allowlisted pair stops the duplicate flag from repeating, for that identity only; removing the entry brings it back', async () => {
    const key = await liveKey();
    const a = person();
    const twin = { ...person(), face: faceOf(seed - 1, 8) };
    const first = await maker.run(key, a);
    const flagged = await maker.run(key, twin);
    expect(signals(flagged.checks)).toEqual(['duplicate_face']);
    const allowed = await asMember(h, reviewer, 'POST', '/risk-lists/allow', { verificationId: first.id, otherVerificationId: flagged.id, reason: 'twins, checked by phone' });
    expect(allowed.status).toBe(200);
    const twinAgain = await maker.run(key, { ...twin, face: faceOf(seed - 1, 9) });
    expect(twinAgain.checks.risk).toEqual({ signals: [] });
    expect(twinAgain.row.status).toBe('successful');
    // A third name with the same face is not covered by the pair.
    const third = await maker.run(key, { ...person(), face: faceOf(seed - 2, 10) });
    expect(signals(third.checks)).toEqual(['duplicate_face']);
    const removed = await asMember(h, reviewer, 'DELETE', `/risk-lists/${allowed.body.data.id}`, { reason: 'entered by mistake' });
    expect(removed.status).toBe(200);
    const afterRemoval = await maker.run(key, { ...twin, face: faceOf(seed - 2, 11) });
    expect(signals(afterRemoval.checks)).toEqual(['duplicate_face']);
  });
});
