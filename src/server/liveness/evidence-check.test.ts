import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MIN_FRAME_DIFFERENCE, evidenceShowsMotion, largestFrameDifference } from './evidence-check';

// Frames made from the face fixture: the same still re-encoded and nudged (what a held photo or a
// replayed upload gives), against the face turned (the photo squeezed and shifted in depth-like
// ways: the face's features move inside the frame, as in a head turn).
const FACE = 'e2e/fixtures/grace_hopper.jpg';
const frame = (quality = 90) => sharp(FACE).resize(640, 480, { fit: 'cover' }).jpeg({ quality }).toBuffer();
const nudged = async (dx: number) => sharp(await frame()).extend({ left: dx, background: '#000' }).extract({ left: 0, top: 0, width: 640, height: 480 }).jpeg({ quality: 70 }).toBuffer();
const turned = async () => sharp(FACE).resize(430, 480, { fit: 'fill' }).extend({ left: 150, right: 60, background: '#222' }).jpeg().toBuffer();

describe('evidence check', () => {
  it('sees no motion in a still picture repeated, re-encoded or nudged by a pixel or two', async () => {
    const still = await frame();
    const d = await largestFrameDifference([still, await frame(60), await frame(95), await nudged(1), await nudged(2)]);
    expect(d).toBeLessThan(MIN_FRAME_DIFFERENCE);
    expect((await evidenceShowsMotion([still, still, still])).passed).toBe(false);
  });

  it('sees motion when the face moved between the neutral frame and an action', async () => {
    const r = await evidenceShowsMotion([await frame(), await frame(80), await turned()]);
    expect(r.passed).toBe(true);
    expect(r.difference).toBeGreaterThan(MIN_FRAME_DIFFERENCE);
  });
});
