import { useEffect, useRef, useState, type RefObject } from 'react';
import type { BarcodeEngine } from '../capture/barcode/barcode-engine';
import { guideForVideo } from './guide';

/** Frames without a read before "move closer" (~1.5 s at BARCODE_FPS): a first look at arm's length is normal. */
const MISSES_BEFORE_CLOSER = 6;

export interface BarcodeGuidance {
  /** A PDF417 was decoded in a live frame: take the picture now (once per live session). */
  decoded: boolean;
  /** What to tell the person while it is not: null at first, then 'barcode-closer'. */
  hint: 'barcode-closer' | null;
  /** The decoder could not start here (no Worker, no WebAssembly): the shutter is the way. */
  unavailable: boolean;
  reset: () => void;
}

/**
 * Owns the licence back's barcode loop: while `active` (the camera is live on a step whose
 * document carries a PDF417), frames cropped to the guide go to the barcode engine, loaded on
 * first use (its Worker and ZXing's WebAssembly are fetched only on this step).
 */
export function useBarcodeGuidance(
  videoRef: RefObject<HTMLVideoElement | null>,
  guideRef: RefObject<HTMLElement | null>,
  enabled: boolean,
  active: boolean,
): BarcodeGuidance {
  const [decoded, setDecoded] = useState(false);
  const [hint, setHint] = useState<BarcodeGuidance['hint']>(null);
  const [unavailable, setUnavailable] = useState(false);
  const engineRef = useRef<BarcodeEngine | null>(null);

  useEffect(() => () => {
    engineRef.current?.dispose();
    engineRef.current = null;
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!enabled || !active || !video) return;
    let cancelled = false;
    let cleanup = () => undefined as void;
    void import('../capture/barcode/barcode-engine').then(({ createBarcodeEngine }) => {
      if (cancelled) return;
      let engine: BarcodeEngine;
      try {
        engine = engineRef.current ?? createBarcodeEngine();
      } catch {
        setUnavailable(true);
        return;
      }
      engineRef.current = engine;
      const unsubscribe = engine.subscribe((u) => {
        if (u.decoded) setDecoded(true);
        else if (u.misses >= MISSES_BEFORE_CLOSER) setHint('barcode-closer');
      });
      engine.start(video, () => guideForVideo(video, guideRef.current));
      cleanup = () => { unsubscribe(); engine.stop(); };
    }, () => { if (!cancelled) setUnavailable(true); });
    return () => {
      cancelled = true;
      cleanup();
      setDecoded(false);
      setHint(null);
    };
  }, [videoRef, guideRef, enabled, active]);

  return { decoded, hint, unavailable, reset: () => { setDecoded(false); setHint(null); } };
}
