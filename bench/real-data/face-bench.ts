// Face matching on real photos of real people (several different photos each): the product's
// face engine embeds every image once, every same-person pair and a seeded sample of
// different-person pairs are scored, and the ROC says what each threshold costs.
import { readFileSync } from 'node:fs';
import { loadFaceEngine } from '../../src/server/decisions/analysis/face-engine';
import { descriptorDistance } from '../../src/server/decisions/analysis/face-geometry';
import { FACE_MATCH_MAX, FACE_MISMATCH_MIN } from '../../src/server/decisions/face-thresholds';
import { faceKey, facePath, type RealSet } from './real-set';
import { measureSearchAccuracy, type SearchAccuracy } from './search-accuracy';

export interface RocPoint { threshold: number; fmr: number; fnmr: number }
export interface FaceBench {
  people: number;
  images: number;
  noFace: number;
  genuinePairs: number;
  impostorPairs: number;
  roc: RocPoint[];
  eer: { threshold: number; rate: number };
  fnmrAtFmr: { fmr: number; fnmr: number; threshold: number }[];
  /** Distance beyond which fewer than 0.2 % of genuine pairs (both faces found) fall: the safe automatic decline. */
  genuine998: number;
  /** What the rules' thresholds do to each kind of pair (shares). */
  atRules: { matchMax: number; mismatchMin: number; genuine: Outcomes; impostor: Outcomes };
  medianMsPerImage: number;
  /** The repeat-identity search over the same descriptors. */
  search: SearchAccuracy;
}
export interface Outcomes { approved: number; review: number; declined: number }

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

/** Scores of both kinds of pair → the ROC on a fine grid of distance thresholds (lower = closer). */
export function rocOf(genuine: number[], impostor: number[]) {
  const g = [...genuine].sort((a, b) => a - b);
  const im = [...impostor].sort((a, b) => a - b);
  const below = (arr: number[], t: number) => { let lo = 0; let hi = arr.length; while (lo < hi) { const m = (lo + hi) >> 1; if (arr[m]! <= t) lo = m + 1; else hi = m; } return lo; };
  // Pairs with an image where no face was found score +Infinity (a miss): not a grid point.
  const max = Math.max(...[...g, ...im].filter(Number.isFinite), 0);
  const roc: RocPoint[] = [];
  for (let t = 0; t <= max + 1e-9; t += max / 400) roc.push({ threshold: t, fmr: below(im, t) / im.length, fnmr: 1 - below(g, t) / g.length });
  const eerPoint = roc.reduce((best, p) => (Math.abs(p.fmr - p.fnmr) < Math.abs(best.fmr - best.fnmr) ? p : best), roc[0]!);
  const fnmrAtFmr = [0.01, 0.001].map((target) => {
    const ok = roc.filter((p) => p.fmr <= target);
    const p = ok.at(-1) ?? roc[0]!;
    return { fmr: target, fnmr: p.fnmr, threshold: p.threshold };
  });
  // The safe decline point among pairs whose faces were both found (the others are reviewed).
  return { roc, eer: { threshold: eerPoint.threshold, rate: (eerPoint.fmr + eerPoint.fnmr) / 2 }, fnmrAtFmr, genuine998: quantile(g.filter(Number.isFinite), 0.998) };
}

function outcomes(d: number[], matchMax: number, mismatchMin: number): Outcomes {
  const n = d.length || 1;
  const approved = d.filter((x) => x <= matchMax).length / n;
  // A pair with a photo where no face was found (+Infinity) goes to a specialist, not to a decline.
  const declined = d.filter((x) => Number.isFinite(x) && x >= mismatchMin).length / n;
  return { approved, declined, review: 1 - approved - declined };
}

export async function measureFaces(set: RealSet): Promise<FaceBench> {
  if (!set.pairs) throw new Error('faces/pairs.json is missing');
  const engine = await loadFaceEngine();
  const descriptors = new Map<string, number[] | null>();
  const times: number[] = [];
  for (const f of set.faces) {
    const t0 = performance.now();
    const r = await engine.read(readFileSync(facePath(set, faceKey(f))));
    times.push(performance.now() - t0);
    descriptors.set(faceKey(f), r?.descriptor ?? null);
  }
  const score = (pairs: [string, string][]) => pairs.flatMap(([a, b]) => {
    const da = descriptors.get(a); const db = descriptors.get(b);
    // A photo in which no face is found cannot match: a genuine pair then counts as a miss.
    return da && db ? [descriptorDistance(da, db)] : [Number.POSITIVE_INFINITY];
  });
  const genuine = score(set.pairs.genuine);
  const impostor = score(set.pairs.impostor).filter(Number.isFinite);
  times.sort((a, b) => a - b);
  return {
    people: new Set(set.faces.map((f) => f.person)).size,
    images: set.faces.length,
    noFace: [...descriptors.values()].filter((d) => !d).length,
    genuinePairs: genuine.length,
    impostorPairs: impostor.length,
    ...rocOf(genuine, impostor),
    atRules: { matchMax: FACE_MATCH_MAX, mismatchMin: FACE_MISMATCH_MIN, genuine: outcomes(genuine, FACE_MATCH_MAX, FACE_MISMATCH_MIN), impostor: outcomes(impostor, FACE_MATCH_MAX, FACE_MISMATCH_MIN) },
    medianMsPerImage: Math.round(times[times.length >> 1] ?? 0),
    search: await measureSearchAccuracy(set.faces.map((f) => ({ person: f.person, key: faceKey(f), descriptor: descriptors.get(faceKey(f)) ?? null }))),
  };
}
