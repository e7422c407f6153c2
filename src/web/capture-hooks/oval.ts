// The selfie oval in CSS px of the preview box. One function feeds both the drawn overlay and
// the face guidance, so what the person sees is what is checked.
import type { OvalGuide } from '../capture/face-guidance';
import { ovalInFrame } from '../capture/view-geometry';

/** Width / height of the oval: a head is about 0.75–0.8 as wide as it is tall. */
export const OVAL_ASPECT = 0.78;

export function ovalForView(width: number, height: number): OvalGuide {
  // Fills most of a portrait phone's width, but never more than 62 % of the box height.
  const ovalWidth = Math.min(width * 0.72, height * 0.62 * OVAL_ASPECT);
  return { cx: width / 2, cy: height * 0.47, width: ovalWidth, height: ovalWidth / OVAL_ASPECT };
}

/** The oval in normalised frame coordinates for a <video> shown with object-fit: cover. */
export function ovalForVideo(video: HTMLVideoElement, mirrored: boolean): OvalGuide {
  const viewWidth = video.clientWidth;
  const viewHeight = video.clientHeight;
  return ovalInFrame(
    { frameWidth: video.videoWidth, frameHeight: video.videoHeight, viewWidth, viewHeight, fit: 'cover', mirrored },
    ovalForView(viewWidth, viewHeight),
  );
}
