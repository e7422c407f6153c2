import { describe, expect, it } from 'vitest';
import { emptyLiveness, type StoredLiveness } from '../liveness/liveness-state';
import type { FaceSummary, SessionAnalysis } from './analysis/session-analysis';
import { decideFromAnalysis } from './rules';
import { ageOn, livenessRiskInputOf, raiseSignals } from './risk-signals';
import { testVerificationId } from '../testing/test-ids';

const face = (): FaceSummary => ({ faces: 1, score: 0.99, yawDeg: 0, pitchDeg: 4, eyeOpenness: 0.36 });
const docInfo = {
  docType: 'NATIONAL_ID' as const, docNumber: 'L898902C3', issueDate: '', expiryDate: '2031-04-15', issuingState: 'UTO',
  firstName: 'ANNA', lastName: 'ERIKSSON', middleName: '', dob: '2008-08-12', sex: 'F' as const,
};
const analysis = (over: Partial<SessionAnalysis> = {}): SessionAnalysis => ({
  selfie: face(), document: { ...face(), side: 'front' }, faceDistance: 0.3,
  evidence: [
    { label: 'neutral', face: face(), distanceToSelfie: 0.2 },
    { label: 'turn-left', face: { ...face(), yawDeg: 22 }, distanceToSelfie: 0.4 },
    { label: 'blink', face: { ...face(), eyeOpenness: 0.18 }, distanceToSelfie: 0.2 },
  ],
  mrz: { found: true, side: 'back', format: 'TD1', valid: true, failedChecks: [], expired: false, docInfo, nameConfirmed: true, nameConfirmation: 'second_read_agrees' },
  durationMs: 900, ...over,
});
const live = (): StoredLiveness => ({
  ...emptyLiveness(), outcome: 'passed', method: 'active_challenge', checks: { device: 'passed', server: 'passed' },
  challenges: [{ id: 'c', actions: ['turn-left', 'blink'], attempt: 1, issuedAt: '', expiresAt: '', answered: true }],
});
const dup = { signal: 'duplicate_face' as const, detail: 'the same face was verified under another name in v_1', matchVerificationId: testVerificationId('v_1'), distance: 0.31 };

describe('risk signals and per-key rules', () => {
  it('raises nothing on a clean session', () => {
    expect(raiseSignals(analysis())).toEqual([]);
    expect(decideFromAnalysis(analysis(), live(), 'auto').checks.risk).toEqual({ signals: [] });
  });

  it('a duplicate face goes to review by default, names the earlier verification, and declines or passes as the key says', () => {
    const r = decideFromAnalysis(analysis(), live(), 'auto', { matches: [dup] });
    expect(r.outcome).toBe('review');
    expect(r.checks.risk!.signals).toEqual([{ ...dup, action: 'review' }]);
    expect(r.checks.reasons).toEqual(['duplicate_face: the same face was verified under another name in v_1']);
    const declined = decideFromAnalysis(analysis(), live(), 'auto', { matches: [dup], rules: { duplicate_face: 'decline' } });
    expect(declined).toMatchObject({ outcome: 'failed', reason: 'duplicate_face: the same face was verified under another name in v_1' });
    const ignored = decideFromAnalysis(analysis(), live(), 'auto', { matches: [dup], rules: { duplicate_face: 'none' } });
    expect(ignored.outcome).toBe('successful');
    expect(ignored.checks.risk!.signals[0]).toMatchObject({ signal: 'duplicate_face', action: 'none' });
  });

  it('a blocklist hit declines by default, review when the key says so', () => {
    const hit = { signal: 'blocklist_hit' as const, detail: 'the face matches blocklist entry rl_1', listEntryId: 'rl_1', matchVerificationId: testVerificationId('v_9') };
    expect(decideFromAnalysis(analysis(), live(), 'auto', { matches: [hit] }).outcome).toBe('failed');
    expect(decideFromAnalysis(analysis(), live(), 'auto', { matches: [hit], rules: { blocklist_hit: 'review' } }).outcome).toBe('review');
  });

  it('an expired document keeps its reason and can be sent to review instead', () => {
    const expired = analysis({ mrz: { ...analysis().mrz, expired: true } });
    expect(decideFromAnalysis(expired, live(), 'auto')).toMatchObject({ outcome: 'failed', reason: 'Document expired' });
    expect(decideFromAnalysis(expired, live(), 'auto', { rules: { document_expired: 'review' } }).outcome).toBe('review');
  });

  it('minimum age: off by default; under it declines; an unreadable birth date only goes to review', () => {
    const today = '2026-11-26';
    expect(decideFromAnalysis(analysis(), live(), 'auto', { today }).outcome).toBe('successful');
    const young = decideFromAnalysis(analysis(), live(), 'auto', { today, minimumAge: 21 });
    expect(young.outcome).toBe('failed');
    expect(young.reason).toMatch(/minimum_age: age 18/);
    expect(decideFromAnalysis(analysis(), live(), 'auto', { today, minimumAge: 18 }).outcome).toBe('successful');
    const unknown = analysis({ mrz: { ...analysis().mrz, docInfo: { ...docInfo, dob: '' } } });
    expect(decideFromAnalysis(unknown, live(), 'auto', { today, minimumAge: 18 }).outcome).toBe('review');
  });

  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2008-11-26', '2026-11-26')).toBe(18);
    expect(ageOn('2008-11-27', '2026-11-26')).toBe(17);
    expect(ageOn('', '2026-11-26')).toBeNull();
  });

  it('liveness signals read from the stored liveness: screen light failed declines, inconclusive reviews, injected camera and retries review', () => {
    const stored = (checks: Record<string, unknown>, extra: Record<string, unknown> = {}) => livenessRiskInputOf({ ...live(), checks: { ...live().checks, ...checks }, ...extra });
    const failedLight = decideFromAnalysis(analysis(), live(), 'auto', { liveness: stored({ screenLight: { result: 'failed' } }) });
    expect(failedLight.outcome).toBe('failed');
    expect(failedLight.checks.risk!.signals).toMatchObject([{ signal: 'puppet_suspected', action: 'decline' }]);
    const inconclusive = decideFromAnalysis(analysis(), live(), 'auto', { liveness: stored({ screenLight: { result: 'inconclusive' } }) });
    expect(inconclusive.outcome).toBe('review');
    expect(decideFromAnalysis(analysis(), live(), 'auto', { liveness: stored({ screenLight: { result: 'passed' } }) }).outcome).toBe('successful');
    const camera = decideFromAnalysis(analysis(), live(), 'auto', { liveness: stored({ cameraIntegrity: { suspected: true, reasons: ['virtual_camera_name'] } }) });
    expect(camera.outcome).toBe('review');
    expect(camera.checks.reasons.join()).toMatch(/injected_camera: .*virtual_camera_name/);
    expect(decideFromAnalysis(analysis(), live(), 'auto', { liveness: stored({ cameraIntegrity: { suspected: true } }), rules: { injected_camera: 'decline' } }).outcome).toBe('failed');
    expect(decideFromAnalysis(analysis(), live(), 'auto', { liveness: stored({}, { failedAttempts: 3 }) }).outcome).toBe('successful');
    const retries = decideFromAnalysis(analysis(), live(), 'auto', { liveness: stored({}, { failedAttempts: 7 }) });
    expect(retries.checks.risk!.signals).toMatchObject([{ signal: 'liveness_retries', action: 'review' }]);
    expect(livenessRiskInputOf(null)).toEqual({});
  });

  it('reads the liveness record as the liveness step writes it: failed tries listed, camera signals named', () => {
    const tries = Array.from({ length: 5 }, (_, i) => ({ at: '2026-11-26T10:00:00Z', reason: 'wrong-direction', round: 1 + Math.floor(i / 3), attempt: 1 + (i % 3) }));
    const input = livenessRiskInputOf({ checks: { cameraIntegrity: { suspected: true, signals: ['canvas_capture'] } }, failedAttempts: tries });
    expect(input).toEqual({ cameraIntegrity: { suspected: true, reasons: ['canvas_capture'] }, failedAttempts: 5 });
    const decided = decideFromAnalysis(analysis(), live(), 'auto', { liveness: input });
    expect(decided.checks.risk!.signals.map((s) => s.signal).sort()).toEqual(['injected_camera', 'liveness_retries']);
  });

  it('name not confirmed goes to review by default; a key may decline it', () => {
    const unconfirmed = analysis({ mrz: { ...analysis().mrz, nameConfirmed: false, nameConfirmation: 'second_read_disagrees' } });
    expect(decideFromAnalysis(unconfirmed, live(), 'auto').outcome).toBe('review');
    expect(decideFromAnalysis(unconfirmed, live(), 'auto', { rules: { name_unconfirmed: 'decline' } }).outcome).toBe('failed');
  });
});
