import { describe, expect, it } from 'vitest';
import { greyOf, plainJpeg, sceneJpeg } from '../../../vision/document/test-images';
import type { GreyImage } from '../../../vision/document/types';
import { createDocumentSession } from './document-session';

const GUIDE = { x: 0.23, y: 0.28, width: 0.54, height: 0.44 };
/** A stand-in ImageBitmap that carries its grey pixels (the Worker reads them via OffscreenCanvas). */
const bitmapOf = (grey: GreyImage) => { const b = { grey, closed: false, close() { b.closed = true; } }; return b as unknown as ImageBitmap & { grey: GreyImage; closed: boolean }; };
const toGrey = (b: ImageBitmap) => (b as unknown as { grey: GreyImage }).grey;

describe('document session (the Worker without the Worker)', () => {
  it('captures once after a steady, ready card, then only after a reset', async () => {
    const session = createDocumentSession();
    const card = await greyOf(await sceneJpeg({}));
    const replies = [0, 300, 600, 900, 1200].map((atMs, id) => session.handle({ type: 'frame', id, bitmap: bitmapOf(card), guide: GUIDE, atMs }, toGrey, () => 0));
    expect(replies.map((r) => r?.type === 'frame' && r.analysis.hint)).toEqual(['ready', 'ready', 'ready', 'ready', 'ready']);
    expect(replies.map((r) => r?.type === 'frame' && r.capture)).toEqual([false, false, false, true, false]);
    session.handle({ type: 'reset' }, toGrey, () => 0);
    const again = [2000, 2900].map((atMs) => session.handle({ type: 'frame', id: 9, bitmap: bitmapOf(card), guide: GUIDE, atMs }, toGrey, () => 0));
    expect(again.map((r) => r?.type === 'frame' && r.capture)).toEqual([false, true]);
  });

  it('never captures a blurred card or an empty picture, and frees every bitmap', async () => {
    const session = createDocumentSession();
    for (const grey of [await greyOf(await sceneJpeg({ blurSigma: 3 })), await greyOf(await plainJpeg('#00ff00'))]) {
      for (let i = 0; i < 10; i++) {
        const bitmap = bitmapOf(grey);
        const r = session.handle({ type: 'frame', id: i, bitmap, guide: GUIDE, atMs: i * 200 }, toGrey, () => 0);
        expect(r?.type === 'frame' && r.capture).toBe(false);
        expect(bitmap.closed).toBe(true);
      }
    }
  });

  it('answers a still photo with the finder', async () => {
    const session = createDocumentSession();
    const found = session.handle({ type: 'photo', id: 3, bitmap: bitmapOf(await greyOf(await sceneJpeg({ cardShare: 0.8 }), 1024)) }, toGrey, () => 0);
    expect(found).toMatchObject({ type: 'photo', id: 3, finding: { found: true } });
    const none = session.handle({ type: 'photo', id: 4, bitmap: bitmapOf(await greyOf('e2e/fixtures/chelsea.png', 1024)) }, toGrey, () => 0);
    expect(none).toMatchObject({ type: 'photo', id: 4, finding: { found: false, corners: null } });
  });
});
