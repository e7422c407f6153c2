import { useCallback, useEffect, useReducer, useRef, useState, type Dispatch, type RefObject } from 'react';
import type { LivenessChallenge } from '../../contract/liveness-session';
import { integritySignals, trackFactsOf, watchFrameTiming } from '../capture/camera-integrity';
import { encodeVideoFrame } from '../capture/encode-image';
import { createFaceEngine, type FaceEngine, type FaceEngineHint } from '../capture/face-engine';
import { createStabiliser } from './hint-stabiliser';
import { ChallengeUnavailable } from './challenge-unavailable';
import { initialLivenessPhase, livenessReducer, type LivenessEvent, type LivenessPhase } from './liveness-state';
import { ovalForVideo } from './oval';
import { finishTry } from './finish-try';
import { faceRegion, runScreenLight, type LightCapture } from './screen-light';

/** A hint must hold this long before it replaces the shown one. */
const HINT_HOLD_MS = 400;
/** 'ready' must hold this long before the neutral photo is taken by itself. */
const READY_HOLD_MS = 600;

let shared: FaceEngine | null = null;

/** One engine (one Worker, one model load) per page, shared by every selfie screen. */
export function sharedFaceEngine(): FaceEngine {
  shared ??= createFaceEngine();
  return shared;
}

/** Frees the shared engine (its Worker and model); the next selfie screen makes a new one. */
export function disposeSharedFaceEngine(): void {
  shared?.dispose();
  shared = null;
}

/** Starts loading the face models while the person reads earlier screens. */
export function prefetchFaceEngine(): void {
  try {
    void sharedFaceEngine().load().catch(() => undefined);
  } catch {
    // No engine on this browser: the selfie screen says so when it is reached.
  }
}

/** The screen's phase, owned by the component so the camera can follow it (see cameraWanted). */
export function useLivenessPhase(): [LivenessPhase, Dispatch<LivenessEvent>] {
  return useReducer(livenessReducer, initialLivenessPhase);
}

export interface LivenessState {
  /** Guidance hint while positioning (null while the models load). */
  hint: FaceEngineHint | null;
  analyseMs: number | null;
  tryAgain: () => void;
  /** Load the models again after a failure. */
  reload: () => void;
  /** The colour the screen shows for the screen-light check ('#rrggbb'), null when none. */
  lightColour: string | null;
}

/**
 * Owns the selfie frame loop: frames → face engine (a Worker) → guidance; takes the neutral
 * photo by itself when the face is ready and steady, fetches a challenge, runs it and keeps
 * its evidence. `live`: the camera is showing frames.
 */
export function useLiveness(
  [phase, dispatch]: [LivenessPhase, Dispatch<LivenessEvent>],
  videoRef: RefObject<HTMLVideoElement | null>,
  live: boolean,
  requestChallenge: (previousFailure?: string) => Promise<LivenessChallenge>,
): LivenessState {
  const [hint, setHint] = useState<FaceEngineHint | null>(null);
  const [analyseMs, setAnalyseMs] = useState<number | null>(null);
  const [loadAttempt, setLoadAttempt] = useState(0);
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  const requestRef = useRef(requestChallenge);
  requestRef.current = requestChallenge;
  const [lightColour, setLightColour] = useState<string | null>(null);
  // The try in progress: its challenge; why the last try failed on this device (told to the
  // service with the next challenge request, for the trace).
  const challengeRef = useRef<LivenessChallenge | null>(null);
  const failureRef = useRef<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let engine: FaceEngine;
    try {
      engine = sharedFaceEngine();
    } catch {
      dispatch({ type: 'models-failed' });
      return;
    }
    engine.load().then(
      () => { if (!cancelled) dispatch({ type: 'models-ready' }); },
      () => { if (!cancelled) dispatch({ type: 'models-failed' }); },
    );
    return () => { cancelled = true; };
  }, [loadAttempt, dispatch]);

  const running = live && (phase.kind === 'position' || phase.kind === 'preparing' || phase.kind === 'challenge');
  useEffect(() => {
    const video = videoRef.current;
    if (!running || !video) return;
    const engine = sharedFaceEngine();
    const stabilise = createStabiliser<FaceEngineHint>(HINT_HOLD_MS);
    let readySince: number | null = null;
    let taking = false;
    let active = true;
    const timing = watchFrameTiming(video);
    const signals = () => {
      const facts = trackFactsOf(video);
      return facts ? integritySignals(facts, timing.intervals) : [];
    };
    const unsubscribe = engine.subscribe((update) => {
      const now = performance.now();
      if (update.kind === 'error') {
        dispatch({ type: 'models-failed' });
        return;
      }
      if (update.kind === 'guidance') {
        setAnalyseMs(update.analyseMs);
        setHint(stabilise(update.hint, now));
        if (phaseRef.current.kind !== 'position' || taking) return;
        readySince = update.hint === 'ready' ? (readySince ?? now) : null;
        if (readySince !== null && now - readySince >= READY_HOLD_MS) {
          taking = true;
          void takeNeutral(video, engine).finally(() => { taking = false; readySince = null; });
        }
        return;
      }
      if (update.kind === 'challenge') {
        if (update.hint) setHint(stabilise(update.hint, now));
        dispatch({ type: 'progress', actionIndex: update.actionIndex, action: update.action, progress: update.progress });
        return;
      }
      const challenge = challengeRef.current;
      if (!challenge) return;
      void screenLight(video, challenge, () => active).then((light) => finishTry(challenge, update.result, update.evidence, light, signals())).then((done) => {
        if (!active) return;
        failureRef.current = done.result.verdict === 'failed' ? done.result.failure ?? 'timeout' : null;
        dispatch({ type: 'done', result: done.result, evidence: done.evidence });
      });
    });
    engine.start(video, { mirrored: true, getOval: () => ovalForVideo(video, true) });
    return () => {
      active = false;
      timing.stop();
      setLightColour(null);
      unsubscribe();
      engine.cancelChallenge();
      engine.stop();
      setHint(null);
    };
    // takeNeutral only reads refs and dispatch: the loop restarts only when running changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running, videoRef, dispatch]);

  async function takeNeutral(video: HTMLVideoElement, engine: FaceEngine): Promise<void> {
    let selfie;
    try {
      selfie = await encodeVideoFrame(video, 'selfie');
    } catch {
      return;
    }
    dispatch({ type: 'neutral-taken', selfie });
    try {
      const challenge = await requestRef.current(failureRef.current ?? undefined);
      failureRef.current = null;
      challengeRef.current = challenge;
      dispatch({ type: 'challenge-received', challenge });
      engine.startChallenge(challenge);
    } catch (error) {
      dispatch({ type: 'challenge-unavailable', exhausted: error instanceof ChallengeUnavailable && error.exhausted });
    }
  }

  /**
   * The screen-light part of the try, run once the actions are done (the person faces the
   * screen again; run before them, a moving head would spoil the neutral pose the actions are
   * judged against). Null when the challenge has none or no frame could be had (inconclusive).
   */
  async function screenLight(video: HTMLVideoElement, challenge: LivenessChallenge, isActive: () => boolean): Promise<LightCapture | null> {
    if (!challenge.screenLight || !isActive()) return null;
    const { colours, stepMs } = challenge.screenLight;
    const show = (colour: string | null) => { if (isActive() || colour === null) setLightColour(colour); };
    return runScreenLight(video, colours, stepMs, show, faceRegion(ovalForVideo(video, true))).catch(() => null);
  }

  const tryAgain = useCallback(() => dispatch({ type: 'try-again' }), [dispatch]);
  const reload = useCallback(() => {
    disposeSharedFaceEngine();
    dispatch({ type: 'reload' });
    setLoadAttempt((n) => n + 1);
  }, [dispatch]);
  return { hint, analyseMs, tryAgain, reload, lightColour };
}
