import { describe, expect, it, vi } from 'vitest';
import { createQualityAnalyser } from './quality-analyser';

describe('createQualityAnalyser', () => {
  it('reads the whole canvas back and assesses it', async () => {
    const width = 8;
    const height = 4;
    const data = new Uint8ClampedArray(width * height * 4).fill(10);
    const getImageData = vi.fn(() => ({ data, width, height }));
    const getContext = vi.fn(() => ({ getImageData }));
    const canvas = { width, height, getContext } as unknown as HTMLCanvasElement;
    const quality = await createQualityAnalyser()(canvas, 0);
    expect(getContext).toHaveBeenCalledWith('2d', { willReadFrequently: true });
    expect(getImageData).toHaveBeenCalledWith(0, 0, 8, 4);
    expect(quality.hint).toBe('too-dark');
  });
});
