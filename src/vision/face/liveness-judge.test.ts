import { describe, expect, it } from 'vitest';
import { LIVENESS_MAX_FRAMES, type LivenessAction, type LivenessChallenge } from '../../contract/liveness-session';
import { livenessResultSchema } from '../../contract/liveness';
import type { FaceMeasures } from './face-measures';
import { facesOf, joined, looped, mapFaces, mirroredYaw, part, recorded, scaledMotion } from './fixtures/recorded';
import { createLivenessJudge, type FaceObservation, type JudgeOutcome, type JudgeStep } from './liveness-judge';
import { neutralPoseOf } from './neutral-pose';

const TIMEOUT_MS = 12_000;

function challenge(actions: LivenessAction[]): LivenessChallenge {
  return { challengeId: 'lch_test', actions, actionTimeoutMs: TIMEOUT_MS, attempt: 1, maxAttempts: 3, expiresAt: '2030-01-01T00:00:00.000Z' };
}

/** Runs a try: the neutral pose from `before` (the guidance frames), then `frames` until done. */
function run(actions: LivenessAction[], frames: FaceObservation[], before: FaceObservation[] | null = recorded('still').slice(0, 8)) {
  const neutral = before ? neutralPoseOf(facesOf(before)) : null;
  const judge = createLivenessJudge(challenge(actions), neutral, frames[0]!.atMs);
  const steps: JudgeStep[] = [];
  for (const frame of frames) {
    const step = judge.observe(frame);
    steps.push(step);
    if (step.done) break;
  }
  return { outcome: judge.outcome(), steps };
}

function expectValid(outcome: JudgeOutcome | null): JudgeOutcome {
  expect(outcome).not.toBeNull();
  expect(livenessResultSchema.safeParse(outcome!.result).error).toBeUndefined();
  expect(outcome!.evidence.length).toBeLessThanOrEqual(LIVENESS_MAX_FRAMES);
  return outcome!;
}

// turns.json: 0–7 neutral, 8–20 to the person's left and held, 21–32 back, 33–45 to the right and
// held, 46–59 back. blinks.json: 0–9 open, 10–13 a blink, 14–23 open, 24–26 a blink, 27– open.
const turnLeft = () => part(recorded('turns'), 0, 33);
const turnRight = () => part(recorded('turns'), 28, 60);
const blink = () => recorded('blinks');

describe('liveness judge on recorded sequences', () => {
  it('passes a left turn then a blink, with the evidence frames in order', () => {
    const { outcome } = run(['turn-left', 'blink'], joined([turnLeft(), blink()]));
    const { result, evidence } = expectValid(outcome);
    expect(result.verdict).toBe('passed');
    expect(result.failure).toBeUndefined();
    expect(result.actions.map((a) => a.passed)).toEqual([true, true]);
    expect(result.actions[0]!.peak).toBeGreaterThan(20);
    expect(result.actions[1]!.peak).toBeLessThan(0.85);
    expect(result.actions[1]!.startedAtMs).toBe(result.actions[0]!.completedAtMs);
    expect(evidence.map((e) => e.label)).toEqual(['neutral', 'turn-left', 'return', 'blink', 'return']);
    expect(result.frames).toEqual(evidence.map(({ label, atMs }) => ({ label, atMs })));
    expect(result.neutral.eyeOpenness).toBeGreaterThan(0.2);
  });

  it('passes a right turn then a left turn, and reports progress on the way', () => {
    const { outcome, steps } = run(['turn-right', 'turn-left'], joined([turnRight(), turnLeft()]));
    const { result } = expectValid(outcome);
    expect(result.verdict).toBe('passed');
    expect(result.actions[0]!.peak).toBeLessThan(-20);
    expect(result.actions[1]!.peak).toBeGreaterThan(20);
    const first = steps.filter((s) => s.actionIndex === 0).map((s) => s.progress);
    expect(Math.max(...first)).toBeGreaterThanOrEqual(0.9);
    expect(steps.some((s) => s.actionIndex === 0 && s.hint === 'look-straight')).toBe(true);
  });

  it('passes another person’s blink then right turn, neutral measured from the first frames', () => {
    const other = recorded('turns-other-person');
    const { outcome } = run(['blink', 'turn-right'], joined([recorded('blinks-other-person'), part(other, 28, 60)]), null);
    expect(expectValid(outcome).result.verdict).toBe('passed');
  });

  it('never passes a still photo', () => {
    const { outcome } = run(['turn-left', 'blink'], looped(recorded('still'), 2 * TIMEOUT_MS));
    const { result } = expectValid(outcome);
    expect(result.verdict).toBe('failed');
    expect(result.failure).toBe('timeout');
    expect(result.actions).toHaveLength(1);
    expect(result.actions[0]).toMatchObject({ action: 'turn-left', passed: false, completedAtMs: null });
    expect(result.frames.length).toBeGreaterThanOrEqual(2);
  });

  it('does not take a photo tilted, slid, zoomed or tipped back for a turn or a blink', () => {
    for (const name of ['roll', 'slide', 'zoom', 'tilted-photo'] as const) {
      for (const actions of [['turn-left', 'blink'], ['turn-right', 'blink'], ['blink', 'turn-left']] as LivenessAction[][]) {
        const { outcome } = run(actions, looped(recorded(name), 2 * TIMEOUT_MS));
        const { result } = expectValid(outcome);
        expect(result.verdict, `${name} ${actions[0]}`).toBe('failed');
        // A squashed face also has other proportions: that may end it as another face.
        expect(result.failure, `${name} ${actions[0]}`).toBe(name === 'tilted-photo' && result.failure === 'face-changed' ? 'face-changed' : 'timeout');
        expect(result.actions.every((a) => !a.passed), `${name} ${actions[0]}`).toBe(true);
      }
    }
  });

  it('does not pass a turn or a blink too small', () => {
    expect(run(['turn-left', 'turn-right'], looped(recorded('small-turns'), 2 * TIMEOUT_MS)).outcome!.result.failure).toBe('timeout');
    const neutral = facesOf(recorded('turns'))[0]!;
    const halfTurn = scaledMotion(turnLeft(), neutral, 0.6);
    expect(run(['turn-left', 'blink'], looped(halfTurn, 2 * TIMEOUT_MS)).outcome!.result.failure).toBe('timeout');
    const halfBlink = scaledMotion(blink(), facesOf(blink())[0]!, 0.5);
    expect(run(['blink', 'turn-left'], looped(halfBlink, 2 * TIMEOUT_MS)).outcome!.result.failure).toBe('timeout');
  });

  it('keeps waiting through a turn the wrong way, and names it when time runs out', () => {
    const neutral = facesOf(recorded('turns'))[0]!;
    const wrongWay = mirroredYaw(turnLeft(), neutral.yawDeg);
    const { outcome, steps } = run(['turn-left', 'blink'], looped(wrongWay, 2 * TIMEOUT_MS));
    const { result } = expectValid(outcome);
    expect(result.failure).toBe('wrong-direction');
    expect(result.actions[0]!.peak).toBeLessThan(-20);
    // Not before the action's time is up.
    expect(steps.at(-1)!.done).toBe(true);
    expect(result.frames.at(-1)!.atMs).toBeGreaterThanOrEqual(TIMEOUT_MS);
  });

  it('fails when another face takes over after the neutral pose', () => {
    const { outcome } = run(['turn-left', 'blink'], joined([part(recorded('turns-other-person'), 0, 33), blink()]));
    expect(expectValid(outcome).result.failure).toBe('face-changed');
  });

  it('fails when another face does the second action', () => {
    const { outcome } = run(['turn-left', 'blink'], joined([turnLeft(), recorded('blinks-other-person')]));
    const { result } = expectValid(outcome);
    expect(result.failure).toBe('face-changed');
    expect(result.actions.map((a) => a.passed)).toEqual([true, false]);
  });

  it('fails when the face jumps across the frame from one frame to the next', () => {
    const jumped = mapFaces(part(recorded('still'), 0, 10), (f): FaceMeasures => ({ ...f, centre: { x: f.centre.x + 0.3, y: f.centre.y } }));
    const { outcome } = run(['turn-left', 'blink'], joined([part(recorded('still'), 0, 5), jumped]));
    expect(expectValid(outcome).result.failure).toBe('face-changed');
  });

  it('tolerates losing the face for a moment but not for long', () => {
    const gap = (n: number) => Array.from({ length: n }, () => ({ atMs: 0, faces: [] }));
    const left = turnLeft();
    const shortGap = joined([part(left, 0, 18), gap(15), part(left, 18), blink()]);
    expect(expectValid(run(['turn-left', 'blink'], shortGap).outcome).result.verdict).toBe('passed');
    const { outcome } = run(['turn-left', 'blink'], joined([part(left, 0, 10), gap(40)]));
    expect(expectValid(outcome).result.failure).toBe('no-face');
  });

  it('fails when two faces stay in view', () => {
    const still = facesOf(recorded('still'));
    const two = joined([part(recorded('still'), 0, 3), Array.from({ length: 20 }, () => ({ atMs: 0, faces: [still[0]!, still[1]!] }))]);
    expect(expectValid(run(['turn-left', 'blink'], two).outcome).result.failure).toBe('multiple-faces');
  });

  it('ignores frames after the verdict', () => {
    const judge = createLivenessJudge(challenge(['turn-left', 'blink']), neutralPoseOf(facesOf(recorded('still'))), 0);
    const frames = joined([turnLeft(), blink(), turnLeft()]);
    const firstDone = frames.findIndex((frame) => judge.observe(frame).done);
    const outcome = judge.outcome();
    for (const frame of frames.slice(firstDone + 1)) expect(judge.observe(frame).done).toBe(true);
    expect(judge.outcome()).toBe(outcome);
    expect(outcome!.result.framesAnalysed).toBe(firstDone + 1);
  });
});
