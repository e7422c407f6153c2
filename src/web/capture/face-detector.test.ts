import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const detectForVideo = vi.fn();
const close = vi.fn();
const createFromOptions = vi.fn();
const forVisionTasks = vi.fn();

vi.mock('@mediapipe/tasks-vision', () => ({
  FilesetResolver: { forVisionTasks },
  FaceDetector: { createFromOptions },
}));

const { assetUrl, closeFaceDetector, detectFaces, prefetchFaceDetector, toFaceDetections } =
  await import('./face-detector');

const canvas = { width: 640, height: 480 } as unknown as HTMLCanvasElement;

beforeEach(() => {
  forVisionTasks.mockResolvedValue({ wasmLoaderPath: 'x', wasmBinaryPath: 'y' });
  createFromOptions.mockResolvedValue({ detectForVideo, close });
  detectForVideo.mockReturnValue({ detections: [] });
});

afterEach(async () => {
  await closeFaceDetector();
  vi.clearAllMocks();
});

describe('assetUrl', () => {
  it('joins base and path with one slash', () => {
    expect(assetUrl('/', 'models/a.tflite')).toBe('/models/a.tflite');
    expect(assetUrl('/app', 'models/a.tflite')).toBe('/app/models/a.tflite');
    expect(assetUrl('/app/', 'mediapipe/wasm')).toBe('/app/mediapipe/wasm');
  });
});

describe('prefetchFaceDetector', () => {
  it('loads once with the app settings', async () => {
    await Promise.all([prefetchFaceDetector({ baseUrl: '/hosted/' }), prefetchFaceDetector()]);
    await detectFaces(canvas, 1);
    expect(forVisionTasks).toHaveBeenCalledOnce();
    expect(forVisionTasks).toHaveBeenCalledWith('/hosted/mediapipe/wasm');
    expect(createFromOptions).toHaveBeenCalledOnce();
    expect(createFromOptions.mock.calls[0]![1]).toEqual({
      baseOptions: { modelAssetPath: '/hosted/models/face_detector.tflite', delegate: 'CPU' },
      runningMode: 'VIDEO',
      minDetectionConfidence: 0.7,
    });
  });

  it('defaults to Vite BASE_URL', async () => {
    await prefetchFaceDetector();
    expect(forVisionTasks).toHaveBeenCalledWith(`${import.meta.env.BASE_URL}mediapipe/wasm`);
  });

  it('forgets a failed load so a later call retries', async () => {
    createFromOptions.mockRejectedValueOnce(new Error('no wasm'));
    await expect(prefetchFaceDetector()).rejects.toThrow('no wasm');
    await expect(prefetchFaceDetector()).resolves.toBeUndefined();
    expect(createFromOptions).toHaveBeenCalledTimes(2);
  });

  it('does not leave an unhandled rejection when not awaited', async () => {
    createFromOptions.mockRejectedValueOnce(new Error('offline'));
    void prefetchFaceDetector();
    await new Promise((r) => setTimeout(r, 10));
  });
});

describe('detectFaces', () => {
  it('returns boxes normalised to the canvas', async () => {
    detectForVideo.mockReturnValue({
      detections: [
        { boundingBox: { originX: 160, originY: 120, width: 320, height: 240 }, categories: [{ score: 0.93 }] },
      ],
    });
    const faces = await detectFaces(canvas, 10);
    expect(detectForVideo).toHaveBeenCalledWith(canvas, 10);
    expect(faces).toEqual([{ box: { x: 0.25, y: 0.25, width: 0.5, height: 0.5 }, score: 0.93 }]);
  });

  it('keeps VIDEO-mode timestamps strictly increasing', async () => {
    await detectFaces(canvas, 100);
    await detectFaces(canvas, 100);
    await detectFaces(canvas, 50);
    await detectFaces(canvas, 200);
    expect(detectForVideo.mock.calls.map((c) => c[1])).toEqual([100, 101, 102, 200]);
  });

  it('closes the detector', async () => {
    await detectFaces(canvas, 1);
    await closeFaceDetector();
    expect(close).toHaveBeenCalledOnce();
  });
});

describe('toFaceDetections', () => {
  it('skips detections without a box and defaults a missing score to 0', () => {
    expect(
      toFaceDetections(
        [
          { categories: [{ score: 0.9 }] },
          { boundingBox: { originX: 0, originY: 0, width: 10, height: 20 }, categories: [] },
        ],
        100,
        100,
      ),
    ).toEqual([{ box: { x: 0, y: 0, width: 0.1, height: 0.2 }, score: 0 }]);
  });
});
