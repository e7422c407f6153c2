// Fixture frames for the document tests, made with sharp from the e2e test card (see
// test-support/cards/id-card.ts: an ID-1 card with the grace_hopper.jpg portrait, text and an MRZ line).
// Each scene is described by its options so a failing test says what the picture was.
import { resolve } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { ID_CARD_SIZE, makeIdCard } from './id-card';
import type { GreyImage } from '../../src/vision/document/types';

export const FRAME = { width: 640, height: 480 };
const FACE = resolve('e2e/fixtures/grace_hopper.jpg');

export interface Scene {
  /** Card width as a share of the frame width. */
  cardShare?: number;
  /** Card centre, share of the frame (0.5, 0.5 = centred). */
  centre?: { x: number; y: number };
  rotateDeg?: number;
  /** Table colour, or 'wood' for a striped, textured surface. */
  background?: string | 'wood';
  /** Gaussian σ at the frame's size (a lens focused elsewhere). */
  blurSigma?: number;
  /** A white elliptical reflection over the card's middle (a lamp on a glossy card). */
  glare?: boolean;
  /** Multiply every pixel: 0.25 is a dim room. */
  light?: number;
}

async function table(background: string): Promise<Sharp> {
  if (background !== 'wood') return sharp({ create: { ...FRAME, channels: 3, background } });
  const stripes = Array.from({ length: 48 }, (_, i) => `<rect x="0" y="${i * 10}" width="640" height="5" fill="${i % 3 ? '#8a5a33' : '#6f4424'}"/>`).join('');
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="#9b6a40"/>${stripes}</svg>`));
}

/** A 640x480 JPEG of the scene, as a camera would deliver it. */
export async function sceneJpeg(scene: Scene = {}): Promise<Buffer> {
  const { cardShare = 0.5, centre = { x: 0.5, y: 0.5 }, rotateDeg = 0, background = '#3b3b3b' } = scene;
  const cw = Math.round(FRAME.width * cardShare);
  const ch = Math.round((cw * ID_CARD_SIZE.h) / ID_CARD_SIZE.w);
  let card = await sharp(await makeIdCard(FACE)).resize(cw, ch).png().toBuffer();
  if (scene.glare) {
    const glare = `<svg xmlns="http://www.w3.org/2000/svg" width="${cw}" height="${ch}"><ellipse cx="${cw * 0.62}" cy="${ch * 0.45}" rx="${cw * 0.16}" ry="${ch * 0.14}" fill="#fff"/></svg>`;
    card = await sharp(card).composite([{ input: Buffer.from(glare) }]).png().toBuffer();
  }
  if (rotateDeg) card = await sharp(card).rotate(rotateDeg, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
  const meta = await sharp(card).metadata();
  const left = Math.round(FRAME.width * centre.x - meta.width! / 2);
  const top = Math.round(FRAME.height * centre.y - meta.height! / 2);
  // Part of the card may fall outside the frame (cut off): crop it to what the frame shows.
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const visible = await sharp(card).extract({
    left: x0 - left, top: y0 - top,
    width: Math.min(meta.width!, FRAME.width - left) - (x0 - left),
    height: Math.min(meta.height!, FRAME.height - top) - (y0 - top),
  }).png().toBuffer();
  let frame = sharp(await (await table(background)).composite([{ input: visible, left: x0, top: y0 }]).png().toBuffer());
  if (scene.blurSigma) frame = sharp(await frame.blur(scene.blurSigma).png().toBuffer());
  if (scene.light !== undefined) frame = sharp(await frame.linear(scene.light, 0).png().toBuffer());
  return frame.jpeg({ quality: 90 }).toBuffer();
}

/** Any image file as the finder sees it: grey, at most `longEdge` px. */
export async function greyOf(input: Buffer | string, longEdge = 320): Promise<GreyImage> {
  const { data, info } = await sharp(input).resize(longEdge, longEdge, { fit: 'inside' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

export async function plainJpeg(colour: string): Promise<Buffer> {
  return sharp({ create: { ...FRAME, channels: 3, background: colour } }).jpeg().toBuffer();
}

/** Seeded noise (no document, lots of edges). */
export async function noiseJpeg(): Promise<Buffer> {
  const px = Buffer.alloc(FRAME.width * FRAME.height);
  let s = 7;
  for (let i = 0; i < px.length; i++) { s = (s * 1103515245 + 12345) & 0x7fffffff; px[i] = s >> 23; }
  return sharp(px, { raw: { ...FRAME, channels: 1 } }).jpeg().toBuffer();
}
