import { LIVENESS_ACTION_TIMEOUT_MS, type LivenessAction, type LivenessChallenge } from '../../src/contract/liveness-session';
import type { FaceMeasures } from '../../src/vision/face/face-measures';
import { createLivenessJudge } from '../../src/vision/face/liveness-judge';
import { neutralPoseOf } from '../../src/vision/face/neutral-pose';

/** One analysed frame with the app's own measures of each face (src/vision/face/face-measures.ts). */
export interface Sample {
  /** s since the clip's first frame. */
  t: number;
  faces: FaceMeasures[];
}

const ACTIONS: LivenessAction[] = ['turn-left', 'turn-right', 'blink'];
/** Start points tried across the loop, s apart. */
const STEP_S = 0.25;

/**
 * Replays one loop of measured frames (Chromium loops the clip) into the app's liveness judge
 * for every ordered pair of actions, starting at every STEP_S of the loop, the neutral pose
 * taken from `neutralFaces` like the app does before a challenge. Says how many passed and the
 * slowest completion per pair.
 */
export function judgeChallenges(samples: readonly Sample[], loopS: number, neutralFaces: readonly FaceMeasures[]): { tried: number; passed: number; lines: string[] } {
  const loop = samples.filter((s) => s.t < loopS);
  const neutral = neutralPoseOf(neutralFaces);
  if (!loop.length || !neutral) return { tried: 0, passed: 0, lines: ['no frames to replay'] };
  let tried = 0;
  let passed = 0;
  const lines: string[] = [];
  for (const first of ACTIONS) {
    for (const second of ACTIONS) {
      if (first === second) continue;
      let slowest = 0;
      const failures = new Map<string, number>();
      for (let offset = 0; offset < loopS; offset += STEP_S) {
        tried++;
        const challenge: LivenessChallenge = {
          challengeId: 'replay', actions: [first, second], actionTimeoutMs: LIVENESS_ACTION_TIMEOUT_MS,
          attempt: 1, maxAttempts: 3, expiresAt: new Date(Date.now() + 600_000).toISOString(),
        };
        const judge = createLivenessJudge(challenge, neutral, 0);
        const start = loop.findIndex((s) => s.t >= offset);
        const limitMs = (2 * LIVENESS_ACTION_TIMEOUT_MS) + 1000;
        for (let k = 0; !judge.outcome(); k++) {
          const index = ((start < 0 ? 0 : start) + k) % loop.length;
          const wraps = Math.floor(((start < 0 ? 0 : start) + k) / loop.length);
          const atMs = (loop[index]!.t + wraps * loopS - offset) * 1000;
          if (atMs > limitMs) break;
          judge.observe({ atMs, faces: loop[index]!.faces });
        }
        const result = judge.outcome()?.result;
        if (result?.verdict === 'passed') {
          passed++;
          slowest = Math.max(slowest, ...result.actions.map((a) => (a.completedAtMs ?? 0) - a.startedAtMs));
        } else {
          const why = result?.failure ?? 'unfinished';
          failures.set(why, (failures.get(why) ?? 0) + 1);
        }
      }
      const failed = [...failures].map(([why, n]) => `${n}× ${why}`).join(', ');
      lines.push(`app's judge, ${first} then ${second}: ${failed ? `failed ${failed}` : 'passed from every start'}${slowest ? `; slowest action ${(slowest / 1000).toFixed(1)} s` : ''}`);
    }
  }
  return { tried, passed, lines };
}
