// Face boxes as the face detector reports them, normalised to the image it looked at. Pure.

/** Normalised to the analysed image: 0..1 of its width (x, width) and height (y, height). */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FaceDetection {
  box: FaceBox;
  /** Detector confidence, 0..1. */
  score: number;
}

export function toFaceDetections(
  detections: ReadonlyArray<{
    boundingBox?: { originX: number; originY: number; width: number; height: number };
    categories: ReadonlyArray<{ score: number }>;
  }>,
  frameWidth: number,
  frameHeight: number,
): FaceDetection[] {
  const out: FaceDetection[] = [];
  for (const d of detections) {
    if (!d.boundingBox) continue;
    const { originX, originY, width, height } = d.boundingBox;
    out.push({
      box: { x: originX / frameWidth, y: originY / frameHeight, width: width / frameWidth, height: height / frameHeight },
      score: d.categories[0]?.score ?? 0,
    });
  }
  return out;
}
