import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { makeIdCard } from '../../../test-support/cards/id-card';
import { describe, expect, it } from 'vitest';
import { findDocumentInPhoto } from './find-in-photo';
import { greyOf, noiseJpeg, plainJpeg, sceneJpeg } from '../../../test-support/cards/document-scenes';

describe('findDocumentInPhoto', () => {
  it('finds the card in close-ups and in wider shots, sharp or not, on different tables', async () => {
    for (const scene of [{ cardShare: 0.8 }, { cardShare: 0.5 }, { cardShare: 0.4 }, { blurSigma: 3 }, { background: 'wood' }, { rotateDeg: 20 }]) {
      const found = findDocumentInPhoto(await greyOf(await sceneJpeg(scene)));
      expect(found.found, JSON.stringify(scene)).toBe(true);
      expect(found.corners).toHaveLength(4);
    }
  });

  it('puts the corners where the card is', async () => {
    const { corners } = findDocumentInPhoto(await greyOf(await sceneJpeg({ cardShare: 0.5 })));
    const xs = corners!.map((p) => p.x);
    expect(Math.min(...xs)).toBeCloseTo(0.25, 1);
    expect(Math.max(...xs)).toBeCloseTo(0.75, 1);
  });

  it('refuses a card too small to read: under 13 % of the picture short side squared (a card 30 % of the width of a 4:3 photo)', async () => {
    expect(findDocumentInPhoto(await greyOf(await sceneJpeg({ cardShare: 0.3 }))).found).toBe(false);
  });

  it('finds a card half as wide as a photo taken upright (portrait pictures are judged as fairly as landscape ones)', async () => {
    // A phone's 9:16 picture (360x640), the card lying across, 180 px wide: 9 % of the picture's
    // area (a tenth of it would refuse it), 16 % of its short side squared.
    const card = await sharp(await makeIdCard(resolve('e2e/fixtures/grace_hopper.jpg'))).resize(180).png().toBuffer();
    const upright = await sharp({ create: { width: 360, height: 640, channels: 3, background: '#3b3b3b' } })
      .composite([{ input: card, left: 90, top: 263 }]).jpeg({ quality: 90 }).toBuffer();
    expect(findDocumentInPhoto(await greyOf(upright)).found).toBe(true);
  });

  it('finds nothing in a plain picture, a face photo, a cat, noise, or a card cut in half', async () => {
    for (const input of [await plainJpeg('#00ff00'), await plainJpeg('#808080'), 'e2e/fixtures/grace_hopper.jpg', 'e2e/fixtures/chelsea.png', await noiseJpeg(), await sceneJpeg({ centre: { x: 0.05, y: 0.5 } })]) {
      expect(findDocumentInPhoto(await greyOf(input, 1024)).found).toBe(false);
    }
  });

  it('finds nothing in real photos of other things (animals, people, food, streets, machines)', async () => {
    const dir = 'src/vision/document/fixtures';
    const photos = readdirSync(dir).filter((f) => f.endsWith('.jpg'));
    expect(photos.length).toBeGreaterThanOrEqual(14);
    const found = [];
    for (const f of photos) if (findDocumentInPhoto(await greyOf(`${dir}/${f}`, 1024)).found) found.push(f);
    expect(found).toEqual([]);
  });
});
