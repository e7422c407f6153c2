// A selfie picked from the person's files goes through the same face detector and the same
// guidance rules as the live camera (one face, large enough, roughly centred), so the upload
// path is no way around the selfie gate. Rules are looser than live: a still cannot be nudged.
import { DEFAULT_MAX_LONG_EDGE } from './frame-loop';
import { detectFacesInPhoto, type FaceDetection } from './face-detector';
import { DEFAULT_FACE_GUIDANCE, guideFace, type FaceGuidanceThresholds, type OvalGuide } from './face-guidance';
import { ovalForView } from './view-geometry';

export type SelfieProblem = 'no-face' | 'multiple-faces' | 'face-too-small' | 'off-centre';

/** `checked: false`: the detector could not run here, the photo is taken on trust. */
export type SelfieVerdict = { ok: true; checked: boolean } | { ok: false; problem: SelfieProblem };

/**
 * Against the oval a preview of the photo's shape would show: a face at 0.4 of the oval's width
 * (live needs 0.5) is far but still usable; no upper limit (a close crop is fine); centre
 * offsets twice the live ones. No stillness: it is one picture.
 */
export const STILL_SELFIE_GUIDANCE: FaceGuidanceThresholds = {
  ...DEFAULT_FACE_GUIDANCE,
  minWidthRatio: 0.4,
  maxWidthRatio: Infinity,
  maxOffsetX: 0.3,
  maxOffsetY: 0.35,
  stillFrames: 0,
};

/** Face box width in the photo as sent, px: below this there is too little face to compare. */
export const MIN_FACE_PX = 120;

/** The oval of a `width` × `height` photo, normalised like detections. */
export function stillOval(width: number, height: number): OvalGuide {
  const o = ovalForView(width, height);
  return { cx: o.cx / width, cy: o.cy / height, width: o.width / width, height: o.height / height };
}

/** Pure: detections (normalised) on a photo of `width` × `height` px → verdict. */
export function judgeSelfie(
  faces: readonly FaceDetection[],
  width: number,
  height: number,
  thresholds: FaceGuidanceThresholds = STILL_SELFIE_GUIDANCE,
): SelfieVerdict {
  const hint = guideFace({ faces, previous: [], oval: stillOval(width, height) }, thresholds);
  if (hint === 'no-face' || hint === 'multiple-faces' || hint === 'off-centre') return { ok: false, problem: hint };
  if (hint === 'too-far' || faces[0]!.box.width * width < MIN_FACE_PX) return { ok: false, problem: 'face-too-small' };
  return { ok: true, checked: true };
}

export interface SelfieCheckDeps {
  detect: (photo: Blob) => Promise<FaceDetection[]>;
}

const defaultDeps: SelfieCheckDeps = {
  // The size live frames are analysed at, so a face the camera would find is found here too.
  detect: (photo) => detectFacesInPhoto(photo, { maxLongEdge: DEFAULT_MAX_LONG_EDGE }),
};

/**
 * The one place that decides about a picked selfie. When the detector cannot be loaded or run
 * here (model or WebAssembly download failed, old browser, the photo cannot be redrawn), the
 * photo is ACCEPTED unchecked: a person must never be stuck because of our tooling, and the
 * specialist or matching step still sees the photo. Otherwise the rules above decide.
 */
export async function checkSelfiePhoto(
  photo: { blob: Blob; width: number; height: number },
  deps: SelfieCheckDeps = defaultDeps,
): Promise<SelfieVerdict> {
  let faces: FaceDetection[];
  try {
    faces = await deps.detect(photo.blob);
  } catch (error) {
    console.warn('selfie photo not checked: face detection unavailable', error);
    return { ok: true, checked: false };
  }
  return judgeSelfie(faces, photo.width, photo.height);
}

/** `checkFile` of the photo-capture hook for selfies: the problem, or null when it may be used. */
export async function pickedSelfieProblem(photo: { blob: Blob; width: number; height: number }): Promise<SelfieProblem | null> {
  const verdict = await checkSelfiePhoto(photo);
  return verdict.ok ? null : verdict.problem;
}
