import sharp, { type Sharp } from 'sharp';
import type { GreyImage, Point } from '../../../vision/document/types';

export interface Region { left: number; top: number; width: number; height: number }

/** Bigger photos are refused before decoding (a decompression bomb); 120 MP covers phone sensors. */
const MAX_INPUT_PIXELS = 120_000_000;
/** Long edge the photo is reduced to first, px: still ≥ 25 px a character for a card a third of the photo wide. */
const MAX_EDGE = 3000;

const rawOf = (img: GreyImage) => sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), {
  raw: { width: img.width, height: img.height, channels: 1 },
});

async function toGrey(s: Sharp): Promise<GreyImage> {
  const { data, info } = await s.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected one channel, got ${info.channels}`);
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** One byte per pixel, EXIF-upright, transparency on white; null for what sharp cannot decode. */
export async function decode(image: Buffer): Promise<GreyImage | null> {
  try {
    const img = await toGrey(sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate().flatten({ background: '#fff' })
      .resize(MAX_EDGE, MAX_EDGE, { fit: 'inside', withoutEnlargement: true }));
    return img.width < 16 || img.height < 16 ? null : img;
  } catch {
    return null;
  }
}

export function crop(img: GreyImage, r: Region): GreyImage {
  const data = new Uint8Array(r.width * r.height);
  for (let y = 0; y < r.height; y++) {
    const from = (r.top + y) * img.width + r.left;
    data.set(img.data.subarray(from, from + r.width), y * r.width);
  }
  return { width: r.width, height: r.height, data };
}

/** The bounding box of `points` grown by `margin` px, inside the image. */
export function boxAround(points: Point[], margin: number, img: { width: number; height: number }): Region {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const left = Math.max(0, Math.floor(Math.min(...xs) - margin));
  const top = Math.max(0, Math.floor(Math.min(...ys) - margin));
  const right = Math.min(img.width, Math.ceil(Math.max(...xs) + margin));
  const bottom = Math.min(img.height, Math.ceil(Math.max(...ys) + margin));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/** Mean grey: the fill for corners a rotation brings in, so they add no strong edges of their own. */
function meanGrey(img: GreyImage): number {
  let s = 0;
  for (let i = 0; i < img.data.length; i += 7) s += img.data[i]!;
  return Math.round((7 * s) / img.data.length);
}

/**
 * The image turned `degrees` clockwise (any angle; the canvas grows to hold it), and where a
 * point of the input lands in the output.
 */
export async function rotate(img: GreyImage, degrees: number): Promise<{ image: GreyImage; map: (p: Point) => Point }> {
  const fill = meanGrey(img);
  const image = await toGrey(rawOf(img).rotate(degrees, { background: { r: fill, g: fill, b: fill } }));
  const t = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(t), Math.sin(t)];
  const map = (p: Point): Point => {
    const [dx, dy] = [p.x - img.width / 2, p.y - img.height / 2];
    return { x: image.width / 2 + dx * cos - dy * sin, y: image.height / 2 + dx * sin + dy * cos };
  };
  return { image, map };
}

/** A region as tesseract gets it: turned `degrees`, `width` px wide, stretched contrast, or black on white at Otsu's level. */
export async function ocrPng(img: GreyImage, degrees: number, width: number, binarize: boolean): Promise<Buffer> {
  const fill = meanGrey(img);
  let s = rawOf(img);
  if (degrees) s = s.rotate(degrees, { background: { r: fill, g: fill, b: fill } });
  // A region far taller than wide (a strip of a photo) is no MRZ: cap it rather than feed tesseract a tower.
  s = s.resize(width, 2 * width, { fit: 'inside' }).normalise();
  if (binarize) s = s.threshold(128);
  return s.png({ compressionLevel: 1 }).toBuffer();
}
