import { afterEach, describe, expect, it, vi } from 'vitest';
import { regionInStill, stillIsBetter, takeDocumentStill } from './document-still';

describe('regionInStill', () => {
  const guide = { x: 0.1, y: 0.35, width: 0.8, height: 0.3 };

  it('maps the guide of a portrait 16:9 stream into a portrait 4:3 still (the stream is its centre)', () => {
    // 1080×1920 video from a 3024×4032 sensor: the video shows the still's central 2268 px of width.
    const r = regionInStill({ width: 1080, height: 1920 }, { width: 3024, height: 4032 }, guide, 0)!;
    const viewWidth = 4032 * (1080 / 1920);
    expect(r.x).toBe(Math.round((3024 - viewWidth) / 2 + 0.1 * viewWidth));
    expect(r.width).toBe(Math.round(0.8 * viewWidth));
    expect(r.y).toBe(Math.round(0.35 * 4032));
    expect(r.height).toBe(Math.round(0.3 * 4032));
  });

  it('adds the margin and stays inside the still', () => {
    const r = regionInStill({ width: 1000, height: 1000 }, { width: 1000, height: 1000 }, { x: 0, y: 0.4, width: 1, height: 0.2 }, 0.1)!;
    expect(r).toEqual({ x: 0, y: 380, width: 1000, height: 240 });
  });

  it('maps nothing when the still is held the other way from the stream, or has no pixels', () => {
    expect(regionInStill({ width: 1080, height: 1920 }, { width: 4032, height: 3024 }, guide)).toBeNull();
    expect(regionInStill({ width: 0, height: 0 }, { width: 4032, height: 3024 }, guide)).toBeNull();
  });
});

describe('stillIsBetter', () => {
  it('keeps the frame unless the still holds the document in clearly more pixels', () => {
    expect(stillIsBetter(1000, { x: 0, y: 0, width: 1200, height: 800 })).toBe(false);
    expect(stillIsBetter(1000, { x: 0, y: 0, width: 2600, height: 1700 })).toBe(true);
  });
});

describe('takeDocumentStill', () => {
  // Browser objects stood in for: what the function does with a camera that can or cannot take a still.
  class FakeStream { constructor(private readonly tracks: { readyState: string }[]) {} getVideoTracks() { return this.tracks; } }
  const video = (width: number, height: number) => ({ videoWidth: width, videoHeight: height, srcObject: new FakeStream([{ readyState: 'live' }]) }) as unknown as HTMLVideoElement;
  const guide = { x: 0.07, y: 0.35, width: 0.86, height: 0.3 };

  afterEach(() => vi.unstubAllGlobals());

  it('keeps the frame (null) where the browser has no ImageCapture, or the still fails', async () => {
    vi.stubGlobal('MediaStream', FakeStream);
    vi.stubGlobal('createImageBitmap', async () => ({ width: 3024, height: 4032, close() {} }));
    expect(await takeDocumentStill(video(1080, 1920), guide)).toBeNull();
    vi.stubGlobal('ImageCapture', class { async takePhoto(): Promise<Blob> { throw new Error('NotSupportedError'); } });
    expect(await takeDocumentStill(video(1080, 1920), guide)).toBeNull();
  });

  it('asks for the still without the flash when the camera can say so, and keeps the frame when the still is no bigger', async () => {
    const asked: unknown[] = [];
    vi.stubGlobal('MediaStream', FakeStream);
    vi.stubGlobal('ImageCapture', class {
      async getPhotoCapabilities() { return { fillLightMode: ['auto', 'off', 'flash'] }; }
      async takePhoto(settings?: unknown) { asked.push(settings); return new Blob(['x']); }
    });
    // A still the size of the frame: nothing gained over the frame already in hand.
    vi.stubGlobal('createImageBitmap', async () => ({ width: 1080, height: 1920, close() {} }));
    expect(await takeDocumentStill(video(1080, 1920), guide)).toBeNull();
    expect(asked).toEqual([{ fillLightMode: 'off' }]);
  });
});
