// Head pose, eye openness and face geometry from MediaPipe face-mesh landmarks. Pure: no DOM.
//
// Frames are analysed as the camera delivers them, NOT mirrored (the selfie preview is mirrored
// for display only), so image-left is the person's right. Every angle here is in the person's
// own terms: yaw > 0 = the person turned to their own left (the nose moves to image-right);
// pitch > 0 = chin up.

/** One face-mesh point: x, y in 0..1 of the frame's width / height; z depth in units of x. */
export interface Landmark {
  x: number;
  y: number;
  z: number;
}

/** Landmarks indexed by face-mesh index; only MEASURED_LANDMARKS must be present. */
export type Landmarks = ArrayLike<Landmark | undefined>;

/** Eye contours for the eye aspect ratio: corner, upper ×2, corner, lower ×2 (p1…p6). */
export const RIGHT_EYE = [33, 160, 158, 133, 153, 144] as const;
export const LEFT_EYE = [362, 385, 387, 263, 373, 380] as const;
/** The person's right (image-left) and left cheek at ear level; forehead top; chin; nose. */
export const RIGHT_CHEEK = 234;
export const LEFT_CHEEK = 454;
export const FOREHEAD = 10;
export const CHIN = 152;
export const NOSE_TIP = 1;
export const NOSE_BRIDGE = 168;

/** Inter-landmark distances of the identity signature, each divided by the outer-eye distance. */
const SIGNATURE_PAIRS: ReadonlyArray<readonly [number, number]> = [
  [133, 362], // inner eye corners
  [33, 133], // right eye width
  [362, 263], // left eye width
  [NOSE_BRIDGE, NOSE_TIP], // nose length
  [NOSE_TIP, CHIN], // nose to chin
  [NOSE_BRIDGE, CHIN], // lower face height
  [FOREHEAD, NOSE_BRIDGE], // upper face height
  [RIGHT_CHEEK, LEFT_CHEEK], // face width
];
const SIGNATURE_SCALE: readonly [number, number] = [33, 263];

/** Every landmark the measures read (what recorded fixtures keep). */
export const MEASURED_LANDMARKS: readonly number[] = [
  ...new Set([...RIGHT_EYE, ...LEFT_EYE, RIGHT_CHEEK, LEFT_CHEEK, FOREHEAD, CHIN, NOSE_TIP, NOSE_BRIDGE]),
].sort((a, b) => a - b);

export interface FaceBox {
  /** Normalised to the frame like the landmarks. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FaceMeasures {
  yawDeg: number;
  pitchDeg: number;
  /** In-plane tilt of the line between the outer eye corners, image-plane degrees. */
  rollDeg: number;
  /** Mean eye aspect ratio of both eyes (open ≈ 0.2–0.32 with this model, closed ≈ 0.1–0.2). */
  eyeOpenness: number;
  /** Box around the measured points (cheek to cheek, forehead top to chin), frame-normalised. */
  box: FaceBox;
  centre: { x: number; y: number };
  /** Box width as a share of the frame width. */
  size: number;
  /**
   * Box height / width in px. A blink leaves it alone (the eyes are inside the box), while
   * anything that squashes the whole face (a photo tilted back, a nod) changes it as much as it
   * changes the eyes' aspect ratio.
   */
  aspect: number;
  /** Distance ratios that stay put under pose and distance but differ between people. */
  signature: number[];
}

export interface FrameSize {
  /** px: landmarks are normalised per axis, so distances need the frame's aspect ratio. */
  width: number;
  height: number;
}

const DEG = 180 / Math.PI;

function point(landmarks: Landmarks, index: number, frame: FrameSize): [number, number, number] {
  const p = landmarks[index];
  if (!p) throw new Error(`landmark ${index} missing`);
  // z is in units of the frame width (MediaPipe's convention), like x.
  return [p.x * frame.width, p.y * frame.height, p.z * frame.width];
}

function dist2d(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!);
}

function dist3d(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
}

/** (|p2−p6| + |p3−p5|) / (2 |p1−p4|) in px of the image plane. */
export function eyeAspectRatio(landmarks: Landmarks, eye: readonly number[], frame: FrameSize): number {
  const [p1, p2, p3, p4, p5, p6] = eye.map((i) => point(landmarks, i, frame));
  const width = dist2d(p1!, p4!);
  return width > 0 ? (dist2d(p2!, p6!) + dist2d(p3!, p5!)) / (2 * width) : 0;
}

/**
 * Yaw and pitch from the facial transformation matrix (4×4, column-major as tasks-vision gives
 * it): it maps the canonical face (x towards the face's left, y up, z out of the face) into
 * camera space (x right, y up, z towards the viewer), so its third column is where the face
 * points. Roll (in-plane rotation) leaves that column alone: tilting a photo is not a turn.
 */
export function poseFromMatrix(m: ArrayLike<number>): { yawDeg: number; pitchDeg: number } {
  const fx = m[8]!;
  const fy = m[9]!;
  const fz = m[10]!;
  return { yawDeg: Math.atan2(fx, fz) * DEG, pitchDeg: Math.atan2(fy, Math.hypot(fx, fz)) * DEG };
}

/**
 * Fallback without a matrix: depth difference across the face (cheek to cheek for yaw, forehead
 * to chin for pitch). Rougher (landmark z is noisy) and offset by the face's shape; only
 * meaningful relative to the same person's neutral.
 */
export function poseFromLandmarks(landmarks: Landmarks, frame: FrameSize): { yawDeg: number; pitchDeg: number } {
  const right = point(landmarks, RIGHT_CHEEK, frame);
  const left = point(landmarks, LEFT_CHEEK, frame);
  const top = point(landmarks, FOREHEAD, frame);
  const chin = point(landmarks, CHIN, frame);
  // Turning to one's left takes the left cheek away from the camera (larger z).
  const yawDeg = Math.atan2(left[2] - right[2], dist2d(left, right)) * DEG;
  // Chin up takes the forehead away and brings the chin closer.
  const pitchDeg = Math.atan2(top[2] - chin[2], dist2d(top, chin)) * DEG;
  return { yawDeg, pitchDeg };
}

export function identitySignature(landmarks: Landmarks, frame: FrameSize): number[] {
  const scale = dist3d(point(landmarks, SIGNATURE_SCALE[0], frame), point(landmarks, SIGNATURE_SCALE[1], frame));
  if (!(scale > 0)) return SIGNATURE_PAIRS.map(() => 0);
  return SIGNATURE_PAIRS.map(([a, b]) => dist3d(point(landmarks, a, frame), point(landmarks, b, frame)) / scale);
}

/** Mean relative difference between two signatures (0.05 = 5 %). */
export function signatureDistance(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  if (n === 0) return 0;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.abs(a[i]! - b[i]!) / Math.max(1e-6, (a[i]! + b[i]!) / 2);
  return sum / n;
}

export function measureFace(landmarks: Landmarks, frame: FrameSize, matrix?: ArrayLike<number> | null): FaceMeasures {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const i of MEASURED_LANDMARKS) {
    const p = landmarks[i];
    if (!p) throw new Error(`landmark ${i} missing`);
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  const box = { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
  const pose = matrix && matrix.length >= 16 ? poseFromMatrix(matrix) : poseFromLandmarks(landmarks, frame);
  const right = point(landmarks, RIGHT_EYE[0], frame);
  const left = point(landmarks, LEFT_EYE[3], frame);
  return {
    ...pose,
    rollDeg: Math.atan2(left[1] - right[1], left[0] - right[0]) * DEG,
    eyeOpenness: (eyeAspectRatio(landmarks, RIGHT_EYE, frame) + eyeAspectRatio(landmarks, LEFT_EYE, frame)) / 2,
    box,
    centre: { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    size: box.width,
    aspect: box.width > 0 ? (box.height * frame.height) / (box.width * frame.width) : 0,
    signature: identitySignature(landmarks, frame),
  };
}
