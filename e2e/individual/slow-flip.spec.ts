import { resolve } from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { matchSide, SIDE_THRESHOLDS, sideSignature, type SideSignature } from '../../src/vision/document/card-side';
import { findDocumentInPhoto } from '../../src/vision/document/find-in-photo';
import { greyOf } from '../../test-support/cards/document-scenes';
import { cardSideScenes, installCanvasCamera } from '../support/canvas-camera';
import { ID_CARD_SIZE, makeIdCard } from '../../test-support/cards/id-card';
import { makeIdCardBack } from '../../test-support/cards/id-card-back';
import { createKey, customerCall } from '../support/service';
import { IndividualWelcomePage } from './pages/welcome';
import { IndividualDocumentChoicePage } from './pages/document-choice';
import { IndividualDocumentCapturePage } from './pages/document-capture';
import { IndividualSelfiePage } from './pages/selfie';

// The back is the back: a person who takes two seconds to turn the card over keeps showing the
// front to the back step's camera; the back step must wait, then take the real back. The camera
// is a canvas the test repaints (support/canvas-camera.ts), so the front really is still in view
// two seconds into the back step.
const FRAME = { width: 640, height: 480 };
const FACE = resolve('e2e/fixtures/grace_hopper.jpg');
/** Card width in the frame, as cardSideScenes shows it (about 0.8 of the on-screen guide). */
const SHARE = 0.58;

/** One side of the card turned partway about its vertical axis: seen narrower, as in a flip. */
async function turning(card: Buffer, widthShare: number): Promise<Buffer> {
  const cw = Math.round(FRAME.width * SHARE * widthShare);
  const ch = Math.round((FRAME.width * SHARE * ID_CARD_SIZE.h) / ID_CARD_SIZE.w);
  const scaled = await sharp(card).resize(cw, ch, { fit: 'fill' }).png().toBuffer();
  return sharp({ create: { ...FRAME, channels: 3, background: '#3b3b3b' } })
    .composite([{ input: scaled, left: Math.round((FRAME.width - cw) / 2), top: Math.round((FRAME.height - ch) / 2) }]).png().toBuffer();
}

async function scenes(): Promise<Record<string, Buffer>> {
  const front = await makeIdCard(FACE);
  const back = await makeIdCardBack();
  return {
    ...await cardSideScenes(),
    'front-60': await turning(front, 0.6), 'front-25': await turning(front, 0.25),
    table: await sharp({ create: { ...FRAME, channels: 3, background: '#3b3b3b' } }).png().toBuffer(),
    'back-25': await turning(back, 0.25), 'back-60': await turning(back, 0.6),
  };
}

/** The side a photo shows, as the service's comparison reads it. */
async function sideOf(image: Buffer): Promise<{ grey: Awaited<ReturnType<typeof greyOf>>; corners: NonNullable<ReturnType<typeof findDocumentInPhoto>['corners']> }> {
  const grey = await greyOf(image, 640);
  const found = findDocumentInPhoto(grey);
  expect(found.found, 'a card is found in the photo').toBe(true);
  return { grey, corners: found.corners! };
}
const signatureOf = async (image: Buffer): Promise<SideSignature> => { const s = await sideOf(image); return sideSignature(s.grey, s.corners); };

/** Asserts `photo` shows the back of the card, not its front. */
async function expectTheBack(photo: Buffer, all: Record<string, Buffer>) {
  const seen = await sideOf(photo);
  const asBack = matchSide(await signatureOf(all.back!), seen.grey, seen.corners);
  const asFront = matchSide(await signatureOf(all.front!), seen.grey, seen.corners);
  expect(asBack, 'the photo matches the back').toBeGreaterThanOrEqual(SIDE_THRESHOLDS.sameMin);
  expect(asFront, 'the photo does not match the front').toBeLessThanOrEqual(SIDE_THRESHOLDS.differentMax);
}

/** The previewed photo's pixels, as a PNG (read through a canvas: the page's CSP keeps fetch off blob: URLs). */
async function previewBytes(capture: IndividualDocumentCapturePage): Promise<Buffer> {
  const dataUrl = await capture.preview().evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    canvas.getContext('2d')!.drawImage(img, 0, 0);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

async function toBackStep(page: Page, link: string) {
  await page.goto(link);
  await new IndividualWelcomePage(page).consentAndStart();
  await new IndividualDocumentChoicePage(page).choose('NATIONAL_ID', 'Germany');
  await new IndividualDocumentCapturePage(page, 'front').captureAndConfirm();
  const back = new IndividualDocumentCapturePage(page, 'back');
  await back.expectVisible();
  return back;
}

async function newSession() {
  const key = await createKey('test', 'http://127.0.0.1:9/events', 'http://127.0.0.1:9/decision');
  const created = await customerCall<{ verificationId: string; link: string }>(key.apiKey, 'POST', '/verifications', { vendorData: 'slow-flip' });
  expect(created.status).toBe(200);
  return { apiKey: key.apiKey, id: created.body.data.verificationId, link: created.body.data.link };
}

test('a slow flip: the front still in view for 2 s on the back step, then the turn, then the back: the back is what is taken and stored', async ({ page }) => {
  const all = await scenes();
  const camera = await installCanvasCamera(page, all, 'front');
  const { apiKey, id, link } = await newSession();
  const back = await toBackStep(page, link);

  // The person has not turned the card yet: a ready, steady front. Two seconds is more than
  // twice the auto-capture's steady time, and nothing is taken; the hint says what to do.
  await expect(back.qualityHint()).toHaveAttribute('data-hint', 'turn-over', { timeout: 5_000 });
  await expect(back.qualityHint()).toHaveText('Turn your document over');
  await page.waitForTimeout(2_000);
  await expect(back.capturePreview()).toHaveCount(0);
  await expect(back.qualityHint()).toHaveAttribute('data-hint', 'turn-over');

  // The turn: the front narrows, the card is edge-on (nothing card-like), the back widens.
  await camera.play([['front-60', 200], ['front-25', 200], ['table', 300], ['back-25', 200], ['back-60', 200], ['back', 0]]);
  await back.waitForAutoCapture();
  await expectTheBack(await previewBytes(back), all);
  await back.usePhoto();
  await new IndividualSelfiePage(page).expectVisible();

  // What the service stored as the back is the back.
  let url = '';
  await expect.poll(async () => {
    url = (await customerCall<{ doc: { url: { back: string } } }>(apiKey, 'GET', `/verifications/${id}`)).body.data.doc.url.back;
    return url;
  }, { timeout: 30_000 }).not.toBe('');
  await expectTheBack(Buffer.from(await (await fetch(url)).arrayBuffer()), all);
});

test('a shutter photo of the front on the back step gets a retake, then the back is taken by itself', async ({ page }) => {
  const all = await scenes();
  const camera = await installCanvasCamera(page, all, 'front');
  const { link } = await newSession();
  const back = await toBackStep(page, link);

  // Still the front when the shutter appears (after 5 s): the person presses it anyway.
  await back.takePhoto(15_000);
  await expect(back.root.getByTestId('same-side')).toHaveText('This is the front of your document again. Turn it over and take a photo of the back.');
  await expect(back.root.getByTestId('use-photo')).toBeDisabled();

  await back.retake();
  await camera.show('back');
  await back.waitForAutoCapture();
  await expect(back.root.getByTestId('same-side')).toHaveCount(0);
  await expectTheBack(await previewBytes(back), all);
});
