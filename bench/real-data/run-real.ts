// `npm run bench:real`: document finding, front against back, MRZ reading and face matching on the real-material set
// (REAL_DATA_DIR, see README.md here). Writes bench/results/real-data.{md,json}; with --check
// (`npm run test:real`) exits 1 when a figure falls under its floor (floors.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { barcodeLines, loadBarcodeSet, measureBarcodes, type BarcodeBench } from './barcode-bench';
import { browserBarcodeLines, measureBrowserBarcodes, type BrowserBarcodeBench } from './browser-barcode-bench';
import { measureDocuments, pct, type DocumentBench } from './document-bench';
import { measureFaces, type FaceBench } from './face-bench';
import { searchAccuracyLines } from './search-accuracy';
import { MRZ_VARIANTS, measureMrz, type MrzBench } from './mrz-bench';
import { barcodeFloors, documentFloors, faceFloors, mrzFloors } from './floors';
import { loadRealSet, realDataDir } from './real-set';
import { measureSides, sideLines, type SideBench } from './side-bench';
import { loadPortraitSet, measurePortraits, portraitLines, type PortraitBench } from './portrait-bench';

const p = (x: number) => `${(100 * x).toFixed(2)} %`;

export function documentLines(d: DocumentBench): string[] {
  return [
    `${d.documents} whole real documents of ${d.countries} countries (scans of specimens, each laid on three tables, portrait and landscape, straight and turned 8°; real camera photos as they are)`, '',
    `| check | result |`, `|---|---|`,
    `| server finds the document (upload accepted) | ${pct(d.server)} |`,
    `| server, real camera photos as taken | ${pct(d.serverPhotos)} |`,
    `| capture screen takes it by itself within 3 s (live frames, phone upright, filling the guide) | ${pct(d.autoCapture)}, median ${d.autoCapture.medianMs === null ? '-' : (d.autoCapture.medianMs / 1000).toFixed(2)} s |`,
    `| shutter photo usable | ${pct(d.shutter)} |`,
    `| real photos without a document refused | ${pct(d.negatives)} |`, '',
    ...(d.server.misses.length ? [`Server misses: ${d.server.misses.join('; ')}`, ''] : []),
    ...(d.autoCapture.misses.length ? [`Not taken by itself: ${d.autoCapture.misses.join('; ')}`, ''] : []),
  ];
}

export function mrzLines(m: MrzBench): string[] {
  return [
    `${m.documents} real documents with an MRZ (ground truth transcribed by hand and checked against the check digits); median ${m.medianMs} ms a read; visual zone read by ${m.printed}`, '',
    `| picture | exact | no MRZ found | wrong but all check digits valid |`, `|---|---|---|---|`,
    ...Object.entries(m.perVariant).map(([v, r]) => `| ${v} | ${r.of ? `${((100 * r.exact) / r.of).toFixed(1)} % (${r.exact}/${r.of})` : '-'} | ${r.unread} | ${r.wrongValid} |`), '',
    `Wrong fields in docInfo (not withheld): ${Object.entries(m.wrongFields).map(([f, n]) => `${f} ${n}`).join(', ') || 'none'}; wrong names that would have been approved (valid MRZ, names confirmed): ${m.wrongNamesConfirmed}`, '',
    `Names of valid reads confirmed: ${(100 * m.namesConfirmedShare).toFixed(1)} % (${Object.entries(m.nameChecks).map(([how, n]) => `${how} ${n}`).join(', ') || 'none'}); the others go to a specialist`, '',
    ...(m.misses.length ? [`Misses: ${m.misses.join('; ')}`, ''] : []),
  ];
}

/**
 * The share of honest sessions the rules would approve by themselves, estimated as the product of
 * the document part (reads of real documents whose printed MRZ is valid: check digits hold and
 * names confirmed) and the face part (same person approved through the capture path): the two
 * sets hold different people, so no one session carries both; expiry is left out (most specimens
 * expired long ago, which a live key rightly declines).
 */
export function straightThroughLines(m: MrzBench, p: PortraitBench): string[] {
  const total = Object.values(m.outcomes).reduce((a, b) => a + b, 0);
  const passes = m.outcomes.passes ?? 0;
  const doc = total ? passes / total : 0;
  return [
    `Document part: ${passes} of ${total} reads of honest real documents (${(100 * doc).toFixed(1)} %) pass every check; the rest go to a specialist: ${Object.entries(m.outcomes).filter(([k]) => k !== 'passes').sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}.`, '',
    '| capture | face part (same person approved) | straight through (document × face) |', '|---|---|---|',
    ...p.rows.filter((r) => r.capture !== 'photo to photo').map((r) => `| ${r.capture} | ${(100 * r.approved).toFixed(1)} % | ${(100 * doc * r.approved).toFixed(1)} % |`), '',
  ];
}

export function faceLines(f: FaceBench): string[] {
  const grid = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7].map((t) => f.roc.reduce((b, r) => (Math.abs(r.threshold - t) < Math.abs(b.threshold - t) ? r : b), f.roc[0]!));
  return [
    `${f.people} people, ${f.images} photos (${f.noFace} without a face found), ${f.genuinePairs} same-person pairs, ${f.impostorPairs} different-person pairs; median ${f.medianMsPerImage} ms an image`, '',
    `| distance ≤ | FMR (different people accepted) | FNMR (same person missed) |`, `|---|---|---|`,
    ...grid.map((r) => `| ${r.threshold.toFixed(3)} | ${p(r.fmr)} | ${p(r.fnmr)} |`), '',
    `- equal error rate ${p(f.eer.rate)} at ${f.eer.threshold.toFixed(3)}`,
    ...f.fnmrAtFmr.map((x) => `- FNMR at FMR ≤ ${p(x.fmr)}: ${p(x.fnmr)} (distance ≤ ${x.threshold.toFixed(3)})`),
    `- fewer than 0.2 % of same-person pairs lie beyond ${f.genuine998.toFixed(3)} (the safe automatic decline)`,
    `- the rules (match ≤ ${f.atRules.matchMax}, decline ≥ ${f.atRules.mismatchMin}): same person approved ${p(f.atRules.genuine.approved)}, review ${p(f.atRules.genuine.review)}, declined ${p(f.atRules.genuine.declined)}; different people approved ${p(f.atRules.impostor.approved)}, review ${p(f.atRules.impostor.review)}, declined ${p(f.atRules.impostor.declined)}`, '',
    '### Repeat-identity search (the same faces)', '', ...searchAccuracyLines(f.search), '',
  ];
}

async function main() {
  // The set may hold barcodes only (or no barcodes): each part runs on what is there.
  const barcodeImages = loadBarcodeSet(realDataDir()).length;
  const portraitPhotos = loadPortraitSet(realDataDir()).length;
  const set = loadRealSet() ?? (barcodeImages || portraitPhotos ? { dir: realDataDir(), documents: [], faces: [], pairs: null } : null);
  if (!set) {
    console.error(`No real-material set in ${realDataDir()} (see bench/real-data/README.md).`);
    process.exit(2);
  }
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
  const want = (part: string) => !only || only.split(',').includes(part);
  const out: { documents?: DocumentBench; sides?: SideBench; mrz?: MrzBench; faces?: FaceBench; barcodes?: BarcodeBench; browserBarcodes?: BrowserBarcodeBench | { skipped: string }; portraits?: PortraitBench } = {};
  const md = [`# Real material`, '', `${new Date().toISOString()} · Node ${process.version} · set: ${set.documents.length} document images, ${set.faces.length} face photos, ${barcodeImages} barcode images`, ''];
  const broken: string[] = [];
  if (want('documents') && set.documents.length) {
    out.documents = await measureDocuments(set);
    md.push('## Document finding', '', ...documentLines(out.documents));
    broken.push(...documentFloors(out.documents));
  }
  if (want('sides') && set.documents.length) {
    out.sides = await measureSides(set);
    const sides = sideLines(out.sides);
    md.push('## The back is the back (front against back of real cards)', '', ...sides.lines);
    broken.push(...sides.broken);
  }
  if (want('mrz') && set.documents.length) {
    const variants = process.env.MRZ_VARIANTS ? MRZ_VARIANTS.filter((v) => process.env.MRZ_VARIANTS!.split(',').includes(v)) : MRZ_VARIANTS;
    const printed = process.argv.includes('--printed=tesseract') ? 'tesseract' : 'pp-ocr';
    out.mrz = await measureMrz(set, variants, printed);
    md.push('## MRZ reading', '', ...mrzLines(out.mrz));
    broken.push(...mrzFloors(out.mrz));
  }
  if (want('faces') && set.faces.length) {
    out.faces = await measureFaces(set);
    md.push('## Face matching', '', ...faceLines(out.faces));
    broken.push(...faceFloors(out.faces));
  }
  if (want('barcodes') && barcodeImages) {
    out.barcodes = await measureBarcodes(set.dir);
    md.push('## PDF417 reading on the server (licence backs and other real PDF417 pictures)', '', ...barcodeLines(out.barcodes));
    broken.push(...barcodeFloors(out.barcodes));
    // The same pictures and scenes decoded in headless Chromium by the capture screen's decoder
    // (report only: the server never trusts the browser's read). BARCODES_BROWSER=0 leaves it out.
    if (process.env.BARCODES_BROWSER !== '0') {
      out.browserBarcodes = await measureBrowserBarcodes(set.dir);
      md.push('## PDF417 reading in the browser (the capture screen\'s decoder, same pictures and scenes)', '', ...browserBarcodeLines(out.browserBarcodes));
    }
  }
  if (want('portraits') && loadPortraitSet(set.dir).length) {
    const portraits = await measurePortraits(set.dir, !process.argv.includes('--refine=off'));
    if (portraits) {
      out.portraits = portraits;
      md.push('## Selfie against the document\'s portrait, through the capture path', '', ...portraitLines(portraits));
    }
  }
  if (out.mrz && out.portraits) md.push('## Straight through (an estimate from the two parts above)', '', ...straightThroughLines(out.mrz, out.portraits));
  md.push('## Floors', '', ...(broken.length ? broken.map((b) => `- NOT met: ${b}`) : ['- all met']), '');
  mkdirSync('bench/results', { recursive: true });
  // A partial run (--only=…) is for working on one part: it does not replace the committed report.
  const name = only ? `real-data-${only.replace(/,/g, '-')}` : 'real-data';
  const tmp = only ? '.tmp' : '';
  writeFileSync(`bench/results/${name}.md${tmp}`, md.join('\n'));
  writeFileSync(`bench/results/${name}.json${tmp}`, JSON.stringify({ at: new Date().toISOString(), ...out, broken }, null, 2));
  console.log(md.join('\n'));
  if (process.argv.includes('--check') && broken.length) process.exit(1);
}

await main();
