// One live frame: where the card is against the on-screen guide, and whether it is good to take.
import { measureCard, type CardMeasures } from './card-measures';
import { findCard } from './find-card';
import { pageInGuide } from './open-booklet';
import { quadRotation, quadSkew } from './regions';
import type { DocumentHint, GreyImage, NormPoint, NormRect } from './types';

export interface FrameAnalysis {
  hint: DocumentHint;
  /** Card corners in 0..1 of the frame (clockwise from top-left), null when none was found. */
  corners: NormPoint[] | null;
  measures: (CardMeasures & { fillOfGuide: number; rotationDeg: number; skew: number; motion: number }) | null;
  /** Everything is right in this frame (the auto-capture still waits for it to hold). */
  ready: boolean;
}

export const FRAME_THRESHOLDS = {
  /** Card width over guide width. */
  minFill: 0.72,
  maxFill: 1.12,
  /** Card centre off the guide's centre, share of the guide's width/height. */
  maxOffset: 0.18,
  maxRotationDeg: 9,
  maxSkew: 0.16,
  minBrightness: 60,
  /**
   * Largest solid blown-out blob, share of the card. A lamp's reflection that hides a line of
   * text or part of the portrait covers several per cent; real documents' own white panels
   * (blank signature fields, white card stock in a bright room) reach 0.2-2.2 % on real specimens.
   */
  maxGlare: 0.03,
  minSharpness: 0.22,
  /** Mean corner movement since the last frame, share of the frame's diagonal. */
  maxMotion: 0.012,
};

/** Mean distance the corners moved, as a share of the unit square's diagonal. */
export function cornerMotion(a: readonly NormPoint[] | null, b: readonly NormPoint[] | null): number {
  // No earlier card to compare with: nothing says it moved (steadiness is then judged over time).
  if (!a || !b) return 0;
  let s = 0;
  for (let i = 0; i < 4; i++) s += Math.hypot(a[i]!.x - b[i]!.x, a[i]!.y - b[i]!.y);
  return s / 4 / Math.SQRT2;
}

export function analyseDocumentFrame(
  image: GreyImage,
  guide: NormRect,
  previousCorners: readonly NormPoint[] | null = null,
  t = FRAME_THRESHOLDS,
): FrameAnalysis {
  const found = findCard(image);
  if (!found) return { hint: 'no-document', corners: null, measures: null, ready: false };
  const { width: w, height: h } = image;
  const quad = pageInGuide(found.quad, guide, w, h);
  const c = quad.corners;
  const corners = c.map((p) => ({ x: p.x / w, y: p.y / h }));
  const width = (Math.hypot(c[1].x - c[0].x, c[1].y - c[0].y) + Math.hypot(c[2].x - c[3].x, c[2].y - c[3].y)) / 2 / w;
  const cx = corners.reduce((s, p) => s + p.x, 0) / 4;
  const cy = corners.reduce((s, p) => s + p.y, 0) / 4;
  const measures = {
    ...measureCard(image, c),
    fillOfGuide: width / guide.width,
    rotationDeg: quadRotation(c),
    skew: quadSkew(c),
    motion: cornerMotion(previousCorners, corners),
  };
  const offCentre = Math.abs(cx - (guide.x + guide.width / 2)) > t.maxOffset * guide.width
    || Math.abs(cy - (guide.y + guide.height / 2)) > t.maxOffset * guide.height;
  const hint: DocumentHint =
    quad.touchesBorder ? 'cut-off'
      : measures.fillOfGuide < t.minFill ? (offCentre ? 'no-document' : 'too-far')
        : measures.fillOfGuide > t.maxFill ? 'too-close'
          : offCentre ? 'no-document'
            : Math.abs(measures.rotationDeg) > t.maxRotationDeg || measures.skew > t.maxSkew ? 'tilted'
              : measures.brightness < t.minBrightness ? 'too-dark'
                : measures.glare > t.maxGlare ? 'glare'
                  : measures.sharpness < t.minSharpness ? 'blurry'
                    : measures.motion > t.maxMotion ? 'hold-still'
                      : 'ready';
  return { hint, corners, measures, ready: hint === 'ready' };
}
