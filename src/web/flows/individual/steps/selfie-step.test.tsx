// @vitest-environment jsdom
// The selfie gate, through the real hooks and frame loop with only the face detector (and the
// pixel work jsdom cannot do) replaced: the shutter needs one well-placed face, a file may be
// picked only when the camera cannot be used, and a picked file gets the same face check.
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FaceDetection } from '../../../capture/face-detector';
import type * as EncodeImage from '../../../capture/encode-image';
import { installFakeCamera } from '../../../capture-hooks/test-camera';
import { initI18n } from '../../../i18n/i18n';
import { SelfieStep, type SelfieStepProps } from './selfie-step';

const detector = vi.hoisted(() => ({ detect: vi.fn<(canvas: unknown, ts: number) => Promise<FaceDetection[]>>() }));
vi.mock('../../../capture/face-detector', () => ({ detectFaces: detector.detect }));

const encoded = vi.hoisted(() => ({ width: 512, height: 600 }));
vi.mock('../../../capture/encode-image', async (original) => ({
  ...(await original<typeof EncodeImage>()),
  encodeImageFile: vi.fn(async () => ({ blob: new Blob(['jpeg'], { type: 'image/jpeg' }), ...encoded, belowMinimum: true })),
  encodeVideoFrame: vi.fn(async () => ({ blob: new Blob(['jpeg'], { type: 'image/jpeg' }), width: 480, height: 640, belowMinimum: true })),
}));
vi.mock('../../../capture/still-image', () => ({
  stillToCanvas: vi.fn(async () => ({ width: 512, height: 600 })),
}));

configure({ asyncUtilTimeout: 5000 });

/** A face centred in the oval of the 480×640 fake camera, `width` of the frame wide. */
function centredFace(width: number, cx = 0.5): FaceDetection {
  const height = (width * 480) / 640;
  return { box: { x: cx - width / 2, y: 0.47 - height / 2, width, height }, score: 0.93 };
}

const props = (over: Partial<SelfieStepProps> = {}): SelfieStepProps => ({
  step: { current: 4, total: 5 },
  confirmedUrl: null,
  serverHas: false,
  resubmission: false,
  retake: false,
  noSizeConstraints: false,
  onConfirm: vi.fn(),
  onContinue: vi.fn(),
  ...over,
});

const hint = () => screen.getByTestId('face-hint');
const shutter = () => screen.getByTestId('shutter') as HTMLButtonElement;

let camera: ReturnType<typeof installFakeCamera>;

beforeAll(() => void initI18n('en'));
beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() }));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  camera?.restore();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  detector.detect.mockReset();
});

describe('SelfieStep shutter', () => {
  const cases: Array<[string, FaceDetection[], string]> = [
    ['no face', [], 'no-face'],
    ['several faces', [centredFace(0.45, 0.3), centredFace(0.45, 0.7)], 'multiple-faces'],
    ['a face too far', [centredFace(0.2)], 'too-far'],
    ['a face too close', [centredFace(0.63)], 'too-close'],
    ['a face off centre', [centredFace(0.45, 0.2)], 'off-centre'],
  ];
  it.each(cases)('stays disabled with %s', async (_name, faces, code) => {
    camera = installFakeCamera();
    detector.detect.mockResolvedValue(faces);
    render(<SelfieStep {...props()} />);
    await waitFor(() => expect(hint().dataset.hint).toBe(code));
    expect(shutter().disabled).toBe(true);
    // More frames change nothing.
    await new Promise((r) => setTimeout(r, 600));
    expect(hint().dataset.hint).toBe(code);
    expect(shutter().disabled).toBe(true);
  });

  it('is enabled only once one well-placed face holds still (ready)', async () => {
    camera = installFakeCamera();
    detector.detect.mockResolvedValue([centredFace(0.45)]);
    render(<SelfieStep {...props()} />);
    await waitFor(() => expect(hint().dataset.hint).toBe('hold-still'));
    expect(shutter().disabled).toBe(true);
    await waitFor(() => expect(hint().dataset.hint).toBe('ready'));
    expect(shutter().disabled).toBe(false);
    expect(hint().textContent).toBe('Perfect. Take the photo');
    // The face leaves: disabled again at once (the latest frame must be ready too).
    detector.detect.mockResolvedValue([]);
    await waitFor(() => expect(shutter().disabled).toBe(true));
  });

  it('says "getting ready" with the shutter off for as long as the detector loads (no time limit)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    camera = installFakeCamera();
    detector.detect.mockReturnValue(new Promise(() => undefined));
    render(<SelfieStep {...props()} />);
    // The camera opens and goes live (React flushes its updates as each act ends)…
    for (let i = 0; i < 10 && hint().textContent !== 'Getting ready…'; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(50);
      });
    }
    expect(hint().textContent).toBe('Getting ready…');
    // …then two minutes pass with the detector still loading.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(120_000);
    });
    expect(hint().dataset.hint).toBe('loading');
    expect(hint().textContent).toBe('Getting ready…');
    expect(shutter().disabled).toBe(true);
  });

  it('lets the person shoot without guidance only when the detector fails', async () => {
    camera = installFakeCamera();
    detector.detect.mockRejectedValue(new Error('model download failed'));
    render(<SelfieStep {...props()} />);
    await waitFor(() => expect(hint().dataset.hint).toBe('unguided'));
    expect(shutter().disabled).toBe(false);
  });
});

describe('SelfieStep upload', () => {
  it('offers no upload while the camera is live', async () => {
    camera = installFakeCamera();
    detector.detect.mockResolvedValue([]);
    render(<SelfieStep {...props()} />);
    await waitFor(() => expect(hint().dataset.hint).toBe('no-face'));
    expect(screen.queryByTestId('upload-photo')).toBeNull();
    expect(screen.queryByTestId('upload-photo-input')).toBeNull();
    expect(screen.queryByTestId('camera-fallback')).toBeNull();
  });

  it.each([
    ['NotAllowedError', 'denied'],
    ['NotFoundError', 'missing'],
    ['NotReadableError', 'in-use'],
    ['TypeError', 'unknown'],
  ])('offers the upload when the camera fails (%s → %s)', async (fail, kind) => {
    camera = installFakeCamera({ fail });
    render(<SelfieStep {...props()} />);
    await waitFor(() => expect(screen.getByTestId('camera-fallback').dataset.kind).toBe(kind));
    expect(screen.getByTestId('upload-photo-input')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload a photo' })).toBeTruthy();
    expect(screen.queryByTestId('shutter')).toBeNull();
  });

  it('offers the upload on an insecure page (no camera API at all)', async () => {
    camera = installFakeCamera();
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, get: () => undefined });
    vi.stubGlobal('isSecureContext', false);
    render(<SelfieStep {...props()} />);
    await waitFor(() => expect(screen.getByTestId('camera-fallback').dataset.kind).toBe('insecure'));
    expect(screen.getByTestId('upload-photo-input')).toBeTruthy();
  });

  const pick = (name = 'me.jpg') =>
    fireEvent.change(screen.getByTestId('upload-photo-input'), { target: { files: [new File(['x'], name, { type: 'image/jpeg' })] } });

  it('refuses a picked selfie without a face, with the reason, and uploads nothing', async () => {
    camera = installFakeCamera({ fail: 'NotAllowedError' });
    detector.detect.mockResolvedValue([]);
    const p = props();
    render(<SelfieStep {...p} />);
    await waitFor(() => expect(screen.getByTestId('camera-fallback')).toBeTruthy());
    pick();
    await waitFor(() => expect(screen.getByTestId('file-error').textContent).toBe(
      "We can't see a face in this photo. Choose a photo of your face, looking at the camera.",
    ));
    expect(screen.getByTestId('file-error').getAttribute('role')).toBe('alert');
    expect(screen.queryByTestId('photo-preview')).toBeNull();
    expect(p.onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('upload-photo-input')).toBeTruthy());
  });

  it('refuses several faces and a face too small, each with its reason', async () => {
    camera = installFakeCamera({ fail: 'NotAllowedError' });
    render(<SelfieStep {...props()} />);
    await waitFor(() => expect(screen.getByTestId('camera-fallback')).toBeTruthy());
    const px = (x: number, y: number, size: number): FaceDetection => ({ box: { x: x / 512, y: y / 600, width: size / 512, height: size / 600 }, score: 0.9 });
    detector.detect.mockResolvedValue([px(173, 147, 193), px(10, 10, 150)]);
    pick();
    await waitFor(() => expect(screen.getByTestId('file-error').textContent).toContain('more than one face'));
    await waitFor(() => expect(screen.getByTestId('upload-photo-input')).toBeTruthy());
    detector.detect.mockResolvedValue([px(220, 230, 90)]);
    pick();
    await waitFor(() => expect(screen.getByTestId('file-error').textContent).toContain('Your face is too small'));
  });

  it('previews a picked selfie with one well-placed face, and "Use this photo" hands it over', async () => {
    camera = installFakeCamera({ fail: 'NotAllowedError' });
    // The e2e portrait (grace_hopper.jpg, 512×600) as the detector sees it.
    detector.detect.mockResolvedValue([{ box: { x: 173 / 512, y: 147 / 600, width: 193 / 512, height: 193 / 600 }, score: 0.935 }]);
    const p = props();
    render(<SelfieStep {...p} />);
    await waitFor(() => expect(screen.getByTestId('camera-fallback')).toBeTruthy());
    pick();
    await waitFor(() => expect(screen.getByTestId('photo-preview')).toBeTruthy());
    fireEvent.click(screen.getByTestId('use-photo'));
    expect(p.onConfirm).toHaveBeenCalledWith(expect.objectContaining({ width: 512, height: 600 }));
  });

  it('accepts a picked selfie unchecked when the detector cannot load', async () => {
    camera = installFakeCamera({ fail: 'NotFoundError' });
    detector.detect.mockRejectedValue(new Error('wasm download failed'));
    render(<SelfieStep {...props()} />);
    await waitFor(() => expect(screen.getByTestId('camera-fallback')).toBeTruthy());
    pick();
    await waitFor(() => expect(screen.getByTestId('photo-preview')).toBeTruthy());
    expect(screen.queryByTestId('file-error')).toBeNull();
  });
});

describe('SelfieStep after a resubmission request', () => {
  it('shows the specialist\'s reason', async () => {
    camera = installFakeCamera({ fail: 'NotAllowedError' });
    render(<SelfieStep {...props({ resubmission: true, resubmissionReason: 'Your face was hidden by a hat' })} />);
    expect(screen.getByTestId('resubmission-notice').textContent).toBe('We need new photos: Your face was hidden by a hat');
  });
});
