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

/** Width / height of the selfie oval: a head is about 0.75–0.8 as wide as it is tall. */
export const OVAL_ASPECT = 0.78;

/**
 * The selfie oval in px of a `width` × `height` box (the preview, or a still photo). One
 * function feeds the drawn overlay, the live guidance and the check of a picked photo, so what
 * the person sees is what is checked.
 */
export function ovalForView(width: number, height: number): OvalGuide {
  // Fills most of a portrait phone's width, but never more than 62 % of the box height.
  const ovalWidth = Math.min(width * 0.72, height * 0.62 * OVAL_ASPECT);
  return { cx: width / 2, cy: height * 0.47, width: ovalWidth, height: ovalWidth / OVAL_ASPECT };
}

/** A rectangle in CSS px of the video box → normalised frame coordinates (clamped to the frame). */
export function rectInFrame(
  geometry: ViewGeometry,
  rect: { x: number; y: number; width: number; height: number },
): { x: number; y: number; width: number; height: number } {
  const centre = ovalInFrame(geometry, { cx: rect.x + rect.width / 2, cy: rect.y + rect.height / 2, width: rect.width, height: rect.height });
  const x = Math.max(0, centre.cx - centre.width / 2);
  const y = Math.max(0, centre.cy - centre.height / 2);
  return { x, y, width: Math.min(1 - x, centre.width), height: Math.min(1 - y, centre.height) };
}
