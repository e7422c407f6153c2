import sharp from 'sharp';
import type { GreyImage } from '../../../vision/document/types';

/** Share of fine detail a shrink-and-blow-up must keep for the image to count as holding none finer (sharp text keeps ~55 % at 1.5×; text blown up 3× keeps ~85 % at 2×). */
const KEPT = 0.7;
const FACTORS = [1.5, 2, 3, 4] as const;

/** Mean squared difference of horizontal and vertical neighbours: the image's fine detail. */
function detail(data: Uint8Array | Buffer, width: number, height: number): number {
  let sum = 0;
  for (let y = 0; y < height - 1; y++) {
    for (let x = 0; x < width - 1; x++) {
      const i = y * width + x;
      const dx = data[i + 1]! - data[i]!;
      const dy = data[i + width]! - data[i]!;
      sum += dx * dx + dy * dy;
    }
  }
  return sum / Math.max(1, (width - 1) * (height - 1));
}

/**
 * How many times larger the image is than the detail it holds: 1 for a sharp photo, ~3 for a
 * small picture blown up three times (or a blur of that size). Found as the largest factor the
 * image can be shrunk by and blown up again while keeping 70 % of its fine detail. A name read
 * from pixels that hold less than they seem is not to be trusted by counting pixels.
 */
export async function detailScale(img: GreyImage): Promise<number> {
  if (img.width < 64 || img.height < 16) return 1;
  const raw = { width: img.width, height: img.height, channels: 1 as const };
  const input = Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length);
  const full = detail(img.data, img.width, img.height);
  if (full === 0) return 4;
  let scale = 1;
  for (const k of FACTORS) {
    const small = await sharp(input, { raw }).resize(Math.round(img.width / k), Math.round(img.height / k), { fit: 'fill' }).extractChannel(0).raw().toBuffer();
    const back = await sharp(small, { raw: { width: Math.round(img.width / k), height: Math.round(img.height / k), channels: 1 } })
      .resize(img.width, img.height, { fit: 'fill', kernel: 'cubic' }).extractChannel(0).raw().toBuffer();
    if (detail(back, img.width, img.height) / full < KEPT) break;
    scale = k;
  }
  return scale;
}
