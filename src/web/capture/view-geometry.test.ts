import { describe, expect, it } from 'vitest';
import type { OvalGuide } from './face-guidance';
import { OVAL_ASPECT, ovalForView, ovalInFrame, type ViewGeometry } from './view-geometry';

const close = (a: OvalGuide, b: Partial<OvalGuide>) => {
  for (const [k, v] of Object.entries(b)) expect(a[k as keyof OvalGuide], k).toBeCloseTo(v, 6);
};

describe('ovalInFrame', () => {
  const same: ViewGeometry = { frameWidth: 640, frameHeight: 480, viewWidth: 640, viewHeight: 480, fit: 'cover', mirrored: false };

  it('is a plain division when the view matches the frame', () => {
    close(ovalInFrame(same, { cx: 320, cy: 240, width: 256, height: 288 }), { cx: 0.5, cy: 0.5, width: 0.4, height: 0.6 });
  });

  it('accounts for the crop of object-fit: cover on a portrait phone', () => {
    // 1280x720 frame in a 360x640 view: scale 640/720, frame shown 1137.8 wide, cropped both sides.
    const g: ViewGeometry = { frameWidth: 1280, frameHeight: 720, viewWidth: 360, viewHeight: 640, fit: 'cover', mirrored: false };
    const s = 640 / 720;
    const oval = ovalInFrame(g, { cx: 180, cy: 320, width: 240, height: 320 });
    close(oval, { cx: 0.5, cy: 0.5, width: 240 / s / 1280, height: 320 / s / 720 });
    const left = ovalInFrame(g, { cx: 0, cy: 0, width: 0, height: 0 });
    close(left, { cx: (0 - (360 - 1280 * s) / 2) / s / 1280, cy: 0 });
  });

  it('accounts for letterboxing with object-fit: contain', () => {
    const g: ViewGeometry = { frameWidth: 640, frameHeight: 480, viewWidth: 640, viewHeight: 640, fit: 'contain', mirrored: false };
    close(ovalInFrame(g, { cx: 320, cy: 80, width: 64, height: 48 }), { cx: 0.5, cy: 0, width: 0.1, height: 0.1 });
  });

  it('flips x for a mirrored preview', () => {
    close(ovalInFrame({ ...same, mirrored: true }, { cx: 160, cy: 240, width: 64, height: 48 }), { cx: 0.75, cy: 0.5 });
  });
});

describe('ovalForView', () => {
  it('fills most of a portrait phone\'s width', () => {
    const oval = ovalForView(360, 640);
    expect(oval.width).toBeCloseTo(360 * 0.72, 6);
    expect(oval.width / oval.height).toBeCloseTo(OVAL_ASPECT, 6);
    expect(oval.cx).toBe(180);
  });

  it('is limited by the height in landscape', () => {
    const oval = ovalForView(1280, 720);
    expect(oval.height).toBeCloseTo(720 * 0.62, 6);
    expect(oval.cy).toBeCloseTo(720 * 0.47, 6);
  });
});
