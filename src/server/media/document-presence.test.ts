import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { noiseJpeg, plainJpeg, sceneJpeg } from '../../../test-support/cards/document-scenes';
import { documentPresent } from './document-presence';

describe('documentPresent', () => {
  it('finds the test card in photos of it, close and far, sharp and soft', async () => {
    for (const scene of [{ cardShare: 0.8 }, { cardShare: 0.4 }, { blurSigma: 2 }, { background: 'wood' }]) {
      expect(await documentPresent(await sceneJpeg(scene)), JSON.stringify(scene)).toBe(true);
    }
  });

  it('refuses pictures without a document', async () => {
    for (const img of [await plainJpeg('#00ff00'), await noiseJpeg(), readFileSync('e2e/fixtures/grace_hopper.jpg'), readFileSync('e2e/fixtures/chelsea.png')]) {
      expect(await documentPresent(img)).toBe(false);
    }
  });
});
