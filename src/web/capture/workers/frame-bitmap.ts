// In a Worker: a grabbed frame (frame-grabber.ts) as an ImageBitmap of at most `maxLongEdge` px.
// A VideoFrame is converted here, off the page's thread, and closed.
import { fitLongEdge } from '../video-frame';

const isVideoFrame = (frame: ImageBitmap | VideoFrame): frame is VideoFrame =>
  typeof VideoFrame === 'function' && frame instanceof VideoFrame;

export async function frameBitmap(frame: ImageBitmap | VideoFrame, maxLongEdge: number): Promise<ImageBitmap> {
  if (!isVideoFrame(frame)) return frame;
  try {
    const size = fitLongEdge(frame.displayWidth, frame.displayHeight, maxLongEdge);
    return await createImageBitmap(frame, { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'medium' });
  } finally {
    frame.close();
  }
}
