// Maps the oval drawn over the preview (CSS px of the <video> box) into the normalised
// coordinates of the video frame, which is what detections are expressed in.
import type { OvalGuide } from './face-guidance';

export interface ViewGeometry {
  /** Intrinsic frame size, px (video.videoWidth / videoHeight). */
  frameWidth: number;
  frameHeight: number;
  /** Size of the video element's box, CSS px. */
  viewWidth: number;
  viewHeight: number;
  /** CSS object-fit of the video. */
  fit: 'cover' | 'contain';
  /** True when the preview is flipped horizontally (usual for selfies). */
  mirrored: boolean;
}

/** `oval` is centre and size in CSS px relative to the video element's top-left corner. */
export function ovalInFrame(geometry: ViewGeometry, oval: OvalGuide): OvalGuide {
  const { frameWidth: W, frameHeight: H, viewWidth: w, viewHeight: h } = geometry;
  const scale = geometry.fit === 'cover' ? Math.max(w / W, h / H) : Math.min(w / W, h / H);
  // Where the scaled frame's top-left sits in the view (negative when cropped by cover).
  const offsetX = (w - W * scale) / 2;
  const offsetY = (h - H * scale) / 2;
  let cx = (oval.cx - offsetX) / scale / W;
  const cy = (oval.cy - offsetY) / scale / H;
  if (geometry.mirrored) cx = 1 - cx;
  return { cx, cy, width: oval.width / scale / W, height: oval.height / scale / H };
}
