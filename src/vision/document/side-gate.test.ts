import { describe, expect, it } from 'vitest';
import { analyseDocumentFrame } from './analyse-frame';
import { SIDE_THRESHOLDS } from './card-side';
import { gateOtherSide, photoSide } from './side-gate';
import { sideSceneJpeg } from '../../../test-support/cards/side-scenes';
import { greyOf, plainJpeg } from '../../../test-support/cards/document-scenes';

// The on-screen guide of a portrait phone mapped into a 640x480 frame (as analyse-frame.test.ts).
const GUIDE = { x: 0.23, y: 0.28, width: 0.54, height: 0.44 };

async function frameOf(jpeg: Buffer) {
  const image = await greyOf(jpeg);
  return { image, analysis: analyseDocumentFrame(image, GUIDE) };
}

describe('the back step gate', () => {
  it('holds back a ready frame of the front as turn-over, and lets the real back through', async () => {
    // The accepted front: a close-up still, as the front step took it.
    const reference = photoSide(await greyOf(await sideSceneJpeg('front', { cardShare: 0.8 }), 640));
    expect(reference).not.toBeNull();
    const front = await frameOf(await sideSceneJpeg('front', { light: 0.85 }));
    expect(front.analysis.hint).toBe('ready');
    const gated = gateOtherSide(front.analysis, front.image, reference);
    expect(gated.analysis).toMatchObject({ hint: 'turn-over', ready: false });
    expect(gated.similarity).toBeGreaterThan(SIDE_THRESHOLDS.differentMax);

    const back = await frameOf(await sideSceneJpeg('back', { light: 0.85 }));
    expect(back.analysis.hint).toBe('ready');
    const passed = gateOtherSide(back.analysis, back.image, reference);
    expect(passed.analysis).toBe(back.analysis);
    expect(passed.similarity).toBeLessThanOrEqual(SIDE_THRESHOLDS.differentMax);
  });

  it('also says turn-over for the front while it is not yet ready (too far), so the person turns it first', async () => {
    const reference = photoSide(await greyOf(await sideSceneJpeg('front', { cardShare: 0.8 }), 640));
    const far = await frameOf(await sideSceneJpeg('front', { cardShare: 0.3 }));
    expect(far.analysis.hint).toBe('too-far');
    expect(gateOtherSide(far.analysis, far.image, reference).analysis.hint).toBe('turn-over');
  });

  it('changes nothing without a reference or without a card', async () => {
    const front = await frameOf(await sideSceneJpeg('front'));
    expect(gateOtherSide(front.analysis, front.image, null)).toEqual({ analysis: front.analysis, similarity: null });
    const reference = photoSide(await greyOf(await sideSceneJpeg('front', { cardShare: 0.8 }), 640));
    const empty = await frameOf(await plainJpeg('#3b3b3b'));
    expect(gateOtherSide(empty.analysis, empty.image, reference)).toEqual({ analysis: empty.analysis, similarity: null });
    expect(photoSide(empty.image)).toBeNull();
  });
});
