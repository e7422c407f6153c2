import { describe, expect, it } from 'vitest';
import { LIVENESS_MAX_ATTEMPTS } from '../../contract/liveness-session';
import type { LivenessResult } from '../../contract/liveness';
import { answer, checkAnswer, emptyLiveness, issueChallenge, livenessFailureReason, randomActions, type StoredLiveness } from './liveness-state';

const now = new Date('2026-11-25T10:00:00Z');
const later = (s: number) => new Date(now.getTime() + s * 1000);

function result(challengeId: string, actions: string[], verdict: 'passed' | 'failed' = 'passed'): LivenessResult {
  return {
    challengeId, verdict, ...(verdict === 'failed' ? { failure: 'timeout' as const } : {}),
    actions: actions.map((a) => ({ action: a as 'blink', passed: verdict === 'passed', startedAtMs: 0, completedAtMs: 900, peak: 20 })),
    neutral: { yawDeg: 0, pitchDeg: 0, eyeOpenness: 0.3 },
    frames: [{ label: 'neutral', atMs: 0 }, { label: 'turn-left', atMs: 800 }],
    framesAnalysed: 40,
  };
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

  it('issues a new challenge per request up to the limit, then re-serves only the open last one', () => {
    let state: StoredLiveness = emptyLiveness();
    const ids: string[] = [];
    for (let i = 1; i <= LIVENESS_MAX_ATTEMPTS; i++) {
      const issued = issueChallenge(state, now)!;
      expect(issued.challenge.attempt).toBe(i);
      expect(issued.challenge.id).toMatch(/^[0-9a-f]{32}$/);
      ids.push(issued.challenge.id);
      state = issued.state;
    }
    expect(new Set(ids).size).toBe(LIVENESS_MAX_ATTEMPTS);
    expect(issueChallenge(state, now)!.challenge.id).toBe(ids.at(-1));
    expect(issueChallenge(state, later(3600))).toBeNull();
  });

  it('checks answers: unknown, expired, replayed or for other actions are refused', () => {
    const { state, challenge } = issueChallenge(emptyLiveness(), now)!;
    expect(checkAnswer(state, result('nope', challenge.actions), now)).toEqual({ ok: false, code: 'liveness_challenge_invalid' });
    expect(checkAnswer(state, result(challenge.id, challenge.actions), later(3600))).toEqual({ ok: false, code: 'liveness_challenge_invalid' });
    expect(checkAnswer(state, result(challenge.id, [...challenge.actions].reverse()), now)).toEqual({ ok: false, code: 'liveness_challenge_invalid' });
    const ok = checkAnswer(state, result(challenge.id, challenge.actions), now);
    expect(ok.ok).toBe(true);
    const done = answer(state, challenge, result(challenge.id, challenge.actions), true, [], now);
    expect(done.outcome).toBe('passed');
    expect(checkAnswer(done, result(challenge.id, challenge.actions), now)).toEqual({ ok: false, code: 'liveness_challenge_used' });
  });

  it('never passes when the evidence shows no motion, and fails after the last device failure', () => {
    const { state, challenge } = issueChallenge(emptyLiveness(), now)!;
    const still = answer(state, challenge, result(challenge.id, challenge.actions), false, [], now);
    expect(still).toMatchObject({ outcome: 'failed', reason: 'no_motion', checks: { device: 'passed', server: 'failed' } });
    expect(livenessFailureReason(still)).toBe('liveness_failed: no_motion');
    let s = emptyLiveness();
    for (let i = 0; i < LIVENESS_MAX_ATTEMPTS; i++) s = issueChallenge(s, now)!.state;
    const last = s.challenges.at(-1)!;
    expect(answer(s, last, result(last.id, last.actions, 'failed'), false, [], now)).toMatchObject({ outcome: 'failed', reason: 'timeout' });
    expect(livenessFailureReason(emptyLiveness())).toBe('liveness_not_performed');
    expect(livenessFailureReason({ ...emptyLiveness(), outcome: 'not_live' })).toBe('selfie_not_live');
  });
});
