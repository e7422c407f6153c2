// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canvasToJpeg, encodeImageFile, JPEG_QUALITY, targetSize, type ImageKind } from './encode-image';

describe('targetSize', () => {
  const cases: Array<[ImageKind, number, number, number, number, boolean]> = [
    // kind, source w, h → target w, h, belowMinimum
    ['document', 4000, 3000, 2400, 1800, false],
    ['document', 3000, 4000, 1800, 2400, false],
    ['document', 2400, 1350, 2400, 1350, false],
    ['document', 1920, 1080, 1920, 1080, false],
    ['document', 1600, 1200, 1600, 1200, false],
    ['document', 1280, 720, 1280, 720, true],
    ['document', 4032, 3024, 2400, 1800, false],
    ['selfie', 1920, 1080, 1080, 608, false],
    ['selfie', 1080, 1920, 608, 1080, false],
    ['selfie', 1280, 720, 1080, 608, false],
    ['selfie', 1080, 1080, 1080, 1080, false],
    ['selfie', 720, 540, 720, 540, false],
    ['selfie', 640, 480, 640, 480, true],
  ];
  it.each(cases)('%s %ix%i → %ix%i (below minimum: %s)', (kind, w, h, tw, th, below) => {
    expect(targetSize(w, h, kind)).toEqual({ width: tw, height: th, belowMinimum: below });
  });

  it('never returns a zero side', () => {
    expect(targetSize(10000, 1, 'document')).toEqual({ width: 2400, height: 1, belowMinimum: false });
  });

  it('rejects empty images', () => {
    expect(() => targetSize(0, 100, 'selfie')).toThrow(RangeError);
    expect(() => targetSize(Number.NaN, 100, 'selfie')).toThrow(RangeError);
  });
});

describe('canvasToJpeg', () => {
  it('uses convertToBlob on OffscreenCanvas-like objects', async () => {
    const blob = new Blob(['x'], { type: 'image/jpeg' });
    const convertToBlob = vi.fn().mockResolvedValue(blob);
    await expect(canvasToJpeg({ convertToBlob } as unknown as OffscreenCanvas)).resolves.toBe(blob);
    expect(convertToBlob).toHaveBeenCalledWith({ type: 'image/jpeg', quality: JPEG_QUALITY });
  });

  it('rejects when the browser cannot encode', async () => {
    const canvas = document.createElement('canvas');
    canvas.toBlob = (cb: BlobCallback) => cb(null);
    await expect(canvasToJpeg(canvas)).rejects.toThrow(/could not be encoded/);
  });
});

// jsdom has no canvas backend: stub the few calls encodeImageFile makes and check what it asks.
describe('encodeImageFile', () => {
  const drawImage = vi.fn();
  const close = vi.fn();
  const toBlob = vi.fn((cb: BlobCallback, type?: string) => cb(new Blob(['jpeg'], { type })));

  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage,
    } as unknown as CanvasRenderingContext2D);
    HTMLCanvasElement.prototype.toBlob = toBlob as unknown as HTMLCanvasElement['toBlob'];
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    drawImage.mockClear();
    close.mockClear();
    toBlob.mockClear();
  });

  it('applies EXIF orientation, downscales, encodes JPEG at 0.9 and frees the bitmap', async () => {
    const bitmap = { width: 3024, height: 4032, close };
    const createImageBitmap = vi.fn().mockResolvedValue(bitmap);
    vi.stubGlobal('createImageBitmap', createImageBitmap);
    const file = new File(['raw'], 'id.jpg', { type: 'image/jpeg' });

    const out = await encodeImageFile(file, 'document');

    expect(createImageBitmap).toHaveBeenCalledWith(file, { imageOrientation: 'from-image' });
    expect(drawImage).toHaveBeenCalledWith(bitmap, 0, 0, 1800, 2400);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.9);
    expect(out).toMatchObject({ width: 1800, height: 2400, belowMinimum: false });
    expect(out.blob.type).toBe('image/jpeg');
    expect(close).toHaveBeenCalledOnce();
  });
});
