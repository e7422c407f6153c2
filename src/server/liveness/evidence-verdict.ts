// The service's own findings on a liveness answer, before it is recorded: the evidence frames
// must be bound to the challenge's nonce (hash chain), must show motion, and the face's colour
// in the screen-light frames must follow the colours this challenge asked for (re-judged here
// from the frames, with the service's own colour list, whatever the browser said). The camera
// integrity signals the browser reported are kept as they are: a risk signal, never a block.
import type { CameraSignal, ScreenLightResult } from '../../contract/liveness';
import { evidenceChain } from '../../vision/liveness/evidence-chain';
import { judgeScreenLight, worseOf } from '../../vision/liveness/screen-light-judge';
import { evidenceShowsMotion } from './evidence-check';
import { meanColour } from './face-colour';
import type { ScreenLightCheck, ServerFindings, StoredLiveness } from './liveness-state';
import type { LivenessUpload } from './liveness-upload';

export type EvidenceVerdict =
  | { ok: true; findings: ServerFindings; frameDifference: number }
  | { ok: false; code: 'liveness_evidence_mismatch'; detail: string };

async function screenLightOf(colours: string[], upload: LivenessUpload): Promise<ScreenLightCheck> {
  const reported = upload.result.screenLight;
  const lights = upload.result.frames.flatMap((f, i) => (f.label === 'light' ? [upload.frames[i]!] : []));
  if (!reported || lights.length === 0) {
    // No light was measured on the device: never a silent pass.
    return { result: 'inconclusive', device: reported?.result ?? 'inconclusive', server: 'inconclusive', amplitude: 0, correlation: 0 };
  }
  // The device must have shown the colours asked for, in order, one frame each.
  const sameColours = reported.samples.length === colours.length && reported.samples.every((s, i) => s.colour === colours[i]);
  const device: ScreenLightResult = sameColours ? reported.result : 'failed';
  if (lights.length !== colours.length) return { result: 'failed', device, server: 'failed', amplitude: 0, correlation: 0 };
  const samples = await Promise.all(lights.map(async (frame, i) => ({ colour: colours[i]!, rgb: await meanColour(frame, reported.region) })));
  const judged = judgeScreenLight(samples);
  return { result: worseOf(device, judged.result), device, server: judged.result, amplitude: judged.amplitude, correlation: judged.correlation };
}

export async function judgeEvidence(state: StoredLiveness, upload: LivenessUpload): Promise<EvidenceVerdict> {
  const { result } = upload;
  const challenge = state.challenges.find((c) => c.id === result.challengeId);
  if (challenge?.nonce) {
    const chain = result.chain
      ? await evidenceChain(challenge.nonce, result.frames.map((f, i) => ({ label: f.label, atMs: f.atMs, digest: upload.digests[i]! })))
      : null;
    if (chain !== result.chain) {
      return { ok: false, code: 'liveness_evidence_mismatch', detail: result.chain ? 'result.chain: the frames were not recorded for this challenge' : 'result.chain: required for this challenge' };
    }
  }
  const motionFrames = upload.frames.filter((_, i) => result.frames[i]!.label !== 'light');
  const motion = await evidenceShowsMotion(motionFrames);
  const signals: CameraSignal[] = result.integrity ? [...new Set(result.integrity.signals)] : ['no_integrity_report'];
  const findings: ServerFindings = {
    motionPassed: motion.passed,
    cameraIntegrity: { suspected: signals.length > 0, signals },
    ...(challenge?.colours ? { screenLight: await screenLightOf(challenge.colours, upload) } : {}),
  };
  return { ok: true, findings, frameDifference: motion.difference };
}
