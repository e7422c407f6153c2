import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { makeIdCard } from '../../../test-support/cards/id-card';
import { analyseDocumentFrame } from './analyse-frame';
import { pageInGuide } from './open-booklet';
import { greyOf } from '../../../test-support/cards/document-scenes';

// A phone held upright (360x640) over an open booklet: the data page below the fold, a printed
// facing page above it, no visible fold between them. The guide lies across the lower page.
async function bookletFrame(): Promise<Buffer> {
  const page = await sharp(await makeIdCard(resolve('e2e/fixtures/grace_hopper.jpg'))).resize(300, 212, { fit: 'fill' }).png().toBuffer();
  const facing = await sharp(page).blur(6).modulate({ brightness: 1.1 }).png().toBuffer();
  return sharp({ create: { width: 360, height: 640, channels: 3, background: '#2f2f2f' } })
    .composite([{ input: facing, left: 30, top: 130 }, { input: page, left: 30, top: 342 }]).jpeg({ quality: 90 }).toBuffer();
}
const GUIDE = { x: 30 / 360, width: 300 / 360, y: 342 / 640, height: 212 / 640 };

describe('pageInGuide', () => {
  const quad = { corners: [{ x: 30, y: 130 }, { x: 330, y: 130 }, { x: 330, y: 554 }, { x: 30, y: 554 }] as [never, never, never, never], area: 300 * 424, touchesBorder: false };

  it('takes the half of an upright two-page booklet nearest the guide', () => {
    const half = pageInGuide(quad, GUIDE, 360, 640);
    expect(half.corners.map((p) => p.y)).toEqual([342, 342, 554, 554]);
    const upper = pageInGuide(quad, { ...GUIDE, y: 130 / 640 }, 360, 640);
    expect(upper.corners.map((p) => p.y)).toEqual([130, 130, 342, 342]);
  });

  it('leaves a card lying across, or a quad of another shape, as it is', () => {
    const card = { ...quad, corners: [{ x: 30, y: 342 }, { x: 330, y: 342 }, { x: 330, y: 554 }, { x: 30, y: 554 }] as [never, never, never, never] };
    expect(pageInGuide(card, GUIDE, 360, 640)).toBe(card);
    const square = { ...quad, corners: [{ x: 30, y: 130 }, { x: 330, y: 130 }, { x: 330, y: 430 }, { x: 30, y: 430 }] as [never, never, never, never] };
    expect(pageInGuide(square, GUIDE, 360, 640)).toBe(square);
  });

  it('lets the live analysis see the data page of an open booklet in the guide', async () => {
    const a = analyseDocumentFrame(await greyOf(await bookletFrame(), 320), GUIDE);
    expect(a.hint).toBe('ready');
    const ys = a.corners!.map((p) => p.y);
    expect(Math.min(...ys)).toBeGreaterThan(0.5);
    expect(a.measures!.fillOfGuide).toBeGreaterThan(0.9);
  });
});
