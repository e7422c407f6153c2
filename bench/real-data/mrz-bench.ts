// MRZ reading on real specimens: exact reads (every character of every line) as uploaded, turned
// a quarter, half and three quarters, and photographed tilted on a table; which fields were wrong.
import sharp from 'sharp';
import { createMrzReader } from '../../src/server/decisions/mrz/read-mrz';
import { loadPpOcr } from '../../src/server/decisions/ocr/pp-ocr';
import { ppOcrMrzBand, ppOcrVisualZone } from '../../src/server/decisions/analysis/printed-reader';
import { parseMrz } from '../../src/server/decisions/mrz/parse-mrz';
import type { DocInfo } from '../../src/contract/document';
import { documentPath, otherSideOf, type RealDocument, type RealSet } from './real-set';
import { placeOnTable } from './scenes';

export const MRZ_VARIANTS = ['as uploaded', 'turned 90°', 'turned 180°', 'turned 270°', 'on a table, tilted 10°', 'on a table, tilted 20°'] as const;
type Variant = (typeof MRZ_VARIANTS)[number];

export interface MrzBench {
  /** Which reader read the visual zone (pp-ocr, as the decisions do, or tesseract). */
  printed: string;
  documents: number;
  perVariant: Record<Variant, { exact: number; of: number; unread: number; wrongValid: number }>;
  /** Fields of docInfo that came back different from the ground truth (when not withheld), by name. */
  wrongFields: Record<string, number>;
  /**
   * Reads that could be approved (every check digit holds, names confirmed) but whose names differ
   * from the truth: the name check must catch every one (an invalid read goes to a specialist anyway).
   */
  wrongNamesConfirmed: number;
  /** Valid reads (every check digit holds) by how their names were confirmed or not. */
  nameChecks: Record<string, number>;
  /** Valid reads with their names confirmed, over valid reads: the share that can be approved. */
  namesConfirmedShare: number;
  medianMs: number;
  misses: string[];
  /**
   * Reads of documents whose printed MRZ is itself valid (an honest document), by what the
   * document checks would make of them: `passes` (every check digit holds, names confirmed) or
   * the reason it goes to a specialist (`no_mrz`, `check_digit_fails`, or how the names failed).
   */
  outcomes: Record<string, number>;
}

async function variantImage(set: RealSet, d: RealDocument, v: Variant): Promise<Buffer> {
  const file = documentPath(set, d);
  if (v === 'as uploaded') return sharp(file).jpeg({ quality: 92 }).toBuffer();
  if (v.startsWith('turned')) return sharp(file).rotate(parseInt(v.slice(7), 10)).jpeg({ quality: 92 }).toBuffer();
  const tilt = v.endsWith('10°') ? 10 : 20;
  return (await placeOnTable(file, { share: 0.8, rotateDeg: tilt, table: '#3b3b3b', portrait: false })).jpeg;
}

const FIELDS: (keyof DocInfo)[] = ['docType', 'docNumber', 'firstName', 'middleName', 'lastName', 'dob', 'sex', 'expiryDate', 'issuingState'];

/**
 * `printed`: the visual zone's reader, PP-OCR as the decisions use it (default) or tesseract's
 * Latin model (what came before, for comparison: `--printed=tesseract`).
 */
export async function measureMrz(set: RealSet, variants: readonly Variant[] = MRZ_VARIANTS, printed: 'pp-ocr' | 'tesseract' = 'pp-ocr'): Promise<MrzBench> {
  const today = new Date('2026-01-01T00:00:00Z');
  const docs = set.documents.filter((d) => d.mrz && d.whole && d.docType !== 'OTHER');
  const pp = printed === 'pp-ocr' ? await loadPpOcr() : null;
  const reader = createMrzReader(pp ? { visualZone: ppOcrVisualZone(pp), otherEngine: ppOcrMrzBand(pp) } : {});
  await reader.warm();
  const perVariant = Object.fromEntries(variants.map((v) => [v, { exact: 0, of: 0, unread: 0, wrongValid: 0 }])) as MrzBench['perVariant'];
  const wrongFields: Record<string, number> = {};
  const times: number[] = [];
  const misses: string[] = [];
  let wrongNamesConfirmed = 0;
  const nameChecks: Record<string, number> = {};
  const outcomes: Record<string, number> = {};
  const count = (k: string) => { outcomes[k] = (outcomes[k] ?? 0) + 1; };
  try {
    for (const d of docs) {
      const truth = parseMrz(d.mrz!, today);
      for (const v of variants) {
        const image = await variantImage(set, d, v);
        const t0 = performance.now();
        const other = otherSideOf(set, d);
        const r = await reader.read(image, today, other ? await variantImage(set, other, v) : null);
        times.push(performance.now() - t0);
        const row = perVariant[v];
        row.of++;
        if (truth?.valid) count(!r.found ? 'no_mrz' : !r.valid ? 'check_digit_fails' : r.names.confirmed ? 'passes' : r.names.how);
        if (!r.found) { row.unread++; misses.push(`${d.file} (${v}): no MRZ`); continue; }
        if (r.valid) nameChecks[r.names.how] = (nameChecks[r.names.how] ?? 0) + 1;
        const exact = r.lines.join('\n') === d.mrz!.join('\n');
        if (exact) { row.exact++; continue; }
        misses.push(`${d.file} (${v}): ${r.lines.join(' / ')}`);
        if (r.valid) row.wrongValid++;
        if (r.valid && r.names.confirmed) misses[misses.length - 1] += ' [valid, names confirmed]';
        if (truth) {
          for (const f of FIELDS) {
            const got = r.docInfo[f];
            if (got && got !== truth.docInfo[f]) wrongFields[f] = (wrongFields[f] ?? 0) + 1;
          }
          const namesWrong = (['lastName', 'firstName', 'middleName'] as const).some((f) => r.docInfo[f] !== truth.docInfo[f]);
          if (namesWrong && r.valid && r.names.confirmed) wrongNamesConfirmed++;
        }
      }
    }
  } finally {
    await reader.close();
  }
  times.sort((a, b) => a - b);
  const valid = Object.values(nameChecks).reduce((a, b) => a + b, 0);
  const confirmed = (nameChecks.visual_zone_agrees ?? 0) + (nameChecks.second_read_agrees ?? 0) + (nameChecks.other_engine_agrees ?? 0);
  return { printed, documents: docs.length, perVariant, wrongFields, wrongNamesConfirmed, nameChecks, namesConfirmedShare: valid ? confirmed / valid : 0, medianMs: Math.round(times[times.length >> 1] ?? 0), misses, outcomes };
}
