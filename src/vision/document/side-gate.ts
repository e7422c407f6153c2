// The back step's gate: a live frame whose card still looks like the accepted front is not the
// back, whatever else is right about it. A person slow to turn the card over keeps showing the
// front for a second or two; without this the auto-capture (STEADY_MS) would take it again.
import type { FrameAnalysis } from './analyse-frame';
import { matchSide, SIDE_THRESHOLDS, sideSignature, type SideSignature } from './card-side';
import { findDocumentInPhoto } from './find-in-photo';
import type { GreyImage } from './types';

export interface GatedFrame {
  analysis: FrameAnalysis;
  /** How alike the card is to the reference side (-1..1); null when it was not compared. */
  similarity: number | null;
}

/**
 * Holds a frame back as 'turn-over' unless its card clearly differs from `reference` (at most
 * SIDE_THRESHOLDS.differentMax): the camera waits for a clear view of another side rather than
 * guess. Frames without a usable card (none found, cut off, off the guide) are left as they
 * are: their own hint says what to do first. No reference (the front step, or a front this
 * tab never saw): nothing to compare, the frame passes unchanged.
 */
export function gateOtherSide(analysis: FrameAnalysis, image: GreyImage, reference: SideSignature | null): GatedFrame {
  if (!reference || !analysis.corners || analysis.hint === 'no-document' || analysis.hint === 'cut-off') {
    return { analysis, similarity: null };
  }
  const similarity = matchSide(reference, image, analysis.corners);
  if (similarity <= SIDE_THRESHOLDS.differentMax) return { analysis, similarity };
  return { analysis: { ...analysis, hint: 'turn-over', ready: false }, similarity };
}

/** The side a still photo shows (the accepted front, say); null when no card is found in it. */
export function photoSide(image: GreyImage): SideSignature | null {
  const found = findDocumentInPhoto(image);
  return found.found && found.corners ? sideSignature(image, found.corners) : null;
}
