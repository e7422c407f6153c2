import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ID_CARD_SIZE, makeIdCard } from '../../../../test-support/cards/id-card';
import type { GreyImage } from '../../../vision/document/types';
import { locateMrz } from './locate-mrz';

const grey = async (image: Buffer, turn = 0): Promise<GreyImage> => {
  const { data, info } = await sharp(image).flatten({ background: '#fff' }).rotate(turn).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
};

describe('locateMrz', () => {
  let card: Buffer;
  beforeAll(async () => { card = await makeIdCard('e2e/fixtures/grace_hopper.jpg'); });

  it('finds the three MRZ lines of a card (baselines at 438, 481, 524 of 540 px), not the printed fields above', async () => {
    for (const scale of [1, 0.4]) {
      const img = await grey(await sharp(card).resize(Math.round(ID_CARD_SIZE.w * scale)).png().toBuffer());
      const r = locateMrz(img)!;
      expect(r, `scale ${scale}`).not.toBeNull();
      // From above the first line's capitals (~24 px tall) to below the last baseline, a line's height of margin.
      expect(r.top / scale).toBeGreaterThan(370);
      expect(r.top / scale).toBeLessThan(414);
      expect((r.top + r.height) / scale).toBeGreaterThan(524);
    }
  });

  it('finds nothing where no long text lines run across: a card on its side, a cat, a blank page', async () => {
    expect(locateMrz(await grey(card, 90))).toBeNull();
    expect(locateMrz(await grey(readFileSync('e2e/fixtures/chelsea.png')))).toBeNull();
    expect(locateMrz({ width: 400, height: 300, data: new Uint8Array(400 * 300).fill(200) })).toBeNull();
  });
});
