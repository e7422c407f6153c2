// The phases of the selfie-with-liveness screen as a pure reducer: the component renders the
// phase, the hook feeds it events. No React, no clock.
import type { LivenessAction, LivenessChallenge } from '../../contract/liveness-session';
import type { LivenessResult } from '../../contract/liveness';
import type { LivenessFrameLabel } from '../../contract/liveness';
import type { EncodedImage } from '../capture/encode-image';

export interface Evidence {
  label: LivenessFrameLabel;
  blob: Blob;
}

export interface LivenessOutcome {
  selfie: EncodedImage;
  result: LivenessResult;
  evidence: Evidence[];
}

export type LivenessPhase =
  /** Face models loading: "Getting ready…", no capture. */
  | { kind: 'loading' }
  /** Guidance until one face is centred, close enough, looking straight, eyes open, steady. */
  | { kind: 'position' }
  /** The neutral photo is taken; the challenge is being fetched. */
  | { kind: 'preparing'; selfie: EncodedImage }
  | { kind: 'challenge'; selfie: EncodedImage; challenge: LivenessChallenge; actionIndex: number; action: LivenessAction; progress: number }
  | { kind: 'passed'; outcome: LivenessOutcome }
  /** A try failed and another is allowed. */
  | { kind: 'retry'; failure: LivenessResult['failure'] | 'network'; attemptsLeft: number }
  /** No try left: the person continues; the session is marked failed. */
  | { kind: 'failed'; outcome: LivenessOutcome | null }
  /** The face models cannot load or run on this device. */
  | { kind: 'models-failed' };

export type LivenessEvent =
  | { type: 'models-ready' }
  | { type: 'models-failed' }
  | { type: 'neutral-taken'; selfie: EncodedImage }
  | { type: 'challenge-received'; challenge: LivenessChallenge }
  /** The challenge could not be fetched; `exhausted` when the service allows no more tries. */
  | { type: 'challenge-unavailable'; exhausted: boolean }
  | { type: 'progress'; actionIndex: number; action: LivenessAction; progress: number }
  | { type: 'done'; result: LivenessResult; evidence: Evidence[] }
  | { type: 'try-again' }
  /** Load the face models again (after they failed). */
  | { type: 'reload' };

/** Why a challenge could not be had: the service allows no more tries, or it failed to answer. */

export const initialLivenessPhase: LivenessPhase = { kind: 'loading' };

export function livenessReducer(phase: LivenessPhase, event: LivenessEvent): LivenessPhase {
  switch (event.type) {
    case 'models-ready':
      return phase.kind === 'loading' ? { kind: 'position' } : phase;
    case 'models-failed':
      // A failure after a finished try changes nothing: its outcome is kept.
      return phase.kind === 'passed' || phase.kind === 'failed' ? phase : { kind: 'models-failed' };
    case 'neutral-taken':
      return phase.kind === 'position' ? { kind: 'preparing', selfie: event.selfie } : phase;
    case 'challenge-received': {
      if (phase.kind !== 'preparing') return phase;
      const action = event.challenge.actions[0]!;
      return { kind: 'challenge', selfie: phase.selfie, challenge: event.challenge, actionIndex: 0, action, progress: 0 };
    }
    case 'challenge-unavailable':
      if (phase.kind !== 'preparing') return phase;
      return event.exhausted ? { kind: 'failed', outcome: null } : { kind: 'retry', failure: 'network', attemptsLeft: 1 };
    case 'progress':
      return phase.kind === 'challenge' ? { ...phase, actionIndex: event.actionIndex, action: event.action, progress: event.progress } : phase;
    case 'done': {
      if (phase.kind !== 'challenge') return phase;
      const outcome: LivenessOutcome = {
        selfie: phase.selfie,
        result: { ...event.result, challengeId: phase.challenge.challengeId },
        evidence: event.evidence,
      };
      if (event.result.verdict === 'passed') return { kind: 'passed', outcome };
      const attemptsLeft = Math.max(0, phase.challenge.maxAttempts - phase.challenge.attempt);
      return attemptsLeft > 0 ? { kind: 'retry', failure: event.result.failure, attemptsLeft } : { kind: 'failed', outcome };
    }
    case 'try-again':
      return phase.kind === 'retry' || phase.kind === 'passed' ? { kind: 'position' } : phase;
    case 'reload':
      return phase.kind === 'models-failed' ? { kind: 'loading' } : phase;
  }
}

/** The camera runs (and frames are analysed) in these phases only. */
export function cameraWanted(phase: LivenessPhase): boolean {
  return phase.kind === 'loading' || phase.kind === 'position' || phase.kind === 'preparing' || phase.kind === 'challenge';
}
