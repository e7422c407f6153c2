// Completes the browser's account of a try before it is uploaded: the screen-light frames and
// measurements join the evidence, the camera integrity signals are added, a screen light that
// did not follow fails the try, and the evidence is chained to the challenge's nonce (over the
// exact JPEG bytes uploaded: see src/vision/liveness/evidence-chain.ts).
import type { CameraSignal, LivenessResult } from '../../contract/liveness';
import type { LivenessChallenge } from '../../contract/liveness-session';
import { digestOf, evidenceChain } from '../../vision/liveness/evidence-chain';
import type { Evidence } from './liveness-state';
import type { LightCapture } from './screen-light';

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

export async function finishTry(
  challenge: LivenessChallenge,
  result: LivenessResult,
  evidence: Evidence[],
  light: LightCapture | null,
  signals: CameraSignal[],
): Promise<{ result: LivenessResult; evidence: Evidence[] }> {
  // Light frames are timed from the start of the light sequence, before the actions; the
  // schema's times are ≥ 0 ms, so they are kept as measured.
  const lightFrames = light?.frames ?? [];
  const allEvidence: Evidence[] = [...evidence, ...lightFrames.map((f) => ({ label: 'light' as const, blob: f.blob }))];
  const frames = [...result.frames, ...lightFrames.map((f) => ({ label: 'light' as const, atMs: f.atMs }))];
  let next: LivenessResult = {
    ...result,
    frames,
    integrity: { signals },
    ...(light ? { screenLight: { result: light.judgement.result, region: light.region, samples: light.samples } } : {}),
  };
  if (next.verdict === 'passed' && light?.judgement.result === 'failed') {
    next = { ...next, verdict: 'failed', failure: 'screen-light-not-followed' };
  }
  if (challenge.nonce) {
    const entries = await Promise.all(allEvidence.map(async (e, i) => ({ label: frames[i]!.label, atMs: frames[i]!.atMs, digest: await digestOf(await bytesOf(e.blob)) })));
    next = { ...next, chain: await evidenceChain(challenge.nonce, entries) };
  }
  return { result: next, evidence: allEvidence };
}
