// The selfie oval of the live preview, in the frame's coordinates (what detections use).
import type { OvalGuide } from '../capture/face-guidance';
import { ovalForView, ovalInFrame } from '../capture/view-geometry';

/** The oval in normalised frame coordinates for a <video> shown with object-fit: cover. */
export function ovalForVideo(video: HTMLVideoElement, mirrored: boolean): OvalGuide {
  const viewWidth = video.clientWidth;
  const viewHeight = video.clientHeight;
  return ovalInFrame(
    { frameWidth: video.videoWidth, frameHeight: video.videoHeight, viewWidth, viewHeight, fit: 'cover', mirrored },
    ovalForView(viewWidth, viewHeight),
  );
}
