import sharp from 'sharp';

/**
 * The service's own look at the liveness evidence: the browser's verdict is never trusted alone.
 * A still photo held to the camera (or the same picture uploaded several times, re-encoded or
 * nudged by a pixel) gives frames that barely differ; a head that turned or eyes that closed
 * change the picture. Each frame is reduced to a 48x48 grey thumbnail of its central area (where
 * the face is), brightness-normalised so a camera's exposure drift does not count as motion.
 */
const SIZE = 48;
/**
 * Mean absolute difference (0..255 levels) the most different action frame must reach against
 * the neutral one. Measured (evidence-check.test.ts): the same photo re-encoded at JPEG quality
 * 60–95, shifted 1–2 px and with sensor noise stays under ~4; the test-made head turns of the
 * e2e clip reach ~15–30. Set in between, nearer the still side: a real person moves more.
 */
export const MIN_FRAME_DIFFERENCE = 7;

async function thumbnail(jpeg: Buffer): Promise<Float64Array> {
  const meta = await sharp(jpeg).metadata();
  const w = meta.width ?? 1;
  const h = meta.height ?? 1;
  // The central 60 % (the selfie oval's region), where a turn or a blink shows.
  const region = { left: Math.round(w * 0.2), top: Math.round(h * 0.15), width: Math.max(1, Math.round(w * 0.6)), height: Math.max(1, Math.round(h * 0.7)) };
  const raw = await sharp(jpeg).extract(region).resize(SIZE, SIZE, { fit: 'fill' }).greyscale().raw().toBuffer();
  const px = Float64Array.from(raw);
  const mean = px.reduce((a, b) => a + b, 0) / px.length;
  const std = Math.sqrt(px.reduce((a, b) => a + (b - mean) ** 2, 0) / px.length) || 1;
  // Normalised to mean 128, spread 48: exposure changes cancel out.
  return px.map((v) => 128 + ((v - mean) / std) * 48);
}

export function meanAbsDifference(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs(a[i]! - b[i]!);
  return s / a.length;
}

/** Largest difference of any frame against the first (the neutral one), in grey levels. */
export async function largestFrameDifference(frames: Buffer[]): Promise<number> {
  if (frames.length < 2) return 0;
  const thumbs = await Promise.all(frames.map(thumbnail));
  return Math.max(...thumbs.slice(1).map((t) => meanAbsDifference(thumbs[0]!, t)));
}

export async function evidenceShowsMotion(frames: Buffer[]): Promise<{ passed: boolean; difference: number }> {
  const difference = await largestFrameDifference(frames);
  return { passed: difference >= MIN_FRAME_DIFFERENCE, difference: Math.round(difference * 10) / 10 };
}
