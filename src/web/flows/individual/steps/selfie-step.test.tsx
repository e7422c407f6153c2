// @vitest-environment jsdom
// The selfie with its liveness check, through the real hooks, reducer and screens with only the
// face engine (a Worker in the browser) and the pixel work jsdom cannot do replaced: the neutral
// photo is taken by itself once the face is ready, a challenge is asked for and run, a pass can
// be used, a failed try is retried and the last failure is handed over (never as a pass), and
// no camera or no models lead to another device, with a file only where the key allows it.
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LivenessChallenge } from '../../../../contract/liveness-session';
import type { LivenessResult } from '../../../../contract/liveness';
import type * as EncodeImage from '../../../capture/encode-image';
import type { FaceEngineUpdate } from '../../../capture/face-engine';
import { installFakeCamera } from '../../../capture-hooks/test-camera';
import { disposeSharedFaceEngine } from '../../../capture-hooks/use-liveness';
import { initI18n } from '../../../i18n/i18n';
import { SelfieStep, type SelfieStepProps } from './selfie-step';

const engine = vi.hoisted(() => ({
  listeners: new Set<(u: FaceEngineUpdate) => void>(),
  load: vi.fn<() => Promise<void>>(),
  startChallenge: vi.fn(),
}));
vi.mock('../../../capture/face-engine', () => ({
  createFaceEngine: () => ({
    load: engine.load,
    start: () => undefined,
    stop: () => undefined,
    startChallenge: engine.startChallenge,
    cancelChallenge: () => undefined,
    dispose: () => undefined,
    subscribe: (cb: (u: FaceEngineUpdate) => void) => {
      engine.listeners.add(cb);
      return () => engine.listeners.delete(cb);
    },
  }),
}));
vi.mock('../../../capture/encode-image', async (original) => ({
  ...(await original<typeof EncodeImage>()),
  encodeVideoFrame: vi.fn(async () => ({ blob: new Blob(['jpeg'], { type: 'image/jpeg' }), width: 480, height: 640, belowMinimum: true })),
}));

configure({ asyncUtilTimeout: 5000 });

const challenge = (attempt: number): LivenessChallenge => ({
  challengeId: `ch-${attempt}`, actions: ['turn-left', 'blink'], actionTimeoutMs: 12_000, attempt, maxAttempts: 2,
  expiresAt: '2026-11-24T12:00:00.000Z',
});
const result = (verdict: 'passed' | 'failed'): LivenessResult => ({
  challengeId: '', verdict, failure: verdict === 'failed' ? 'timeout' : undefined,
  actions: [{ action: 'turn-left', passed: verdict === 'passed', startedAtMs: 0, completedAtMs: null, peak: 3 }],
  neutral: { yawDeg: 0, pitchDeg: 0, eyeOpenness: 0.3 },
  frames: [{ label: 'neutral', atMs: 0 }, { label: 'turn-left', atMs: 800 }],
  framesAnalysed: 50,
});

function send(update: FaceEngineUpdate) {
  act(() => {
    for (const cb of engine.listeners) cb(update);
  });
}

/** Frames saying `hint` for `ms` (the neutral photo needs 'ready' held for a moment). */
async function hold(hint: 'ready' | 'no-face', ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    send({ kind: 'guidance', hint, analyseMs: 9 });
    await new Promise((r) => setTimeout(r, 60));
  }
}

const props = (over: Partial<SelfieStepProps> = {}): SelfieStepProps => ({
  step: { current: 3, total: 4 },
  confirmedUrl: null,
  serverHas: false,
  resubmission: false,
  retake: false,
  noSizeConstraints: false,
  selfieUploadAllowed: false,
  requestChallenge: vi.fn(async () => challenge(1)),
  onLiveness: vi.fn(),
  onConfirm: vi.fn(),
  onContinue: vi.fn(),
  ...over,
});

let camera: ReturnType<typeof installFakeCamera>;

beforeAll(() => void initI18n('en'));
beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() }));
  engine.listeners.clear();
  engine.load.mockReset().mockResolvedValue(undefined);
  engine.startChallenge.mockReset();
});
afterEach(() => {
  cleanup();
  camera?.restore();
  disposeSharedFaceEngine();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function toChallenge(p: SelfieStepProps) {
  render(<SelfieStep {...p} />);
  await waitFor(() => expect(engine.listeners.size).toBe(1));
  await hold('ready', 800);
  await waitFor(() => expect(engine.startChallenge).toHaveBeenCalled());
}

describe('SelfieStep with liveness', () => {
  it('guides the face, has no shutter, and takes the neutral photo by itself once ready', async () => {
    camera = installFakeCamera();
    const p = props();
    render(<SelfieStep {...p} />);
    await waitFor(() => expect(engine.listeners.size).toBe(1));
    await hold('no-face', 500);
    expect(screen.getByTestId('face-hint').textContent).toBe('Place your face in the oval');
    expect(screen.queryByTestId('shutter')).toBeNull();
    expect(screen.queryByTestId('upload-photo')).toBeNull();
    expect(p.requestChallenge).not.toHaveBeenCalled();
    await hold('ready', 800);
    await waitFor(() => expect(engine.startChallenge).toHaveBeenCalledWith(challenge(1)));
    const instruction = screen.getByTestId('liveness-instruction');
    expect(instruction.dataset.action).toBe('turn-left');
    expect(screen.getByTestId('liveness-progress').dataset.step).toBe('1');
    expect(screen.getByTestId('liveness-progress').dataset.total).toBe('2');
  });

  it('follows the actions and hands over a pass with its challenge id and evidence', async () => {
    camera = installFakeCamera();
    const p = props();
    await toChallenge(p);
    send({ kind: 'challenge', actionIndex: 1, action: 'blink', progress: 0.5, hint: null });
    expect(screen.getByTestId('liveness-instruction').dataset.action).toBe('blink');
    expect(screen.getByTestId('face-hint').textContent).toBe('Blink your eyes');
    const evidence = [{ label: 'neutral' as const, blob: new Blob(['a']) }, { label: 'turn-left' as const, blob: new Blob(['b']) }];
    send({ kind: 'challenge-done', result: result('passed'), evidence });
    fireEvent.click(await screen.findByTestId('use-photo'));
    expect(p.onLiveness).toHaveBeenCalledOnce();
    const outcome = vi.mocked(p.onLiveness).mock.calls[0]![0];
    expect(outcome.result.challengeId).toBe('ch-1');
    expect(outcome.result.verdict).toBe('passed');
    expect(outcome.evidence).toEqual(evidence);
    // The fake camera is no real device: the integrity signals say so.
    expect(outcome.result.integrity?.signals).toContain('track_settings_unusual');
  });

  it('retries a failed try, and hands the last failure over as a failure', async () => {
    camera = installFakeCamera();
    const requestChallenge = vi.fn().mockResolvedValueOnce(challenge(1)).mockResolvedValueOnce(challenge(2));
    const p = props({ requestChallenge });
    await toChallenge(p);
    send({ kind: 'challenge-done', result: result('failed'), evidence: [] });
    expect((await screen.findByTestId('liveness-retry')).dataset.failure).toBe('timeout');
    fireEvent.click(screen.getByTestId('liveness-try-again'));
    await waitFor(() => expect(engine.listeners.size).toBe(1));
    await hold('ready', 800);
    await waitFor(() => expect(engine.startChallenge).toHaveBeenCalledTimes(2));
    send({ kind: 'challenge-done', result: result('failed'), evidence: [] });
    await screen.findByTestId('liveness-failed');
    expect(screen.queryByTestId('use-photo')).toBeNull();
    fireEvent.click(screen.getByTestId('liveness-continue'));
    const outcome = vi.mocked(p.onLiveness).mock.calls[0]![0];
    expect(outcome.result.verdict).toBe('failed');
    expect(outcome.result.challengeId).toBe('ch-2');
  });

  it('sends the person to another device when the models cannot load, with no upload by default', async () => {
    camera = installFakeCamera();
    engine.load.mockRejectedValue(new Error('no wasm'));
    render(<SelfieStep {...props()} />);
    await screen.findByTestId('face-models-failed');
    expect(screen.getByTestId('continue-on-phone')).toBeTruthy();
    expect(screen.queryByTestId('upload-photo')).toBeNull();
    expect(screen.queryByTestId('shutter')).toBeNull();
  });

  it('offers a file only where the key allows it, and hands the picked photo over as such', async () => {
    camera = installFakeCamera({ fail: 'NotAllowedError' });
    const { unmount } = render(<SelfieStep {...props()} />);
    await screen.findByTestId('camera-fallback');
    expect(screen.getByTestId('continue-on-phone')).toBeTruthy();
    expect(screen.queryByTestId('upload-photo')).toBeNull();
    unmount();
    render(<SelfieStep {...props({ selfieUploadAllowed: true })} />);
    await screen.findByTestId('camera-fallback');
    expect(screen.getByTestId('upload-photo')).toBeTruthy();
  });

  it('shows what the server already has and continues with it', () => {
    camera = installFakeCamera();
    const p = props({ serverHas: true });
    render(<SelfieStep {...p} />);
    fireEvent.click(screen.getByTestId('continue-existing'));
    expect(p.onContinue).toHaveBeenCalledOnce();
  });

  it('shows the specialist\'s reason above the camera', async () => {
    camera = installFakeCamera();
    render(<SelfieStep {...props({ resubmission: true, resubmissionReason: 'Face hidden' })} />);
    expect((await screen.findByTestId('resubmission-notice')).textContent).toBe('We need new photos: Face hidden');
  });
});
