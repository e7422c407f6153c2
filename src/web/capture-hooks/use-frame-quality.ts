import { useEffect, useState, type RefObject } from 'react';
import { createFrameLoop } from '../capture/frame-loop';
import { DEFAULT_FRAME_QUALITY, type FrameQualityHint } from '../capture/frame-quality';
import { createQualityAnalyser } from '../capture/quality-analyser';
import { createStabiliser } from './hint-stabiliser';

/** Light and focus are slow to change: a few checks a second are plenty and keep phones cool. */
const QUALITY_FPS = 4;
const HOLD_MS = 700;

/** Owns the document frame loop; returns the current light/focus hint (null until the first frame). */
export function useFrameQuality(videoRef: RefObject<HTMLVideoElement | null>, active: boolean): FrameQualityHint | null {
  const [hint, setHint] = useState<FrameQualityHint | null>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!active || !video) return;
    const stabilise = createStabiliser<FrameQualityHint>(HOLD_MS);
    const loop = createFrameLoop({
      video,
      analyse: createQualityAnalyser(),
      onResult: (quality) => setHint(stabilise(quality.hint, performance.now())),
      // A hint is a nicety: without it the person can still take the photo.
      onError: () => loop.stop(),
      maxFps: QUALITY_FPS,
      maxLongEdge: DEFAULT_FRAME_QUALITY.analysisLongEdge,
      willReadFrequently: true,
    });
    loop.start();
    return () => {
      loop.stop();
      setHint(null);
    };
  }, [videoRef, active]);

  return hint;
}
