import sharp from 'sharp';

/** Packed 8-bit RGB, row-major, 3 bytes a pixel: what ffmpeg's `rawvideo rgb24` reads. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export function blankRgb(width: number, height: number): RgbImage {
  return { width, height, data: new Uint8Array(width * height * 3) };
}

/** Any image sharp reads (path or encoded buffer), decoded to RGB at its own size. */
export async function readRgb(input: string | Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(input).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/**
 * Bilinear sample of `src` at (x, y) (pixel centres at integer coordinates) into `out` at byte
 * offset `o`; outside the image the nearest edge pixel is used.
 */
export function sampleBilinear(src: RgbImage, x: number, y: number, out: Uint8Array, o: number): void {
  const { width: w, height: h, data } = src;
  const cx = Math.min(Math.max(x, 0), w - 1);
  const cy = Math.min(Math.max(y, 0), h - 1);
  const x0 = Math.min(Math.floor(cx), w - 2);
  const y0 = Math.min(Math.floor(cy), h - 2);
  const fx = cx - x0;
  const fy = cy - y0;
  const i00 = (y0 * w + x0) * 3;
  const i10 = i00 + 3;
  const i01 = i00 + w * 3;
  const i11 = i01 + 3;
  for (let c = 0; c < 3; c++) {
    const top = data[i00 + c]! + (data[i10 + c]! - data[i00 + c]!) * fx;
    const bottom = data[i01 + c]! + (data[i11 + c]! - data[i01 + c]!) * fx;
    out[o + c] = top + (bottom - top) * fy + 0.5;
  }
}

/** `src` moved by (dx, dy) px (sub-pixel, bilinear), same size; edges repeat outwards. */
export function shiftRgb(src: RgbImage, dx: number, dy: number): RgbImage {
  const { width: w, height: h, data } = src;
  const out = blankRgb(w, h);
  // out(x, y) = src(x - dx, y - dy): one set of bilinear weights for the whole image.
  const ix = Math.floor(-dx);
  const iy = Math.floor(-dy);
  const fx = -dx - ix;
  const fy = -dy - iy;
  const w00 = (1 - fx) * (1 - fy);
  const w10 = fx * (1 - fy);
  const w01 = (1 - fx) * fy;
  const w11 = fx * fy;
  const clampX = (x: number) => (x < 0 ? 0 : x >= w ? w - 1 : x);
  const cols0 = new Int32Array(w);
  const cols1 = new Int32Array(w);
  for (let x = 0; x < w; x++) {
    cols0[x] = clampX(x + ix) * 3;
    cols1[x] = clampX(x + ix + 1) * 3;
  }
  for (let y = 0; y < h; y++) {
    const row0 = Math.min(h - 1, Math.max(0, y + iy)) * w * 3;
    const row1 = Math.min(h - 1, Math.max(0, y + iy + 1)) * w * 3;
    let o = y * w * 3;
    for (let x = 0; x < w; x++) {
      const a = row0 + cols0[x]!;
      const b = row0 + cols1[x]!;
      const c = row1 + cols0[x]!;
      const d = row1 + cols1[x]!;
      for (let k = 0; k < 3; k++) out.data[o++] = w00 * data[a + k]! + w10 * data[b + k]! + w01 * data[c + k]! + w11 * data[d + k]! + 0.5;
    }
  }
  return out;
}

/** `input` scaled to fit inside width x height (aspect kept), centred on `background`. */
export async function fitToFrame(input: string | Buffer, size: { width: number; height: number }, background = '#000'): Promise<RgbImage> {
  const png = await sharp(input).resize(size.width, size.height, { fit: 'contain', background }).flatten({ background }).png().toBuffer();
  return readRgb(png);
}
