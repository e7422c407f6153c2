// The document guide frame of the live preview, in the frame's coordinates (what the document
// finder works in).
import type { NormRect } from '../../vision/document/types';
import { rectInFrame } from '../capture/view-geometry';

/** Guide as wide as most of the frame, card-shaped: used before the overlay is laid out. */
const FALLBACK_GUIDE: NormRect = { x: 0.1, y: 0.2, width: 0.8, height: 0.6 };

/** The on-screen guide element mapped through the <video>'s object-fit: cover. */
export function guideForVideo(video: HTMLVideoElement, guide: HTMLElement | null): NormRect {
  if (!guide || !video.videoWidth || !video.clientWidth) return FALLBACK_GUIDE;
  const v = video.getBoundingClientRect();
  const g = guide.getBoundingClientRect();
  if (!g.width || !g.height) return FALLBACK_GUIDE;
  return rectInFrame(
    { frameWidth: video.videoWidth, frameHeight: video.videoHeight, viewWidth: v.width, viewHeight: v.height, fit: 'cover', mirrored: false },
    { x: g.left - v.left, y: g.top - v.top, width: g.width, height: g.height },
  );
}
