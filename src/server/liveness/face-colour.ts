import sharp from 'sharp';

export interface Region {
  /** Share of the frame, 0..1. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Mean colour (0..255 per channel) of a region of a JPEG frame: the face region the browser
 * measured the screen light in. The region is clamped to the frame and at least 8 px a side.
 */
export async function meanColour(jpeg: Buffer, region: Region): Promise<[number, number, number]> {
  const image = sharp(jpeg);
  const meta = await image.metadata();
  const w = meta.width ?? 1;
  const h = meta.height ?? 1;
  const left = Math.min(w - 8, Math.max(0, Math.round(region.x * w)));
  const top = Math.min(h - 8, Math.max(0, Math.round(region.y * h)));
  const width = Math.max(8, Math.min(w - left, Math.round(region.width * w)));
  const height = Math.max(8, Math.min(h - top, Math.round(region.height * h)));
  const { channels } = await image.extract({ left, top, width, height }).removeAlpha().stats();
  return [channels[0]!.mean, channels[1]!.mean, channels[2]!.mean];
}
