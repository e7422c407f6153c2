import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameGrabber } from './frame-grabber';

// Node has neither VideoFrame nor OffscreenCanvas: both are stood in for, to check which path
// the grabber takes and that a frame it does not use is closed.
const video = { readyState: 4, videoWidth: 640, videoHeight: 480 } as HTMLVideoElement;
const fromCanvas = { kind: 'bitmap from the canvas' };

class FakeOffscreenCanvas {
  width = 1;
  height = 1;
  drawn: unknown[] = [];
  getContext() { return { drawImage: (...args: unknown[]) => this.drawn.push(args) }; }
  transferToImageBitmap() { return fromCanvas; }
}

function fakeVideoFrame(shape: { displayWidth: number; displayHeight: number; rotation?: number }, made: Array<{ close: () => void }>) {
  return class {
    displayWidth = shape.displayWidth;
    displayHeight = shape.displayHeight;
    rotation = shape.rotation ?? 0;
    close = vi.fn();
    constructor() { made.push(this); }
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('createFrameGrabber', () => {
  it('hands over a VideoFrame as it is where the browser has one', async () => {
    const made: Array<{ close: () => void }> = [];
    vi.stubGlobal('VideoFrame', fakeVideoFrame({ displayWidth: 640, displayHeight: 480 }, made));
    vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
    const frame = await createFrameGrabber(320)(video);
    expect(frame).toBe(made[0]);
    expect(made[0]!.close).not.toHaveBeenCalled();
  });

  it('does not use a frame with a pending rotation: closes it and draws the video instead', async () => {
    const made: Array<{ close: () => void }> = [];
    vi.stubGlobal('VideoFrame', fakeVideoFrame({ displayWidth: 480, displayHeight: 640, rotation: 90 }, made));
    vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
    const grab = createFrameGrabber(320);
    expect(await grab(video)).toBe(fromCanvas);
    expect(made[0]!.close).toHaveBeenCalledOnce();
    // From then on the canvas path only.
    expect(await grab(video)).toBe(fromCanvas);
    expect(made).toHaveLength(1);
  });

  it('falls back to the canvas when VideoFrame cannot wrap the video, and grabs nothing before the first frame', async () => {
    vi.stubGlobal('VideoFrame', class { constructor() { throw new Error('not supported'); } });
    vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
    const grab = createFrameGrabber(320);
    expect(await grab({ ...video, readyState: 1 } as HTMLVideoElement)).toBeNull();
    expect(await grab(video)).toBe(fromCanvas);
  });
});
