// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LivenessChallenge } from '../../contract/liveness-session';
import { CHALLENGE_FPS, GUIDANCE_FPS, createFaceEngine, type FaceEngineUpdate } from './face-engine';
import type { FromWorker, ToWorker } from './workers/face-protocol';

class FakeWorker {
  static all: FakeWorker[] = [];
  posted: { message: ToWorker; transfer: Transferable[] }[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  constructor() {
    FakeWorker.all.push(this);
  }
  postMessage(message: ToWorker, transfer: Transferable[] = []) {
    this.posted.push({ message, transfer });
  }
  terminate() {
    this.terminated = true;
  }
  reply(message: FromWorker) {
    this.onmessage?.({ data: message } as MessageEvent<FromWorker>);
  }
  crash(message: string) {
    this.onerror?.({ message } as ErrorEvent);
  }
  sent<T extends ToWorker['type']>(type: T) {
    return this.posted.map((p) => p.message).filter((m): m is Extract<ToWorker, { type: T }> => m.type === type);
  }
}

const CHALLENGE: LivenessChallenge = {
  challengeId: 'lch_1', actions: ['turn-left', 'blink'], actionTimeoutMs: 12_000, attempt: 1, maxAttempts: 3, expiresAt: '2030-01-01T00:00:00.000Z',
};
const OVAL = { cx: 0.5, cy: 0.47, width: 0.36, height: 0.62 };

function setup() {
  FakeWorker.all = [];
  const callbacks: ((t: number) => void)[] = [];
  let clock = 1000;
  const bitmaps: { close: ReturnType<typeof vi.fn> }[] = [];
  const engine = createFaceEngine({
    baseUrl: '/app/',
    createWorker: () => new FakeWorker() as unknown as Worker,
    grab: async () => {
      const bitmap = { close: vi.fn() };
      bitmaps.push(bitmap);
      return bitmap as unknown as ImageBitmap;
    },
    requestFrame: (cb) => callbacks.push(cb),
    cancelFrame: () => undefined,
    now: () => clock,
  });
  const updates: FaceEngineUpdate[] = [];
  engine.subscribe((u) => updates.push(u));
  /** Advances the clock and runs one animation frame (and the grab it may start). */
  const tick = async (ms: number) => {
    clock += ms;
    const pending = callbacks.splice(0);
    for (const cb of pending) cb(clock);
    await Promise.resolve();
    await Promise.resolve();
  };
  const worker = () => FakeWorker.all.at(-1)!;
  const video = {} as HTMLVideoElement;
  return { engine, updates, tick, worker, video, bitmaps };
}

afterEach(() => vi.restoreAllMocks());

describe('face engine', () => {
  it('loads once: an init with absolute asset URLs, resolved by the worker', async () => {
    const { engine, worker } = setup();
    const first = engine.load();
    expect(engine.load()).toBe(first);
    expect(FakeWorker.all).toHaveLength(1);
    const [init] = worker().sent('init');
    expect(init).toEqual({
      type: 'init',
      wasmUrl: new URL('/app/mediapipe/wasm', location.href).href,
      modelUrl: new URL('/app/models/face_landmarker.task', location.href).href,
    });
    worker().reply({ type: 'loaded' });
    await expect(first).resolves.toBeUndefined();
  });

  it('rejects a failed load and retries with a new worker', async () => {
    const { engine, worker } = setup();
    const first = engine.load();
    const failed = worker();
    failed.reply({ type: 'load-failed', message: 'model 404' });
    await expect(first).rejects.toThrow('model 404');
    expect(failed.terminated).toBe(true);
    const second = engine.load();
    expect(second).not.toBe(first);
    expect(worker()).not.toBe(failed);
    worker().crash('out of memory');
    await expect(second).rejects.toThrow('out of memory');
  });

  it('sends one frame at a time once loaded, at the guidance rate, and passes updates on', async () => {
    const { engine, worker, tick, updates, video, bitmaps } = setup();
    engine.start(video, { mirrored: true, getOval: () => OVAL });
    await tick(16);
    expect(worker().sent('frame')).toHaveLength(0); // not loaded yet
    worker().reply({ type: 'loaded' });
    await tick(16);
    const [frame] = worker().sent('frame');
    expect(frame).toMatchObject({ type: 'frame', id: 1, atMs: 1032, oval: OVAL });
    expect(worker().posted.at(-1)!.transfer).toEqual([bitmaps[0]]);
    await tick(200);
    expect(worker().sent('frame')).toHaveLength(1); // still in flight
    worker().reply({ type: 'frame-done', id: 1, updates: [{ kind: 'guidance', hint: 'ready', analyseMs: 18 }] });
    expect(updates).toEqual([{ kind: 'guidance', hint: 'ready', analyseMs: 18 }]);
    await tick(1000 / GUIDANCE_FPS / 2);
    expect(worker().sent('frame')).toHaveLength(2);
    worker().reply({ type: 'frame-done', id: 2, updates: [] });
    await tick(1000 / GUIDANCE_FPS / 2);
    expect(worker().sent('frame')).toHaveLength(2); // too soon after the last one
    await tick(1000 / GUIDANCE_FPS / 2);
    expect(worker().sent('frame')).toHaveLength(3);
  });

  it('runs a challenge at the faster rate until the worker reports it done', async () => {
    const { engine, worker, tick, updates, video } = setup();
    engine.start(video, { mirrored: true, getOval: () => OVAL });
    worker().reply({ type: 'loaded' });
    await tick(16);
    engine.startChallenge(CHALLENGE);
    expect(worker().sent('start-challenge')).toEqual([{ type: 'start-challenge', challenge: CHALLENGE, atMs: 1016 }]);
    worker().reply({ type: 'frame-done', id: 1, updates: [{ kind: 'challenge', actionIndex: 0, action: 'turn-left', progress: 0.4, hint: null }] });
    await tick(1000 / CHALLENGE_FPS);
    expect(worker().sent('frame')).toHaveLength(2);
    const result = { challengeId: 'lch_1', verdict: 'passed' } as never;
    const evidence = [{ label: 'neutral' as const, blob: new Blob(['x']) }];
    worker().reply({ type: 'frame-done', id: 2, updates: [{ kind: 'challenge-done', result, evidence }] });
    expect(updates.map((u) => u.kind)).toEqual(['challenge', 'challenge-done']);
    await tick(1000 / CHALLENGE_FPS);
    expect(worker().sent('frame')).toHaveLength(2); // back to the guidance rate
    engine.cancelChallenge();
    expect(worker().sent('cancel-challenge')).toHaveLength(1);
  });

  it('drops a frame answered after stop(), and reports a failing frame once', async () => {
    const { engine, worker, tick, updates, video } = setup();
    engine.start(video, { mirrored: false, getOval: () => OVAL });
    worker().reply({ type: 'loaded' });
    await tick(16);
    engine.stop();
    expect(worker().sent('reset')).toHaveLength(1);
    worker().reply({ type: 'frame-done', id: 1, updates: [{ kind: 'guidance', hint: 'ready', analyseMs: 1 }] });
    expect(updates).toEqual([]);
    engine.start(video, { mirrored: false, getOval: () => OVAL });
    await tick(16);
    const [, second] = worker().sent('frame');
    worker().reply({ type: 'frame-failed', id: second!.id, message: 'wasm trap' });
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ kind: 'error' });
    await tick(500);
    expect(worker().sent('frame')).toHaveLength(2); // the loop stopped
  });

  it('unsubscribes, and is done for after dispose', async () => {
    const { engine, worker, updates } = setup();
    const other: FaceEngineUpdate[] = [];
    const unsubscribe = engine.subscribe((u) => other.push(u));
    unsubscribe();
    const loading = engine.load();
    engine.dispose();
    await expect(loading).rejects.toThrow('disposed');
    expect(worker().terminated).toBe(true);
    await expect(engine.load()).rejects.toThrow('disposed');
    expect(updates).toEqual([]);
    expect(other).toEqual([]);
  });

  it('refuses to be made where there are no workers', () => {
    vi.stubGlobal('Worker', undefined);
    expect(() => createFaceEngine()).toThrow(/cannot run the face engine/);
    vi.unstubAllGlobals();
  });
});
