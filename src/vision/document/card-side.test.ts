import { describe, expect, it } from 'vitest';
import { matchSide, SIDE_THRESHOLDS, sideSignature, sideSimilarity, sideVerdict } from './card-side';
import { findDocumentInPhoto } from './find-in-photo';
import { sideSceneJpeg, type CardSide, type SideScene } from '../../../test-support/cards/side-scenes';
import { greyOf } from '../../../test-support/cards/document-scenes';

/** The card as the finder sees it: grey at `longEdge`, and its corners. */
async function look(side: CardSide, scene: SideScene = {}, longEdge = 320) {
  const image = await greyOf(await sideSceneJpeg(side, scene), longEdge);
  const found = findDocumentInPhoto(image);
  expect(found.found, `${side} ${JSON.stringify(scene)} found`).toBe(true);
  return { image, corners: found.corners! };
}

async function signatureOf(side: CardSide, scene: SideScene = {}) {
  const { image, corners } = await look(side, scene);
  return sideSignature(image, corners);
}

/** What a second look at a card can differ by: light, place, size, angle, focus, compression. */
const CONDITIONS: SideScene[] = [
  {}, { light: 0.5 }, { light: 1.25 }, { unevenLight: 0.55 }, { rotateDeg: 6 }, { rotateDeg: -8 },
  { centre: { x: 0.45, y: 0.55 } }, { cardShare: 0.4 }, { cardShare: 0.75 }, { quality: 35 },
  { blurSigma: 1.5 }, { background: '#8a5a33' },
];

describe('card side: the same side under other conditions, or the other side', () => {
  it('knows the front again under other light, position, size, small rotation, focus and JPEG quality', async () => {
    const reference = await signatureOf('front', { cardShare: 0.58 });
    for (const scene of CONDITIONS) {
      for (const longEdge of [320, 640]) {
        const { image, corners } = await look('front', scene, longEdge);
        const s = matchSide(reference, image, corners);
        expect(sideVerdict(s), `${JSON.stringify(scene)} at ${longEdge} px: ${s.toFixed(3)}`).toBe('same');
      }
    }
  });

  it('knows the front shown upside down or held upright (a half or a quarter turn) as the front', async () => {
    const reference = await signatureOf('front', { cardShare: 0.58, light: 0.8 });
    for (const rotateDeg of [180, 90, -90]) {
      const { image, corners } = await look('front', { rotateDeg });
      expect(matchSide(reference, image, corners), `rotated ${rotateDeg}°`).toBeGreaterThanOrEqual(SIDE_THRESHOLDS.sameMin);
    }
  });

  it('tells the back from the front whatever the conditions of either', async () => {
    for (const refScene of [{ cardShare: 0.58 }, { light: 0.7 }, { unevenLight: 0.6, rotateDeg: 4 }] satisfies SideScene[]) {
      const front = await signatureOf('front', refScene);
      for (const scene of CONDITIONS) {
        const { image, corners } = await look('back', scene);
        const s = matchSide(front, image, corners);
        expect(sideVerdict(s), `back ${JSON.stringify(scene)} against front ${JSON.stringify(refScene)}: ${s.toFixed(3)}`).toBe('different');
      }
    }
  });

  it('knows the back again, and never takes the front for it', async () => {
    const back = await signatureOf('back', { cardShare: 0.58 });
    for (const scene of [{}, { light: 0.6 }, { rotateDeg: -5 }, { quality: 40 }] satisfies SideScene[]) {
      const again = await look('back', scene);
      expect(sideVerdict(matchSide(back, again.image, again.corners))).toBe('same');
      const front = await look('front', scene);
      expect(matchSide(back, front.image, front.corners)).toBeLessThan(SIDE_THRESHOLDS.sameMin);
    }
  });

  it('scores two signatures symmetrically, 1 for the same picture, and a flat card matches nothing', async () => {
    const a = await signatureOf('front');
    const b = await signatureOf('back');
    expect(sideSimilarity(a, a)).toBeCloseTo(1, 5);
    expect(sideSimilarity(a, b)).toBeCloseTo(sideSimilarity(b, a), 1);
    const flat = sideSignature({ width: 64, height: 48, data: new Uint8Array(64 * 48).fill(200) }, [
      { x: 0.1, y: 0.1 }, { x: 0.9, y: 0.1 }, { x: 0.9, y: 0.9 }, { x: 0.1, y: 0.9 },
    ]);
    expect(sideSimilarity(a, flat)).toBe(0);
  });

  it('reads the verdict at the thresholds', () => {
    expect(sideVerdict(SIDE_THRESHOLDS.sameMin)).toBe('same');
    expect(sideVerdict(SIDE_THRESHOLDS.sameMin - 0.01)).toBe('unsure');
    expect(sideVerdict(SIDE_THRESHOLDS.differentMax + 0.01)).toBe('unsure');
    expect(sideVerdict(SIDE_THRESHOLDS.differentMax)).toBe('different');
  });
});
