import { describe, expect, it } from 'vitest';
import { sideSceneJpeg } from '../../../../test-support/cards/side-scenes';
import { greyOf, plainJpeg, sceneJpeg } from '../../../../test-support/cards/document-scenes';
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

  it('on the back step, waits through a slow flip: the front for 2 s, then the table, then takes the back', async () => {
    const session = createDocumentSession();
    const accepted = bitmapOf(await greyOf(await sideSceneJpeg('front', { cardShare: 0.8 }), 640));
    expect(session.handle({ type: 'reference', bitmap: accepted }, toGrey, () => 0)).toBeNull();
    expect(accepted.closed).toBe(true);
    const front = await greyOf(await sideSceneJpeg('front', { light: 0.9 }));
    const table = await greyOf(await plainJpeg('#3b3b3b'));
    const back = await greyOf(await sideSceneJpeg('back', { light: 0.9 }));
    // 12 frames a second: the front held steady 2 s, the table 0.5 s (the card being turned), the back.
    const film = [...Array<GreyImage>(24).fill(front), ...Array<GreyImage>(6).fill(table), ...Array<GreyImage>(12).fill(back)];
    const replies = film.map((grey, i) => session.handle({ type: 'frame', id: i, bitmap: bitmapOf(grey), guide: GUIDE, atMs: Math.round(i * 1000 / 12) }, toGrey, () => 0));
    const hints = replies.map((r) => (r?.type === 'frame' ? r.analysis.hint : 'error'));
    expect(new Set(hints.slice(0, 24))).toEqual(new Set(['turn-over']));
    const taken = replies.findIndex((r) => r?.type === 'frame' && r.capture);
    // Taken once, on the back, after it was steady for STEADY_MS.
    expect(taken).toBeGreaterThanOrEqual(30 + 9);
    expect(hints[taken]).toBe('ready');
    expect(replies.filter((r) => r?.type === 'frame' && r.capture)).toHaveLength(1);
  });

  it('keeps the reference across a retake, and forgets it when told', async () => {
    const session = createDocumentSession();
    const front = await greyOf(await sideSceneJpeg('front'));
    session.handle({ type: 'reference', bitmap: bitmapOf(await greyOf(await sideSceneJpeg('front', { cardShare: 0.8 }), 640)) }, toGrey, () => 0);
    session.handle({ type: 'reset' }, toGrey, () => 0);
    const held = session.handle({ type: 'frame', id: 1, bitmap: bitmapOf(front), guide: GUIDE, atMs: 0 }, toGrey, () => 0);
    expect(held).toMatchObject({ analysis: { hint: 'turn-over', ready: false } });
    session.handle({ type: 'reference', bitmap: null }, toGrey, () => 0);
    const free = session.handle({ type: 'frame', id: 2, bitmap: bitmapOf(front), guide: GUIDE, atMs: 100 }, toGrey, () => 0);
    expect(free).toMatchObject({ analysis: { hint: 'ready', ready: true } });
  });

  it('says whether a still photo shows the reference side again, and frees both bitmaps', async () => {
    const session = createDocumentSession();
    const frontStill = await greyOf(await sideSceneJpeg('front', { cardShare: 0.8 }), 640);
    const photoOf = async (side: 'front' | 'back') => {
      const bitmap = bitmapOf(await greyOf(await sideSceneJpeg(side, { cardShare: 0.7, rotateDeg: 3 }), 1024));
      const reference = bitmapOf(frontStill);
      const reply = session.handle({ type: 'photo', id: 5, bitmap, reference }, toGrey, () => 0);
      expect(bitmap.closed && reference.closed).toBe(true);
      return reply;
    };
    expect(await photoOf('front')).toMatchObject({ type: 'photo', finding: { found: true }, sameSide: true });
    expect(await photoOf('back')).toMatchObject({ type: 'photo', finding: { found: true }, sameSide: false });
    const alone = session.handle({ type: 'photo', id: 6, bitmap: bitmapOf(frontStill) }, toGrey, () => 0);
    expect(alone).toMatchObject({ type: 'photo', sameSide: null });
  });
});
