import { useEffect, useRef, useState, type RefObject } from 'react';
import type { DocumentHint } from '../../vision/document/types';
import { createDocumentEngine, type DocumentEngine } from '../capture/document-engine';
import { guideForVideo } from './guide';
import { createStabiliser } from './hint-stabiliser';

/** A hint must hold this long before it replaces the shown one (calm text, calm announcements). */
const HOLD_MS = 500;
/** The manual shutter appears after this long with a live camera: auto-capture gets the first go. */
export const SHUTTER_FALLBACK_MS = 5000;

export interface DocumentGuidance {
  /** Steadied hint to show; null until the first analysed frame. */
  hint: DocumentHint | null;
  /** Set once per live session when the engine says take it now; cleared by reset(). */
  autoCapture: boolean;
  /** The manual shutter is offered (after SHUTTER_FALLBACK_MS, or when analysis cannot run). */
  shutterVisible: boolean;
  /** Latest frame's analysis time, ms (the benchmark reads it from the stage). */
  analyseMs: number | null;
  reset: () => void;
}

/**
 * Owns the document frame loop: frames go to the document engine (a Worker where the browser
 * has one), which finds the card, judges light, glare, focus and motion, and says when to take
 * the picture. `guideRef` is the on-screen card frame, mapped into the video's coordinates.
 * `otherSide`: the photo of the side already accepted (the front, on the back step); until the
 * card shown clearly differs from it the hint is 'turn-over' and nothing is taken.
 */
export function useDocumentGuidance(
  videoRef: RefObject<HTMLVideoElement | null>,
  guideRef: RefObject<HTMLElement | null>,
  active: boolean,
  otherSide: Blob | null = null,
): DocumentGuidance {
  const [hint, setHint] = useState<DocumentHint | null>(null);
  const [autoCapture, setAutoCapture] = useState(false);
  const [shutterVisible, setShutterVisible] = useState(false);
  const [analyseMs, setAnalyseMs] = useState<number | null>(null);
  const engineRef = useRef<DocumentEngine | null>(null);

  useEffect(() => () => {
    engineRef.current?.dispose();
    engineRef.current = null;
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!active || !video) return;
    let engine: DocumentEngine;
    try {
      engine = engineRef.current ?? createDocumentEngine();
    } catch {
      // No way to analyse frames here: the shutter is the way, and the photo check still runs.
      setShutterVisible(true);
      return;
    }
    engineRef.current = engine;
    engine.setReference(otherSide);
    const stabilise = createStabiliser<DocumentHint>(HOLD_MS);
    const unsubscribe = engine.subscribe((update) => {
      setHint(stabilise(update.hint, performance.now()));
      setAnalyseMs(update.analyseMs);
      if (update.capture) setAutoCapture(true);
    });
    engine.start(video, () => guideForVideo(video, guideRef.current));
    const timer = setTimeout(() => setShutterVisible(true), SHUTTER_FALLBACK_MS);
    return () => {
      clearTimeout(timer);
      unsubscribe();
      engine.stop();
      setHint(null);
      setAutoCapture(false);
      setShutterVisible(false);
    };
  }, [videoRef, guideRef, active, otherSide]);

  return {
    hint,
    autoCapture,
    shutterVisible,
    analyseMs,
    reset: () => {
      engineRef.current?.reset();
      setAutoCapture(false);
    },
  };
}
