// The screen-light check, shared by the browser (judged on live frames) and the service
// (re-checked on the evidence frames): the screen shows a random sequence of colours, and the
// light it throws on the face must follow it. A printed photo, a screen replay or a rendered
// face that does not react to this page's colours either shows no colour change (inconclusive)
// or a change that does not follow the sequence (failed). Pure arithmetic, no DOM, no Node.

export type ScreenLightVerdict = 'passed' | 'failed' | 'inconclusive';

export interface LightSample {
  /** The colour the screen showed, '#rrggbb'. */
  colour: string;
  /** Mean colour of the face region in that step's frame, 0..255 per channel. */
  rgb: readonly [number, number, number];
}

export interface ScreenLightJudgement {
  result: ScreenLightVerdict;
  /** RMS of the face's chromaticity change across the steps (0..1 units of r/(r+g+b)). */
  amplitude: number;
  /** Cosine of the face's chromaticity change with the screen's (−1..1). */
  correlation: number;
  /** Steps whose face change points the way the screen's colour does. */
  matchedSteps: number;
  note: string;
}

/**
 * Chromaticity change below this (RMS) cannot be told from camera noise, white-balance drift and
 * small movements: the light is not measurable (bright daylight, screen too dim) → inconclusive.
 * The e2e's screen-lit face moves ~0.03–0.05; a static or rendered face that ignores the screen
 * stays under ~0.002 (screen-light-judge.test.ts). Not yet measured on real faces and phones:
 * set between the two, nearer the quiet side, so weak real responses still count.
 */
export const SCREEN_LIGHT_NOISE_FLOOR = 0.004;
/** Agreement with the sequence needed to pass (cosine of change vectors). */
export const SCREEN_LIGHT_MIN_CORRELATION = 0.6;
/**
 * To fail, the face's colour must change clearly (this many noise floors) and not follow the
 * screen at all (correlation below SCREEN_LIGHT_MAX_FAIL_CORRELATION): light that follows another
 * sequence (a replay of another challenge), or a face changing colour on its own. A smaller
 * change that does not follow is what a moving head in daylight gives (the e2e's rendered clip
 * turning its head reads 0.006–0.008 with correlations −0.4…0.5): inconclusive, not failed, so an
 * honest person outdoors loses no try to it (the key's rule decides; default: review).
 */
export const SCREEN_LIGHT_FAIL_FLOORS = 2.5;
export const SCREEN_LIGHT_MAX_FAIL_CORRELATION = 0.3;
/** Squared chroma deviation below which a step of the screen's sequence asks for no change. */
const NO_DIRECTION = 1e-6;
/** Mean channel sum (0..765) below this: the face is too dark to read a colour from. */
const MIN_BRIGHTNESS = 45;

export function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const chroma = (c: readonly number[]): number[] => {
  const sum = c[0]! + c[1]! + c[2]! || 1;
  return [c[0]! / sum, c[1]! / sum, c[2]! / sum];
};

/** Each vector minus the mean of all (per channel): what changed from step to step. */
function centred(vectors: number[][]): number[][] {
  const mean = [0, 1, 2].map((k) => vectors.reduce((s, v) => s + v[k]!, 0) / vectors.length);
  return vectors.map((v) => v.map((x, k) => x - mean[k]!));
}

const dot = (a: readonly number[], b: readonly number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const round = (x: number, digits = 4) => Math.round(x * 10 ** digits) / 10 ** digits;

export function judgeScreenLight(samples: readonly LightSample[]): ScreenLightJudgement {
  const quiet = (note: string, amplitude = 0, correlation = 0, matchedSteps = 0): ScreenLightJudgement => ({ result: 'inconclusive', amplitude, correlation, matchedSteps, note });
  if (new Set(samples.map((s) => s.colour)).size < 3) return quiet('fewer than three different colours measured');
  const brightness = samples.reduce((s, x) => s + x.rgb[0] + x.rgb[1] + x.rgb[2], 0) / samples.length;
  if (brightness < MIN_BRIGHTNESS) return quiet('face too dark to read its colour');
  const face = centred(samples.map((s) => chroma(s.rgb)));
  const screen = centred(samples.map((s) => chroma(hexToRgb(s.colour))));
  const flatFace = face.flat();
  const flatScreen = screen.flat();
  const amplitude = Math.sqrt(dot(flatFace, flatFace) / flatFace.length);
  const correlation = dot(flatFace, flatScreen) / (Math.sqrt(dot(flatFace, flatFace) * dot(flatScreen, flatScreen)) || 1);
  // A step whose colour is the sequence's mean (cyan between green and blue) asks for no change:
  // it has no direction to follow, so it cannot be a mismatch (its dot product is 0 by construction).
  const matchedSteps = face.filter((d, i) => dot(screen[i]!, screen[i]!) < NO_DIRECTION || dot(d, screen[i]!) > 0).length;
  const figures = [round(amplitude), round(correlation, 3), matchedSteps] as const;
  if (amplitude < SCREEN_LIGHT_NOISE_FLOOR) return quiet('the face colour did not change measurably', ...figures);
  if (correlation >= SCREEN_LIGHT_MIN_CORRELATION && matchedSteps >= samples.length - 1) {
    return { result: 'passed', amplitude: figures[0], correlation: figures[1], matchedSteps, note: 'the face colour followed the screen' };
  }
  if (amplitude >= SCREEN_LIGHT_FAIL_FLOORS * SCREEN_LIGHT_NOISE_FLOOR && correlation < SCREEN_LIGHT_MAX_FAIL_CORRELATION) {
    return { result: 'failed', amplitude: figures[0], correlation: figures[1], matchedSteps, note: 'the face colour changed clearly but did not follow the screen' };
  }
  return quiet('the face colour changed a little, not with the screen (movement, daylight)', ...figures);
}

/** Combines the browser's and the service's results: the less favourable one stands. */
export function worseOf(a: ScreenLightVerdict, b: ScreenLightVerdict): ScreenLightVerdict {
  const rank: Record<ScreenLightVerdict, number> = { passed: 0, inconclusive: 1, failed: 2 };
  return rank[a] >= rank[b] ? a : b;
}

/**
 * A random sequence of `steps` colours from `palette`: no colour twice in a row and at least
 * three different ones (so the change has a direction to follow). `pick(n)` is 0..n-1.
 */
export function colourSequence(palette: readonly string[], steps: number, pick: (n: number) => number): string[] {
  for (;;) {
    const out: string[] = [];
    while (out.length < steps) {
      const choices = palette.filter((c) => c !== out.at(-1));
      out.push(choices[pick(choices.length)]!);
    }
    if (new Set(out).size >= Math.min(3, palette.length)) return out;
  }
}
