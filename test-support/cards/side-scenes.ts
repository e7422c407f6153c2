// Photos of either side of the test-made ID card (test-support/cards/id-card.ts, id-card-back.ts) for
// the card-side tests: the same scene options as test-images.ts, plus uneven light (a lamp on
// one side) and the JPEG quality, so "same side under other conditions" can be asked honestly.
import { resolve } from 'node:path';
import sharp from 'sharp';
import { ID_CARD_SIZE, makeIdCard } from './id-card';
import { makeIdCardBack } from './id-card-back';
import { FRAME, type Scene } from './document-scenes';

export type CardSide = 'front' | 'back';

export interface SideScene extends Omit<Scene, 'glare' | 'background'> {
  /** Light falling off from left (1) to right (`unevenLight`, e.g. 0.55). */
  unevenLight?: number;
  /** JPEG quality of the photo (90 by default). */
  quality?: number;
  background?: string;
}

const faces: Partial<Record<CardSide, Promise<Buffer>>> = {};
const cardPng = (side: CardSide) => (faces[side] ??= side === 'front' ? makeIdCard(resolve('e2e/fixtures/grace_hopper.jpg')) : makeIdCardBack());

/** A 640x480 JPEG of one side of the card on a table, as a camera would deliver it. */
export async function sideSceneJpeg(side: CardSide, scene: SideScene = {}): Promise<Buffer> {
  const { cardShare = 0.5, centre = { x: 0.5, y: 0.5 }, rotateDeg = 0, background = '#3b3b3b', quality = 90 } = scene;
  const cw = Math.round(FRAME.width * cardShare);
  const ch = Math.round((cw * ID_CARD_SIZE.h) / ID_CARD_SIZE.w);
  let card = await sharp(await cardPng(side)).resize(cw, ch).png().toBuffer();
  if (rotateDeg) card = await sharp(card).rotate(rotateDeg, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
  const meta = await sharp(card).metadata();
  const left = Math.round(FRAME.width * centre.x - meta.width! / 2);
  const top = Math.round(FRAME.height * centre.y - meta.height! / 2);
  let frame = await sharp({ create: { ...FRAME, channels: 3, background } })
    .composite([{ input: card, left, top }]).png().toBuffer();
  if (scene.blurSigma) frame = await sharp(frame).blur(scene.blurSigma).png().toBuffer();
  if (scene.light !== undefined) frame = await sharp(frame).linear(scene.light, 0).png().toBuffer();
  if (scene.unevenLight !== undefined) {
    const shade = `<svg xmlns="http://www.w3.org/2000/svg" width="${FRAME.width}" height="${FRAME.height}">
      <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000" stop-opacity="${1 - scene.unevenLight}"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
    frame = await sharp(frame).composite([{ input: Buffer.from(shade), blend: 'multiply' }]).png().toBuffer();
  }
  return sharp(frame).jpeg({ quality }).toBuffer();
}
