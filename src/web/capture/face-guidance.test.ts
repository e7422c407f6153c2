import { describe, expect, it } from 'vitest';
import type { FaceDetection } from './face-detector';
import {
  boxCentre,
  canCapture,
  DEFAULT_FACE_GUIDANCE,
  guideFace,
  type FaceHint,
  type OvalGuide,
} from './face-guidance';

// Oval centred in the frame, 40 % of its width, 60 % of its height.
const oval: OvalGuide = { cx: 0.5, cy: 0.5, width: 0.4, height: 0.6 };

/** A face of width `w` (frame-normalised) centred at (cx, cy). */
function face(cx = 0.5, cy = 0.5, w = 0.3, score = 0.93): FaceDetection {
  const h = w * 1.2;
  return { box: { x: cx - w / 2, y: cy - h / 2, width: w, height: h }, score };
}

const still = (f: FaceDetection, n = DEFAULT_FACE_GUIDANCE.stillFrames) =>
  Array.from({ length: n }, () => [f]);

describe('guideFace', () => {
  const centred = face();
  const cases: Array<{ name: string; faces: FaceDetection[]; previous?: FaceDetection[][]; want: FaceHint }> = [
    { name: 'nothing detected', faces: [], previous: still(centred), want: 'no-face' },
    { name: 'two faces', faces: [face(0.3), face(0.7)], previous: still(centred), want: 'multiple-faces' },
    { name: 'two faces beats size checks', faces: [face(0.5, 0.5, 0.05), face(0.7)], want: 'multiple-faces' },
    // width ratio = w / 0.4
    { name: 'far away (ratio 0.25)', faces: [face(0.5, 0.5, 0.1)], previous: still(centred), want: 'too-far' },
    { name: 'just too far (ratio 0.49)', faces: [face(0.5, 0.5, 0.196)], want: 'too-far' },
    { name: 'smallest allowed (ratio 0.5)', faces: [face(0.5, 0.5, 0.2)], previous: still(face(0.5, 0.5, 0.2)), want: 'ready' },
    { name: 'near the largest (ratio 0.94)', faces: [face(0.5, 0.5, 0.376)], previous: still(face(0.5, 0.5, 0.376)), want: 'ready' },
    { name: 'just too close (ratio 0.96)', faces: [face(0.5, 0.5, 0.384)], previous: still(centred), want: 'too-close' },
    { name: 'too close (ratio 1)', faces: [face(0.5, 0.5, 0.4)], previous: still(centred), want: 'too-close' },
    { name: 'size is checked before centring', faces: [face(0.9, 0.5, 0.1)], want: 'too-far' },
    // x offset = |cx - 0.5| / 0.4, limit 0.15 → 0.06 of the frame
    { name: 'left of the oval', faces: [face(0.43)], previous: still(face(0.43)), want: 'off-centre' },
    { name: 'right of the oval', faces: [face(0.57)], previous: still(face(0.57)), want: 'off-centre' },
    { name: 'slightly right is fine', faces: [face(0.55)], previous: still(face(0.55)), want: 'ready' },
    // y offset = |cy - 0.5| / 0.6, limit 0.2 → 0.12 of the frame
    { name: 'too high', faces: [face(0.5, 0.37)], previous: still(face(0.5, 0.37)), want: 'off-centre' },
    { name: 'too low', faces: [face(0.5, 0.63)], previous: still(face(0.5, 0.63)), want: 'off-centre' },
    { name: 'a bit low is fine', faces: [face(0.5, 0.6)], previous: still(face(0.5, 0.6)), want: 'ready' },
    { name: 'no history yet', faces: [centred], previous: [], want: 'hold-still' },
    { name: 'history too short', faces: [centred], previous: still(centred, 2), want: 'hold-still' },
    { name: 'a recent frame without face', faces: [centred], previous: [[centred], [], [centred]], want: 'hold-still' },
    { name: 'a recent frame with two faces', faces: [centred], previous: [[centred], [centred, face(0.2)], [centred]], want: 'hold-still' },
    { name: 'old gaps do not matter', faces: [centred], previous: [[], [face(0.1)], ...still(centred)], want: 'ready' },
    { name: 'moving sideways', faces: [centred], previous: [[face(0.44)], [face(0.46)], [face(0.48)]], want: 'hold-still' },
    { name: 'jitter within 0.03', faces: [centred], previous: [[face(0.51, 0.49)], [face(0.49, 0.51)], [face(0.52)]], want: 'ready' },
    { name: 'moving closer (width +10 %)', faces: [face(0.5, 0.5, 0.33)], previous: [[centred], [centred], [centred]], want: 'hold-still' },
    { name: 'size jitter within 8 %', faces: [face(0.5, 0.5, 0.31)], previous: still(centred), want: 'ready' },
    { name: 'still and centred', faces: [centred], previous: still(centred), want: 'ready' },
  ];

  it.each(cases)('$name → $want', ({ faces, previous = [], want }) => {
    expect(guideFace({ faces, previous, oval })).toBe(want);
  });

  it('honours custom thresholds', () => {
    const thresholds = { ...DEFAULT_FACE_GUIDANCE, stillFrames: 0, minWidthRatio: 0.8 };
    expect(guideFace({ faces: [face()], previous: [], oval }, thresholds)).toBe('too-far');
    expect(guideFace({ faces: [face(0.5, 0.5, 0.34)], previous: [], oval }, thresholds)).toBe('ready');
  });

  it('scales with the oval', () => {
    const bigOval = { cx: 0.5, cy: 0.5, width: 0.8, height: 0.9 };
    expect(guideFace({ faces: [centred], previous: still(centred), oval: bigOval })).toBe('too-far');
  });
});

describe('canCapture', () => {
  it('allows the shutter only when ready', () => {
    const hints: FaceHint[] = ['no-face', 'multiple-faces', 'too-far', 'too-close', 'off-centre', 'hold-still'];
    for (const hint of hints) expect(canCapture(hint)).toBe(false);
    expect(canCapture('ready')).toBe(true);
  });
});

describe('boxCentre', () => {
  it('is the middle of the box', () => {
    const c = boxCentre({ x: 0.1, y: 0.2, width: 0.4, height: 0.2 });
    expect(c.x).toBeCloseTo(0.3);
    expect(c.y).toBeCloseTo(0.3);
  });
});
