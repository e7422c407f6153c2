// The checks a document photo gets before "Use this photo": is there a document in it (the same
// finder the server runs on every upload, so a photo refused here would be refused there), is
// it the other side again (the front taken as the back: the server refuses that too), and, on
// the side that carries the holder's photo, is a face visible on the card.
import type { NormPoint, NormRect } from '../../vision/document/types';
import { checkDocumentPhoto } from './document-engine';
import { detectFacesInPhoto } from './face-detector';
import { documentPhotoNotes, type PhotoNote } from './photo-notes';

export interface DocumentFinding {
  found: boolean;
  corners: NormPoint[] | null;
  /** The photo shows the other side's side again; null or absent when not compared. */
  sameSide?: boolean | null;
}

export interface DocumentCheckDeps {
  /** `otherSide`: the photo of the side already accepted, to compare with. */
  findDocument: (blob: Blob, otherSide: Blob | null) => Promise<DocumentFinding>;
  /** True/false when the detector ran; null when it cannot run here (no verdict, no note). */
  portraitVisible: (blob: Blob, corners: NormPoint[] | null) => Promise<boolean | null>;
  quality: (image: { blob: Blob; belowMinimum: boolean }) => Promise<PhotoNote[]>;
}

/** Long edge of the card crop the face detector looks at: a card portrait is ~¼ of the card. */
const PORTRAIT_CROP_EDGE = 640;

/** The card's box plus a small margin, normalised; the whole photo without corners. */
export function cardRegion(corners: NormPoint[] | null): NormRect {
  if (!corners || corners.length < 4) return { x: 0, y: 0, width: 1, height: 1 };
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const margin = 0.02;
  const x0 = Math.max(0, Math.min(...xs) - margin);
  const y0 = Math.max(0, Math.min(...ys) - margin);
  const x1 = Math.min(1, Math.max(...xs) + margin);
  const y1 = Math.min(1, Math.max(...ys) + margin);
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/**
 * Where to look for the card's portrait, in order: the whole card, then its left and its right
 * part (a little over half the card each, so a portrait near the middle is whole in one). Why
 * the parts: the detector sees its input at 128×128, where a whole ID card's portrait face is
 * some 25 px tall and often missed; in a part it is over 1.5 times that. The parts are skipped when the
 * card was not found (the whole photo is all there is to look at).
 */
export function portraitRegions(corners: NormPoint[] | null): NormRect[] {
  const card = cardRegion(corners);
  if (!corners || corners.length < 4) return [card];
  const part = card.width * PORTRAIT_PART;
  return [card, { ...card, width: part }, { ...card, x: card.x + card.width - part, width: part }];
}
/** Share of the card's width each part covers. */
const PORTRAIT_PART = 0.6;

/** Decoding, cropping and detection all run in the face detector's Worker; the first region with a face answers. */
async function portraitVisible(blob: Blob, corners: NormPoint[] | null): Promise<boolean | null> {
  try {
    for (const region of portraitRegions(corners)) {
      if ((await detectFacesInPhoto(blob, { region, maxLongEdge: PORTRAIT_CROP_EDGE })).length > 0) return true;
    }
    return false;
  } catch {
    return null;
  }
}

const defaultDeps: DocumentCheckDeps = {
  findDocument: (blob, otherSide) => checkDocumentPhoto(blob, otherSide),
  portraitVisible,
  quality: documentPhotoNotes,
};

/**
 * Notes for a document photo: ['no-document'] alone when no document is found, ['same-side']
 * alone when it shows the side of `otherSide` again (nothing else matters then); otherwise
 * 'no-portrait' when the side should show a face and none is seen, then the light, focus and
 * size advice. A finder that cannot run gives no verdict: the server checks every upload again.
 */
export async function checkDocumentCapture(
  image: { blob: Blob; belowMinimum: boolean },
  options: { expectPortrait: boolean; otherSide?: Blob | null },
  deps: DocumentCheckDeps = defaultDeps,
): Promise<PhotoNote[]> {
  const finding = await deps.findDocument(image.blob, options.otherSide ?? null).catch((): DocumentFinding | null => null);
  if (finding && !finding.found) return ['no-document'];
  if (finding?.sameSide) return ['same-side'];
  const notes: PhotoNote[] = [];
  if (options.expectPortrait && (await deps.portraitVisible(image.blob, finding?.corners ?? null)) === false) {
    notes.push('no-portrait');
  }
  return [...notes, ...(await deps.quality(image))];
}
