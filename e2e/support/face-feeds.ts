import { livenessPlan, type LivenessPlanOptions } from '../../test-support/faces/face-liveness-plan';
import { frameFace, type FaceFraming } from '../../test-support/faces/face-photo';
import { createFacePoser, type PoserOptions } from '../../test-support/faces/face-poser';
import { handMotionPath, type HandMotion } from './hand-motion';
import { writeMjpeg } from './mjpeg-writer';
import { shiftRgb } from '../../test-support/images/rgb-image';
import { sensorNoise } from '../../test-support/images/sensor-noise';
import { writeStillFeed } from './still-feed';

export interface FaceFeedOptions extends Partial<FaceFraming>, PoserOptions {
  /** The photo's landmarks (see record-face-landmarks.ts); default `<photo>.landmarks.json` beside it. */
  landmarks?: string;
  motion?: HandMotion;
  seed?: number;
}

const SIZE = { width: 640, height: 480 };
const landmarksOf = (photo: string, given?: string) => given ?? photo.replace(/\.[a-z]+$/i, '.landmarks.json');

/**
 * A printed photo of the face held up to the camera: the same framing as the liveness clip, a
 * slow hand-held sway of a few px and sensor noise, 3 s looped. No turn, no blink: it must
 * never pass the liveness check.
 */
export async function writeFaceStillFeed(
  photo: string,
  out: string,
  { landmarks, motion = { driftPx: 2.5, shakePx: 0.5 }, seed = 3, widen, lids, ...framing }: FaceFeedOptions = {},
): Promise<string> {
  const face = await frameFace(photo, landmarksOf(photo, landmarks), { ...SIZE, ...framing });
  // The liveness clip's neutral frame (eyes as wide), so both feeds show the same face.
  const still = createFacePoser(face, { widen, lids })({ yawDeg: 0, closed: 0 });
  return writeStillFeed(still, out, { frames: 90, motion, seed });
}

/**
 * The face photo turned and blinking (see livenessPlan), made by warping the photo with its own
 * face mesh: the recorded landmarks (x, y, z) triangulated with a ring that turns with the head
 * and a still background, rotated about a vertical axis behind the face, texture-mapped per
 * triangle; for blinks the lid points pulled down and the eye opening painted over with skin
 * (see face-poser.ts). Sensor noise on top (a tremor can be asked with `motion`).
 */
export async function writeFaceLivenessFeed(
  photo: string,
  out: string,
  { landmarks, motion = {}, seed = 5, plan: planOptions, widen, lids, ...framing }: FaceFeedOptions & { plan?: LivenessPlanOptions } = {},
): Promise<string> {
  const face = await frameFace(photo, landmarksOf(photo, landmarks), { ...SIZE, ...framing });
  const pose = createFacePoser(face, { widen, lids });
  const plan = livenessPlan(planOptions);
  const noise = sensorNoise({ seed });
  const path = handMotionPath(plan.length, { seed, ...motion });
  return writeMjpeg(out, SIZE, plan.length, (i) => {
    const frame = pose(plan[i]!);
    const [dx, dy] = path[i]!;
    const moved = dx || dy ? shiftRgb(frame, dx, dy) : frame;
    noise.apply(moved);
    return moved;
  });
}
