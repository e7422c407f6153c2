import { describe, expect, it } from 'vitest';
import type { AutomaticChecks } from '../../../../contract/automatic-checks';
import { checklistOf } from './checklist';

const base: AutomaticChecks = {
  version: 1, outcome: 'review', reasons: ['face mismatch: distance 0.81'],
  faceMatch: { distance: 0.81, matchMax: 0.53, mismatchMin: 0.74, selfieFaces: 1, documentFaces: 1, documentSide: 'front' },
  liveness: { device: 'passed', server: { verdict: 'passed', turnDeg: 25, blinkRatio: 0.4, maxDistance: 0.3, notes: [] }, screenLight: { result: 'inconclusive', amplitude: 0.01, correlation: 0.2 } },
  document: { mrz: 'valid', format: 'TD1', failedChecks: [], expired: false, side: 'back', nameConfirmed: false, nameConfirmation: 'visual_zone_disagrees', source: 'mrz' },
  risk: { signals: [{ signal: 'reused_document', action: 'review', detail: 'the same document number was verified with another face in v_1' }, { signal: 'sanctions_hit', action: 'review', detail: 'x' }] },
  aml: { screenedAt: '2026-12-03T00:00:00Z', threshold: 0.85, lists: [{ id: 'un-sc', name: 'UN', kind: 'sanctions', version: 3 }], hits: [] },
};

describe('the case checklist', () => {
  it('a face past the mismatch line is a failed check, not a "review" buried in a reason', () => {
    const list = checklistOf(base, 1);
    expect(list.find((i) => i.check === 'face')).toMatchObject({ state: 'fail', evidence: '0.81 (≤ 0.53 same person, ≥ 0.74 another)' });
  });

  it('every check reads pass, fail or needs a look, with its evidence', () => {
    const states = Object.fromEntries(checklistOf(base, 1).map((i) => [i.signal ?? i.check, i.state]));
    expect(states).toEqual({ face: 'fail', liveness: 'pass', screenLight: 'look', document: 'pass', names: 'look', expiry: 'pass', screening: 'look', reused_document: 'look' });
  });

  it('the face between the lines needs a look; a missing face fails; no open hits is a pass', () => {
    const between = checklistOf({ ...base, faceMatch: { ...base.faceMatch!, distance: 0.6 } }, 0);
    expect(between.find((i) => i.check === 'face')!.state).toBe('look');
    expect(between.find((i) => i.check === 'screening')!.state).toBe('pass');
    const missing = checklistOf({ ...base, faceMatch: { ...base.faceMatch!, distance: null, documentFaces: 0 } }, 0);
    expect(missing.find((i) => i.check === 'face')).toMatchObject({ state: 'fail', evidence: 'faces: selfie 1, document 0' });
  });
});
