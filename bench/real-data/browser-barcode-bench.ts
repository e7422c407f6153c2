// PDF417 decoding in the browser (headless Chromium) on the real barcode set: the capture
// screen's own decoder (src/web/capture/barcode/: barcode-engine.ts and its Worker, zxing-wasm's
// reader with the Worker's options, its WebAssembly served from the bench's own origin) on each
// picture as published (decodeBarcodeStill, the check of a picked file or shutter photo) and on
// the very table scenes the server bench reads (barcode-bench.ts's onTable: half the width of a
// 1920×1080 and a 1280×720 frame, straight, 10°, 20°), as the back step decodes live frames: one
// decode a frame, each at the next turn of the sweep (barcode-sweep.ts), until one reads or the
// sweep ends (no retries at other scales: that is the server's work).
// Run by `npm run bench:real -- --only=barcodes` beside the server part (BARCODES_BROWSER=0 leaves
// it out); CHROMIUM names the browser (default /usr/bin/chromium, Debian's package).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SWEEP_DEG } from '../../src/web/capture/barcode/barcode-sweep';
import { chromium, type Page } from '@playwright/test';
import type { Plugin } from 'vite';
import {
  aamvaParser, barcodeTable, BARCODE_VARIANTS, figures, FRAMES, loadBarcodeSet, onTable, placedSize, quantile, sameSpelling, share, TURNS, variantName,
  type BarcodeImage, type BarcodeMiss, type VariantFigures,
} from './barcode-bench';
import { TABLES } from './scenes';
import { BARCODE_FPS, cropOf } from '../../src/web/capture/barcode/barcode-engine';
import type { NormRect } from '../../src/vision/document/types';
import type { BrowserDecode } from './browser-barcode-page/page';
// @ts-expect-error plain ESM dev-script helper
import { serveStatic } from '../../scripts/static-chromium.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const PAGE_DIR = join(ROOT, 'bench/real-data/browser-barcode-page');
const OUT_DIR = join(ROOT, '.tmp/browser-barcode-bench');
/** ID-1 (a licence): the guide's shape (camera-stage.module.css, aspect-ratio 85.6 / 54). */
const CARD_ASPECT = 85.6 / 54;

export interface BrowserBarcodeBench {
  browser: string;
  images: number;
  licences: number;
  withExpected: number;
  aamvaParser: boolean;
  all: Record<string, VariantFigures>;
  licenceBacks: Record<string, VariantFigures>;
  misses: BarcodeMiss[];
  /** The first decode of the bench's live Worker (ZXing's WebAssembly fetched and started), ms. */
  firstDecodeMs: number;
  /** The still check's decodeMs in its own fresh Worker (ZXing's start included): median, p95. */
  stillColdMs: { median: number; p95: number };
  /** Pictures on which the still check and the warm Worker's decode of the same still disagree. */
  stillDisagrees: number;
  /** Per variant: median ms from handing the frame (or still) over to the answer, in the page. */
  roundTripMedianMs: Record<string, number>;
  /** Live frames until the read over the reads (the sweep's turns tried), per variant: median, max. */
  framesToRead: Record<string, { median: number; max: number }>;
  /** Median crop the Worker decoded, px, per variant. */
  cropMedian: Record<string, { width: number; height: number }>;
  /** Table scenes whose turned picture reaches beyond the engine's crop (guide + margin). */
  beyondCrop: Record<string, number>;
  /** Decodes on which the Worker's own AAMVA test (looksAamva) and the parser disagree. */
  aamvaTestDisagrees: number;
  aamvaTestDisagreesOn: string[];
  /**
   * Control of the crop: each table scene decoded whole (no crop, no resize) once in the same warm
   * Worker; pictures decoded, per scene. Tells the crop's part in a miss from ZXing's own.
   */
  wholeFrameControl: Record<string, { of: number; decoded: number; licences: number; licencesDecoded: number }>;
  /** Requests the page or its Workers made to anywhere but the bench's own server. */
  offOrigin: string[];
  wasmUrls: string[];
}

/**
 * The bench's zxing-spy.ts in place of 'zxing-wasm/reader' where the product's barcode Worker
 * imports it (and nowhere else: the spy itself imports the real one); `onSpied` counts the swaps.
 */
function spyOnWorker(onSpied: () => void): Plugin {
  const spy = join(PAGE_DIR, 'zxing-spy.ts');
  return {
    name: 'bench-zxing-spy',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zxing-wasm/reader' || !importer?.replace(/\\/g, '/').endsWith('/src/web/capture/barcode/barcode-worker.ts')) return null;
      onSpied();
      return spy;
    },
  };
}

/** The bench page built as the app is (the app's Vite target and worker format). */
async function buildPage(): Promise<void> {
  const { build } = await import('vite');
  const app = (await import('../../vite.config')).default as { build?: { target?: string | string[] }; worker?: { format?: 'es' | 'iife' } };
  let spied = 0;
  await build({
    configFile: false,
    root: PAGE_DIR,
    base: './',
    logLevel: 'warn',
    build: { outDir: OUT_DIR, emptyOutDir: true, target: app.build?.target, sourcemap: false },
    worker: { format: app.worker?.format ?? 'iife', plugins: () => [spyOnWorker(() => spied++)] },
  });
  if (!spied) throw new Error('the barcode Worker was bundled without the bench\'s spy: its imports changed');
}

/**
 * The guide of the back step while the card is held in it: ID-1 shaped, centred, the smallest
 * that holds the picture laid straight (a licence back fills it; a printed symbol or a boarding
 * pass is held as a card would be). The same guide for the straight and the turned scenes: the
 * guide stays put on the screen when the hand turns.
 */
function guideFor(size: { width: number; height: number }, frame: { width: number; height: number }): NormRect {
  const wide = size.width / size.height >= CARD_ASPECT;
  const w = Math.min(frame.width, wide ? size.width : size.height * CARD_ASPECT);
  const h = Math.min(frame.height, wide ? size.width / CARD_ASPECT : size.height);
  return { x: (frame.width - w) / 2 / frame.width, y: (frame.height - h) / 2 / frame.height, width: w / frame.width, height: h / frame.height };
}

/** Does the turned picture (centred, as onTable lays it) reach beyond the crop the engine takes? */
function beyond(size: { width: number; height: number }, frame: { width: number; height: number }, turn: number, guide: NormRect): boolean {
  const a = (turn * Math.PI) / 180;
  let w = size.width * Math.cos(a) + size.height * Math.sin(a);
  let h = size.width * Math.sin(a) + size.height * Math.cos(a);
  const shrink = Math.min(1, (0.98 * frame.width) / w, (0.98 * frame.height) / h);
  w *= shrink; h *= shrink;
  const c = cropOf(guide, frame.width, frame.height);
  return (frame.width - w) / 2 < c.x - 1 || (frame.height - h) / 2 < c.y - 1 || (frame.width + w) / 2 > c.x + c.w + 1 || (frame.height + h) / 2 > c.y + c.h + 1;
}

const MIME: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.gif': 'image/gif' };
const mimeOf = (file: string) => MIME[file.slice(file.lastIndexOf('.')).toLowerCase()] ?? 'application/octet-stream';

export async function measureBrowserBarcodes(dir: string): Promise<BrowserBarcodeBench | { skipped: string }> {
  const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return { skipped: `no Chromium at ${executablePath} (apt-get install chromium, or CHROMIUM=…)` };
  const set = loadBarcodeSet(dir);
  const parse = await aamvaParser();
  mkdirSync(OUT_DIR, { recursive: true });
  await buildPage();

  const routes: Record<string, { type: string; body: Buffer }> = {};
  const server = await serveStatic({ routes, mounts: { '/': OUT_DIR } }) as { url: string; close: () => Promise<void> };
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const offOrigin: string[] = [];
  const wasmUrls = new Set<string>();
  try {
    const context = await browser.newContext();
    context.on('request', (r) => {
      if (!r.url().startsWith(server.url) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) offOrigin.push(r.url());
      if (r.url().endsWith('.wasm')) wasmUrls.add(r.url().replace(server.url, '/'));
    });
    await context.route('**/*', (route) => (route.request().url().startsWith(server.url) ? route.continue() : route.abort()));
    const page: Page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`${server.url}index.html`);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });

    const rows: Record<string, { img: BarcodeImage; d: BrowserDecode; parsed: boolean | null }[]> = Object.fromEntries(BARCODE_VARIANTS.map((v) => [v, []]));
    const beyondCrop: Record<string, number> = {};
    const misses: BarcodeMiss[] = [];
    const aamvaTestDisagreesOn: string[] = [];
    const wholeFrameControl: BrowserBarcodeBench['wholeFrameControl'] = {};
    let n = 0;
    const stillCold: number[] = [];
    let stillDisagrees = 0;
    const decode = async (body: Buffer, type: string, guide: NormRect | null): Promise<BrowserDecode> => {
      const path = `/input/${n++}`;
      routes[path] = { type, body };
      try {
        if (guide) return await page.evaluate(([url, g]) => window.barcodeBench.frame(url, g), [path, guide] as const);
        // A still: the product's check (its own Worker) gives the result; the same still in the
        // warm Worker gives the decode's own time (the check's, with its Worker's start, is kept apart).
        const cold = await page.evaluate((url) => window.barcodeBench.still(url), path);
        const warm = await page.evaluate((url) => window.barcodeBench.stillWarm(url), path);
        stillCold.push(cold.decodeMs);
        if (warm.decoded !== cold.decoded || warm.text !== cold.text) stillDisagrees++;
        return { ...cold, decodeMs: warm.decodeMs, zxingMs: warm.zxingMs };
      } finally {
        delete routes[path];
      }
    };
    // The live Worker's first decode starts ZXing: the first picture's first scene, timed apart.
    const firstPath = join(dir, 'barcodes', 'images', set[0]!.file);
    const firstDecodeMs = (await decode(await onTable(firstPath, FRAMES[0], 0, TABLES[0]!), 'image/jpeg', guideFor(await placedSize(firstPath, FRAMES[0]), FRAMES[0]))).decodeMs;
    for (const [i, img] of set.entries()) {
      const path = join(dir, 'barcodes', 'images', img.file);
      const table = TABLES[i % TABLES.length]!;
      const pictures: { variant: string; body: () => Promise<Buffer>; type: string; guide: () => Promise<NormRect | null> }[] = [
        { variant: 'as published', body: async () => readFileSync(path), type: mimeOf(img.file), guide: async () => null },
        ...FRAMES.flatMap((frame) => TURNS.map((t) => ({
          variant: variantName(frame, t), type: 'image/jpeg',
          body: () => onTable(path, frame, t, table),
          guide: async () => {
            const size = await placedSize(path, frame);
            const g = guideFor(size, frame);
            if (beyond(size, frame, t, g)) beyondCrop[variantName(frame, t)] = (beyondCrop[variantName(frame, t)] ?? 0) + 1;
            return g;
          },
        }))),
      ];
      for (const p of pictures) {
        const guide = await p.guide();
        const body = await p.body();
        // The live Worker's first decode starts ZXing: timed apart, then the frame again.
        const d = await decode(body, p.type, guide);
        const text = d.decoded ? d.text : null;
        const parsed = text !== null && parse ? parse(text).ok : null;
        if (parsed !== null && parsed !== d.aamva) aamvaTestDisagreesOn.push(`${img.file} ${p.variant} (looksAamva ${d.aamva}, parsed ${parsed})`);
        if (guide) {
          const path = `/input/${n++}`;
          routes[path] = { type: p.type, body };
          const whole = await page.evaluate((url) => window.barcodeBench.stillWarm(url, Number.POSITIVE_INFINITY), path).finally(() => delete routes[path]);
          const c = (wholeFrameControl[p.variant] ??= { of: 0, decoded: 0, licences: 0, licencesDecoded: 0 });
          c.of++;
          if (whole.decoded) c.decoded++;
          if (img.aamva) { c.licences++; if (whole.decoded) c.licencesDecoded++; }
        }
        rows[p.variant]!.push({ img, d, parsed });
        const wrong = text !== null && img.expected !== null && sameSpelling(text) !== sameSpelling(img.expected);
        if (text === null) misses.push({ file: img.file, variant: p.variant, why: 'not decoded' });
        else if (wrong) misses.push({ file: img.file, variant: p.variant, why: 'wrong payload' });
        else if (img.aamva && parsed === false) misses.push({ file: img.file, variant: p.variant, why: 'not AAMVA' });
      }
      process.stderr.write(`\rbrowser PDF417 ${i + 1}/${set.length}`);
    }
    process.stderr.write('\n');
    const pick = (only: (img: BarcodeImage) => boolean) => Object.fromEntries(BARCODE_VARIANTS.map((v) => [v, figures(
      rows[v]!.filter((x) => only(x.img)).map(({ img, d, parsed }) => ({
        img, parsed,
        r: d.decoded && d.text !== null
          ? { found: true as const, text: d.text, via: v === 'as published' ? 'browser still' : 'browser frame', tries: d.frames, ms: d.decodeMs }
          : { found: false as const, tries: d.frames, ms: d.decodeMs },
      })), parse !== null)]));
    const median = (xs: number[]) => quantile([...xs].sort((a, b) => a - b), 0.5);
    return {
      browser: `Chromium ${browser.version()} (headless)`,
      images: set.length,
      licences: set.filter((x) => x.aamva).length,
      withExpected: set.filter((x) => x.expected !== null).length,
      aamvaParser: parse !== null,
      all: pick(() => true),
      licenceBacks: pick((img) => img.aamva === true),
      misses,
      firstDecodeMs,
      stillColdMs: { median: quantile([...stillCold].sort((a, b) => a - b), 0.5), p95: quantile([...stillCold].sort((a, b) => a - b), 0.95) },
      stillDisagrees,
      roundTripMedianMs: Object.fromEntries(BARCODE_VARIANTS.map((v) => [v, Math.round(median(rows[v]!.map((x) => x.d.roundTripMs)))])),
      framesToRead: Object.fromEntries(BARCODE_VARIANTS.map((v) => {
        const reads = rows[v]!.filter((x) => x.d.decoded).map((x) => x.d.frames);
        return [v, { median: reads.length ? median(reads) : 0, max: reads.length ? Math.max(...reads) : 0 }];
      })),
      cropMedian: Object.fromEntries(BARCODE_VARIANTS.map((v) => [v, { width: median(rows[v]!.map((x) => x.d.width)), height: median(rows[v]!.map((x) => x.d.height)) }])),
      beyondCrop,
      aamvaTestDisagrees: aamvaTestDisagreesOn.length,
      aamvaTestDisagreesOn,
      wholeFrameControl,
      offOrigin,
      wasmUrls: [...wasmUrls],
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

export function browserBarcodeLines(b: BrowserBarcodeBench | { skipped: string }): string[] {
  if ('skipped' in b) return [`Not measured: ${b.skipped}.`, ''];
  const byFile = new Map<string, string[]>();
  for (const m of b.misses) byFile.set(m.file, [...(byFile.get(m.file) ?? []), m.why === 'not decoded' ? m.variant : `${m.variant} (${m.why})`]);
  const total = (per: Record<string, VariantFigures>, k: 'decoded' | 'of') => Object.values(per).reduce((s, f) => s + f[k], 0);
  const frames = BARCODE_VARIANTS.filter((v) => v !== 'as published');
  const crop = (v: string) => `${b.cropMedian[v]!.width}×${b.cropMedian[v]!.height}`;
  return [
    `The capture screen's own decoder in ${b.browser}: src/web/capture/barcode/ (barcode-engine.ts, its Worker barcode-worker.ts, zxing-wasm's reader with the Worker's options: PDF417, tryHarder, no tryRotate, one symbol), bundled by Vite as the app is, its WebAssembly served by the bench's own server (${b.wasmUrls.join(', ') || 'no .wasm request seen'}; requests elsewhere: ${b.offOrigin.length}). The same ${b.images} pictures and the same table scenes as the server part above (its scene builder, same tables, same JPEG bytes).`, '',
    `- **as published**: \`decodeBarcodeStill\`, the check of a picked file or a shutter photo: the picture brought under 2,400 px on its long edge and decoded once in a Worker of its own, started for it (ZXing's WebAssembly fetched and instantiated each time).`,
    `- **table scenes**: the live back step through \`createBarcodeEngine\`: the guide's crop grown by 12 % a side, brought under 1,600 px, one decode a frame in the engine's Worker, each frame at the next turn of the sweep (${SWEEP_DEG.join('°, ')}°) until one reads or the sweep (${SWEEP_DEG.length} frames, ${(SWEEP_DEG.length / BARCODE_FPS).toFixed(2)} s at ${BARCODE_FPS} a second) ends; frames until the read, median / max over the reads: ${frames.map((v) => `${v} ${b.framesToRead[v]?.median ?? 0} / ${b.framesToRead[v]?.max ?? 0}`).join(', ')}. The guide is ID-1 shaped and centred, the smallest that holds the picture laid straight (so a licence back fills it), the same for the turned scenes; median crops decoded: ${frames.map((v) => `${v} ${crop(v)}`).join(', ')}. Turned pictures reaching beyond the crop (their corners cut off, as a live frame would cut them): ${frames.filter((v) => b.beyondCrop[v]).map((v) => `${v} ${b.beyondCrop[v]}`).join(', ') || 'none'}.`,
    `- One decode a frame, no retries at other scales: the server tries the card levelled, other scales and turns on a miss (above); the live step decodes the next frame at the next turn, ${BARCODE_FPS} a second. The ms columns are one decode's.`,
    `- ms: the Worker's own decodeMs (drawing the bitmap, reading its pixels, ZXing), as the product reports it. From handing the frame over to the answer in the page (crop, resize, transfer, decode): median ${frames.map((v) => `${b.roundTripMedianMs[v]}`).join(' / ')} ms over the six scenes; as published, the ms columns are the same still decoded again in the warm Worker (same pixels; the two disagreed on ${b.stillDisagrees}); the still check itself, in its own new Worker, took median ${Math.round(b.stillColdMs.median)} ms, p95 ${Math.round(b.stillColdMs.p95)} ms (ZXing's start included), ${b.roundTripMedianMs['as published']} ms in the page with the Worker's start. The live Worker's first decode (ZXing starting) took ${Math.round(b.firstDecodeMs)} ms and is not counted.`, '',
    '### Licence backs (AAMVA), browser', '',
    ...barcodeTable(b.licenceBacks, true), '',
    '### Every image, browser', '',
    ...barcodeTable(b.all, false), '',
    `Over every picture: ${share(total(b.all, 'decoded'), total(b.all, 'of'))} decoded; licence backs ${share(total(b.licenceBacks, 'decoded'), total(b.licenceBacks, 'of'))}. The Worker's own AAMVA test (looksAamva) and the parser disagreed on ${b.aamvaTestDisagrees} decodes${b.aamvaTestDisagrees ? ` (${b.aamvaTestDisagreesOn.join('; ')})` : ''}.`, '',
    `Control of the crop (not what the product does): each table scene decoded whole, no crop and no resize, once in the same Worker: ${frames.map((v) => { const c = b.wholeFrameControl[v]; return c ? `${v} ${share(c.decoded, c.of)} (licence backs ${c.licencesDecoded}/${c.licences})` : `${v} -`; }).join('; ')}.`,
    ...(b.aamvaParser ? [] : ['', 'The AAMVA parser (src/vision/barcode/aamva.ts) was not there: no parsed column.']), '',
    ...(byFile.size ? ['Misses:', '', ...[...byFile].map(([file, vs]) => `- ${file}: ${vs.join('; ')}`), ''] : ['No misses.', '']),
  ];
}
