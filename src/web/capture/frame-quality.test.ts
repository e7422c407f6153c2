import { describe, expect, it } from 'vitest';
import {
  assessFrameQuality,
  clippedShare,
  laplacianVariance,
  meanBrightness,
  toGrey,
  type ImageLike,
} from './frame-quality';

/** RGBA image whose grey level at (x, y) is `f(x, y)`. */
function image(width: number, height: number, f: (x: number, y: number) => number): ImageLike {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const v = f(x, y);
      data[i] = data[i + 1] = data[i + 2] = v;
      data[i + 3] = 255;
    }
  }
  return { data, width, height };
}

/** Black-on-white "text": thin dark strokes every 8 px, like lines of print. */
const crisp = (x: number, y: number) => (y % 8 < 2 && x % 16 < 12 ? 30 : 200);

/** The same pattern box-blurred with the given radius (px). */
function blurred(radius: number) {
  return (x: number, y: number) => {
    let sum = 0;
    let n = 0;
    for (let dy = -radius; dy <= radius; dy++) {
      for (let dx = -radius; dx <= radius; dx++) {
        sum += crisp(x + dx + 64, y + dy + 64);
        n++;
      }
    }
    return sum / n;
  };
}

describe('toGrey', () => {
  it('uses Rec. 601 luma', () => {
    const data = new Uint8ClampedArray([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255]);
    const grey = toGrey({ data, width: 3, height: 1 });
    expect(Array.from(grey.data).map((v) => Math.round(v))).toEqual([76, 150, 29]);
  });

  it('box-averages down to the long edge limit and never up', () => {
    const img = image(100, 50, (x) => (x % 2 ? 200 : 100));
    const small = toGrey(img, 50);
    expect([small.width, small.height]).toEqual([50, 25]);
    expect(small.data.every((v) => Math.abs(v - 150) < 1e-3)).toBe(true);
    const same = toGrey(img, 1000);
    expect([same.width, same.height]).toEqual([100, 50]);
  });
});

describe('measures', () => {
  it('mean brightness and clipped share', () => {
    const grey = toGrey(image(10, 10, (x) => (x < 5 ? 0 : 255)));
    expect(meanBrightness(grey)).toBeCloseTo(127.5);
    expect(clippedShare(grey)).toBeCloseTo(0.5);
  });

  it('a flat image has no Laplacian variance; edges have a lot', () => {
    expect(laplacianVariance(toGrey(image(20, 20, () => 128)))).toBe(0);
    expect(laplacianVariance(toGrey(image(64, 64, crisp)))).toBeGreaterThan(1000);
  });

  it('blur lowers the sharpness monotonically', () => {
    const values = [0, 1, 2, 4].map((r) =>
      laplacianVariance(toGrey(image(128, 128, r ? blurred(r) : crisp))),
    );
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThan(values[i - 1]!);
  });
});

describe('assessFrameQuality', () => {
  const cases: Array<{ name: string; img: ImageLike; want: string }> = [
    { name: 'crisp print in good light', img: image(480, 320, crisp), want: 'ok' },
    { name: 'dark frame', img: image(480, 320, (x, y) => crisp(x, y) / 5), want: 'too-dark' },
    { name: 'washed out frame', img: image(480, 320, () => 240), want: 'too-bright' },
    { name: 'glare patch over 30 %', img: image(480, 320, (x, y) => (x < 160 ? 255 : crisp(x, y))), want: 'too-bright' },
    { name: 'small glare patch', img: image(480, 320, (x, y) => (x < 60 ? 255 : crisp(x, y))), want: 'ok' },
    { name: 'out of focus (13 px box blur)', img: image(480, 320, blurred(6)), want: 'blurry' },
    { name: 'slightly soft (3 px box blur)', img: image(480, 320, blurred(1)), want: 'ok' },
    { name: 'flat wall', img: image(480, 320, () => 128), want: 'blurry' },
  ];
  it.each(cases)('$name → $want', ({ img, want }) => {
    expect(assessFrameQuality(img).hint).toBe(want);
  });

  it('reports the measures it used', () => {
    const q = assessFrameQuality(image(100, 100, () => 100));
    expect(q).toEqual({ hint: 'blurry', brightness: expect.closeTo(100, 3), clipped: 0, sharpness: 0 });
  });
});
