import { afterEach, describe, expect, it, vi } from 'vitest';
import { assetUrl, createFaceDetectorClient, DEFAULT_MIN_DETECTION_CONFIDENCE } from './face-detector';
import type { FromFaceDetectorWorker, ToFaceDetectorWorker } from './workers/face-detector-protocol';

/** A stand-in for the detector's Worker: records what the page posts, answers when told. */
class FakeWorker {
  posted: ToFaceDetectorWorker[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<FromFaceDetectorWorker>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(message: ToFaceDetectorWorker) { this.posted.push(message); }
  terminate() { this.terminated = true; }
  answer(message: FromFaceDetectorWorker) { this.onmessage?.({ data: message } as MessageEvent<FromFaceDetectorWorker>); }
  lastDetect() { return this.posted.filter((m) => m.type === 'detect').at(-1) as Extract<ToFaceDetectorWorker, { type: 'detect' }>; }
}

function setup(timeoutMs?: number) {
  const workers: FakeWorker[] = [];
  const client = createFaceDetectorClient({
    baseUrl: '/hosted/', timeoutMs,
    createWorker: () => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    },
  });
  return { client, workers };
}
const flush = () => new Promise((r) => setTimeout(r, 0));
const photo = new Blob(['jpeg']);

afterEach(() => vi.useRealTimers());

describe('assetUrl', () => {
  it('joins base and path with one slash, against the page', () => {
    expect(assetUrl('/', 'models/a.tflite')).toMatch(/\/models\/a\.tflite$/);
    expect(assetUrl('/app', 'models/a.tflite')).toMatch(/\/app\/models\/a\.tflite$/);
    expect(assetUrl('/app/', 'mediapipe/wasm')).toMatch(/\/app\/mediapipe\/wasm$/);
  });
});

describe('face detector client', () => {
  it('loads once in one Worker with the app\'s model and WASM URLs', async () => {
    const { client, workers } = setup();
    const both = Promise.all([client.load(), client.load()]);
    expect(workers).toHaveLength(1);
    expect(workers[0]!.posted).toEqual([{
      type: 'init', wasmUrl: assetUrl('/hosted/', 'mediapipe/wasm'), modelUrl: assetUrl('/hosted/', 'models/face_detector.tflite'),
      minDetectionConfidence: DEFAULT_MIN_DETECTION_CONFIDENCE,
    }]);
    workers[0]!.answer({ type: 'loaded' });
    await both;
  });

  it('hands the photo and the region to the Worker and returns its faces', async () => {
    const { client, workers } = setup();
    const faces = client.detect(photo, { region: { x: 0.1, y: 0.2, width: 0.5, height: 0.5 }, maxLongEdge: 640 });
    workers[0]!.answer({ type: 'loaded' });
    await flush();
    const sent = workers[0]!.lastDetect();
    expect(sent).toMatchObject({ photo, region: { x: 0.1, y: 0.2, width: 0.5, height: 0.5 }, maxLongEdge: 640 });
    const found = [{ box: { x: 0.25, y: 0.25, width: 0.5, height: 0.5 }, score: 0.93 }];
    workers[0]!.answer({ type: 'faces', id: sent.id, faces: found });
    await expect(faces).resolves.toEqual(found);
  });

  it('rejects a detection the Worker could not run, and one that never answers', async () => {
    vi.useFakeTimers();
    const { client, workers } = setup(1000);
    const failing = client.detect(photo, { maxLongEdge: 640 });
    workers[0]!.answer({ type: 'loaded' });
    await vi.advanceTimersByTimeAsync(0);
    workers[0]!.answer({ type: 'detect-failed', id: workers[0]!.lastDetect().id, message: 'cannot decode' });
    await expect(failing).rejects.toThrow('cannot decode');
    const hanging = client.detect(photo, { maxLongEdge: 640 });
    const expectation = expect(hanging).rejects.toThrow('took over 1000 ms');
    await vi.advanceTimersByTimeAsync(1001);
    await expectation;
  });

  it('forgets a failed load: the Worker is dropped and the next call starts a new one', async () => {
    const { client, workers } = setup();
    const first = client.load();
    workers[0]!.answer({ type: 'load-failed', message: 'no wasm' });
    await expect(first).rejects.toThrow('no wasm');
    expect(workers[0]!.terminated).toBe(true);
    const second = client.load();
    expect(workers).toHaveLength(2);
    workers[1]!.answer({ type: 'loaded' });
    await expect(second).resolves.toBeUndefined();
  });

  it('rejects waiting detections when the Worker crashes', async () => {
    const { client, workers } = setup();
    const faces = client.detect(photo, { maxLongEdge: 640 });
    workers[0]!.answer({ type: 'loaded' });
    await flush();
    workers[0]!.onerror?.({ message: 'out of memory' } as ErrorEvent);
    await expect(faces).rejects.toThrow('out of memory');
  });
});
