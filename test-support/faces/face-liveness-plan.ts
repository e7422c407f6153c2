/** One frame of the liveness clip: head yaw (rendered, degrees; > 0 = the person's own left) and eyes closed 0..1. */
export interface FacePose {
  yawDeg: number;
  closed: number;
}

export interface LivenessPlanOptions {
  /** Rendered turn angle, degrees: the landmarker reads about 0.7 of it; the app needs 18° read. */
  turnDeg?: number;
  /** Frames (30 fps) of each stretch. */
  neutralStartFrames?: number;
  turnFrames?: number;
  pauseFrames?: number;
  blinkClosedFrames?: number;
}

const NEUTRAL: FacePose = { yawDeg: 0, closed: 0 };
const hold = (n: number, pose: FacePose = NEUTRAL): FacePose[] => Array.from({ length: n }, () => ({ ...pose }));
/** 0 → 1 → 0 over n frames, smooth at both ends like a real head movement. */
const swing = (n: number) => Array.from({ length: n }, (_, i) => (1 - Math.cos((2 * Math.PI * (i + 1)) / (n + 1))) / 2);

/** Out to `deg` and back: eased out, a short hold at the far end, eased back. */
function turn(deg: number, frames: number): FacePose[] {
  const move = Math.round(frames / 3);
  const out = swing(2 * move).slice(0, move);
  return [
    ...out.map((k) => ({ yawDeg: deg * k, closed: 0 })),
    ...hold(frames - 2 * move, { yawDeg: deg, closed: 0 }),
    ...[...out].reverse().map((k) => ({ yawDeg: deg * k, closed: 0 })),
  ];
}

/** Lids down in 2 frames, shut for `closedFrames`, up in 2 (real blinks last 100–400 ms; the clip uses 300 ms so that a busy phone analysing every second or third frame still sees the lids shut). */
function blink(closedFrames: number): FacePose[] {
  return [{ yawDeg: 0, closed: 0.4 }, { yawDeg: 0, closed: 0.8 }, ...hold(closedFrames, { yawDeg: 0, closed: 1 }),
    { yawDeg: 0, closed: 0.7 }, { yawDeg: 0, closed: 0.3 }];
}

/**
 * The head-turn-and-blink clip, 30 fps, ~8 s, looped by Chromium: 1.5 s facing the camera and
 * still (the app takes its neutral picture from such a stretch; each camera open restarts the
 * clip here), turn to the person's left and back, pause, blink, pause, turn right and back,
 * pause, blink, pause. The challenge asks 2 of turn-left / turn-right / blink with 12 s each, so
 * every action must come round within any 12 s: one loop (≤ 8 s) holds each at least once.
 */
export function livenessPlan({
  turnDeg = 45,
  neutralStartFrames = 45,
  turnFrames = 45,
  pauseFrames = 21,
  blinkClosedFrames = 9,
}: LivenessPlanOptions = {}): FacePose[] {
  return [
    ...hold(neutralStartFrames),
    ...turn(turnDeg, turnFrames), ...hold(pauseFrames),
    ...blink(blinkClosedFrames), ...hold(pauseFrames),
    ...turn(-turnDeg, turnFrames), ...hold(pauseFrames),
    ...blink(blinkClosedFrames), ...hold(pauseFrames),
  ];
}
