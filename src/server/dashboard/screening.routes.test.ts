import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amlHitPayloadSchema } from '../../contract/events';
import { submittedCompany } from '../company/company.testkit';
import { companyVerifications, screeningEntities, screeningListVersions } from '../db/schema';
import { analysisOf, faceOf, scriptedPool, sessionMaker, type Person, type SessionMaker } from '../identity/repeat-identities.testkit';
import { startJobs, type Jobs } from '../jobs/jobs';
import { createHarness, type Harness } from '../testing/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { asMember, signedInMember, type SignedIn } from './dashboard.testkit';

// Screening through the real routes, database, decision runner and webhooks: the operator loads
// the real UN Security Council list, a listed person is decided into review with the hit, a
// reviewer marks it false (and it stays so until the entity changes), a company's officer is
// found, and a list version naming an approved person sends verification.aml_hit.
const UN = readFileSync('src/server/screening/importers/testdata/un-consolidated.xml', 'utf8');
let h: Harness;
let rx: WebhookReceiver;
let jobs: Jobs;
let maker: SessionMaker;
let reviewer: SignedIn;
const pool = scriptedPool();
const admin = () => ({ authorization: `Bearer ${h.ctx.adminToken}` });
const importUn = (content: string, name = 'consolidated.xml') => h.request('POST', '/api/admin/screening/lists/un-sc/versions', {
  headers: admin(), body: { format: 'un-xml', name: 'UN Security Council', files: [{ name, content }] },
});
const runMonitoring = () => h.request('POST', '/api/admin/screening/monitoring/run', { headers: admin() });

/** A person as their document reads, with the date of birth the document gives. */
async function decide(apiKey: string, p: Person, dob: string) {
  const a = analysisOf(p);
  a.mrz.docInfo = { ...a.mrz.docInfo!, dob, sex: 'M', issuingState: 'COD' };
  pool.next = a;
  return maker.decided(await maker.submit(apiKey));
}
const amlEvents = (type: string) => rx.events().filter((e) => (e.json as { event: string }).event === type).map((e) => amlHitPayloadSchema.parse((e.json as { data: unknown }).data));

beforeAll(async () => {
  h = await createHarness();
  rx = await startWebhookReceiver();
  jobs = startJobs(h.ctx, { webhooks: { pollMs: 100 }, decisions: { pollMs: 50, pool } });
  maker = await sessionMaker(h, pool);
  reviewer = await signedInMember(h, 'compliance@acme.test', 'reviewer');
}, 60_000);
afterAll(async () => {
  await jobs.stop();
  await rx.close();
  await h.close();
});

describe('screening', () => {
  let apiKey: string;
  let listedCase: string;

  it('imports the real UN list as version 1; a broken copy names its line and changes nothing', async () => {
    const res = await importUn(UN);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.version).toMatchObject({ version: 1, removed: 0, changed: 0 });
    expect(res.body.data.version.entityCount).toBeGreaterThan(900);
    expect(res.body.data.version.added).toBe(res.body.data.version.entityCount);
    const cut = UN.slice(0, Math.floor(UN.length / 2));
    const bad = await importUn(cut, 'cut.xml');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid_list_file', file: 'cut.xml' });
    expect(bad.body.error.line).toBeGreaterThan(0);
    expect(bad.body.message).toMatch(/cut\.xml, line \d+/);
    const versions = await h.ctx.db.select().from(screeningListVersions).where(eq(screeningListVersions.listId, 'un-sc'));
    expect(versions.map((v) => v.version)).toEqual([1]);
  });

  it('a person the UN lists (name and birth date) is decided into review with sanctions_hit and the hit in checks.aml; verification.aml_hit is sent', async () => {
    const key = await h.createKey({ mode: 'live', eventsUrl: rx.url('/events'), decisionUrl: rx.url('/decision'), amlMonitoring: true });
    rx.setSecret(key.apiKey);
    apiKey = key.apiKey;
    const decided = await decide(apiKey, { face: faceOf(7), docNumber: 'OP1234567', firstName: 'GERMAIN', lastName: 'KATANGA' }, '1978-04-28');
    listedCase = decided.id;
    expect(decided.row).toMatchObject({ status: 'completed', decision: 'review' });
    const aml = decided.checks.aml!;
    expect(aml.lists).toEqual([expect.objectContaining({ id: 'un-sc', version: 1, kind: 'sanctions' })]);
    const hit = aml.hits[0]!;
    expect(hit).toMatchObject({ part: 'person', listId: 'un-sc', signal: 'sanctions_hit', state: 'open' });
    expect(hit.entityName).toMatch(/KATANGA/);
    expect(hit.features.map((f) => f.feature)).toEqual(expect.arrayContaining(['name', 'birth_date']));
    expect(hit.score).toBeCloseTo(hit.features.reduce((s, f) => s + f.value, 0), 2);
    expect(hit.score).toBeGreaterThan(1);
    expect(decided.checks.risk!.signals).toEqual(expect.arrayContaining([expect.objectContaining({ signal: 'sanctions_hit', action: 'review', hitId: hit.id })]));
    const sent = await rx.waitFor((e) => (e.json as { event: string }).event === 'verification.aml_hit');
    const payload = amlHitPayloadSchema.parse((sent.json as { data: unknown }).data);
    expect(payload).toMatchObject({ verificationId: listedCase, trigger: 'decision' });
    expect(payload.hits[0]).toMatchObject({ id: hit.id, entityKey: hit.entityKey, listVersion: 1 });
  });

  it('a person of another birth year with the same name is no hit; nor is an unlisted name', async () => {
    const other = await decide(apiKey, { face: faceOf(8), docNumber: 'OP7654321', firstName: 'GERMAIN', lastName: 'KATANGA' }, '1990-01-01');
    expect(other.checks.aml!.hits).toEqual([]);
    const clean = await decide(apiKey, { face: faceOf(9), docNumber: 'OP1111111', firstName: 'GRACE', lastName: 'HOPPER' }, '1976-12-09');
    expect(clean.row.status).toBe('successful');
    expect(clean.checks.aml!.hits).toEqual([]);
  });

  it('the reviewer marks the hit a false match with a reason (audited); a monitoring run keeps it resolved', async () => {
    const hits = await asMember(h, reviewer, 'GET', `/screening/hits?subjectType=individual&subjectId=${listedCase}`);
    expect(hits.status).toBe(200);
    const hit = hits.body.data[0];
    const noReason = await asMember(h, reviewer, 'POST', `/screening/hits/${hit.id}/resolve`, { resolution: 'false_match', reason: ' ' });
    expect(noReason.status).toBe(400);
    const res = await asMember(h, reviewer, 'POST', `/screening/hits/${hit.id}/resolve`, { resolution: 'false_match', reason: 'Passport photo and birthplace differ from the listed person' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'false_match', resolvedBy: 'compliance@acme.test' });
    const view = await asMember(h, reviewer, 'GET', `/verifications/individual/${listedCase}`);
    expect(view.body.data.audit).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'screening.false_match', detail: expect.objectContaining({ hitId: hit.id, reason: expect.stringMatching(/birthplace/) }) })]));
    const before = amlEvents('verification.aml_hit').length;
    const run = await runMonitoring();
    expect(run.status).toBe(200);
    expect(run.body.data.screened).toBeGreaterThanOrEqual(3);
    const again = await asMember(h, reviewer, 'GET', `/screening/hits?subjectType=individual&subjectId=${listedCase}`);
    expect(again.body.data[0]).toMatchObject({ id: hit.id, state: 'false_match' });
    expect(amlEvents('verification.aml_hit').length).toBe(before);
  });

  it('a new version in which the listed entity changed reopens the false match and tells the customer', async () => {
    const changed = UN.replace('<FIRST_NAME>GERMAIN</FIRST_NAME>', '<FIRST_NAME>GERMAIN</FIRST_NAME><THIRD_NAME>SIMBA</THIRD_NAME>');
    expect(changed).not.toBe(UN);
    const res = await importUn(changed);
    expect(res.status).toBe(200);
    expect(res.body.data.version).toMatchObject({ version: 2, added: 0, removed: 0, changed: 1 });
    // The entity's first content stays readable beside the new one.
    const rows = await h.ctx.db.select().from(screeningEntities).where(eq(screeningEntities.listId, 'un-sc'));
    expect(rows.filter((r) => r.untilVersion === 1)).toHaveLength(1);
    await runMonitoring();
    const hits = await asMember(h, reviewer, 'GET', `/screening/hits?subjectType=individual&subjectId=${listedCase}`);
    expect(hits.body.data[0]).toMatchObject({ state: 'open', listVersion: 2, resolvedBy: null });
    await rx.waitFor((e) => {
      const j = e.json as { event: string; data: { trigger?: string; verificationId?: string } };
      return j.event === 'verification.aml_hit' && j.data.trigger === 'monitoring' && j.data.verificationId === listedCase;
    });
  });

  it('a version that newly lists an approved person sends verification.aml_hit and opens a hit in the queue', async () => {
    const approved = await decide(apiKey, { face: faceOf(10), docNumber: 'OP2222222', firstName: 'MARIA', lastName: 'OKONKWO-BELLAMY' }, '1984-06-30');
    expect(approved.row.status).toBe('successful');
    const entry = `<INDIVIDUAL><DATAID>99000001</DATAID><VERSIONNUM>1</VERSIONNUM><FIRST_NAME>MARIA</FIRST_NAME><SECOND_NAME>OKONKWO BELLAMY</SECOND_NAME><UN_LIST_TYPE>DRC</UN_LIST_TYPE><REFERENCE_NUMBER>CDi.999</REFERENCE_NUMBER><LISTED_ON>2026-11-30</LISTED_ON><GENDER>Female</GENDER><NATIONALITY><VALUE>Democratic Republic of the Congo</VALUE></NATIONALITY><LIST_TYPE><VALUE>UN List</VALUE></LIST_TYPE><INDIVIDUAL_ALIAS><QUALITY/><ALIAS_NAME/></INDIVIDUAL_ALIAS><INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>1984-06-30</DATE></INDIVIDUAL_DATE_OF_BIRTH><INDIVIDUAL_DOCUMENT/></INDIVIDUAL>\n`;
    const v3 = UN.replace('<INDIVIDUALS>\n', `<INDIVIDUALS>\n${entry}`).replace('<FIRST_NAME>GERMAIN</FIRST_NAME>', '<FIRST_NAME>GERMAIN</FIRST_NAME><THIRD_NAME>SIMBA</THIRD_NAME>');
    const res = await importUn(v3);
    expect(res.body.data.version).toMatchObject({ version: 3, added: 1, removed: 0, changed: 0 });
    await runMonitoring();
    const sent = await rx.waitFor((e) => {
      const j = e.json as { event: string; data: { verificationId?: string } };
      return j.event === 'verification.aml_hit' && j.data.verificationId === approved.id;
    });
    const payload = amlHitPayloadSchema.parse((sent.json as { data: unknown }).data);
    expect(payload).toMatchObject({ trigger: 'monitoring', status: 'successful' });
    expect(payload.hits[0]).toMatchObject({ entityKey: '99000001', listVersion: 3, signal: 'sanctions_hit' });
    const queue = await asMember(h, reviewer, 'GET', '/screening/hits');
    expect(queue.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ subjectId: approved.id, state: 'open' })]));
  });

  it('a company whose officer is listed gets the hit (aml_hit flag, company_verification.aml_hit); a listed-looking generic company name alone does not', async () => {
    const key = await h.createKey({ mode: 'live', eventsUrl: rx.url('/company-events'), decisionUrl: rx.url('/company-decision') });
    rx.setSecret(key.apiKey);
    const c = await submittedCompany(h.ctx, {
      apiKeyId: key.id,
      draft: {
        business: { legalName: 'General Trading Company Ltd', registrationNumber: 'RC999', registrationType: 'private_limited', countryOfRegistration: 'COD', industry: 'trade', description: 'Import', website: 'gtc.example' },
        officers: { items: [{ firstName: 'Germain', lastName: 'Katanga', role: 'director', email: 'gk@gtc.example' }] },
      },
    });
    const [row] = await h.ctx.db.select().from(companyVerifications).where(eq(companyVerifications.id, c.id));
    const analysis = row!.analysis as { reviewFlags: string[]; aml: { hits: { part: string; entityName: string }[] } };
    expect(analysis.reviewFlags).toContain('aml_hit');
    expect(analysis.aml.hits.map((x) => x.part)).toEqual(['officer:0']);
    expect(analysis.aml.hits[0]!.entityName).toMatch(/KATANGA/);
    const sent = await rx.waitFor((e) => (e.json as { event: string }).event === 'company_verification.aml_hit');
    expect(amlHitPayloadSchema.parse((sent.json as { data: unknown }).data)).toMatchObject({ companyVerificationId: row!.publicId, trigger: 'decision' });
  });

  it('bad requests change nothing: an unknown format, a list id with capitals, another organisation\'s hit', async () => {
    const format = await h.request('POST', '/api/admin/screening/lists/un-sc/versions', { headers: admin(), body: { format: 'pdf', files: [{ name: 'x', content: 'x' }] } });
    expect(format.status).toBe(400);
    const id = await h.request('POST', '/api/admin/screening/lists/UN/versions', { headers: admin(), body: { format: 'un-xml', files: [{ name: 'x', content: UN }] } });
    expect(id.status).toBe(400);
    const globex = (await h.request('POST', '/api/admin/orgs', { headers: admin(), body: { name: 'Globex' } })).body.data.id;
    const outsider = await signedInMember(h, 'rev@globex.test', 'reviewer', globex);
    const [hit] = (await asMember(h, reviewer, 'GET', '/screening/hits?state=all')).body.data;
    const res = await asMember(h, outsider, 'POST', `/screening/hits/${hit.id}/resolve`, { resolution: 'true_match', reason: 'x' });
    expect(res.status).toBe(404);
    const versions = await h.ctx.db.select().from(screeningListVersions).where(eq(screeningListVersions.listId, 'un-sc'));
    expect(versions).toHaveLength(3);
  });
});
