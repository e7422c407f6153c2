import { describe, expect, it, vi } from 'vitest';
import type { ImageLike } from './frame-quality';
import { assessPhotoQuality, photoNotes } from './photo-notes';

/** RGBA image whose grey level at (x, y) is `f(x, y)`. */
function image(width: number, height: number, f: (x: number, y: number) => number): ImageLike {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const v = f(i % width, Math.floor(i / width));
    data[i * 4] = data[i * 4 + 1] = data[i * 4 + 2] = v;
    data[i * 4 + 3] = 255;
  }
  return { data, width, height };
}

/** Dark strokes on white every 8 px, like lines of print. */
const print = (x: number, y: number) => (y % 8 < 2 && x % 16 < 12 ? 30 : 200);

/** A canvas stand-in whose 2D context hands back `pixels`. */
function canvasOf(pixels: ImageLike) {
  const getImageData = vi.fn(() => pixels);
  const canvas = { width: pixels.width, height: pixels.height, getContext: () => ({ getImageData }) } as unknown as HTMLCanvasElement;
  return { canvas, getImageData };
}

describe('photoNotes', () => {
  it('lists size, then light or focus; nothing for a good photo', () => {
    expect(photoNotes(false, 'ok')).toEqual([]);
    expect(photoNotes(false, null)).toEqual([]);
    expect(photoNotes(true, 'ok')).toEqual(['small']);
    expect(photoNotes(true, 'blurry')).toEqual(['small', 'blurry']);
    expect(photoNotes(false, 'too-bright')).toEqual(['too-bright']);
    expect(photoNotes(false, 'too-dark')).toEqual(['too-dark']);
  });
});

describe('assessPhotoQuality', () => {
  it('measures the redrawn photo with the live-frame rules', async () => {
    const cases: Array<[ImageLike, string]> = [
      [image(480, 320, print), 'ok'],
      [image(480, 320, (x, y) => print(x, y) / 5), 'too-dark'],
      [image(480, 320, (x, y) => (x < 160 ? 255 : print(x, y))), 'too-bright'],
      [image(480, 320, () => 128), 'blurry'],
    ];
    for (const [pixels, want] of cases) {
      const { canvas, getImageData } = canvasOf(pixels);
      const toCanvas = vi.fn(async () => canvas);
      const blob = new Blob(['jpeg']);
      expect(await assessPhotoQuality(blob, undefined, toCanvas)).toBe(want);
      expect(toCanvas).toHaveBeenCalledWith(blob);
      expect(getImageData).toHaveBeenCalledWith(0, 0, 480, 320);
    }
  });

  it('says nothing when the photo cannot be measured', async () => {
    expect(await assessPhotoQuality(new Blob(['x']), undefined, () => Promise.reject(new Error('no canvas')))).toBeNull();
  });
});
