import { describe, expect, it } from 'vitest';
import { individualDecisionPayloadSchema, individualProgressPayloadSchema } from '../../contract/events';
import { decisionPayload, documentUploadExtra, mergeDocInfo, progressPayload } from './individual-payloads';
import type { VerificationRow } from './individual-record';

const now = new Date('2026-01-05T10:00:00Z');
const row: VerificationRow = {
  id: 'a'.repeat(32), apiKeyId: 'key_1', status: 'started', statusCode: 2000, decision: null, reason: '', reasonCode: null,
  vendorData: 'vd', userMeta: {}, verificationMethod: 'auto', redirect: null, docType: 'PASSPORT', issuingState: 'FRA',
  media: { front: 'verifications/x/front.jpg', selfie: 'verifications/x/selfie.jpg' }, docInfo: null, resubmissions: 0,
  companyVerificationId: null, startedAt: now, submittedAt: now, decidedAt: null, expiresAt: now, deletedAt: null,
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
    expect(Object.keys(p).sort()).toEqual(['docInfo', 'statusCode', 'status', 'userIdBack', 'userIdFront', 'userSelfie', 'vendorData', 'verificationId'].sort());
    expect(p.userIdBack).toBe('');
    expect(p.userIdFront).toBe('https://m/verifications/x/front.jpg');
  });

  it('failed decision payload carries reason and, when set, reasonCode', () => {
    const failed = { ...row, status: 'failed', statusCode: 4100, reason: 'Blurry', docInfo: mergeDocInfo(row) };
    expect(decisionPayload(failed, url)).toMatchObject({ status: 'failed', statusCode: 4100, reason: 'Blurry' });
    expect(decisionPayload(failed, url).reasonCode).toBeUndefined();
    expect(decisionPayload({ ...failed, reasonCode: 4290 }, url).reasonCode).toBe(4290);
  });
});
