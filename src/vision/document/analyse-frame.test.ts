import { describe, expect, it } from 'vitest';
import { analyseDocumentFrame, cornerMotion } from './analyse-frame';
import { greyOf, noiseJpeg, plainJpeg, sceneJpeg, type Scene } from '../../../test-support/cards/document-scenes';

// The on-screen guide of a portrait phone mapped into a 640x480 frame (about half its width).
const GUIDE = { x: 0.23, y: 0.28, width: 0.54, height: 0.44 };

const hintOf = async (scene: Scene) => analyseDocumentFrame(await greyOf(await sceneJpeg(scene)), GUIDE);

describe('analyseDocumentFrame on test-made scenes (see test-images.ts)', () => {
  it('is ready for a sharp, well-lit card filling the guide, on a dark or a wooden table', async () => {
    for (const background of ['#3b3b3b', 'wood']) {
      const a = await hintOf({ background });
      expect(a.hint, background).toBe('ready');
      expect(a.ready).toBe(true);
      expect(a.corners).toHaveLength(4);
      expect(a.measures!.fillOfGuide).toBeGreaterThan(0.85);
    }
  });

  it('says blurry for the same card out of focus, and is never ready', async () => {
    for (const blurSigma of [3, 4]) {
      const a = await hintOf({ blurSigma });
      expect(a.hint).toBe('blurry');
      expect(a.ready).toBe(false);
    }
    const sharp = await hintOf({});
    const soft = await hintOf({ blurSigma: 3 });
    expect(soft.measures!.sharpness).toBeLessThan(sharp.measures!.sharpness / 3);
  });

  it('says glare for a reflection on the card, not for a bright table around it', async () => {
    expect((await hintOf({ glare: true })).hint).toBe('glare');
    // White table: blown-out pixels everywhere outside the card, none inside.
    const plain = await hintOf({});
    expect(plain.measures!.glare).toBeLessThan(0.002);
  });

  it('says too dark in a dim room', async () => {
    expect((await hintOf({ light: 0.25 })).hint).toBe('too-dark');
  });

  it('says too far, too close and tilted from the card against the guide', async () => {
    expect((await hintOf({ cardShare: 0.25 })).hint).toBe('too-far');
    expect((await hintOf({ cardShare: 0.75 })).hint).toBe('too-close');
    const tilted = await hintOf({ rotateDeg: 20 });
    expect(tilted.hint).toBe('tilted');
    expect(Math.abs(tilted.measures!.rotationDeg)).toBeGreaterThan(15);
  });

  it('finds no document in a plain green picture, a face photo, a cat or noise, and a card cut in half', async () => {
    for (const input of [await plainJpeg('#00ff00'), 'e2e/fixtures/grace_hopper.jpg', 'e2e/fixtures/chelsea.png', await noiseJpeg()]) {
      const a = analyseDocumentFrame(await greyOf(input), GUIDE);
      expect(a.ready).toBe(false);
      expect(['no-document', 'cut-off']).toContain(a.hint);
    }
    expect((await analyseDocumentFrame(await greyOf(await plainJpeg('#00ff00')), GUIDE)).hint).toBe('no-document');
    expect((await hintOf({ centre: { x: 0.05, y: 0.5 } })).ready).toBe(false);
  });

  it('says hold still when the card moves between frames', async () => {
    const a = await hintOf({});
    const moved = await hintOf({ centre: { x: 0.53, y: 0.5 } });
    const b = analyseDocumentFrame(await greyOf(await sceneJpeg({ centre: { x: 0.53, y: 0.5 } })), GUIDE, a.corners);
    expect(cornerMotion(a.corners, moved.corners)).toBeGreaterThan(0.012);
    expect(b.hint).toBe('hold-still');
    const same = analyseDocumentFrame(await greyOf(await sceneJpeg({})), GUIDE, a.corners);
    expect(same.hint).toBe('ready');
  });
});
