// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { hexToRgb } from '../../vision/liveness/screen-light-judge';
import { installFakeCamera } from './test-camera';
import { faceRegion, runScreenLight } from './screen-light';

let camera: ReturnType<typeof installFakeCamera> | null = null;
const toBlob = HTMLCanvasElement.prototype.toBlob;
afterEach(() => {
  camera?.restore();
  HTMLCanvasElement.prototype.toBlob = toBlob;
});

/** A face region whose colour is skin plus `share` of whatever the screen shows now. */
function litCamera(screen: () => string | null, share: number) {
  return installFakeCamera({
    width: 640, height: 480,
    pixels: () => {
      const c = screen();
      const tint = c ? hexToRgb(c) : [0, 0, 0];
      const skin = [196, 148, 122];
      const px = skin.map((v, i) => v * (1 - share) + tint[i]! * share);
      const data = new Uint8ClampedArray(16 * 4);
      for (let i = 0; i < data.length; i += 4) data.set([px[0]!, px[1]!, px[2]!, 255], i);
      return { data, width: 4, height: 4, colorSpace: 'srgb' } as ImageData;
    },
  });
}

const noWait = () => Promise.resolve();
const colours = ['#ff0000', '#0000ff', '#00ff00', '#ff00ff'];

describe('runScreenLight', () => {
  it('shows each colour, takes one frame per colour, then clears the screen; a lit face passes', async () => {
    let showing: string | null = null;
    const shown: (string | null)[] = [];
    camera = litCamera(() => showing, 0.12);
    // jsdom has no JPEG encoder: the canvas hands back a blob as a browser would.
    HTMLCanvasElement.prototype.toBlob = function toBlob(cb: BlobCallback) { cb(new Blob(['jpeg'], { type: 'image/jpeg' })); };
    const video = document.createElement('video');
    const capture = await runScreenLight(video, colours, 400, (c) => { showing = c; shown.push(c); }, faceRegion({ cx: 0.5, cy: 0.5, width: 0.5, height: 0.7 }), { sleep: noWait });
    expect(shown).toEqual([...colours, null]);
    expect(capture.frames).toHaveLength(4);
    expect(capture.samples.map((s) => s.colour)).toEqual(colours);
    expect(capture.judgement.result).toBe('passed');
  });

  it('calls a face that does not react inconclusive', async () => {
    camera = litCamera(() => null, 0);
    HTMLCanvasElement.prototype.toBlob = function toBlob(cb: BlobCallback) { cb(new Blob(['jpeg'], { type: 'image/jpeg' })); };
    const capture = await runScreenLight(document.createElement('video'), colours, 400, () => undefined, { x: 0.3, y: 0.2, width: 0.4, height: 0.5 }, { sleep: noWait });
    expect(capture.judgement.result).toBe('inconclusive');
  });

  it('places the measured region in the middle of the oval', () => {
    const r = faceRegion({ cx: 0.5, cy: 0.45, width: 0.5, height: 0.6 });
    expect(r.x).toBeCloseTo(0.35);
    expect(r.width).toBeCloseTo(0.3);
    expect(r.y).toBeCloseTo(0.27);
  });
});
