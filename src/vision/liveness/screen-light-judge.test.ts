import { describe, expect, it } from 'vitest';
import { colourSequence, hexToRgb, judgeScreenLight, SCREEN_LIGHT_NOISE_FLOOR, worseOf, type LightSample } from './screen-light-judge';

const SKIN: [number, number, number] = [196, 148, 122];
const SEQUENCE = ['#ff0000', '#0000ff', '#00ff00', '#ff00ff'];

/** Skin lit by the screen: a share `k` of the screen's colour added (what the e2e canvas does). */
function lit(colour: string, k: number, base = SKIN): [number, number, number] {
  const c = hexToRgb(colour);
  return [0, 1, 2].map((i) => Math.min(255, base[i]! * (1 - k) + c[i]! * k)) as [number, number, number];
}

/** Deterministic small noise, ±amp levels. */
const jitter = (seed: number, amp: number) => ((Math.sin(seed * 12.9898) * 43758.5453) % 1) * amp;

describe('judgeScreenLight', () => {
  it('passes a face whose colour follows the screen', () => {
    const samples = SEQUENCE.map((colour) => ({ colour, rgb: lit(colour, 0.12) }));
    const j = judgeScreenLight(samples);
    expect(j.result).toBe('passed');
    expect(j.correlation).toBeGreaterThan(0.9);
    expect(j.amplitude).toBeGreaterThan(SCREEN_LIGHT_NOISE_FLOOR * 5);
  });

  it('passes a face that follows a sequence with its mean colour in it (cyan, green, cyan, blue: seen in the e2e)', () => {
    const sequence = ['#00ffff', '#00ff00', '#00ffff', '#0000ff'];
    const samples = sequence.map((colour, i) => ({ colour, rgb: lit(colour, 0.1).map((v, k) => v + jitter(i * 3 + k, 1)) as [number, number, number] }));
    expect(judgeScreenLight(samples).result).toBe('passed');
  });

  it('passes a weak response (3 % of the screen colour) with camera noise', () => {
    const samples = SEQUENCE.map((colour, i) => ({ colour, rgb: lit(colour, 0.03).map((v, k) => v + jitter(i * 3 + k, 1)) as [number, number, number] }));
    expect(judgeScreenLight(samples).result).toBe('passed');
  });

  it('calls a face that does not react inconclusive (cannot tell it from bright daylight), never passed', () => {
    const samples = SEQUENCE.map((colour, i) => ({ colour, rgb: SKIN.map((v, k) => v + jitter(i * 3 + k, 0.8)) as [number, number, number] }));
    const j = judgeScreenLight(samples);
    expect(j.result).toBe('inconclusive');
    expect(j.amplitude).toBeLessThan(SCREEN_LIGHT_NOISE_FLOOR);
  });

  it('fails a face lit by another sequence (a replay recorded for another challenge)', () => {
    // The complementary colours: light that goes against the asked sequence.
    const other = ['#00ffff', '#ffff00', '#ff00ff', '#00ff00'];
    const samples = SEQUENCE.map((colour, i) => ({ colour, rgb: lit(other[i]!, 0.12) }));
    const j = judgeScreenLight(samples);
    expect(j.result).toBe('failed');
    expect(j.correlation).toBeLessThan(0.6);
  });

  it('calls a head moving in daylight (a small change, not with the screen) inconclusive, not failed', () => {
    // Measured on the e2e clip turning its head, no screen light: RMS 0.006–0.008.
    const drift: [number, number, number][] = [[210.6, 126.5, 91.2], [190.4, 111.2, 75.3], [174.8, 102.0, 65.9], [177.0, 103.1, 67.0]];
    const samples: LightSample[] = ['#0000ff', '#00ff00', '#00ffff', '#ffff00'].map((colour, i) => ({ colour, rgb: drift[i]! }));
    const j = judgeScreenLight(samples);
    expect(j.result).toBe('inconclusive');
    expect(j.amplitude).toBeGreaterThan(SCREEN_LIGHT_NOISE_FLOOR);
  });

  it('fails a face whose colour changes strongly and not with the screen', () => {
    const drift: [number, number, number][] = [[196, 148, 122], [150, 150, 170], [215, 130, 100], [140, 160, 170]];
    const samples: LightSample[] = ['#ff0000', '#00ff00', '#0000ff', '#ff00ff'].map((colour, i) => ({ colour, rgb: drift[i]! }));
    const j = judgeScreenLight(samples);
    expect(j.result).toBe('failed');
    expect(j.correlation).toBeLessThan(0.3);
  });

  it('is inconclusive on a face too dark to read, or with too few colours', () => {
    expect(judgeScreenLight(SEQUENCE.map((colour) => ({ colour, rgb: lit(colour, 0.5, [5, 4, 3]).map((v) => v / 10) as [number, number, number] }))).result).toBe('inconclusive');
    expect(judgeScreenLight(['#ff0000', '#0000ff', '#ff0000'].map((colour) => ({ colour, rgb: lit(colour, 0.2) }))).result).toBe('inconclusive');
  });
});

describe('worseOf and colourSequence', () => {
  it('keeps the less favourable result', () => {
    expect(worseOf('passed', 'inconclusive')).toBe('inconclusive');
    expect(worseOf('failed', 'passed')).toBe('failed');
    expect(worseOf('passed', 'passed')).toBe('passed');
  });

  it('never repeats a colour in a row and uses at least three', () => {
    let seed = 1;
    const pick = (n: number) => (seed = (seed * 16807) % 2147483647) % n;
    for (let i = 0; i < 200; i++) {
      const seq = colourSequence(['#ff0000', '#00ff00', '#0000ff', '#ffff00'], 4, pick);
      expect(seq).toHaveLength(4);
      expect(new Set(seq).size).toBeGreaterThanOrEqual(3);
      seq.slice(1).forEach((c, k) => expect(c).not.toBe(seq[k]));
    }
  });
});
