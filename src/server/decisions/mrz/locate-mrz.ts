import { boxBlur3, downscale, gradient } from '../../../vision/document/grey-ops';
import type { GreyImage } from '../../../vision/document/types';
import type { Region } from './mrz-image';

/** Width the search runs at, px. */
const WORK_WIDTH = 800;
/** An MRZ line spans most of the document; the printed fields' lines break at word and column gaps. */
const MIN_RUN_SHARE = 0.5;
/** Gap bridged within a line, share of the width: between two MRZ characters (pitch ~2 % of a passport page), not a word space. */
const BRIDGE_SHARE = 0.02;

interface Segment { top: number; bottom: number }

/** Longest run of the row's stroke columns once gaps up to `bridge` px are closed. */
function longestRun(strokes: Uint8Array, row: number, w: number, bridge: number): number {
  let best = 0;
  let start = -1;
  let last = -bridge - 1;
  for (let x = 0; x < w; x++) {
    if (!strokes[row * w + x]) continue;
    if (x - last > bridge) start = x;
    last = x;
    if (last - start + 1 > best) best = last - start + 1;
  }
  return best;
}

/**
 * The MRZ's rows in an upright image: the lowest two or three text lines that run across most
 * of the width, of like height and evenly spaced, with a line's height of margin. The fixed
 * bottom band also holds the printed fields above the MRZ, which tesseract then reads as one
 * block with it (and misreads); this crop holds the MRZ alone. Null when no such lines exist
 * (no MRZ, or lines running up and down: the wrong quarter turn).
 */
export function locateMrz(img: GreyImage): Region | null {
  const small = downscale(img, WORK_WIDTH);
  const { width: w, height: h } = small;
  if (w < 100 || h < 20) return null;
  const g = gradient(boxBlur3(small));
  // The strongest ~12 % of gradients: printed strokes, not guilloche or paper texture.
  const histogram = new Uint32Array(256);
  for (const v of g) histogram[v]!++;
  let threshold = 255;
  for (let n = 0; threshold > 24 && n < 0.12 * g.length; threshold--) n += histogram[threshold]!;
  // Each row with the rows next to it: a character's strokes seldom all cross one row.
  const reach = Math.max(1, Math.round(w / 400));
  const strokes = new Uint8Array(g.length);
  for (let i = 0; i < g.length; i++) {
    if (g[i]! <= threshold) continue;
    for (let d = -reach; d <= reach; d++) if (i + d * w >= 0 && i + d * w < g.length) strokes[i + d * w] = 1;
  }
  const bridge = Math.max(2, Math.round(BRIDGE_SHARE * w));
  // Rows of one text line that miss the run (a thin stretch of '<') stay in their line.
  const mergeGap = Math.max(3, Math.round(0.006 * w));
  const segments: Segment[] = [];
  let open: Segment | null = null;
  for (let y = 0; y < h; y++) {
    const long = longestRun(strokes, y, w, bridge) >= MIN_RUN_SHARE * w;
    if (long && open && y - open.bottom <= mergeGap) open.bottom = y;
    else if (long) segments.push(open = { top: y, bottom: y });
  }
  // MRZ characters stand 2-3 % of the document's width; a few long rows are a rule, a border, an edge.
  const lines = segments.filter((s) => s.bottom - s.top >= Math.max(3, 0.012 * w));
  for (let i = lines.length - 1; i >= 1; i--) {
    const group = [lines[i]!];
    for (let j = i - 1; j >= 0 && group.length < 3; j--) {
      const [above, below] = [lines[j]!, group[0]!];
      const [ha, hb] = [above.bottom - above.top, below.bottom - below.top];
      if (ha < 0.6 * hb || ha > 1.6 * hb || below.top - above.bottom > 1.6 * hb) break;
      group.unshift(above);
    }
    if (group.length < 2) continue;
    const lineHeight = Math.max(...group.map((s) => s.bottom - s.top));
    const scale = img.height / h;
    const top = Math.max(0, Math.floor((group[0]!.top - lineHeight) * scale));
    const bottom = Math.min(img.height, Math.ceil((group.at(-1)!.bottom + lineHeight) * scale));
    return { left: 0, top, width: img.width, height: bottom - top };
  }
  return null;
}
