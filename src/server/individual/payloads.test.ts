import { describe, expect, it } from 'vitest';
import { individualDecisionPayloadSchema, individualProgressPayloadSchema } from '../../contract/events';
import { decisionPayload, documentUploadExtra, mergeDocInfo, progressPayload } from './payloads';
import type { VerificationRow } from './record';
import { testVerificationId } from '../testing/test-ids';

const now = new Date('2026-01-05T10:00:00Z');
const row: VerificationRow = {
  id: testVerificationId('a'.repeat(32)), apiKeyId: 'key_1', status: 'started', statusCode: 2000, decision: null, reason: '', reasonCode: null,
  vendorData: 'vd', userMeta: {}, verificationMethod: 'auto', redirect: null, docType: 'PASSPORT', issuingState: 'FRA',
  media: { front: 'verifications/x/front.jpg', selfie: 'verifications/x/selfie.jpg' }, earlierAttempts: [], docInfo: null, liveness: null, checks: null, resubmissions: 0,
  companyVerificationId: null, startedAt: now, submittedAt: now, decidedAt: null, expiresAt: now, deletedAt: null, mediaErasedAt: null, redactedAt: null,
  createdAt: now, updatedAt: now,
};
const url = (k: string) => (k ? `https://m/${k}` : '');

describe('individual payloads', () => {
  it('progress payloads carry the documented fields', () => {
    const p = progressPayload(row, now, documentUploadExtra(row, 'front'));
    expect(individualProgressPayloadSchema.parse(p)).toBeTruthy();
    expect(p).toEqual({
      verificationId: row.id, vendorData: 'vd', status: 'started', statusCode: 2000, occurredAt: now.toISOString(),
      docType: 'PASSPORT', issuingState: 'FRA', side: 'front',
    });
  });

  it('merges docInfo: the choice, then the specialist; every key present', () => {
    expect(mergeDocInfo(row)).toEqual({
      docType: 'PASSPORT', docNumber: '', issueDate: '', expiryDate: '', issuingState: 'FRA',
      firstName: '', lastName: '', middleName: '', dob: '', sex: '',
    });
    const merged = mergeDocInfo(row, { docNumber: 'X123', firstName: 'Ada', dob: '1990-02-03', issuingState: 'BEL', lastName: undefined });
    expect(merged).toMatchObject({ docNumber: 'X123', firstName: 'Ada', dob: '1990-02-03', issuingState: 'BEL', lastName: '' });
  });

  it('successful decision payload: exact keys, no reason, empty back URL for a passport', () => {
    const decided = { ...row, status: 'successful', statusCode: 2010, docInfo: mergeDocInfo(row) };
    const p = decisionPayload(decided, url);
    expect(individualDecisionPayloadSchema.strict().parse(p)).toEqual(p);
    expect(Object.keys(p).sort()).toEqual(['docInfo', 'liveness', 'statusCode', 'status', 'userIdBack', 'userIdFront', 'userSelfie', 'vendorData', 'verificationId'].sort());
    expect(p.liveness).toMatchObject({ status: 'not_performed', method: '', evidence: [] });
    expect(p.userIdBack).toBe('');
    expect(p.userIdFront).toBe('https://m/verifications/x/front.jpg');
  });

  it('failed decision payload carries reason at the top level and in docInfo, and reasonCode when set', () => {
    const failed = { ...row, status: 'failed', statusCode: 4100, reason: 'Blurry', docInfo: mergeDocInfo(row) };
    const p = decisionPayload(failed, url);
    expect(individualDecisionPayloadSchema.strict().parse(p)).toEqual(p);
    expect(p).toMatchObject({ status: 'failed', statusCode: 4100, reason: 'Blurry' });
    expect(p.docInfo).toEqual({ ...mergeDocInfo(row), reason: 'Blurry' });
    expect(p.reasonCode).toBeUndefined();
    const limited = decisionPayload({ ...failed, reasonCode: 4290 }, url);
    expect(limited.reasonCode).toBe(4290);
    expect(limited.docInfo.reason).toBe('Blurry');
    // The stored docInfo (the record's) has no reason: only the payload adds it.
    expect(failed.docInfo).not.toHaveProperty('reason');
  });

  it('the contract holds reason to failures and keeps both copies equal', () => {
    const docInfo = mergeDocInfo(row);
    const liveness = { status: 'passed', method: 'active_challenge', challenge: ['blink', 'turn-left'], attempts: 1, reason: '', completedAt: '', evidence: [], checks: { device: 'passed', server: 'passed' } };
    const base = { verificationId: row.id, vendorData: 'vd', userSelfie: '', userIdFront: '', userIdBack: '', liveness };
    const schema = individualDecisionPayloadSchema.strict();
    const failed = { ...base, status: 'failed', statusCode: 4100, reason: 'Blurry', docInfo: { ...docInfo, reason: 'Blurry' } };
    expect(schema.safeParse(failed).success).toBe(true);
    expect(schema.safeParse({ ...failed, docInfo }).success).toBe(false);
    expect(schema.safeParse({ ...failed, docInfo: { ...docInfo, reason: 'Other' } }).success).toBe(false);
    expect(schema.safeParse({ ...failed, reason: undefined }).success).toBe(false);
    expect(schema.safeParse({ ...failed, docInfo: { ...failed.docInfo, extra: 'x' } }).success).toBe(false);
    const successful = { ...base, status: 'successful', statusCode: 2010, docInfo };
    expect(schema.safeParse(successful).success).toBe(true);
    expect(schema.safeParse({ ...successful, docInfo: { ...docInfo, reason: '' } }).success).toBe(false);
    expect(schema.safeParse({ ...successful, reason: '' }).success).toBe(false);
    expect(schema.safeParse({ ...successful, reasonCode: 4290 }).success).toBe(false);
  });
});
