// The rules on a licence whose data comes from its AAMVA barcode (decideFromAnalysis with a
// BarcodeAnalysis, no MRZ): what approves, what declines, what goes to a specialist.
import { describe, expect, it } from 'vitest';
import { emptyLiveness, type StoredLiveness } from '../../liveness/liveness-state';
import type { BarcodeAnalysis, FaceSummary, SessionAnalysis } from '../analysis/session-analysis';
import { decideFromAnalysis } from '../rules';

const face = (over: Partial<FaceSummary> = {}): FaceSummary => ({ faces: 1, score: 0.99, yawDeg: 0, pitchDeg: 4, eyeOpenness: 0.36, ...over });
const docInfo = {
  docType: 'DRIVERS_LICENSE' as const, docNumber: 'D1234567', issueDate: '2024-01-15', expiryDate: '2031-12-09', issuingState: 'USA',
  firstName: 'GRACE', lastName: 'HOPPER', middleName: 'BREWSTER', dob: '1976-12-09', sex: 'F' as const,
};
const agreeing = { lastName: 'agrees', firstName: 'agrees', dob: 'agrees', docNumber: 'agrees', expiryDate: 'agrees' } as const;
const barcode = (over: Partial<BarcodeAnalysis> = {}): BarcodeAnalysis => ({
  expected: true, decoded: true, via: 'whole', tries: 1, ms: 80,
  aamva: { ok: true, version: 10, iin: '636014', jurisdiction: 'CA', country: 'USA', subfile: 'DL', truncated: [], problems: [] },
  docInfo, expired: false, front: { readable: true, fields: { ...agreeing } }, ...over,
});
function analysis(b: BarcodeAnalysis | undefined, over: Partial<SessionAnalysis> = {}): SessionAnalysis {
  return {
    selfie: face(), document: { ...face(), side: 'front' }, faceDistance: 0.3,
    evidence: [
      { label: 'neutral', face: face(), distanceToSelfie: 0.2 },
      { label: 'turn-left', face: face({ yawDeg: 22 }), distanceToSelfie: 0.5 },
      { label: 'blink', face: face({ eyeOpenness: 0.18 }), distanceToSelfie: 0.2 },
    ],
    mrz: { found: false }, ...(b ? { barcode: b } : {}), durationMs: 900, ...over,
  };
}
const live = (): StoredLiveness => ({
  ...emptyLiveness(), outcome: 'passed', method: 'active_challenge', checks: { device: 'passed', server: 'passed' },
  challenges: [{ id: 'c', actions: ['turn-left', 'blink'], attempt: 1, issuedAt: '', expiresAt: '', answered: true }],
});

describe('a licence decided from its barcode', () => {
  it('approves when the face matches and the front prints what the barcode holds, with docInfo from the barcode', () => {
    const r = decideFromAnalysis(analysis(barcode()), live(), 'auto');
    expect(r.outcome).toBe('successful');
    expect(r.docInfo).toEqual(docInfo);
    expect(r.checks.document).toMatchObject({
      mrz: 'unreadable', source: 'barcode', side: 'back', expired: false, nameConfirmed: true, nameConfirmation: 'front_agrees',
      barcode: { expected: true, decoded: true, payload: 'aamva', version: 10, iin: '636014', jurisdiction: 'CA', country: 'USA', front: agreeing },
    });
  });

  it('declines an expired licence with the reason customers match on', () => {
    const r = decideFromAnalysis(analysis(barcode({ expired: true })), live(), 'auto');
    expect(r.outcome).toBe('failed');
    expect(r.reason).toBe('Document expired');
    expect(r.checks.risk?.signals.map((s) => s.signal)).toContain('document_expired');
  });

  it('never approves a front that prints other data: document_data_mismatch names the fields, review by default, decline per key', () => {
    const b = barcode({ front: { readable: true, fields: { ...agreeing, lastName: 'differs', dob: 'differs' } } });
    const r = decideFromAnalysis(analysis(b), live(), 'auto');
    expect(r.outcome).toBe('review');
    const signal = r.checks.risk?.signals.find((s) => s.signal === 'document_data_mismatch');
    expect(signal).toMatchObject({ action: 'review', detail: expect.stringContaining('lastName, dob') });
    expect(r.checks.document?.nameConfirmation).toBe('front_differs');
    const strict = decideFromAnalysis(analysis(b), live(), 'auto', { rules: { document_data_mismatch: 'decline' } });
    expect(strict.outcome).toBe('failed');
    expect(strict.reason).toContain('document_data_mismatch: the front prints other data than the barcode holds: lastName, dob');
  });

  it('sends a front that could not be read to a specialist (names unconfirmed), with the barcode\'s data prefilled', () => {
    const unread = { lastName: 'unread', firstName: 'unread', dob: 'unread', docNumber: 'unread', expiryDate: 'unread' } as const;
    for (const b of [barcode({ front: { readable: false, fields: unread } }), barcode({ front: undefined })]) {
      const r = decideFromAnalysis(analysis(b), live(), 'auto');
      expect(r.outcome).toBe('review');
      expect(r.docInfo).toEqual(docInfo);
      expect(r.checks.risk?.signals.find((s) => s.signal === 'name_unconfirmed')?.detail).toContain('front_unread');
    }
  });

  it('never approves a back with no readable barcode', () => {
    const r = decideFromAnalysis(analysis(barcode({ decoded: false, aamva: undefined, docInfo: undefined, front: undefined, expired: undefined })), live(), 'auto');
    expect(r.outcome).toBe('review');
    expect(r.checks.reasons).toContain('document data (barcode) could not be read: no PDF417 was decoded on the back');
    expect(r.checks.document).toMatchObject({ source: 'none', barcode: { decoded: false, payload: 'none' } });
    expect(r.docInfo).toBeUndefined();
  });

  it('states a malformed payload as a finding and approves nothing from it', () => {
    const r = decideFromAnalysis(analysis(barcode({ aamva: { ok: false, error: 'bad_header', detail: 'no ANSI header' }, docInfo: undefined, front: undefined })), live(), 'auto');
    expect(r.outcome).toBe('review');
    expect(r.checks.reasons).toContain('the back\'s barcode holds no licence data (bad_header: no ANSI header)');
    expect(r.checks.document?.barcode).toMatchObject({ payload: 'malformed', error: 'bad_header', detail: 'no ANSI header' });
  });

  it('judges the minimum age on the barcode\'s date of birth', () => {
    const young = barcode({ docInfo: { ...docInfo, dob: '2012-01-01' } });
    const r = decideFromAnalysis(analysis(young), live(), 'auto', { minimumAge: 18, today: '2026-12-01' });
    expect(r.outcome).toBe('failed');
    expect(r.reason).toContain('minimum_age: age 14');
  });

  it('keeps the MRZ where the document carries no barcode and the back holds an MRZ', () => {
    const mrzDoc = { ...docInfo, docType: 'NATIONAL_ID' as const, issuingState: 'UTO' };
    const r = decideFromAnalysis(analysis(undefined, {
      mrz: { found: true, side: 'back', format: 'TD1', valid: true, failedChecks: [], expired: false, docInfo: mrzDoc, nameConfirmed: true, nameConfirmation: 'visual_zone_agrees' },
    }), live(), 'auto');
    expect(r.outcome).toBe('successful');
    expect(r.docInfo).toEqual(mrzDoc);
    expect(r.checks.document?.source).toBeUndefined();
  });
});

describe('a document with neither MRZ nor barcode', () => {
  const printed = { ...docInfo, docType: 'NATIONAL_ID' as const, issuingState: 'ITA', issueDate: '', middleName: '' };
  it('goes to a specialist with the visual zone\'s fields prefilled, never approved, and no decline on them', () => {
    const a = analysis(undefined, { visualZone: { docInfo: { ...printed, expiryDate: '2020-01-01', dob: '2012-01-01' }, found: ['lastName', 'firstName', 'dob', 'expiryDate'] } });
    const r = decideFromAnalysis(a, live(), 'auto', { minimumAge: 18, today: '2026-12-01' });
    expect(r.outcome).toBe('review');
    expect(r.docInfo).toMatchObject({ lastName: 'HOPPER', firstName: 'GRACE', dob: '2012-01-01' });
    expect(r.checks.reasons.join()).toContain('document data read from the visual zone only (lastName, firstName, dob, expiryDate)');
    expect(r.checks.document).toMatchObject({ source: 'visual_zone', visualZoneFields: ['lastName', 'firstName', 'dob', 'expiryDate'], nameConfirmed: false });
    // An expiry or an age read from the print alone is not proof enough to decline.
    expect(r.checks.risk?.signals.find((s) => s.signal === 'document_expired')).toBeUndefined();
    expect(r.checks.risk?.signals.find((s) => s.signal === 'minimum_age')?.action).toBe('review');
  });
});
