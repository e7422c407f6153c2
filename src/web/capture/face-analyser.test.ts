import { describe, expect, it, vi } from 'vitest';
import { createFaceAnalyser } from './face-analyser';
import type { FaceDetection } from './face-detector';

const centred: FaceDetection = { box: { x: 0.35, y: 0.32, width: 0.3, height: 0.36 }, score: 0.93 };
const oval = { cx: 0.5, cy: 0.5, width: 0.4, height: 0.6 };
const canvas = {} as HTMLCanvasElement;

describe('createFaceAnalyser', () => {
  it('becomes ready after the face has been still for a few frames', async () => {
    const detect = vi.fn().mockResolvedValue([centred]);
    const analyser = createFaceAnalyser({ detect, getOval: () => oval });
    const hints = [];
    for (let t = 0; t < 5; t++) hints.push((await analyser.analyse(canvas, t * 66)).hint);
    expect(hints).toEqual(['hold-still', 'hold-still', 'hold-still', 'ready', 'ready']);
    expect(detect).toHaveBeenLastCalledWith(canvas, 264);
  });

  it('starts over after reset or a frame without a face', async () => {
    const detect = vi.fn().mockReturnValue([centred]);
    const analyser = createFaceAnalyser({ detect, getOval: () => oval });
    for (let t = 0; t < 4; t++) await analyser.analyse(canvas, t);
    analyser.reset();
    expect((await analyser.analyse(canvas, 10)).hint).toBe('hold-still');
    detect.mockReturnValueOnce([]);
    expect((await analyser.analyse(canvas, 11)).hint).toBe('no-face');
    for (let t = 12; t < 15; t++) expect((await analyser.analyse(canvas, t)).hint).toBe('hold-still');
    expect((await analyser.analyse(canvas, 15)).hint).toBe('ready');
  });

  it('reads the oval every frame', async () => {
    let current = oval;
    const analyser = createFaceAnalyser({ detect: () => [centred], getOval: () => current });
    await analyser.analyse(canvas, 0);
    current = { ...oval, width: 0.9 };
    const out = await analyser.analyse(canvas, 1);
    expect(out).toEqual({ hint: 'too-far', faces: [centred] });
  });
});
