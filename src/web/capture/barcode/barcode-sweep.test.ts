import { describe, expect, it } from 'vitest';
import { rotatedSize, SWEEP_DEG, sweepAngle } from './barcode-sweep';

describe('the barcode sweep', () => {
  it('starts level and alternates sides at growing turns, then starts again', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(sweepAngle)).toEqual([0, 6, -6, 12, -12, 18, -18]);
    expect(sweepAngle(SWEEP_DEG.length)).toBe(0);
  });

  it('leaves no gap wider than the detector holds (±3°) between -20° and 20°', () => {
    const sorted = [...SWEEP_DEG].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!).toBeLessThanOrEqual(6);
    expect(Math.max(...SWEEP_DEG)).toBeGreaterThanOrEqual(17);
    expect(Math.min(...SWEEP_DEG)).toBeLessThanOrEqual(-17);
  });

  it('grows the bounding box of a turned picture so no corner is cut', () => {
    expect(rotatedSize(1600, 1000, 0)).toEqual({ width: 1600, height: 1000 });
    const turned = rotatedSize(1600, 1000, -12);
    expect(turned.width).toBe(Math.ceil(1600 * Math.cos(Math.PI / 15) + 1000 * Math.sin(Math.PI / 15)));
    expect(turned).toEqual(rotatedSize(1600, 1000, 12));
  });
});
