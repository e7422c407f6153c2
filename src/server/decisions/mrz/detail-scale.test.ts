import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detailScale } from './detail-scale';

/** An MRZ-like band of black text on white, `width` px wide, as a grey image. */
async function band(width: number): Promise<{ width: number; height: number; data: Uint8Array }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="880" height="90"><rect width="880" height="90" fill="#fff"/>
    <text x="10" y="38" font-family="DejaVu Sans Mono" font-size="32">P&lt;UTOERIKSSON&lt;&lt;ANNA&lt;MARIA&lt;&lt;&lt;&lt;</text>
    <text x="10" y="80" font-family="DejaVu Sans Mono" font-size="32">L898902C36UTO7408122F1204159</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).resize({ width }).flatten({ background: '#fff' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

async function blownUp(img: { width: number; height: number; data: Uint8Array }, k: number) {
  const { data, info } = await sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 1 } })
    .resize(img.width * k, img.height * k, { kernel: 'cubic' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

describe('detailScale', () => {
  it('is 1 for sharp text and grows with how much a small picture was blown up', async () => {
    const sharpBand = await band(880);
    expect(await detailScale(sharpBand)).toBe(1);
    const small = await band(300);
    expect(await detailScale(await blownUp(small, 3))).toBeGreaterThanOrEqual(2);
    expect(await detailScale(await blownUp(small, 3))).toBeLessThanOrEqual(3);
    expect(await detailScale(await blownUp(small, 2))).toBeGreaterThanOrEqual(1.5);
  });
});
