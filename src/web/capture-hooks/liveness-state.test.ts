import { describe, expect, it } from 'vitest';
import type { LivenessChallenge } from '../../contract/liveness-session';
import type { LivenessResult } from '../../contract/liveness';
import type { EncodedImage } from '../capture/encode-image';
import { cameraWanted, initialLivenessPhase, livenessReducer, type LivenessEvent, type LivenessPhase } from './liveness-state';

const selfie = { blob: new Blob(['x']), width: 720, height: 960, belowMinimum: false } as EncodedImage;
const challenge = (attempt: number): LivenessChallenge => ({
  challengeId: `c${attempt}`, actions: ['turn-left', 'blink'], actionTimeoutMs: 12_000, attempt, maxAttempts: 3,
  expiresAt: '2026-11-24T12:00:00.000Z',
});
const result = (verdict: 'passed' | 'failed'): LivenessResult => ({
  challengeId: '', verdict, failure: verdict === 'failed' ? 'timeout' : undefined,
  actions: [{ action: 'turn-left', passed: verdict === 'passed', startedAtMs: 0, completedAtMs: verdict === 'passed' ? 900 : null, peak: 24 }],
  neutral: { yawDeg: 1, pitchDeg: 2, eyeOpenness: 0.3 },
  frames: [{ label: 'neutral', atMs: 0 }, { label: 'turn-left', atMs: 900 }],
  framesAnalysed: 40,
});

function run(events: LivenessEvent[], from: LivenessPhase = initialLivenessPhase): LivenessPhase {
  return events.reduce(livenessReducer, from);
}

const toChallenge = (attempt: number): LivenessEvent[] => [
  { type: 'models-ready' }, { type: 'neutral-taken', selfie }, { type: 'challenge-received', challenge: challenge(attempt) },
];

describe('livenessReducer', () => {
  it('goes from loading to positioning to the first action of the challenge', () => {
    const phase = run(toChallenge(1));
    expect(phase).toMatchObject({ kind: 'challenge', actionIndex: 0, action: 'turn-left', progress: 0 });
  });

  it('follows progress and ends passed with the challenge id filled in', () => {
    const phase = run([...toChallenge(1),
      { type: 'progress', actionIndex: 1, action: 'blink', progress: 0.5 },
      { type: 'done', result: result('passed'), evidence: [] }]);
    expect(phase.kind).toBe('passed');
    if (phase.kind === 'passed') {
      expect(phase.outcome.result.challengeId).toBe('c1');
      expect(phase.outcome.selfie).toBe(selfie);
    }
  });

  it('offers a retry while tries are left, and ends failed (with the outcome to upload) after the last', () => {
    const first = run([...toChallenge(1), { type: 'done', result: result('failed'), evidence: [] }]);
    expect(first).toEqual({ kind: 'retry', failure: 'timeout', attemptsLeft: 2 });
    const again = run([{ type: 'try-again' }, { type: 'neutral-taken', selfie }, { type: 'challenge-received', challenge: challenge(3) },
      { type: 'done', result: result('failed'), evidence: [] }], first);
    expect(again.kind).toBe('failed');
    if (again.kind === 'failed') expect(again.outcome?.result.challengeId).toBe('c3');
  });

  it('never turns a failed try into a pass, whatever comes after', () => {
    const failed = run([...toChallenge(3), { type: 'done', result: result('failed'), evidence: [] }]);
    const after = run([{ type: 'done', result: result('passed'), evidence: [] }, { type: 'try-again' }, { type: 'models-failed' }], failed);
    expect(after).toBe(failed);
  });

  it('no tries left on the service: failed without an outcome; a failed request: retry', () => {
    const base = run([{ type: 'models-ready' }, { type: 'neutral-taken', selfie }]);
    expect(livenessReducer(base, { type: 'challenge-unavailable', exhausted: true })).toEqual({ kind: 'failed', outcome: null });
    expect(livenessReducer(base, { type: 'challenge-unavailable', exhausted: false }).kind).toBe('retry');
  });

  it('models that fail show their screen, and a reload goes back to loading', () => {
    const failed = run([{ type: 'models-ready' }, { type: 'models-failed' }]);
    expect(failed).toEqual({ kind: 'models-failed' });
    expect(run([{ type: 'reload' }, { type: 'models-ready' }], failed)).toEqual({ kind: 'position' });
  });

  it('keeps the camera on only while frames are wanted', () => {
    expect(cameraWanted({ kind: 'position' })).toBe(true);
    expect(cameraWanted({ kind: 'retry', failure: 'timeout', attemptsLeft: 1 })).toBe(false);
    expect(cameraWanted({ kind: 'models-failed' })).toBe(false);
  });
});
