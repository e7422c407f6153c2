// PDF417 reading on real material: real camera photos and scans of PDF417 symbols, most of the
// licence backs of US and Canadian driving licences (AAMVA payloads), read by the server's reader
// (src/server/decisions/barcode/read-barcode.ts) as published and laid on a table in a phone
// camera's frame. Each image's source, licence and expected payload (where its source gives one)
// are in REAL_DATA_DIR/barcodes/manifest.json (README.md here).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { createBarcodeReader, type BarcodeReading } from '../../src/server/decisions/barcode/read-barcode';
import { TABLES } from './scenes';

export interface BarcodeImage {
  file: string;
  /** 'photo': taken by a camera; 'scan': a scanner's or the issuer's flat image. */
  kind: 'photo' | 'scan';
  /** An AAMVA licence / ID payload (true), another PDF417 (false), unknown (null). */
  aamva: boolean | null;
  /** The payload as the source gives it (control characters as bytes), null when it gives none. */
  expected: string | null;
  source: { repo: string; commit: string; path: string };
  licence: string;
  /** A real person's card: the payload is never printed. */
  personal?: boolean;
  jurisdiction?: string;
  note?: string;
}

/**
 * The barcode part of the set; [] when REAL_DATA_DIR holds none (the other parts may still be
 * there). Photos of real people's own licences (published in a public repository, but theirs)
 * are left out unless BENCH_PERSONAL=1: the figures stand on specimens and test symbols.
 */
export function loadBarcodeSet(dir: string): BarcodeImage[] {
  const path = join(dir, 'barcodes', 'manifest.json');
  const all = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as BarcodeImage[]) : [];
  return process.env.BENCH_PERSONAL === '1' ? all : all.filter((x) => !x.personal);
}

/** Frames of a phone camera, landscape: the picture the upload gets. */
export const FRAMES = [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }] as const;
export const TURNS = [0, 10, 20] as const;
/** The document fills about half the frame's width (and at most this share of its height). */
const SHARE_W = 0.5;
const SHARE_H = 0.8;

export const variantName = (frame: { width: number; height: number }, turn: number) => `${frame.width}×${frame.height} ${turn === 0 ? 'straight' : `turned ${turn}°`}`;
export const BARCODE_VARIANTS = ['as published', ...FRAMES.flatMap((f) => TURNS.map((t) => variantName(f, t)))];

/** The picture's size laid straight in the frame, px (before a turn; onTable's own sizing). */
export async function placedSize(file: string, frame: { width: number; height: number }): Promise<{ width: number; height: number }> {
  const meta = await sharp(file).rotate().metadata();
  const [sw, sh] = (meta.orientation ?? 1) >= 5 ? [meta.height!, meta.width!] : [meta.width!, meta.height!];
  const fit = Math.min((frame.width * SHARE_W) / sw, (frame.height * SHARE_H) / sh);
  return { width: Math.max(1, Math.round(sw * fit)), height: Math.max(1, Math.round(sh * fit)) };
}

/** The picture laid on a table, centred, turned, in a camera frame; JPEG as a phone writes it. */
export async function onTable(file: string, frame: { width: number; height: number }, rotateDeg: number, table: string): Promise<Buffer> {
  const size = await placedSize(file, frame);
  let doc = await sharp(file).rotate().flatten({ background: '#ffffff' })
    .resize(size.width, size.height, { fit: 'fill' }).png().toBuffer();
  if (rotateDeg) doc = await sharp(doc).rotate(rotateDeg, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
  const m = await sharp(doc).metadata();
  // Turned, a wide picture can outgrow the frame: keep it inside (the document then fills a little less).
  const shrink = Math.min(1, (0.98 * frame.width) / m.width!, (0.98 * frame.height) / m.height!);
  if (shrink < 1) doc = await sharp(doc).resize(Math.round(m.width! * shrink), Math.round(m.height! * shrink)).png().toBuffer();
  const d = await sharp(doc).metadata();
  return sharp({ create: { width: frame.width, height: frame.height, channels: 3, background: table } })
    .composite([{ input: doc, left: Math.round((frame.width - d.width!) / 2), top: Math.round((frame.height - d.height!) / 2) }])
    .jpeg({ quality: 85 }).toBuffer();
}

const CONTROL = ['NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'BEL', 'BS', 'HT', 'LF', 'VT', 'FF', 'CR', 'SO', 'SI', 'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US'];
/**
 * The reader's text and a source's payload in one spelling: ZXing writes control characters as
 * `<LF>`, `<RS>`… or as Unicode control pictures (␞), the sources write the bytes; all become
 * `<NAME>` here, so "exact" means the same bytes.
 */
export function sameSpelling(text: string): string {
  let out = '';
  for (const ch of text) {
    let n = ch.codePointAt(0)!;
    if (n === 0xfeff) continue;
    // ISO 15434 payloads ("[)>" + RS) come back in Unicode control pictures, the space as U+2420.
    if (n >= 0x2400 && n <= 0x2421) n = n < 0x2420 ? n - 0x2400 : n === 0x2420 ? 0x20 : 0x7f;
    out += n < 32 ? `<${CONTROL[n]}>` : String.fromCodePoint(n);
  }
  return out;
}

type ParseAamva = (text: string) => { ok: boolean };
/** The AAMVA parser, when the module is there (it was written alongside this bench). */
export async function aamvaParser(): Promise<ParseAamva | null> {
  const path = fileURLToPath(new URL('../../src/vision/barcode/aamva.ts', import.meta.url));
  if (!existsSync(path)) return null;
  const mod = (await import(pathToFileURL(path).href)) as { parseAamva?: ParseAamva };
  return typeof mod.parseAamva === 'function' ? mod.parseAamva : null;
}

export interface VariantFigures {
  /** Pictures read. */
  of: number;
  decoded: number;
  /** Pictures whose source gives the payload, and how many decoded to exactly it. */
  exactOf: number;
  exact: number;
  /** Decoded to something other than the expected payload. */
  wrong: number;
  /** Licence backs (aamva: true): read, decoded, parsed as AAMVA. */
  licences: number;
  licencesDecoded: number;
  aamvaParsed: number | null;
  /** Decoded to something else that still parses as AAMVA (a wrong identity would be read). */
  wrongParsed: number;
  medianMs: number;
  p95Ms: number;
  /** How the decodes were got (read-barcode.ts's `via`, grouped). */
  via: Record<string, number>;
}

export interface BarcodeMiss { file: string; variant: string; why: 'not decoded' | 'wrong payload' | 'not AAMVA' }

export interface BarcodeBench {
  images: number;
  photos: number;
  licences: number;
  withExpected: number;
  repositories: number;
  aamvaParser: boolean;
  all: Record<string, VariantFigures>;
  licenceBacks: Record<string, VariantFigures>;
  misses: BarcodeMiss[];
}

export const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0);
const viaGroup = (via: string) => (via === 'whole' ? 'whole picture' : via.startsWith('card ×') ? 'card rescaled' : via.startsWith('whole ×') ? 'whole rescaled'
  : via.startsWith('turned') ? 'turned' : via.startsWith('card levelled') || via.startsWith('levelled') ? 'card levelled' : via);

export function figures(rows: { img: BarcodeImage; r: BarcodeReading; parsed: boolean | null }[], parser: boolean): VariantFigures {
  const ms = rows.map((x) => x.r.ms).sort((a, b) => a - b);
  const f: VariantFigures = {
    of: rows.length, decoded: 0, exactOf: 0, exact: 0, wrong: 0, licences: 0, licencesDecoded: 0,
    aamvaParsed: parser ? 0 : null, wrongParsed: 0, medianMs: quantile(ms, 0.5), p95Ms: quantile(ms, 0.95), via: {},
  };
  for (const { img, r, parsed } of rows) {
    const text = r.found ? r.text : null;
    const right = text !== null && img.expected !== null && sameSpelling(text) === sameSpelling(img.expected);
    if (text !== null) { f.decoded++; const g = viaGroup(r.found ? r.via : ''); f.via[g] = (f.via[g] ?? 0) + 1; }
    if (img.expected !== null) { f.exactOf++; if (right) f.exact++; else if (text !== null) { f.wrong++; if (parsed) f.wrongParsed++; } }
    if (img.aamva) { f.licences++; if (text !== null) f.licencesDecoded++; if (parsed && f.aamvaParsed !== null) f.aamvaParsed++; }
  }
  return f;
}

export async function measureBarcodes(dir: string): Promise<BarcodeBench> {
  const set = loadBarcodeSet(dir);
  const reader = createBarcodeReader();
  const parse = await aamvaParser();
  const rows: Record<string, { img: BarcodeImage; r: BarcodeReading; parsed: boolean | null }[]> = Object.fromEntries(BARCODE_VARIANTS.map((v) => [v, []]));
  const misses: BarcodeMiss[] = [];
  for (const [i, img] of set.entries()) {
    const path = join(dir, 'barcodes', 'images', img.file);
    const table = TABLES[i % TABLES.length]!;
    const pictures: [string, () => Promise<Buffer>][] = [
      ['as published', async () => readFileSync(path)],
      ...FRAMES.flatMap((frame) => TURNS.map((t): [string, () => Promise<Buffer>] => [variantName(frame, t), () => onTable(path, frame, t, table)])),
    ];
    for (const [variant, picture] of pictures) {
      const r = await reader.read(await picture());
      const parsed = r.found && parse ? parse(r.text).ok : null;
      rows[variant]!.push({ img, r, parsed });
      const wrong = r.found && img.expected !== null && sameSpelling(r.text) !== sameSpelling(img.expected);
      if (!r.found) misses.push({ file: img.file, variant, why: 'not decoded' });
      else if (wrong) misses.push({ file: img.file, variant, why: 'wrong payload' });
      else if (img.aamva && parsed === false) misses.push({ file: img.file, variant, why: 'not AAMVA' });
    }
  }
  const pick = (only: (img: BarcodeImage) => boolean) => Object.fromEntries(BARCODE_VARIANTS.map((v) => [v, figures(rows[v]!.filter((x) => only(x.img)), parse !== null)]));
  return {
    images: set.length,
    photos: set.filter((x) => x.kind === 'photo').length,
    licences: set.filter((x) => x.aamva).length,
    withExpected: set.filter((x) => x.expected !== null).length,
    repositories: new Set(set.map((x) => x.source.repo)).size,
    aamvaParser: parse !== null,
    all: pick(() => true),
    licenceBacks: pick((img) => img.aamva === true),
    misses,
  };
}

export const share = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)} % (${n}/${of})` : '-');

export function barcodeTable(per: Record<string, VariantFigures>, licences: boolean): string[] {
  return [
    `| picture | decoded | exact payload | wrong payload | ${licences ? 'parsed as AAMVA | ' : ''}median ms | p95 ms |`,
    `|---|---|---|---|${licences ? '---|' : ''}---|---|`,
    ...Object.entries(per).map(([v, f]) => `| ${v} | ${share(f.decoded, f.of)} | ${share(f.exact, f.exactOf)} | ${f.wrong}${f.wrongParsed ? ` (${f.wrongParsed} parse as AAMVA)` : ''} | ${licences ? `${f.aamvaParsed === null ? 'no parser' : share(f.aamvaParsed, f.licences)} | ` : ''}${f.medianMs} | ${f.p95Ms} |`),
  ];
}

export function barcodeLines(b: BarcodeBench): string[] {
  const byFile = new Map<string, string[]>();
  for (const m of b.misses) byFile.set(m.file, [...(byFile.get(m.file) ?? []), m.why === 'not decoded' ? m.variant : `${m.variant} (${m.why})`]);
  const total = (per: Record<string, VariantFigures>, k: 'decoded' | 'of') => Object.values(per).reduce((s, f) => s + f[k], 0);
  const via: Record<string, number> = {};
  for (const f of Object.values(b.all)) for (const [g, n] of Object.entries(f.via)) via[g] = (via[g] ?? 0) + n;
  return [
    `${b.images} real images of PDF417 symbols from ${b.repositories} public repositories (${b.photos} camera photos, ${b.images - b.photos} scans or issuers' images); ${b.licences} US and Canadian licence backs with an AAMVA payload; ${b.withExpected} with the payload their source gives. Each is read as published, then laid on a table filling half of a 1920×1080 and of a 1280×720 frame, straight and turned 10° and 20° (JPEG 85). No image is synthetic; the table scenes are composites of the real pictures.`, '',
    '### Licence backs (AAMVA)', '',
    ...barcodeTable(b.licenceBacks, true), '',
    '### Every image', '',
    ...barcodeTable(b.all, false), '',
    `Over every picture: ${share(total(b.all, 'decoded'), total(b.all, 'of'))} decoded; licence backs ${share(total(b.licenceBacks, 'decoded'), total(b.licenceBacks, 'of'))}. Decoded via: ${Object.entries(via).map(([g, n]) => `${g} ${n}`).join(', ') || 'none'}.`,
    ...(b.aamvaParser ? [] : ['', 'The AAMVA parser (src/vision/barcode/aamva.ts) was not there: no parsed column.']), '',
    ...(byFile.size ? ['Misses:', '', ...[...byFile].map(([file, vs]) => `- ${file}: ${vs.join('; ')}`), ''] : ['No misses.', '']),
  ];
}
