import type { LivenessRecheckResult } from '../../contract/automatic-checks';
import type { LivenessFrameLabel } from '../../contract/liveness';
import type { EvidenceFrameAnalysis } from './analysis/session-analysis';
import { FACE_MATCH_MAX, FACE_MISMATCH_MIN } from './face-thresholds';

/**
 * Thresholds of the server's own look at the liveness evidence (the browser's verdict is never
 * trusted alone). Measured on the e2e clip's evidence (docs/decisions.md): a real turn moves the
 * yaw 20–25° from the neutral frame and a blink drops the eye openness to ~0.5 of the neutral
 * one; a still photo moves neither (0°, ratio 1.0).
 */
export const MIN_TURN_DEG = 12;
export const MAX_BLINK_RATIO = 0.75;
/** Frontal evidence frames (neutral, blink, return) against the selfie: as the face match. */
export const EVIDENCE_SAME_MAX = FACE_MATCH_MAX;
/**
 * Turned faces embed further from a frontal selfie. 0.65 accepts 2.7 % of different people on
 * the real set's photos: acceptable for frames that must also follow the challenge within the
 * same session, not for the face match itself.
 */
export const EVIDENCE_TURNED_SAME_MAX = 0.65;
/** Another person, as for the face match (0.17 % of same-person pairs lie this far apart). */
export const EVIDENCE_OTHER_MIN = FACE_MISMATCH_MIN;

export type LivenessRecheck = LivenessRecheckResult;
type RecheckVerdict = LivenessRecheck['verdict'];

const TURNS: LivenessFrameLabel[] = ['turn-left', 'turn-right'];
const round = (v: number) => Math.round(v * 1000) / 1000;

/**
 * Did the head really turn or the eyes really close between frames, and is every frame the
 * selfie's person? `actions` are the challenge's actions (what the frames must show).
 */
export function recheckLiveness(evidence: EvidenceFrameAnalysis[], actions: string[]): LivenessRecheck {
  const notes: string[] = [];
  const neutral = evidence.find((f) => f.label === 'neutral')?.face ?? null;
  const base = { turnDeg: null, blinkRatio: null, maxDistance: null };
  if (!neutral) return { verdict: 'uncertain', ...base, notes: ['no face on the neutral evidence frame'] };
  if (evidence.some((f) => !f.face)) notes.push('an evidence frame shows no face');
  if (evidence.some((f) => f.face && f.face.faces > 1)) notes.push('an evidence frame shows more than one face');

  const turns = evidence.filter((f) => TURNS.includes(f.label) && f.face);
  const blinks = evidence.filter((f) => f.label === 'blink' && f.face);
  const turnDeg = turns.length ? round(Math.max(...turns.map((f) => Math.abs(f.face!.yawDeg - neutral.yawDeg)))) : null;
  const blinkRatio = blinks.length && neutral.eyeOpenness > 0
    ? round(Math.min(...blinks.map((f) => f.face!.eyeOpenness / neutral.eyeOpenness))) : null;

  const wantsTurn = actions.some((a) => a === 'turn-left' || a === 'turn-right');
  const wantsBlink = actions.includes('blink');
  const turned = turnDeg !== null && turnDeg >= MIN_TURN_DEG;
  const blinked = blinkRatio !== null && blinkRatio <= MAX_BLINK_RATIO;
  if (wantsTurn && !turned) notes.push(`head turn not seen (${turnDeg ?? 'no frame'}°, needs ${MIN_TURN_DEG}°)`);
  if (wantsBlink && !blinked) notes.push(`blink not seen (eye ratio ${blinkRatio ?? 'no frame'}, needs ≤ ${MAX_BLINK_RATIO})`);

  const distances = evidence.filter((f) => f.distanceToSelfie !== null);
  const maxDistance = distances.length ? round(Math.max(...distances.map((f) => f.distanceToSelfie!))) : null;
  const other = distances.some((f) => f.distanceToSelfie! >= EVIDENCE_OTHER_MIN);
  const unsure = distances.some((f) => f.distanceToSelfie! > (TURNS.includes(f.label) ? EVIDENCE_TURNED_SAME_MAX : EVIDENCE_SAME_MAX));
  if (other) notes.push(`an evidence frame shows another person than the selfie (distance ${maxDistance})`);
  else if (unsure) notes.push(`an evidence frame is not clearly the selfie's person (distance ${maxDistance})`);
  if (distances.length < evidence.length) notes.push('an evidence frame could not be compared with the selfie');

  const sawNothing = !turned && !blinked && (turns.length + blinks.length > 0) && evidence.every((f) => f.face);
  let verdict: RecheckVerdict;
  if (other) verdict = 'other_person';
  else if (sawNothing) verdict = 'no_motion';
  else if (notes.length > 0 || (wantsTurn && !turned) || (wantsBlink && !blinked)) verdict = 'uncertain';
  else verdict = 'passed';
  return { verdict, turnDeg, blinkRatio, maxDistance, notes };
}
