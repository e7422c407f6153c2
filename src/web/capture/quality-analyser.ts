// Frame-loop analyser for document screens: light and focus hints from the canvas copy.
// Run the loop with `willReadFrequently: true` and `maxLongEdge` equal to the thresholds'
// analysisLongEdge (480 px), so the pixels are read back once, at the size the measures expect.
import type { FrameAnalyser } from './frame-loop';
import { assessFrameQuality, DEFAULT_FRAME_QUALITY, type FrameQuality, type FrameQualityThresholds } from './frame-quality';
import { get2dContext } from './video-frame';

export function createQualityAnalyser(
  thresholds: FrameQualityThresholds = DEFAULT_FRAME_QUALITY,
): FrameAnalyser<FrameQuality> {
  return (canvas) => {
    const image = get2dContext(canvas, true).getImageData(0, 0, canvas.width, canvas.height);
    return assessFrameQuality(image, thresholds);
  };
}
