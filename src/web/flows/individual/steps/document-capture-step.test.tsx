// @vitest-environment jsdom
// Document photos: the live engine's verdict drives auto-capture (the shutter is a fallback
// that appears after a few seconds); a photo with no document in it cannot be used; a front
// without a visible portrait is flagged; the preview says when a shot or a picked file is
// small, dark, glared or blurry (it can still be used). Only the engine (a Worker in the
// browser), the face detector and pixel work jsdom cannot do are replaced.
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as EncodeImage from '../../../capture/encode-image';
import { installFakeCamera } from '../../../capture-hooks/test-camera';
import { initI18n } from '../../../i18n/i18n';
import { DocumentCaptureStep, type DocumentCaptureStepProps } from './document-capture-step';

const photo = vi.hoisted(() => ({
  belowMinimum: false,
  grey: (_x: number, _y: number): number => 128,
  documentFound: true,
  /** What the finder says when the photo is compared with the other side's. */
  sameSide: null as boolean | null,
  faces: 1,
}));
const engine = vi.hoisted(() => ({
  listeners: new Set<(u: { hint: string; capture: boolean; corners: null; analyseMs: number }) => void>(),
  started: 0,
  references: [] as (Blob | null)[],
}));
vi.mock('../../../capture/document-engine', () => ({
  createDocumentEngine: () => ({
    start: () => { engine.started++; },
    stop: () => undefined,
    reset: () => undefined,
    setReference: (photo: Blob | null) => { engine.references.push(photo); },
    dispose: () => undefined,
    subscribe: (cb: (u: { hint: string; capture: boolean; corners: null; analyseMs: number }) => void) => {
      engine.listeners.add(cb);
      return () => engine.listeners.delete(cb);
    },
  }),
  checkDocumentPhoto: vi.fn(async (_blob: Blob, otherSide: Blob | null) => ({
    found: photo.documentFound, corners: null, sameSide: otherSide ? photo.sameSide : null,
  })),
}));
vi.mock('../../../capture/face-detector', () => ({
  detectFacesInPhoto: vi.fn(async () => Array.from({ length: photo.faces }, () => ({ box: { x: 0.1, y: 0.2, width: 0.2, height: 0.3 }, score: 0.9 }))),
}));
/** What the engine would post for the current frame. */
function frame(hint: string, capture = false) {
  act(() => {
    for (const cb of engine.listeners) cb({ hint, capture, corners: null, analyseMs: 7 });
  });
}
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
    return { width, height, getContext: () => ({ getImageData: () => ({ data, width, height }), drawImage: () => undefined }) };
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
  photo.documentFound = true;
  photo.sameSide = null;
  photo.faces = 1;
  engine.listeners.clear();
  engine.references = [];
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
    await waitFor(() => expect(engine.listeners.size).toBe(1));
    frame('ready', true);
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

describe('DocumentCaptureStep auto-capture and document checks', () => {
  it('takes the photo by itself when the engine says so, shows it a moment with Retake and goes on without a tap', async () => {
    camera = installFakeCamera();
    const p = props();
    render(<DocumentCaptureStep {...p} />);
    await waitFor(() => expect(engine.listeners.size).toBe(1));
    frame('blurry');
    await waitFor(() => expect(screen.getByTestId('quality-hint').dataset.hint).toBe('blurry'));
    expect(screen.getByTestId('quality-hint').textContent).toBe('Blurry. Hold still');
    expect(screen.queryByTestId('photo-preview')).toBeNull();
    frame('ready', true);
    await waitFor(() => expect(screen.getByTestId('capture-preview').dataset.capture).toBe('auto'));
    await waitFor(() => expect(screen.getByTestId('capture-preview').dataset.autoContinue).toBe('true'));
    expect(screen.getByTestId('auto-captured').textContent).toBe('Photo taken. Going on…');
    expect(screen.getByTestId('retake').tagName).toBe('BUTTON');
    expect(p.onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(p.onConfirm).toHaveBeenCalledOnce(), { timeout: 4000 });
  });

  it('keeps the tap for a photo taken by itself that has something to say (a small photo)', async () => {
    camera = installFakeCamera();
    photo.belowMinimum = true;
    const p = props();
    render(<DocumentCaptureStep {...p} />);
    await waitFor(() => expect(engine.listeners.size).toBe(1));
    frame('ready', true);
    await waitFor(() => expect(screen.getByTestId('capture-preview').dataset.checked).toBe('true'));
    expect(screen.getByTestId('capture-preview').dataset.autoContinue).toBe('false');
    expect(screen.getByTestId('auto-captured').textContent).toBe('Photo taken');
    await new Promise((r) => setTimeout(r, 2000));
    expect(p.onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('use-photo'));
    expect(p.onConfirm).toHaveBeenCalledOnce();
  });

  it('offers the shutter only after a few seconds of live camera', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      camera = installFakeCamera();
      render(<DocumentCaptureStep {...props()} />);
      await vi.waitFor(() => expect(engine.listeners.size).toBe(1));
      expect(screen.queryByTestId('shutter')).toBeNull();
      await act(async () => { vi.advanceTimersByTime(5000); });
      expect(screen.getByTestId('shutter')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a picked photo with no document in it: retake, not use', async () => {
    camera = installFakeCamera({ fail: 'NotFoundError' });
    photo.documentFound = false;
    const p = props();
    render(<DocumentCaptureStep {...p} />);
    pick();
    await waitFor(() => expect(screen.getByTestId('no-document')).toBeTruthy());
    expect(screen.getByTestId('no-document').textContent).toContain("We can't see a document in this photo.");
    expect((screen.getByTestId('use-photo') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('use-photo'));
    expect(p.onConfirm).not.toHaveBeenCalled();
  });

  it('says when the front shows no portrait, and the photo can still be used', async () => {
    camera = installFakeCamera({ fail: 'NotFoundError' });
    photo.faces = 0;
    const p = props();
    render(<DocumentCaptureStep {...p} />);
    pick();
    await waitFor(() => expect(screen.getByTestId('no-portrait')).toBeTruthy());
    fireEvent.click(screen.getByTestId('use-photo'));
    expect(p.onConfirm).toHaveBeenCalledOnce();
  });

  it('on the back, gives the engine the front to wait for the card to be turned, and says so', async () => {
    camera = installFakeCamera();
    const front = new Blob(['front']);
    render(<DocumentCaptureStep {...props({ side: 'back', otherSide: front })} />);
    await waitFor(() => expect(engine.listeners.size).toBe(1));
    expect(engine.references).toEqual([front]);
    frame('turn-over');
    await waitFor(() => expect(screen.getByTestId('quality-hint').dataset.hint).toBe('turn-over'));
    expect(screen.getByTestId('quality-hint').textContent).toBe('Turn your document over');
    expect(screen.queryByTestId('capture-preview')).toBeNull();
  });

  it('never hands the front a reference, even when one is passed', async () => {
    camera = installFakeCamera();
    render(<DocumentCaptureStep {...props({ side: 'front', otherSide: new Blob(['back']) })} />);
    await waitFor(() => expect(engine.listeners.size).toBe(1));
    expect(engine.references).toEqual([null]);
  });

  it('refuses a back photo that shows the front again: retake, not use', async () => {
    camera = installFakeCamera({ fail: 'NotFoundError' });
    photo.sameSide = true;
    const p = props({ side: 'back', otherSide: new Blob(['front']) });
    render(<DocumentCaptureStep {...p} />);
    pick();
    await waitFor(() => expect(screen.getByTestId('same-side')).toBeTruthy());
    expect(screen.getByTestId('same-side').textContent).toBe('This is the front of your document again. Turn it over and take a photo of the back.');
    expect((screen.getByTestId('use-photo') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('use-photo'));
    expect(p.onConfirm).not.toHaveBeenCalled();
  });

  it('lets a back photo through when it differs from the front', async () => {
    camera = installFakeCamera({ fail: 'NotFoundError' });
    photo.sameSide = false;
    const p = props({ side: 'back', otherSide: new Blob(['front']) });
    render(<DocumentCaptureStep {...p} />);
    pick();
    await waitFor(() => expect((screen.getByTestId('use-photo') as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId('same-side')).toBeNull();
    fireEvent.click(screen.getByTestId('use-photo'));
    expect(p.onConfirm).toHaveBeenCalledOnce();
  });

  it('does not look for a portrait on the back', async () => {
    camera = installFakeCamera({ fail: 'NotFoundError' });
    photo.faces = 0;
    render(<DocumentCaptureStep {...props({ side: 'back' })} />);
    pick();
    await waitFor(() => expect(screen.getByTestId('capture-preview').dataset.checked).toBe('true'));
    expect(screen.queryByTestId('no-portrait')).toBeNull();
  });
});

describe('DocumentCaptureStep', () => {
  it('keeps the upload next to a live camera', async () => {
    camera = installFakeCamera();
    render(<DocumentCaptureStep {...props()} />);
    await waitFor(() => expect(engine.listeners.size).toBe(1));
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
