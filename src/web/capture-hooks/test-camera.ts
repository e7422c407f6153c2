// For jsdom tests of camera screens only: a browser camera that jsdom lacks. getUserMedia gives
// a stream (or the error asked for), <video> elements report a playing frame of the given size,
// and 2D canvases accept draws and hand back `pixels`. Undo with the returned restore().
import { vi } from 'vitest';

export interface FakeCameraOptions {
  /** Error name getUserMedia rejects with (NotAllowedError, NotFoundError, …); none opens. */
  fail?: string;
  /** Frame and preview box size, px (the same, so the oval maps 1:1). */
  width?: number;
  height?: number;
  /** What getImageData returns (frame quality); a mid-grey frame by default. */
  pixels?: () => ImageData;
}

function greyFrame(width: number, height: number): ImageData {
  return { data: new Uint8ClampedArray(width * height * 4).fill(128), width, height, colorSpace: 'srgb' } as ImageData;
}

export function installFakeCamera(options: FakeCameraOptions = {}) {
  const width = options.width ?? 480;
  const height = options.height ?? 640;
  const track = { stop: vi.fn(), kind: 'video' };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream;
  const getUserMedia = vi.fn(async () => {
    if (options.fail) throw Object.assign(new Error(options.fail), { name: options.fail });
    return stream;
  });
  const restores: Array<() => void> = [];
  const define = (target: object, key: string, value: unknown) => {
    const before = Object.getOwnPropertyDescriptor(target, key);
    Object.defineProperty(target, key, { configurable: true, get: () => value });
    restores.push(() => (before ? Object.defineProperty(target, key, before) : delete (target as Record<string, unknown>)[key]));
  };
  define(navigator, 'mediaDevices', { getUserMedia });
  const video = HTMLVideoElement.prototype;
  define(video, 'readyState', 4);
  define(video, 'videoWidth', width);
  define(video, 'videoHeight', height);
  define(video, 'clientWidth', width);
  define(video, 'clientHeight', height);
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  const context = {
    drawImage: vi.fn(),
    getImageData: vi.fn((_x: number, _y: number, w: number, h: number) => options.pixels?.() ?? greyFrame(w, h)),
    imageSmoothingEnabled: true,
    imageSmoothingQuality: 'high',
  };
  const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  return {
    getUserMedia,
    track,
    context,
    restore() {
      play.mockRestore();
      getContext.mockRestore();
      for (const undo of restores.reverse()) undo();
    },
  };
}
