import { describe, expect, it } from 'vitest';
import { toFaceDetections } from './face-boxes';

describe('toFaceDetections', () => {
  it('normalises boxes to the image looked at', () => {
    expect(toFaceDetections([{ boundingBox: { originX: 160, originY: 120, width: 320, height: 240 }, categories: [{ score: 0.93 }] }], 640, 480))
      .toEqual([{ box: { x: 0.25, y: 0.25, width: 0.5, height: 0.5 }, score: 0.93 }]);
  });

  it('skips detections without a box and defaults a missing score to 0', () => {
    expect(toFaceDetections([
      { categories: [{ score: 0.9 }] },
      { boundingBox: { originX: 0, originY: 0, width: 10, height: 20 }, categories: [] },
    ], 100, 100)).toEqual([{ box: { x: 0, y: 0, width: 0.1, height: 0.2 }, score: 0 }]);
  });
});
