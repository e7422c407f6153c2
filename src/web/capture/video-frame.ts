// Copies the current video frame onto a 2D canvas. Detection and capture always work on such a
// copy, never on the <video> itself: under headless Chromium with a scaled fake camera a WebGL
// upload of the video element reads the wrong region of the frame.

/** HAVE_CURRENT_DATA: a frame is available to draw. */
const HAVE_CURRENT_DATA = 2;

export function hasVideoFrame(video: HTMLVideoElement): boolean {
  return video.readyState >= HAVE_CURRENT_DATA && video.videoWidth > 0 && video.videoHeight > 0;
}

/** Size that fits `maxLongEdge` (px) keeping the aspect ratio; never larger than the source. */
export function fitLongEdge(
  width: number,
  height: number,
  maxLongEdge: number,
): { width: number; height: number } {
  const scale = Math.min(1, maxLongEdge / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

export function get2dContext(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  willReadFrequently = false,
): CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D {
  const ctx = canvas.getContext('2d', { willReadFrequently }) as
    | CanvasRenderingContext2D
    | OffscreenCanvasRenderingContext2D
    | null;
  if (!ctx) throw new Error('2D canvas is not available');
  return ctx;
}

/**
 * Draws the current frame into `canvas`, resizing the canvas to the frame scaled down to
 * `maxLongEdge` px. Returns false (and draws nothing) when no frame is available yet.
 */
export function drawVideoFrame(
  video: HTMLVideoElement,
  canvas: HTMLCanvasElement | OffscreenCanvas,
  maxLongEdge = Infinity,
  willReadFrequently = false,
): boolean {
  if (!hasVideoFrame(video)) return false;
  const size = fitLongEdge(video.videoWidth, video.videoHeight, maxLongEdge);
  if (canvas.width !== size.width) canvas.width = size.width;
  if (canvas.height !== size.height) canvas.height = size.height;
  get2dContext(canvas, willReadFrequently).drawImage(video, 0, 0, size.width, size.height);
  return true;
}
