import sharp from 'sharp';
import { FINDER_LONG_EDGE, findDocumentInPhoto } from '../../vision/document/find-in-photo';
import type { GreyImage, NormPoint } from '../../vision/document/types';

/** A document found in an upload: the grey picture it was found in and its corners (0..1). */
export interface DocumentLook {
  image: GreyImage;
  corners: NormPoint[];
}

/**
 * Looks for an identity document in this (already validated and re-encoded) image with the
 * same finder the capture screen runs on the phone, so what the app let through is accepted
 * here and a picture with no document in it (a blank wall, a face, a plain colour) is refused
 * whatever client sent it. Null when there is none.
 */
export async function lookForDocument(jpeg: Buffer): Promise<DocumentLook | null> {
  const { data, info } = await sharp(jpeg)
    .resize(FINDER_LONG_EDGE * 2, FINDER_LONG_EDGE * 2, { fit: 'inside', withoutEnlargement: true })
    .greyscale().raw().toBuffer({ resolveWithObject: true });
  const image = { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  const found = findDocumentInPhoto(image);
  return found.found && found.corners ? { image, corners: found.corners } : null;
}

/** Is there an identity document in this image? (lookForDocument without the details.) */
export async function documentPresent(jpeg: Buffer): Promise<boolean> {
  return (await lookForDocument(jpeg)) !== null;
}

/** Long edge a back is decoded at when no card outline was found, px (one straight ZXing pass, ~50–150 ms). */
const BARCODE_PROBE_EDGE = 1600;

/**
 * A licence's back held close to its barcode: the card's edges may leave the picture, yet the
 * PDF417 proves it is a document's back. One straight decode at a bounded size, on the request
 * thread (ZXing's WebAssembly is synchronous), so a picture with no card costs little; the
 * decision worker reads the barcode again, thoroughly, from the stored file.
 */
export async function barcodeOnBack(jpeg: Buffer): Promise<boolean> {
  const { data, info } = await sharp(jpeg)
    .resize(BARCODE_PROBE_EDGE, BARCODE_PROBE_EDGE, { fit: 'inside', withoutEnlargement: true })
    .greyscale().raw().toBuffer({ resolveWithObject: true });
  const { decodePdf417 } = await import('../decisions/barcode/read-barcode');
  return (await decodePdf417({ width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) })) !== null;
}
