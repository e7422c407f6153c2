// Document finding on real material: does the server accept a real document photographed whole
// on a table, does the capture screen take it by itself (same code as the browser's Worker,
// frame by frame), is a shutter photo of it usable, and are real non-documents refused?
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { lookForDocument } from '../../src/server/media/document-presence';
import { analyseDocumentFrame } from '../../src/vision/document/analyse-frame';
import { createAutoCapture } from '../../src/vision/document/auto-capture';
import { findDocumentInPhoto, FINDER_LONG_EDGE } from '../../src/vision/document/find-in-photo';
import type { NormPoint } from '../../src/vision/document/types';
import { documentPath, type RealDocument, type RealSet } from './real-set';
import { greyOf, placeOnTable, sameQuad, TABLES } from './scenes';

/** The capture screen's card guide on a phone held upright: 86 % of the preview's width, ID-1 shaped. */
const GUIDE_WIDTH = 0.86;
const ID1_ASPECT = 1.586;
const FPS = 12;
/** The promise: taken by itself within 3 s of being held steady in the guide. */
const TAKE_WITHIN_MS = 3000;

export interface Share { ok: number; of: number }
export interface DocumentBench {
  documents: number;
  countries: number;
  server: Share & { misses: string[] };
  serverPhotos: Share & { misses: string[] };
  autoCapture: Share & { misses: string[]; medianMs: number | null };
  shutter: Share & { misses: string[] };
  negatives: Share & { found: string[] };
}

async function serverAccepts(doc: RealDocument, set: RealSet): Promise<{ ok: number; of: number; missed: string[] }> {
  let ok = 0;
  const missed: string[] = [];
  for (const table of TABLES) for (const portrait of [true, false]) for (const rotateDeg of [0, 8]) {
    const { jpeg, corners } = await placeOnTable(documentPath(set, doc), { share: 0.7, rotateDeg, table, portrait });
    // Found means found where it is: a portrait or a text box inside the document is a miss.
    const look = await lookForDocument(jpeg);
    if (look && sameQuad(look.corners, corners)) ok++;
    else missed.push(`${table}${portrait ? ' portrait' : ' landscape'} ${rotateDeg}°${look ? ' (wrong rectangle)' : ''}`);
  }
  return { ok, of: TABLES.length * 4, missed };
}

/** Feeds the live analysis a hand-held second or three of frames; ms until the picture is taken, or null. */
async function autoTakes(doc: RealDocument, set: RealSet, table: string): Promise<{ ms: number | null; shutter: boolean }> {
  const { jpeg, corners, whole } = await placeOnTable(documentPath(set, doc), { share: GUIDE_WIDTH * 0.92, rotateDeg: 0, table, portrait: true, lowerPageInCentre: true });
  const guideH = (GUIDE_WIDTH * 720) / ID1_ASPECT / 1280;
  const guide = { x: (1 - GUIDE_WIDTH) / 2, width: GUIDE_WIDTH, y: 0.5 - guideH / 2, height: guideH };
  const base = await greyOf(jpeg, FINDER_LONG_EDGE);
  const auto = createAutoCapture();
  let previous: NormPoint[] | null = null;
  let ms: number | null = null;
  for (let f = 0; f * (1000 / FPS) <= TAKE_WITHIN_MS && ms === null; f++) {
    // A hand-held phone: the picture shifts by up to a pixel of the analysed frame between frames.
    const dx = Math.round(Math.sin(f * 1.7)), dy = Math.round(Math.cos(f * 1.3));
    const frame = { ...base, data: shift(base.data, base.width, base.height, dx, dy) };
    const a = analyseDocumentFrame(frame, guide, previous);
    previous = a.corners;
    const right = a.ready && a.corners !== null && sameQuad(a.corners, corners);
    if (auto.update(right, f * (1000 / FPS))) ms = f * (1000 / FPS);
  }
  const photo = findDocumentInPhoto(await greyOf(jpeg, 1280));
  // A still photo has no guide: an open booklet found whole is as usable as its data page.
  return { ms, shutter: photo.found && (sameQuad(photo.corners!, corners) || sameQuad(photo.corners!, whole)) };
}

function shift(d: Uint8Array, w: number, h: number, dx: number, dy: number): Uint8Array {
  const out = new Uint8Array(d.length);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(h - 1, Math.max(0, y - dy));
    for (let x = 0; x < w; x++) out[y * w + x] = d[sy * w + Math.min(w - 1, Math.max(0, x - dx))]!;
  }
  return out;
}

export async function measureDocuments(set: RealSet, negativesDir = 'src/vision/document/fixtures'): Promise<DocumentBench> {
  const whole = set.documents.filter((d) => d.whole && d.docType && d.docType !== 'OTHER');
  const scans = whole.filter((d) => d.kind === 'scan');
  const photos = whole.filter((d) => d.kind === 'photo');
  const server = { ok: 0, of: 0, misses: [] as string[] };
  const auto = { ok: 0, of: 0, misses: [] as string[], times: [] as number[] };
  const shutter = { ok: 0, of: 0, misses: [] as string[] };
  for (const doc of scans) {
    const r = await serverAccepts(doc, set);
    server.ok += r.ok; server.of += r.of;
    if (r.missed.length) server.misses.push(`${doc.file} (${r.missed.length}/${r.of}: ${r.missed.slice(0, 3).join(', ')})`);
    for (const table of TABLES) {
      const t = await autoTakes(doc, set, table);
      auto.of++; shutter.of++;
      if (t.ms !== null) { auto.ok++; auto.times.push(t.ms); } else auto.misses.push(`${doc.file} on ${table}`);
      if (t.shutter) shutter.ok++; else shutter.misses.push(`${doc.file} on ${table}`);
    }
  }
  const serverPhotos = { ok: 0, of: photos.length, misses: [] as string[] };
  for (const doc of photos) {
    if (await lookForDocument(await (await import('sharp')).default(documentPath(set, doc)).rotate().jpeg().toBuffer())) serverPhotos.ok++;
    else serverPhotos.misses.push(doc.file);
  }
  const negatives = { ok: 0, of: 0, found: [] as string[] };
  for (const f of readdirSync(negativesDir).filter((n) => /\.(jpe?g|png)$/i.test(n))) {
    negatives.of++;
    if (findDocumentInPhoto(await greyOf(join(negativesDir, f), 1024)).found) negatives.found.push(f); else negatives.ok++;
  }
  auto.times.sort((a, b) => a - b);
  return {
    documents: whole.length,
    countries: new Set(whole.map((d) => d.country).filter(Boolean)).size,
    server, serverPhotos, shutter, negatives,
    autoCapture: { ok: auto.ok, of: auto.of, misses: auto.misses, medianMs: auto.times.length ? auto.times[auto.times.length >> 1]! : null },
  };
}

export const pct = (s: Share) => (s.of ? `${((100 * s.ok) / s.of).toFixed(1)} % (${s.ok}/${s.of})` : 'n/a');
