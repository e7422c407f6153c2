// The card-side comparison (the back is the back, src/vision/document/card-side.ts) on real
// documents that have two sides (`npm run bench:real`, part 'sides'). For every ID
// card, residence permit or licence of the set with a whole front and a whole back scan, each
// side in turn is the accepted one (laid on a dark table, landscape, 70 % of the frame, as the
// front step takes it); then both sides are laid on three tables, straight and turned 8°,
// portrait and landscape, near and far (scenes.ts), found as the server finds an upload, and
// compared with it. The same side must score at least `sameMin` (the server refuses it) and
// above `differentMax` (the camera does not take it); the other side must stay at most
// `differentMax` (the camera takes it, the server stores it). `npm run test:real` fails when an
// honest other side would be refused or the camera would take the same side again. The last run
// is in bench/results/real-data.md.
import { findDocumentInPhoto } from '../../src/vision/document/find-in-photo';
import { matchSide, SIDE_THRESHOLDS, sideSignature } from '../../src/vision/document/card-side';
import { documentPath, type RealDocument, type RealSet } from './real-set';
import { greyOf, placeOnTable, TABLES, type Placement } from './scenes';

const ACCEPTED: Placement = { table: '#3b3b3b', rotateDeg: 0, portrait: false, share: 0.7 };
const PLACEMENTS: Placement[] = TABLES.flatMap((table) => [0, 8].flatMap((rotateDeg) =>
  [false, true].flatMap((portrait) => [0.5, 0.75].map((share) => ({ table, rotateDeg, portrait, share })))));

/** The document as the server sees an upload of it: grey at 640 px and the finder's corners. */
async function look(set: RealSet, doc: RealDocument, p: Placement) {
  const image = await greyOf((await placeOnTable(documentPath(set, doc), p)).jpeg, 640);
  const found = findDocumentInPhoto(image);
  return found.found && found.corners ? { image, corners: found.corners } : null;
}

export interface SideBench {
  cards: number;
  same: number[];
  other: number[];
  notFound: number;
  lines: string[];
}

export async function measureSides(set: RealSet): Promise<SideBench> {
  const whole = set.documents.filter((d) => d.whole && d.kind === 'scan' && (d.side === 'front' || d.side === 'back'));
  const key = (d: RealDocument) => `${d.country}/${d.docType}`;
  const cards = [...new Set(whole.map(key))]
    .map((k) => [whole.filter((d) => key(d) === k && d.side === 'front'), whole.filter((d) => key(d) === k && d.side === 'back')] as const)
    .filter(([f, b]) => f.length === 1 && b.length === 1).map(([f, b]) => [f[0]!, b[0]!] as const);
  const same: number[] = [];
  const other: number[] = [];
  let notFound = 0;
  const lines: string[] = [];
  for (const [front, back] of cards) {
    for (const [accepted, turned] of [[front, back], [back, front]] as const) {
      const ref = await look(set, accepted, ACCEPTED);
      if (!ref) { notFound++; continue; }
      const signature = sideSignature(ref.image, ref.corners);
      const s: number[] = [];
      const o: number[] = [];
      for (const p of PLACEMENTS) {
        for (const [doc, into] of [[accepted, s], [turned, o]] as const) {
          const seen = await look(set, doc, p);
          if (seen) into.push(matchSide(signature, seen.image, seen.corners));
          else notFound++;
        }
      }
      same.push(...s);
      other.push(...o);
      lines.push(`| ${key(front)} (${accepted.side} accepted) | ${Math.min(...s).toFixed(3)} | ${Math.max(...o).toFixed(3)} |`);
    }
  }
  return { cards: cards.length, same, other, notFound, lines };
}

/** The report's lines and whether an honest side would be refused or the same side taken again. */
export function sideLines(r: SideBench): { lines: string[]; broken: string[] } {
  const { sameMin, differentMax } = SIDE_THRESHOLDS;
  const count = (a: number[], f: (v: number) => boolean) => `${a.filter(f).length} of ${a.length}`;
  const broken: string[] = [];
  if (r.other.some((v) => v >= sameMin)) broken.push(`an honest other side would be refused as the same side (${count(r.other, (v) => v >= sameMin)})`);
  if (r.same.some((v) => v <= differentMax)) broken.push(`the camera would take the same side again as the other (${count(r.same, (v) => v <= differentMax)})`);
  return {
    broken,
    lines: [
      `${r.cards} real documents with both sides; ${r.same.length} same-side and ${r.other.length} other-side comparisons (${r.notFound} pictures where no document was found are left out)`, '',
      '| document | same side, lowest | other side, highest |', '|---|---|---|', ...r.lines, '',
      `| outcome | pictures |`, `|---|---|`,
      `| other side refused by the server (≥ ${sameMin}) | ${count(r.other, (v) => v >= sameMin)} |`,
      `| other side kept waiting by the camera (> ${differentMax}) | ${count(r.other, (v) => v > differentMax)} |`,
      `| same side taken by the camera as the other (≤ ${differentMax}) | ${count(r.same, (v) => v <= differentMax)} |`,
      `| same side let through by the server (< ${sameMin}) | ${count(r.same, (v) => v < sameMin)} |`, '',
    ],
  };
}
