import { describe, expect, it, vi } from 'vitest';
import { drawVideoFrame, fitLongEdge, hasVideoFrame } from './video-frame';

const video = (readyState: number, w = 1920, h = 1080) =>
  ({ readyState, videoWidth: w, videoHeight: h }) as unknown as HTMLVideoElement;

describe('fitLongEdge', () => {
  it.each([
    [1920, 1080, 640, 640, 360],
    [1080, 1920, 640, 360, 640],
    [320, 240, 640, 320, 240],
    [1000, 1, 10, 10, 1],
  ])('%ix%i within %i → %ix%i', (w, h, max, tw, th) => {
    expect(fitLongEdge(w, h, max)).toEqual({ width: tw, height: th });
  });
});

describe('drawVideoFrame', () => {
  it('needs a decoded frame', () => {
    expect(hasVideoFrame(video(1))).toBe(false);
    expect(hasVideoFrame(video(2))).toBe(true);
    expect(hasVideoFrame(video(4, 0, 0))).toBe(false);
  });

  it('resizes the canvas and draws the whole frame scaled', () => {
    const drawImage = vi.fn();
    const getContext = vi.fn(() => ({ drawImage }));
    const canvas = { width: 0, height: 0, getContext } as unknown as HTMLCanvasElement;
    const v = video(4);
    expect(drawVideoFrame(v, canvas, 960, true)).toBe(true);
    expect(getContext).toHaveBeenCalledWith('2d', { willReadFrequently: true });
    expect(drawImage).toHaveBeenCalledWith(v, 0, 0, 960, 540);
    expect([canvas.width, canvas.height]).toEqual([960, 540]);
    expect(drawVideoFrame(video(0), canvas)).toBe(false);
    expect(drawImage).toHaveBeenCalledOnce();
  });
});
