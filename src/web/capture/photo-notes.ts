// What the preview of a document photo says about it before the person sends it: no document
// found or the other side again (both block: the server refuses them too), no portrait
// visible, too small to read, too dark, glare, blurry. The others advise a retake; the photo
// can still be used.
import { assessFrameQuality, DEFAULT_FRAME_QUALITY, type FrameQualityHint, type FrameQualityThresholds } from './frame-quality';
import { stillToCanvas } from './still-image';
import { get2dContext } from './video-frame';

/**
 * no-document: nothing card-like in the photo (blocks "Use this photo"); same-side: the back
 * step's photo shows the accepted front again (blocks); no-portrait: the side
 * that carries the holder's photo shows no face; small: long edge under the document minimum
 * (1600 px); too-bright: glare or washed out; no-barcode: a licence's back whose PDF417 does not
 * decode here (the service could not read its data either: advice to retake, never a block, as a
 * damaged barcode must not trap the person).
 */
export type PhotoNote = 'no-document' | 'same-side' | 'no-portrait' | 'small' | 'too-dark' | 'too-bright' | 'blurry' | 'no-barcode';

/** Notes that forbid using the photo. */
export function blocksUse(notes: readonly PhotoNote[] | null): boolean {
  return notes === null || notes.includes('no-document') || notes.includes('same-side');
}

/** Size first (nothing else fixes it but a better camera or a closer shot), then light, then focus. */
export function photoNotes(belowMinimum: boolean, quality: FrameQualityHint | null): PhotoNote[] {
  const notes: PhotoNote[] = [];
  if (belowMinimum) notes.push('small');
  if (quality && quality !== 'ok') notes.push(quality);
  return notes;
}

/**
 * Light and focus of a still photo with the live-frame measures, at the size their thresholds
 * were set for (`analysisLongEdge`, 480 px). Null when the photo cannot be measured here
 * (no canvas): a note is advice, never a reason to block.
 */
export async function assessPhotoQuality(
  blob: Blob,
  thresholds: FrameQualityThresholds = DEFAULT_FRAME_QUALITY,
  toCanvas: (blob: Blob) => Promise<HTMLCanvasElement> = (b) => stillToCanvas(b, thresholds.analysisLongEdge, true),
): Promise<FrameQualityHint | null> {
  try {
    const canvas = await toCanvas(blob);
    const pixels = get2dContext(canvas, true).getImageData(0, 0, canvas.width, canvas.height);
    return assessFrameQuality(pixels, thresholds).hint;
  } catch {
    return null;
  }
}

/** Notes on light, focus and size for a document photo as encoded (camera shot or picked file). */
export async function documentPhotoNotes(image: { blob: Blob; belowMinimum: boolean }): Promise<PhotoNote[]> {
  return photoNotes(image.belowMinimum, await assessPhotoQuality(image.blob));
}
