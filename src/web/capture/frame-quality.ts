// Cheap light and focus checks for document frames. Pure: works on any RGBA buffer
// (ImageData from a canvas, or a synthetic one in tests).

export interface ImageLike {
  /** RGBA, 4 bytes per pixel, row-major. */
  data: ArrayLike<number>;
  width: number;
  height: number;
}

export interface GreyImage {
  /** Luma 0..255, row-major. */
  data: Float32Array;
  width: number;
  height: number;
}

export type FrameQualityHint = 'too-dark' | 'too-bright' | 'blurry' | 'ok';

export interface FrameQualityThresholds {
  /** Mean luma (0..255) below which the frame is too dark to read. */
  minBrightness: number;
  /** Mean luma above which the frame is washed out. */
  maxBrightness: number;
  /** Share of pixels at luma ≥ 250 (clipped) above which glare hides the document. */
  maxClippedShare: number;
  /** Laplacian variance (on the `analysisLongEdge` grey image) below which it is blurry. */
  minSharpness: number;
  /** Long edge, px, of the grey image the measures run on; sharpness depends on it. */
  analysisLongEdge: number;
}

export const DEFAULT_FRAME_QUALITY: FrameQualityThresholds = {
  minBrightness: 60,
  maxBrightness: 225,
  maxClippedShare: 0.25,
  // Measured at 480 px on a synthetic ID card rendered at 1920 px: crisp 7500, Gaussian blur
  // σ 3 px 690, σ 4 px 220, σ 6 px 42; real photos (faces, a cat) read 400–18000 when crisp.
  // Set low on purpose: it is a hint, and camera noise raises the measure anyway.
  minSharpness: 100,
  analysisLongEdge: 480,
};

/** Rec. 601 luma, box-averaged down so the long edge is at most `maxLongEdge` (never up). */
export function toGrey(img: ImageLike, maxLongEdge = Infinity): GreyImage {
  const factor = Math.max(1, Math.ceil(Math.max(img.width, img.height) / maxLongEdge));
  const width = Math.floor(img.width / factor) || 1;
  const height = Math.floor(img.height / factor) || 1;
  const out = new Float32Array(width * height);
  const src = img.data;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = 0; dy < factor && y * factor + dy < img.height; dy++) {
        let i = ((y * factor + dy) * img.width + x * factor) * 4;
        for (let dx = 0; dx < factor && x * factor + dx < img.width; dx++, i += 4) {
          sum += 0.299 * src[i]! + 0.587 * src[i + 1]! + 0.114 * src[i + 2]!;
          n++;
        }
      }
      out[y * width + x] = sum / n;
    }
  }
  return { data: out, width, height };
}

export function meanBrightness(grey: GreyImage): number {
  let sum = 0;
  for (const v of grey.data) sum += v;
  return grey.data.length ? sum / grey.data.length : 0;
}

export function clippedShare(grey: GreyImage, level = 250): number {
  let n = 0;
  for (const v of grey.data) if (v >= level) n++;
  return grey.data.length ? n / grey.data.length : 0;
}

/** Variance of the 4-neighbour Laplacian over interior pixels: high for crisp edges. */
export function laplacianVariance(grey: GreyImage): number {
  const { data, width, height } = grey;
  if (width < 3 || height < 3) return 0;
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const lap = data[i - width]! + data[i + width]! + data[i - 1]! + data[i + 1]! - 4 * data[i]!;
      sum += lap;
      sumSq += lap * lap;
      n++;
    }
  }
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

export interface FrameQuality {
  hint: FrameQualityHint;
  brightness: number;
  clipped: number;
  sharpness: number;
}

/** Light first (a dark frame also looks blurry), then focus. */
export function assessFrameQuality(
  img: ImageLike,
  thresholds: FrameQualityThresholds = DEFAULT_FRAME_QUALITY,
): FrameQuality {
  const grey = toGrey(img, thresholds.analysisLongEdge);
  const brightness = meanBrightness(grey);
  const clipped = clippedShare(grey);
  const sharpness = laplacianVariance(grey);
  let hint: FrameQualityHint = 'ok';
  if (brightness < thresholds.minBrightness) hint = 'too-dark';
  else if (brightness > thresholds.maxBrightness || clipped > thresholds.maxClippedShare) hint = 'too-bright';
  else if (sharpness < thresholds.minSharpness) hint = 'blurry';
  return { hint, brightness, clipped, sharpness };
}
