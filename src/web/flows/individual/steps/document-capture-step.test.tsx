// @vitest-environment jsdom
// Document photos: the preview says when a shot or a picked file is small, dark, glared or
// blurry (it can still be used); the upload stays available next to a live camera.
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as EncodeImage from '../../../capture/encode-image';
import { installFakeCamera } from '../../../capture-hooks/test-camera';
import { initI18n } from '../../../i18n/i18n';
import { DocumentCaptureStep, type DocumentCaptureStepProps } from './document-capture-step';

const photo = vi.hoisted(() => ({ belowMinimum: false, grey: (_x: number, _y: number): number => 128 }));
vi.mock('../../../capture/encode-image', async (original) => ({
  ...(await original<typeof EncodeImage>()),
  encodeImageFile: vi.fn(async () => ({ blob: new Blob(['jpeg']), width: 1200, height: 800, belowMinimum: photo.belowMinimum })),
  encodeVideoFrame: vi.fn(async () => ({ blob: new Blob(['jpeg']), width: 2400, height: 1350, belowMinimum: photo.belowMinimum })),
}));
/** The still photo as the quality measures see it (480 px long edge), grey level `photo.grey`. */
vi.mock('../../../capture/still-image', () => ({
  stillToCanvas: vi.fn(async () => {
    const [width, height] = [480, 320];
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      data[i * 4] = data[i * 4 + 1] = data[i * 4 + 2] = photo.grey(i % width, Math.floor(i / width));
      data[i * 4 + 3] = 255;
    }
    return { width, height, getContext: () => ({ getImageData: () => ({ data, width, height }) }) };
  }),
}));

configure({ asyncUtilTimeout: 5000 });

/** Dark strokes on white every 8 px, like lines of print: sharp and well lit. */
const print = (x: number, y: number) => (y % 8 < 2 && x % 16 < 12 ? 30 : 200);

const props = (over: Partial<DocumentCaptureStepProps> = {}): DocumentCaptureStepProps => ({
  side: 'front',
  docType: 'NATIONAL_ID',
  step: { current: 2, total: 5 },
  confirmedUrl: null,
  serverHas: false,
  resubmission: false,
  retake: false,
  noSizeConstraints: false,
  onConfirm: vi.fn(),
  onContinue: vi.fn(),
  ...over,
});

let camera: ReturnType<typeof installFakeCamera>;
const notes = () => screen.getByTestId('photo-notes');
const pick = () =>
  fireEvent.change(screen.getByTestId('upload-photo-input'), { target: { files: [new File(['x'], 'id.jpg', { type: 'image/jpeg' })] } });

beforeAll(() => void initI18n('en'));
beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() }));
  photo.belowMinimum = false;
  photo.grey = print;
});
afterEach(() => {
  cleanup();
  camera?.restore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DocumentCaptureStep preview notes', () => {
  it('says a small picked photo may be hard to read, and it can still be used', async () => {
    camera = installFakeCamera({ fail: 'NotAllowedError' });
    photo.belowMinimum = true;
    const p = props();
    render(<DocumentCaptureStep {...p} />);
    await waitFor(() => expect(screen.getByTestId('camera-fallback')).toBeTruthy());
    pick();
    await waitFor(() => expect(notes().dataset.notes).toBe('small'));
    expect(notes().textContent).toContain('This photo is small, so the text may be hard to read.');
    expect(screen.getByTestId('photo-preview')).toBeTruthy();
    fireEvent.click(screen.getByTestId('use-photo'));
    expect(p.onConfirm).toHaveBeenCalledOnce();
  });

  it('says nothing about a large, sharp, well-lit photo', async () => {
    camera = installFakeCamera({ fail: 'NotFoundError' });
    render(<DocumentCaptureStep {...props()} />);
    await waitFor(() => expect(screen.getByTestId('camera-fallback')).toBeTruthy());
    pick();
    await waitFor(() => expect(screen.getByTestId('photo-preview')).toBeTruthy());
    // The measure runs after the preview shows; give it the time it takes.
    await new Promise((r) => setTimeout(r, 100));
    expect(notes().dataset.notes).toBe('');
    expect(notes().textContent).toBe('');
  });

  it.each([
    ['too-dark', (x: number, y: number) => print(x, y) / 5, 'The photo looks dark.'],
    ['too-bright', (x: number, y: number) => (x < 160 ? 255 : print(x, y)), 'There may be glare on the document.'],
    ['blurry', () => 128, 'The photo looks blurry.'],
  ])('warns of %s on a camera shot', async (note, grey, text) => {
    camera = installFakeCamera();
    photo.grey = grey;
    render(<DocumentCaptureStep {...props()} />);
    const shutter = screen.getByTestId('shutter') as HTMLButtonElement;
    await waitFor(() => expect(shutter.disabled).toBe(false));
    fireEvent.click(shutter);
    await waitFor(() => expect(notes().dataset.notes).toBe(note));
    expect(notes().textContent).toContain(text);
  });

  it('lists a small size before the light', async () => {
    camera = installFakeCamera({ fail: 'NotAllowedError' });
    photo.belowMinimum = true;
    photo.grey = (x, y) => print(x, y) / 5;
    render(<DocumentCaptureStep {...props()} />);
    await waitFor(() => expect(screen.getByTestId('camera-fallback')).toBeTruthy());
    pick();
    await waitFor(() => expect(notes().dataset.notes).toBe('small too-dark'));
  });
});

describe('DocumentCaptureStep', () => {
  it('keeps the upload next to a live camera', async () => {
    camera = installFakeCamera();
    render(<DocumentCaptureStep {...props()} />);
    await waitFor(() => expect((screen.getByTestId('shutter') as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByTestId('upload-photo-input')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload a photo instead' })).toBeTruthy();
  });

  it('shows the specialist\'s reason after a resubmission request, or the general request without one', () => {
    camera = installFakeCamera({ fail: 'NotAllowedError' });
    const { unmount } = render(<DocumentCaptureStep {...props({ resubmission: true, resubmissionReason: 'Glare on the document' })} />);
    expect(screen.getByTestId('resubmission-notice').textContent).toBe('We need new photos: Glare on the document');
    unmount();
    render(<DocumentCaptureStep {...props({ resubmission: true, resubmissionReason: null })} />);
    expect(screen.getByTestId('resubmission-notice').textContent).toBe('We need new photos. Please take them again in good light.');
  });
});
