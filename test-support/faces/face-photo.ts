import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { blankRgb, readRgb, type RgbImage } from '../images/rgb-image';

export type Vec3 = [number, number, number];

/** A face photo framed like a selfie in the camera frame, with its landmarks in frame px. */
export interface FramedFace {
  image: RgbImage;
  /** The 478 FaceLandmarker points in frame px (z in px too, negative = towards the camera). */
  points: Vec3[];
}

export interface FaceFraming {
  width: number;
  height: number;
  /**
   * Face width (cheek to cheek at ear level, landmarks 234–454, what the app measures) as a
   * share of the frame width. The selfie oval covers roughly the central 40–50 % of a 640-px
   * frame on a portrait phone and the app wants the face at 0.55–1.1 of the oval's width:
   * 0.33 sits in the middle of that for any oval in that range.
   */
  faceShare?: number;
  /** Height of the face box's centre (forehead 10 to chin 152), share of the frame height: the oval's centre is at 0.47. */
  centreY?: number;
  /** Where the photo does not reach: a dim wall. */
  background?: readonly [number, number, number];
}

interface LandmarkFixture {
  photo: string;
  width: number;
  height: number;
  landmarks: number[][];
}

export function readLandmarks(path: string): LandmarkFixture {
  const fixture = JSON.parse(readFileSync(path, 'utf8')) as LandmarkFixture;
  if (fixture.landmarks.length !== 478) throw new Error(`${path}: expected 478 landmarks, got ${fixture.landmarks.length}`);
  return fixture;
}

/** `photo` scaled and placed in the frame so the face sits where the selfie oval is, and its landmarks with it. */
export async function frameFace(photo: string, landmarksPath: string, framing: FaceFraming): Promise<FramedFace> {
  const { width, height, faceShare = 0.33, centreY = 0.47, background = [38, 42, 48] } = framing;
  const fixture = readLandmarks(landmarksPath);
  const lm = fixture.landmarks.map((p) => [p[0]!, p[1]!, p[2]!] as Vec3);
  const cheekWidth = Math.hypot(lm[454]![0] - lm[234]![0], lm[454]![1] - lm[234]![1]);
  // Resize to whole pixels, then use the exact scale that gave.
  const scaledWidth = Math.round((fixture.width * faceShare * width) / cheekWidth);
  const scale = scaledWidth / fixture.width;
  const scaledHeight = Math.round(fixture.height * scale);
  const photoRgb = await readRgb(await sharp(photo).resize(scaledWidth, scaledHeight, { fit: 'fill' }).png().toBuffer());
  const cx = ((lm[234]![0] + lm[454]![0]) / 2) * scale;
  const cy = ((lm[10]![1] + lm[152]![1]) / 2) * scale;
  const left = Math.round(width / 2 - cx);
  const top = Math.round(centreY * height - cy);
  const image = blankRgb(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = x - left;
      const sy = y - top;
      const o = (y * width + x) * 3;
      const inside = sx >= 0 && sy >= 0 && sx < photoRgb.width && sy < photoRgb.height;
      const s = (sy * photoRgb.width + sx) * 3;
      for (let c = 0; c < 3; c++) image.data[o + c] = inside ? photoRgb.data[s + c]! : background[c]!;
    }
  }
  return { image, points: lm.map(([x, y, z]) => [x * scale + left, y * scale + top, z * scale]) };
}
