import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { createFaceAnalyser, type FaceAnalyser } from '../capture/face-analyser';
import { detectFaces } from '../capture/face-detector';
import type { FaceHint } from '../capture/face-guidance';
import { createFrameLoop } from '../capture/frame-loop';
import { createStabiliser } from './hint-stabiliser';
import { ovalForVideo } from './oval';

/** A hint must hold this long before it replaces the shown one (no flicker, calm announcements). */
export const HINT_HOLD_MS = 400;

export interface FaceGuidanceState {
  /** Hint to show; null while the detector is still loading (the screen says "getting ready"). */
  hint: FaceHint | null;
  /** The shutter may fire: the shown and the latest hints are both 'ready', or guidance failed. */
  canShoot: boolean;
  /**
   * The detector failed to load or crashed: the screen says so and lets the person shoot.
   * Never set because loading is slow; a slow load keeps the shutter off ('getting ready').
   */
  unguided: boolean;
  /** Forget past frames (after a retake) so stillness is measured afresh. */
  reset: () => void;
}

/** Owns the selfie frame loop: frames → MediaPipe → guidance rules → one stable hint. */
export function useFaceGuidance(videoRef: RefObject<HTMLVideoElement | null>, active: boolean, mirrored = true): FaceGuidanceState {
  const [hint, setHint] = useState<FaceHint | null>(null);
  const [latest, setLatest] = useState<FaceHint | null>(null);
  const [unguided, setUnguided] = useState(false);
  const analyserRef = useRef<FaceAnalyser | null>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!active || !video) return;
    const stabilise = createStabiliser<FaceHint>(HINT_HOLD_MS);
    const analyser = createFaceAnalyser({ detect: detectFaces, getOval: () => ovalForVideo(video, mirrored) });
    analyserRef.current = analyser;
    // The first analysis waits for the detector (prefetched since the welcome screen); until it
    // answers there is no hint and no shutter.
    const loop = createFrameLoop({
      video,
      analyse: analyser.analyse,
      onResult: (result) => {
        setUnguided(false);
        setLatest(result.hint);
        setHint(stabilise(result.hint, performance.now()));
      },
      onError: (error) => {
        // The model or WASM cannot load or run here: stop trying, let the person shoot.
        console.warn('face detection unavailable', error);
        loop.stop();
        setUnguided(true);
      },
    });
    loop.start();
    return () => {
      loop.stop();
      analyserRef.current = null;
      setHint(null);
      setLatest(null);
    };
  }, [videoRef, active, mirrored]);

  const reset = useCallback(() => analyserRef.current?.reset(), []);
  const canShoot = unguided || (hint === 'ready' && latest === 'ready');
  return { hint: unguided ? null : hint, canShoot, unguided, reset };
}
