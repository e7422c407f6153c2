import { describe, expect, it } from 'vitest';
import { LIVENESS_MAX_ATTEMPTS, LIVENESS_MAX_ROUNDS } from '../../contract/liveness-session';
import type { LivenessResult } from '../../contract/liveness';
import { livenessFailureReason, livenessRecordOf } from './liveness-record';
import { answer, checkAnswer, emptyLiveness, issueChallenge, randomActions, triesExhausted, type ServerFindings, type StoredLiveness } from './liveness-state';

const now = new Date('2026-11-25T10:00:00Z');
const later = (s: number) => new Date(now.getTime() + s * 1000);
const moved: ServerFindings = { motionPassed: true };
const still: ServerFindings = { motionPassed: false };

function result(challengeId: string, actions: string[], verdict: 'passed' | 'failed' = 'passed'): LivenessResult {
  return {
    challengeId, verdict, ...(verdict === 'failed' ? { failure: 'timeout' as const } : {}),
    actions: actions.map((a) => ({ action: a as 'blink', passed: verdict === 'passed', startedAtMs: 0, completedAtMs: 900, peak: 20 })),
    neutral: { yawDeg: 0, pitchDeg: 0, eyeOpenness: 0.3 },
    frames: [{ label: 'neutral', atMs: 0 }, { label: 'turn-left', atMs: 800 }],
    framesAnalysed: 40,
  };
}

/** Uses a whole round: two tries superseded by new requests (failed on the device), the last answered failed. */
function failRound(state: StoredLiveness, rounds?: number): StoredLiveness {
  let s = state;
  for (let i = 0; i < LIVENESS_MAX_ATTEMPTS; i++) s = issueChallenge(s, now, rounds, i === 1 ? undefined : 'no-face')!.state;
  const last = s.challenges.at(-1)!;
  return answer(s, last, result(last.id, last.actions, 'failed'), still, [], now);
}

describe('liveness state', () => {
  it('draws two different actions at random', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const a = randomActions();
      expect(a).toHaveLength(2);
      expect(new Set(a).size).toBe(2);
      seen.add(a.join(','));
    }
    expect(seen.size).toBe(6);
  });

  it('issues a new challenge per request up to the limit, each with its own nonce and colours, then re-serves only the open last one', () => {
    let state: StoredLiveness = emptyLiveness();
    const ids: string[] = [];
    for (let i = 1; i <= LIVENESS_MAX_ATTEMPTS; i++) {
      const issued = issueChallenge(state, now)!;
      expect(issued.challenge.attempt).toBe(i);
      expect(issued.challenge.id).toMatch(/^[0-9a-f]{32}$/);
      expect(issued.challenge.nonce).toMatch(/^[0-9a-f]{64}$/);
      expect(new Set(issued.challenge.colours).size).toBeGreaterThanOrEqual(3);
      ids.push(issued.challenge.id);
      state = issued.state;
    }
    expect(new Set(ids).size).toBe(LIVENESS_MAX_ATTEMPTS);
    expect(issueChallenge(state, now)!.challenge.id).toBe(ids.at(-1));
    expect(issueChallenge(state, later(3600))).toBeNull();
  });

  it('checks answers: unknown, expired, replayed, superseded or for other actions are refused', () => {
    const { state, challenge } = issueChallenge(emptyLiveness(), now)!;
    expect(checkAnswer(state, result('nope', challenge.actions), now)).toEqual({ ok: false, code: 'liveness_challenge_invalid' });
    expect(checkAnswer(state, result(challenge.id, challenge.actions), later(3600))).toEqual({ ok: false, code: 'liveness_challenge_invalid' });
    expect(checkAnswer(state, result(challenge.id, [...challenge.actions].reverse()), now)).toEqual({ ok: false, code: 'liveness_challenge_invalid' });
    const ok = checkAnswer(state, result(challenge.id, challenge.actions), now);
    expect(ok.ok).toBe(true);
    const done = answer(state, challenge, result(challenge.id, challenge.actions), moved, [], now);
    expect(done.outcome).toBe('passed');
    expect(checkAnswer(done, result(challenge.id, challenge.actions), now)).toEqual({ ok: false, code: 'liveness_challenge_used' });
    const next = issueChallenge(state, now)!.state;
    expect(checkAnswer(next, result(challenge.id, challenge.actions), now)).toEqual({ ok: false, code: 'liveness_challenge_used' });
  });

  it('never passes when the evidence shows no motion or a screen light that did not follow, and fails after the last device failure', () => {
    const { state, challenge } = issueChallenge(emptyLiveness(), now)!;
    const noMotion = answer(state, challenge, result(challenge.id, challenge.actions), still, [], now);
    expect(noMotion).toMatchObject({ outcome: 'failed', reason: 'no_motion', checks: { device: 'passed', server: 'failed' } });
    expect(livenessFailureReason(noMotion)).toBe('liveness_failed: no_motion');
    const light = { result: 'failed' as const, device: 'passed' as const, server: 'failed' as const, amplitude: 0.02, correlation: -0.3 };
    const puppet = answer(state, challenge, result(challenge.id, challenge.actions), { motionPassed: true, screenLight: light }, [], now);
    expect(puppet).toMatchObject({ outcome: 'failed', reason: 'screen_light_not_followed', checks: { server: 'failed', screenLight: light } });
    const dim = { ...light, result: 'inconclusive' as const, server: 'inconclusive' as const };
    expect(answer(state, challenge, result(challenge.id, challenge.actions), { motionPassed: true, screenLight: dim }, [], now).outcome).toBe('passed');
    expect(failRound(emptyLiveness())).toMatchObject({ outcome: 'failed', reason: 'timeout' });
    expect(livenessFailureReason(emptyLiveness())).toBe('liveness_not_performed');
    expect(livenessFailureReason({ ...emptyLiveness(), outcome: 'not_live' })).toBe('selfie_not_live');
  });

  it('allows three rounds of three tries, then is exhausted with every failed try traced', () => {
    let s = emptyLiveness();
    for (let r = 1; r < LIVENESS_MAX_ROUNDS; r++) {
      s = failRound(s);
      expect(s).toMatchObject({ outcome: 'failed', round: r });
      expect(s.exhausted).toBeUndefined();
      expect(triesExhausted(s, now)).toBe(false);
    }
    s = failRound(s);
    expect(s).toMatchObject({ outcome: 'failed', reason: 'liveness_attempts_exhausted', exhausted: true });
    expect(issueChallenge(s, now)).toBeNull();
    expect(triesExhausted(s, now)).toBe(true);
    const record = livenessRecordOf(s, (k) => k);
    expect(record.attempts).toBe(9);
    expect(record.failedAttempts).toHaveLength(9);
    expect(record.failedAttempts!.map((f) => `${f.round}.${f.attempt}:${f.reason}`).slice(0, 3)).toEqual(['1.1:not_completed', '1.2:no_face', '1.3:timeout']);
    expect(record).toMatchObject({ rounds: 3, maxRounds: 3 });
  });

  it('follows the key\'s rounds, and a pass after failures keeps their trace and counts every try', () => {
    const once = failRound(emptyLiveness(), 1);
    expect(once).toMatchObject({ exhausted: true, reason: 'liveness_attempts_exhausted' });
    const round2 = issueChallenge(failRound(emptyLiveness(), 2), now, 2)!;
    const passed = answer(round2.state, round2.challenge, result(round2.challenge.id, round2.challenge.actions), moved, [], now);
    const record = livenessRecordOf(passed, (k) => k);
    expect(record).toMatchObject({ status: 'passed', attempts: 4, rounds: 2, maxRounds: 2 });
    expect(record.failedAttempts).toHaveLength(3);
  });
});
