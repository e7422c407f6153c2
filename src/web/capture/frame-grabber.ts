// Takes the current frame of the <video> for a Worker. Where the browser has WebCodecs, a
// VideoFrame is handed over as it is (no pixel work here: its colour conversion and scaling
// happen in the Worker, see workers/frame-bitmap.ts); measured in headless Chromium, drawing the
// video into a canvas here instead cost the page 35–70 ms tasks on a busy 2-core machine.
// Elsewhere the frame is drawn, scaled down, into an OffscreenCanvas (or a canvas) and sent as
// an ImageBitmap. Frames are never mirrored.
import { drawVideoFrame, hasVideoFrame } from './video-frame';

export type GrabbedFrame = ImageBitmap | VideoFrame;

/**
 * A VideoFrame only when it shows what the <video> shows: a frame with a pending rotation
 * (phones can deliver sensor-oriented frames with rotation metadata) is not used.
 */
function videoFrameOf(video: HTMLVideoElement): VideoFrame | null {
  const frame = new VideoFrame(video, { timestamp: Math.round(performance.now() * 1000) });
  const rotation = (frame as VideoFrame & { rotation?: number; flip?: boolean }).rotation ?? 0;
  const flip = (frame as VideoFrame & { flip?: boolean }).flip ?? false;
  if (rotation === 0 && !flip && frame.displayWidth === video.videoWidth && frame.displayHeight === video.videoHeight) return frame;
  frame.close();
  return null;
}

/** `maxLongEdge`: the size the Worker works at (the canvas path scales here, the other there). */
export function createFrameGrabber(maxLongEdge: number): (video: HTMLVideoElement) => Promise<GrabbedFrame | null> {
  let useVideoFrame = typeof VideoFrame === 'function';
  let canvas: HTMLCanvasElement | OffscreenCanvas | null = null;
  let offscreen = false;
  return async (video) => {
    if (!hasVideoFrame(video)) return null;
    if (useVideoFrame) {
      try {
        const frame = videoFrameOf(video);
        if (frame) return frame;
      } catch {
        // This browser cannot wrap a video element: the canvas path from now on.
      }
      useVideoFrame = false;
    }
    if (!canvas) {
      const candidate = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(1, 1) : null;
      // Some browsers have OffscreenCanvas without its 2D context.
      offscreen = !!candidate?.getContext('2d');
      canvas = offscreen ? candidate! : document.createElement('canvas');
    }
    if (!drawVideoFrame(video, canvas, maxLongEdge)) return null;
    // transferToImageBitmap hands the pixels over without a copy.
    return offscreen ? (canvas as OffscreenCanvas).transferToImageBitmap() : createImageBitmap(canvas);
  };
}
