import { describe, expect, it, vi } from 'vitest';
import { createFrameLoop, type FrameLoopOptions } from './frame-loop';

/** Manual requestAnimationFrame: `frame(t)` runs the callbacks queued so far at time t. */
function fakeScheduler() {
  let queue = new Map<number, (t: number) => void>();
  let nextId = 1;
  let clock = 0;
  return {
    requestFrame: (cb: (t: number) => void) => {
      queue.set(nextId, cb);
      return nextId++;
    },
    cancelFrame: (id: number) => void queue.delete(id),
    now: () => clock,
    advance: (ms: number) => (clock += ms),
    frame(t: number) {
      clock = t;
      const due = queue;
      queue = new Map();
      for (const cb of due.values()) cb(t);
    },
    get pending() {
      return queue.size;
    },
  };
}

function fakeVideo(ready = true) {
  return { readyState: ready ? 4 : 0, videoWidth: 1280, videoHeight: 720 } as unknown as HTMLVideoElement;
}

function fakeCanvas() {
  const drawImage = vi.fn();
  const canvas = { width: 0, height: 0, getContext: () => ({ drawImage }) };
  return { canvas: canvas as unknown as HTMLCanvasElement, drawImage };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(overrides: Partial<FrameLoopOptions<string>> = {}) {
  const s = fakeScheduler();
  const { canvas, drawImage } = fakeCanvas();
  const onResult = vi.fn();
  const onError = vi.fn();
  const analyse = vi.fn((_c: unknown, ts: number) => `result@${ts}`);
  const loop = createFrameLoop<string>({
    video: fakeVideo(),
    analyse,
    onResult,
    onError,
    canvas,
    requestFrame: s.requestFrame,
    cancelFrame: s.cancelFrame,
    now: s.now,
    ...overrides,
  });
  return { s, loop, canvas, drawImage, onResult, onError, analyse };
}

describe('createFrameLoop', () => {
  it('copies the frame to a canvas capped at 640 px and reports results', async () => {
    const { s, loop, canvas, drawImage, analyse, onResult } = setup();
    loop.start();
    s.frame(1000);
    await flush();
    expect([canvas.width, canvas.height]).toEqual([640, 360]);
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 640, 360);
    expect(analyse).toHaveBeenCalledWith(canvas, 1000);
    expect(onResult).toHaveBeenCalledWith('result@1000', 0);
    loop.stop();
  });

  it('caps the rate at 15 fps on a 60 Hz display', async () => {
    const { s, loop, analyse } = setup();
    loop.start();
    for (let i = 0; i < 60; i++) {
      s.frame(i * (1000 / 60));
      await flush();
    }
    expect(analyse).toHaveBeenCalledTimes(15);
    loop.stop();
  });

  it('skips ticks while the previous analysis is still running', async () => {
    let release: (v: string) => void = () => {};
    const analyse = vi.fn(() => new Promise<string>((r) => (release = r)));
    const { s, loop, onResult } = setup({ analyse, maxFps: 1000 });
    loop.start();
    s.frame(0);
    s.frame(10);
    s.frame(20);
    expect(analyse).toHaveBeenCalledTimes(1);
    expect(loop.stats().busySkips).toBe(2);
    release('done');
    await flush();
    // The fake clock follows the frame times: analysis started at 0, finished after frame 20.
    expect(onResult).toHaveBeenCalledWith('done', 20);
    s.frame(30);
    expect(analyse).toHaveBeenCalledTimes(2);
    loop.stop();
  });

  it('waits for the video to have a frame', async () => {
    const { s, loop, analyse } = setup({ video: fakeVideo(false) });
    loop.start();
    s.frame(0);
    await flush();
    expect(analyse).not.toHaveBeenCalled();
    loop.stop();
  });

  it('stops scheduling and drops results that arrive after stop', async () => {
    let release: (v: string) => void = () => {};
    const analyse = vi.fn(() => new Promise<string>((r) => (release = r)));
    const { s, loop, onResult } = setup({ analyse });
    loop.start();
    s.frame(0);
    loop.stop();
    expect(loop.running).toBe(false);
    expect(s.pending).toBe(0);
    release('late');
    await flush();
    expect(onResult).not.toHaveBeenCalled();
  });

  it('reports analyser errors and keeps going', async () => {
    const analyse = vi.fn().mockRejectedValueOnce(new Error('wasm')).mockResolvedValue('ok');
    const { s, loop, onError, onResult } = setup({ analyse });
    loop.start();
    s.frame(0);
    await flush();
    s.frame(100);
    await flush();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'wasm' }));
    expect(onResult).toHaveBeenCalledWith('ok', 0);
    loop.stop();
  });

  it('measures ms per analysis', async () => {
    const durations = [12, 8, 10];
    const { s } = setup();
    const analyse = vi.fn(async () => {
      s.advance(durations.shift()!);
      return 'x';
    });
    const timed = createFrameLoop({
      video: fakeVideo(),
      analyse,
      onResult: () => {},
      canvas: fakeCanvas().canvas,
      requestFrame: s.requestFrame,
      cancelFrame: s.cancelFrame,
      now: s.now,
    });
    timed.start();
    for (const t of [0, 100, 200]) {
      s.frame(t);
      await flush();
    }
    expect(timed.stats()).toMatchObject({ frames: 3, lastMs: 10, meanMs: 10, maxMs: 12 });
    timed.stop();
  });
});
