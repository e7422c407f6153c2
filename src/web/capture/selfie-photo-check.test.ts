import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FaceDetection } from './face-detector';
import { checkSelfiePhoto, judgeSelfie, MIN_FACE_PX, stillOval } from './selfie-photo-check';

/** A detection from a pixel box on a `w` × `h` photo. */
const face = (x: number, y: number, size: number, w: number, h: number): FaceDetection => ({
  box: { x: x / w, y: y / h, width: size / w, height: size / h },
  score: 0.93,
});

// e2e/fixtures/grace_hopper.jpg (512×600) as the app's detector sees it: one face at
// (173, 147), 193 px square, score 0.935 (measured with scripts/check-face-model.mjs).
const grace = face(173, 147, 193, 512, 600);

afterEach(() => vi.restoreAllMocks());

describe('judgeSelfie', () => {
  it('accepts one well-placed face (the e2e portrait)', () => {
    expect(judgeSelfie([grace], 512, 600)).toEqual({ ok: true, checked: true });
  });

  it('refuses no face and several faces', () => {
    expect(judgeSelfie([], 512, 600)).toEqual({ ok: false, problem: 'no-face' });
    expect(judgeSelfie([grace, face(20, 20, 150, 512, 600)], 512, 600)).toEqual({ ok: false, problem: 'multiple-faces' });
  });

  it('refuses a face small against the oval, or small in pixels', () => {
    // Oval of a 512×600 photo: 290 px wide; 0.4 of it is 116 px.
    expect(judgeSelfie([face(200, 220, 100, 512, 600)], 512, 600)).toEqual({ ok: false, problem: 'face-too-small' });
    // Fills the oval of a 300×350 thumbnail, but only 110 px across.
    expect(110).toBeLessThan(MIN_FACE_PX);
    expect(judgeSelfie([face(95, 110, 110, 300, 350)], 300, 350)).toEqual({ ok: false, problem: 'face-too-small' });
  });

  it('accepts a close crop (no upper limit) and refuses a face far off centre', () => {
    expect(judgeSelfie([face(20, 60, 470, 512, 600)], 512, 600)).toEqual({ ok: true, checked: true });
    expect(judgeSelfie([face(0, 150, 193, 512, 600)], 512, 600)).toEqual({ ok: false, problem: 'off-centre' });
    expect(judgeSelfie([face(160, 400, 193, 512, 600)], 512, 600)).toEqual({ ok: false, problem: 'off-centre' });
  });

  it('uses the oval a preview of the same shape shows', () => {
    const oval = stillOval(512, 600);
    expect(oval.cx).toBe(0.5);
    expect(oval.width * 512).toBeCloseTo(600 * 0.62 * 0.78, 6);
  });
});

describe('checkSelfiePhoto', () => {
  const photo = { blob: new Blob(['jpeg']), width: 512, height: 600 };

  it('runs the detector on the photo and judges what it finds', async () => {
    const detect = vi.fn(async (_photo: Blob): Promise<FaceDetection[]> => []);
    expect(await checkSelfiePhoto(photo, { detect })).toEqual({ ok: false, problem: 'no-face' });
    expect(detect).toHaveBeenCalledWith(photo.blob);
    detect.mockResolvedValueOnce([grace]);
    expect(await checkSelfiePhoto(photo, { detect })).toEqual({ ok: true, checked: true });
  });

  it('accepts the photo unchecked when the detector cannot load or run', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failedLoad = { detect: () => Promise.reject(new Error('model download failed')) };
    expect(await checkSelfiePhoto(photo, failedLoad)).toEqual({ ok: true, checked: false });
  });
});
