import { describe, expect, it } from 'vitest';
import type { LivenessResult } from '../../contract/liveness';
import type { LivenessChallenge } from '../../contract/liveness-session';
import { digestOf, evidenceChain } from '../../vision/liveness/evidence-chain';
import type { ScreenLightJudgement } from '../../vision/liveness/screen-light-judge';
import { finishTry } from './finish-try';
import type { LightCapture } from './screen-light';

const challenge: LivenessChallenge = {
  challengeId: 'ch-1', actions: ['turn-left', 'blink'], actionTimeoutMs: 12000, attempt: 1, maxAttempts: 3,
  expiresAt: '2026-11-25T10:10:00.000Z', nonce: 'ab'.repeat(32), screenLight: { colours: ['#ff0000', '#0000ff', '#00ff00'], stepMs: 400 },
};
const result: LivenessResult = {
  challengeId: 'ch-1', verdict: 'passed',
  actions: [{ action: 'turn-left', passed: true, startedAtMs: 0, completedAtMs: 900, peak: 22 }, { action: 'blink', passed: true, startedAtMs: 900, completedAtMs: 1500, peak: 0.4 }],
  neutral: { yawDeg: 0, pitchDeg: 0, eyeOpenness: 0.3 },
  frames: [{ label: 'neutral', atMs: 0 }, { label: 'turn-left', atMs: 800 }],
  framesAnalysed: 40,
};
const evidence = [{ label: 'neutral' as const, blob: new Blob(['n']) }, { label: 'turn-left' as const, blob: new Blob(['t']) }];

function light(verdict: ScreenLightJudgement['result']): LightCapture {
  const colours = challenge.screenLight!.colours;
  return {
    region: { x: 0.3, y: 0.2, width: 0.4, height: 0.5 },
    samples: colours.map((colour, i) => ({ colour, atMs: 240 + 400 * i, rgb: [150, 110, 90] })),
    frames: colours.map((_, i) => ({ atMs: 240 + 400 * i, blob: new Blob([`light-${i}`]) })),
    judgement: { result: verdict, amplitude: 0.03, correlation: 0.9, matchedSteps: 3, note: '' },
  };
}

describe('finishTry', () => {
  it('adds the light frames after the action frames, the signals, and chains every frame to the nonce', async () => {
    const done = await finishTry(challenge, result, evidence, light('passed'), ['canvas_capture']);
    expect(done.evidence.map((e) => e.label)).toEqual(['neutral', 'turn-left', 'light', 'light', 'light']);
    expect(done.result.frames.map((f) => f.label)).toEqual(['neutral', 'turn-left', 'light', 'light', 'light']);
    expect(done.result).toMatchObject({ verdict: 'passed', integrity: { signals: ['canvas_capture'] }, screenLight: { result: 'passed' } });
    const entries = await Promise.all(done.evidence.map(async (e, i) => ({ label: done.result.frames[i]!.label, atMs: done.result.frames[i]!.atMs, digest: await digestOf(new Uint8Array(await e.blob.arrayBuffer())) })));
    expect(done.result.chain).toBe(await evidenceChain(challenge.nonce!, entries));
  });

  it('fails a try whose light did not follow the screen, with its own reason', async () => {
    const done = await finishTry(challenge, result, evidence, light('failed'), []);
    expect(done.result).toMatchObject({ verdict: 'failed', failure: 'screen-light-not-followed' });
  });

  it('keeps an inconclusive light as a pass for the device (the service and the key decide), and works without light or nonce', async () => {
    expect((await finishTry(challenge, result, evidence, light('inconclusive'), [])).result.verdict).toBe('passed');
    const bare = await finishTry({ ...challenge, nonce: undefined, screenLight: undefined }, result, evidence, null, []);
    expect(bare.result.chain).toBeUndefined();
    expect(bare.result.screenLight).toBeUndefined();
    expect(bare.evidence).toHaveLength(2);
  });
});
