import sharp from 'sharp';
import { FINDER_LONG_EDGE, findDocumentInPhoto } from '../../vision/document/find-in-photo';

/**
 * Is there an identity document in this (already validated and re-encoded) image? The same
 * finder the capture screen runs on the phone, so what the app let through is accepted here and
 * a picture with no document in it (a blank wall, a face, a plain colour) is refused whatever
 * client sent it.
 */
export async function documentPresent(jpeg: Buffer): Promise<boolean> {
  const { data, info } = await sharp(jpeg)
    .resize(FINDER_LONG_EDGE * 2, FINDER_LONG_EDGE * 2, { fit: 'inside', withoutEnlargement: true })
    .greyscale().raw().toBuffer({ resolveWithObject: true });
  return findDocumentInPhoto({ width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) }).found;
}
