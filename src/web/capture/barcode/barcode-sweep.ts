// The turns a licence back's picture is decoded at. ZXing's PDF417 detector holds only about 3° of
// tilt (measured on the real set: bench/results/real-data-barcodes.md), and a card held by hand
// is rarely level, so live frames are decoded at the turns of SWEEP_DEG in turn, one turn a frame:
// a level card still reads on the first frame; one held 18° off reads within the sweep (seven
// frames, under 2 s at BARCODE_FPS), for the cost of one decode a frame as before.

/** Turns in degrees (counter-clockwise on screen), level first; about 6° apart, so the ±3° each holds overlap. */
export const SWEEP_DEG = [0, 6, -6, 12, -12, 18, -18] as const;

/** The turn of the n-th decode of a sweep (0-based; it starts again after the last). */
export const sweepAngle = (n: number): number => SWEEP_DEG[((n % SWEEP_DEG.length) + SWEEP_DEG.length) % SWEEP_DEG.length]!;

/** The bounding box, in whole px, of a w×h picture turned by `deg`. */
export function rotatedSize(w: number, h: number, deg: number): { width: number; height: number } {
  if (deg === 0) return { width: w, height: h };
  const r = (Math.abs(deg) * Math.PI) / 180;
  return { width: Math.ceil(w * Math.cos(r) + h * Math.sin(r)), height: Math.ceil(w * Math.sin(r) + h * Math.cos(r)) };
}
