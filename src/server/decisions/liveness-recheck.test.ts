import { describe, expect, it } from 'vitest';
import type { EvidenceFrameAnalysis } from './analysis/session-analysis';
import { recheckLiveness } from './liveness-recheck';

const f = (label: EvidenceFrameAnalysis['label'], yawDeg: number, eyeOpenness: number, d: number | null = 0.2, faces = 1): EvidenceFrameAnalysis => ({
  label, face: { faces, score: 1, yawDeg, pitchDeg: 3, eyeOpenness }, distanceToSelfie: d,
});

describe('recheckLiveness', () => {
  it('sees a real turn and blink relative to the neutral frame', () => {
    // Values read off the e2e clip's evidence: neutral yaw 0.2°, turn 23.6°, eye 0.381 → 0.193.
    const r = recheckLiveness([f('neutral', 0.2, 0.381), f('turn-right', 23.6, 0.396, 0.57), f('blink', 0.1, 0.193), f('return', 0.2, 0.38)], ['turn-right', 'blink']);
    expect(r).toMatchObject({ verdict: 'passed', turnDeg: 23.4, blinkRatio: 0.507 });
  });

  it('calls frames without any movement no_motion (a still photo)', () => {
    expect(recheckLiveness([f('neutral', 0.5, 0.359), f('turn-left', 0.5, 0.359)], ['turn-left', 'blink']).verdict).toBe('no_motion');
  });

  it('is uncertain when only one of two actions shows', () => {
    const r = recheckLiveness([f('neutral', 0, 0.36), f('turn-left', -20, 0.36), f('blink', 0, 0.34)], ['turn-left', 'blink']);
    expect(r.verdict).toBe('uncertain');
    expect(r.notes.join()).toMatch(/blink not seen/);
  });

  it('finds another person in the evidence', () => {
    expect(recheckLiveness([f('neutral', 0, 0.36), f('turn-left', -20, 0.36, 0.9)], ['turn-left']).verdict).toBe('other_person');
  });

  it('is uncertain without a face on the neutral frame or with frames it cannot compare', () => {
    expect(recheckLiveness([{ label: 'neutral', face: null, distanceToSelfie: null }, f('turn-left', -20, 0.36)], ['turn-left']).verdict).toBe('uncertain');
    expect(recheckLiveness([f('neutral', 0, 0.36, null), f('turn-left', -20, 0.36, null)], ['turn-left']).verdict).toBe('uncertain');
  });

  it('is uncertain with two faces in a frame', () => {
    expect(recheckLiveness([f('neutral', 0, 0.36), f('turn-left', -20, 0.36, 0.3, 2)], ['turn-left']).verdict).toBe('uncertain');
  });
});
