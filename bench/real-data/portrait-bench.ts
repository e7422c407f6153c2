// Selfie against the document's portrait through the capture path, on real faces: each person's
// first photo is the selfie, their second is printed as the portrait of a test-made ID card, and
// that card is seen as the hosted camera sends it (a phone held upright, the card filling the
// guide: 720p and 1080p video frames, and a 12 MP still cropped to the card) and then uploaded
// (JPEG 0.9, ≤ 2400 px). Impostors: the selfie against every other person's card.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadFaceEngine, type FaceEngine } from '../../src/server/decisions/analysis/face-engine';
import { descriptorDistance } from '../../src/server/decisions/analysis/face-geometry';
import { FACE_MATCH_MAX, FACE_MISMATCH_MIN } from '../../src/server/decisions/face-thresholds';
import { makeIdCard } from '../../test-support/cards/id-card';

interface PortraitPhoto { person: string; file: string; source: { repo: string; commit: string; path: string }; licence: string }

export const CAPTURES = ['photo to photo', '720p frame', '1080p frame', '12 MP still, cropped to the card'] as const;
type Capture = (typeof CAPTURES)[number];

export interface PortraitRow {
  capture: Capture;
  /** Genuine pairs with a face found on both sides, of all. */
  genuine: number; of: number;
  genuineMedian: number; genuineP90: number;
  /** Shares of genuine pairs the rules would approve (≤ FACE_MATCH_MAX), and decline (≥ FACE_MISMATCH_MIN). */
  approved: number; declined: number;
  impostorPairs: number;
  /** Share of impostor pairs at or under FACE_MATCH_MAX, and the closest impostor pair. */
  fmr: number; impostorMin: number;
}

export interface PortraitBench { people: number; refine: boolean; rows: PortraitRow[]; faceMatchMax: number; faceMismatchMin: number }

export function loadPortraitSet(dir: string): PortraitPhoto[] {
  const path = join(dir, 'portraits', 'manifest.json');
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) as PortraitPhoto[] : [];
}

/** The card in the camera's picture as uploaded: a portrait-held phone, the card ~85 % of the frame's width. */
async function captured(card: Buffer, capture: Capture): Promise<Buffer> {
  const size = capture === '720p frame' ? { width: 720, height: 1280 } : capture === '1080p frame' ? { width: 1080, height: 1920 } : { width: 3024, height: 4032 };
  const cw = Math.round(size.width * 0.85);
  const ch = Math.round((cw * 540) / 856);
  const scaled = await sharp(card).resize(cw, ch, { kernel: 'lanczos3' }).png().toBuffer();
  const left = Math.round((size.width - cw) / 2);
  const top = Math.round((size.height - ch) / 2);
  // The sensor's picture: a soft lens and the encoder's blocks, as a phone's video or still is.
  const frame = await sharp({ create: { ...size, channels: 3, background: '#3b3b3b' } }).composite([{ input: scaled, left, top }]).blur(0.6).jpeg({ quality: 85 }).toBuffer();
  if (capture !== '12 MP still, cropped to the card') return sharp(frame).jpeg({ quality: 90 }).toBuffer();
  const margin = Math.round(0.04 * cw);
  return sharp(frame).extract({ left: left - margin, top: top - margin, width: cw + 2 * margin, height: ch + 2 * margin })
    .resize(2400, 2400, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 90 }).toBuffer();
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const r3 = (v: number) => Math.round(v * 1000) / 1000;

async function descriptor(engine: FaceEngine, image: Buffer): Promise<number[] | null> {
  return (await engine.read(image))?.descriptor ?? null;
}

export async function measurePortraits(dir: string, refine = true): Promise<PortraitBench | null> {
  const photos = loadPortraitSet(dir);
  const byPerson = new Map<string, PortraitPhoto[]>();
  for (const p of photos) byPerson.set(p.person, [...(byPerson.get(p.person) ?? []), p]);
  const people = [...byPerson.values()].filter((ps) => ps.length >= 2);
  if (!people.length) return null;
  const engine = await loadFaceEngine({ refineSmallFaces: refine });
  const file = (p: PortraitPhoto) => join(dir, 'portraits', 'images', p.person, p.file);
  const selfies = await Promise.all(people.map(async ([a]) => descriptor(engine, await sharp(file(a!)).jpeg({ quality: 90 }).toBuffer())));
  const rows: PortraitRow[] = [];
  for (const capture of CAPTURES) {
    const docs: (number[] | null)[] = [];
    for (const [, b] of people) {
      const image = capture === 'photo to photo' ? await sharp(file(b!)).jpeg({ quality: 90 }).toBuffer() : await captured(await makeIdCard(file(b!)), capture);
      docs.push(await descriptor(engine, image));
    }
    const genuine: number[] = [];
    const impostor: number[] = [];
    selfies.forEach((s, i) => docs.forEach((d, j) => {
      if (!s || !d) return;
      (i === j ? genuine : impostor).push(descriptorDistance(s, d));
    }));
    genuine.sort((a, b) => a - b);
    impostor.sort((a, b) => a - b);
    rows.push({
      capture, genuine: genuine.length, of: people.length,
      genuineMedian: r3(quantile(genuine, 0.5)), genuineP90: r3(quantile(genuine, 0.9)),
      approved: genuine.filter((d) => d <= FACE_MATCH_MAX).length / people.length,
      declined: genuine.filter((d) => d >= FACE_MISMATCH_MIN).length / people.length,
      impostorPairs: impostor.length,
      fmr: impostor.filter((d) => d <= FACE_MATCH_MAX).length / Math.max(1, impostor.length),
      impostorMin: r3(impostor[0] ?? NaN),
    });
  }
  return { people: people.length, refine, rows, faceMatchMax: FACE_MATCH_MAX, faceMismatchMin: FACE_MISMATCH_MIN };
}

export function portraitLines(b: PortraitBench): string[] {
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  return [
    `${b.people} real people (LFW): their first photo as the selfie, their second as the portrait of a test-made ID card seen through the capture path; face engine ${b.refine ? 'with' : 'without'} the closer look at small faces. Rules: approve ≤ ${b.faceMatchMax}, decline ≥ ${b.faceMismatchMin}`, '',
    '| capture | faces found (genuine pairs) | genuine median | genuine p90 | same person approved | same person declined | impostor pairs | impostors ≤ approve line | closest impostor |',
    '|---|---|---|---|---|---|---|---|---|',
    ...b.rows.map((r) => `| ${r.capture} | ${r.genuine}/${r.of} | ${r.genuineMedian} | ${r.genuineP90} | ${pct(r.approved)} | ${pct(r.declined)} | ${r.impostorPairs} | ${(100 * r.fmr).toFixed(3)} % | ${r.impostorMin} |`), '',
  ];
}
